// Tezos, connect-only (issue 16 item 1, docs/CHAIN.md "Tezos"): with LL_CHAIN_TEZOS_MAINNET_RPC_URL and _KEY set to a
// stand-in node (tests/helpers/tezos-node.ts: Tezos RPC over HTTP, the token's effects applied in TypeScript), a
// token set up on tezos-mainnet is originated (Deployed with its KT1 address), minted with issue/issueBatch (Issued),
// and its ledger is the contract's storage; a stop in the middle of a mint (after signing, after injection) mints each
// holding once after the restart; an operation the node refuses (script_rejected, balance_too_low) leaves the failed
// state with the node's reason. Without the settings, Tezos commands are refused with the reason.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { InMemorySigner } from "@taquito/signer";
import { b58Encode, PrefixV2 } from "@taquito/utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { startTezosNode, type TezosNode } from "../helpers/tezos-node.ts";
import { type SignedIn, signInAs } from "../sync/harness.ts";

const CHAIN = "tezos-mainnet";
const dataDir = mkdtempSync(path.join(tmpdir(), "ll-chain-tezos-"));

let node: TezosNode;
let t: TestServer;
let issuer: SignedIn;
let stopAt: "signed" | "sent" | null = null;

async function start(): Promise<void> {
  t = await startTestServer({
    dataDir,
    chain: {
      env: { ...process.env, ...node.env() },
      batchSize: 2,
      onSigned: (_jobs, step) => {
        if (stopAt !== step) return undefined;
        stopAt = null;
        return "stop";
      },
    },
  });
  issuer = await signInAs(t.client(), "issuer@demo.test", "issuer");
}

async function rows<T = Record<string, unknown>>(sql: string, values: unknown[] = []): Promise<T[]> {
  return (await t.server.db.query<T>(sql, values)).rows;
}

const TYPES: Record<string, { type: string; returns: string }> = {
  makeToken: { type: "MakeTokenInput", returns: "token { id }" },
  deployContract: { type: "DeployContractInput", returns: "contract { id }" },
  tokenizeHoldings: { type: "TokenizeHoldingsInput", returns: "contract { id }" },
};

async function gql(mutation: string, input: Record<string, unknown>) {
  const { type, returns } = TYPES[mutation] ?? { type: "", returns: "" };
  const response = await issuer.client.graphql<Record<string, Record<string, Record<string, string>>>>(
    `mutation($input: ${type}!) { ${mutation}(input: $input) { ${returns} } }`,
    { input },
  );
  return {
    data: response.data?.[mutation] ?? null,
    code: response.errors?.[0]?.extensions?.code ?? null,
    message: response.errors?.[0]?.message ?? null,
  };
}

async function untilStopped(): Promise<void> {
  for (let i = 0; i < 500 && stopAt !== null; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(stopAt).toBeNull();
  await t.server.chain.idle();
}

let roundId: string;
let securityId: string;
let investors: string[];
let tokenId: string;
let contractId: string;
let kt1: string;

async function addHoldings(amounts: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, amount] of amounts.entries()) {
    const [row] = await rows<{ id: string }>(
      "insert into app_public.holdings (security_id, round_id, investor_id, amount) values ($1, $2, $3, $4) returning id",
      [securityId, roundId, investors[i % investors.length], amount],
    );
    if (row) ids.push(row.id);
  }
  return ids;
}

/** A round of Series A's asset (the same issuer) with no token yet. */
async function newRound(name: string): Promise<string> {
  const [row] = await rows<{ id: string }>(
    `insert into app_public.rounds (asset_id, name, opens_on, closes_on, status, total, terms_url, price, security_id)
     select asset_id, $2, opens_on, closes_on, status, total, terms_url, price, security_id
       from app_public.rounds where id = $1 returning id`,
    [roundId, name],
  );
  return row?.id ?? "";
}

/** Every cap table entry of the token equals the contract's ledger on the node, and the ledger holds nothing else. */
async function expectLedgerEqualsNode(): Promise<void> {
  const entries = await rows<{ address: string; amount: string }>(
    `select b.address, e.amount::text from app_public.cap_table_entries e
       join app_public.blockchain_addresses b on b.id = e.blockchain_address_id where e.token_id = $1`,
    [tokenId],
  );
  const ledger = node.contracts.get(kt1)?.ledger ?? new Map();
  expect(Object.fromEntries(entries.map((e) => [e.address, BigInt(e.amount)]))).toEqual(Object.fromEntries(ledger));
}

/** Units minted to the node's contract by applied issue/issueBatch operations (one entry per holding minted). */
function mintedOnNode(): number {
  let count = 0;
  for (const block of node.blocks)
    for (const op of block.operations[3] ?? [])
      for (const c of op.contents) {
        const result = (c.metadata as { operation_result?: { status: string } } | undefined)?.operation_result;
        const parameters = c.parameters as { entrypoint: string; value: unknown } | undefined;
        if (c.kind !== "transaction" || result?.status !== "applied" || !parameters) continue;
        count += parameters.entrypoint === "issue" ? 1 : (parameters.value as unknown[]).length;
      }
  return count;
}

beforeAll(async () => {
  node = await startTezosNode();
  await start();
  const [round] = await rows<{ id: string; security_id: string }>(
    `select r.id, coalesce(r.security_id, (select h.security_id from app_public.holdings h limit 1)) as security_id
       from app_public.rounds r where r.name = 'Series A' limit 1`,
  );
  roundId = round?.id ?? "";
  securityId = round?.security_id ?? "";
  investors = (
    await rows<{ id: string }>(
      `select id from app_public.accounts where type = 'investor'
        and email in ('investor2@demo.test', 'multi@demo.test', 'newinvestor@demo.test') order by email`,
    )
  ).map((r) => r.id);
  expect(investors).toHaveLength(3);
  // each investor's own Tezos address (the server holds no custodial Tezos keys)
  for (const investor of investors) {
    const signer = await InMemorySigner.fromSecretKey(b58Encode(randomBytes(32), PrefixV2.Ed25519Seed));
    await rows("insert into app_public.blockchain_addresses (account_id, address, chain) values ($1, $2, $3)", [
      investor,
      await signer.publicKeyHash(),
      CHAIN,
    ]);
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
  await node?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(`${dataDir}.key`, { force: true });
});

describe("a token on tezos-mainnet through a configured node", () => {
  it("is offered enabled once its RPC URL and key are set", async () => {
    const response = await issuer.client.fetch("/api/v2/chains");
    const chains = (await response.json()) as Array<{ chain: string; enabled: boolean; reason: string | null }>;
    expect(chains.find((c) => c.chain === CHAIN)).toMatchObject({ enabled: true, reason: null });
  });

  it("deploy originates the project's contract: Deployed with the KT1 address the node created", async () => {
    const made = await gql("makeToken", { roundId, name: "Tezos Note", symbol: "TZN", chain: CHAIN });
    expect(made.code).toBeNull();
    tokenId = made.data?.token?.id ?? "";
    const [contract] = await rows<{ id: string }>("select id from app_public.contracts where token_id = $1", [tokenId]);
    contractId = contract?.id ?? "";
    expect((await gql("deployContract", { contractId })).code).toBeNull();
    await t.server.chain.settle();
    const [deployed] = await rows<{ status: string; contract_address: string; block_number: string; tx_hash: string }>(
      "select status, contract_address, block_number::text, tx_hash from app_public.contracts where id = $1",
      [contractId],
    );
    expect(deployed?.status).toBe("deployed");
    expect(deployed?.contract_address).toMatch(/^KT1[1-9A-HJ-NP-Za-km-z]{33}$/);
    kt1 = deployed?.contract_address ?? "";
    const state = node.contracts.get(kt1);
    expect(state?.admin).toBe(node.operator);
    expect(state?.paused).toBe(false);
    const origination = node.applied.find((a) => a.kind === "origination");
    expect(origination?.hash).toBe(deployed?.tx_hash);
    // the address is the one the node's receipt names
    const receipt = node.blocks[origination?.level ?? -1]?.operations[3]?.[0]?.contents[0]?.metadata as
      | { operation_result?: { originated_contracts?: string[] } }
      | undefined;
    expect(receipt?.operation_result?.originated_contracts).toEqual([kt1]);
    expect(Number(deployed?.block_number)).toBe(origination?.level);
    // through the node's RPC (simulate, inject), never a forge call: forging is local
    expect(node.paths).toContain(`POST /chains/main/blocks/head/helpers/scripts/simulate_operation`);
    expect(node.paths).toContain("POST /injection/operation");
    expect(node.paths.some((p) => p.includes("/helpers/forge"))).toBe(false);
  }, 120_000);

  it("mint issues the holdings (Issued) and the ledger is the contract's storage", async () => {
    const holdingIds = await addHoldings(["100", "250", "40"]);
    expect((await gql("tokenizeHoldings", { holdingIds })).code).toBeNull();
    await t.server.chain.settle();
    const links = await rows<{ status: string; block_number: string | null }>(
      "select status, block_number::text from app_public.holding_blockchain_addresses where holding_id = any ($1)",
      [holdingIds],
    );
    expect(links.map((l) => l.status)).toEqual(["trade", "trade", "trade"]);
    expect(links.every((l) => Number(l.block_number) > 0)).toBe(true);
    const [contract] = await rows<{ status: string }>("select status from app_public.contracts where id = $1", [
      contractId,
    ]);
    expect(contract?.status).toBe("issued");
    expect(mintedOnNode()).toBe(3);
    await expectLedgerEqualsNode();
    expect([...(node.contracts.get(kt1)?.ledger.values() ?? [])].reduce((a, b) => a + b, 0n)).toBe(390n);
  }, 120_000);

  it("a stop after signing and one after injection: after each restart every holding is minted once", async () => {
    const first = await addHoldings(["1", "2", "3"]);
    stopAt = "signed";
    expect((await gql("tokenizeHoldings", { holdingIds: first })).code).toBeNull();
    await untilStopped();
    const signed = await rows<{ status: string }>(
      "select status from app_private.chain_jobs where kind = 'mint' and holding_id = any ($1) order by status",
      [first],
    );
    expect(signed.map((j) => j.status)).toEqual(["queued", "signed", "signed"]);
    expect(mintedOnNode()).toBe(3);
    await t.close();
    await start();
    await t.server.chain.settle();
    expect(mintedOnNode()).toBe(6);

    const second = await addHoldings(["5", "6"]);
    stopAt = "sent";
    expect((await gql("tokenizeHoldings", { holdingIds: second })).code).toBeNull();
    await untilStopped();
    // injected and included on the node, not yet recorded here
    expect(mintedOnNode()).toBe(8);
    await t.close();
    await start();
    await t.server.chain.settle();
    expect(mintedOnNode()).toBe(8);
    const jobs = await rows<{ status: string }>(
      "select status from app_private.chain_jobs where kind = 'mint' and holding_id = any ($1)",
      [[...first, ...second]],
    );
    expect(jobs.map((j) => j.status)).toEqual(["done", "done", "done", "done", "done"]);
    await expectLedgerEqualsNode();
    expect([...(node.contracts.get(kt1)?.ledger.values() ?? [])].reduce((a, b) => a + b, 0n)).toBe(407n);
  }, 120_000);

  it("a mint the node refuses (script_rejected: the contract is paused) fails with the node's reason", async () => {
    const state = node.contracts.get(kt1);
    if (!state) throw new Error("no contract on the node");
    state.paused = true;
    try {
      const [holdingId] = await addHoldings(["9"]);
      expect((await gql("tokenizeHoldings", { holdingIds: [holdingId] })).code).toBeNull();
      await t.server.chain.settle();
      const [job] = await rows<{ status: string; failure: string }>(
        "select status, failure from app_private.chain_jobs where kind = 'mint' and holding_id = $1",
        [holdingId],
      );
      expect(job?.status).toBe("failed");
      expect(job?.failure).toBe("The operation was refused by the node: michelson_v1.script_rejected (EnforcedPause).");
      const [link] = await rows<{ status: string; failure: string }>(
        "select status, failure from app_public.holding_blockchain_addresses where holding_id = $1",
        [holdingId],
      );
      expect(link).toEqual({ status: "failed", failure: job?.failure });
      const [contract] = await rows<{ status: string; failure: string }>(
        "select status, failure from app_public.contracts where id = $1",
        [contractId],
      );
      expect(contract?.status).toBe("issued");
      expect(contract?.failure).toMatch(/^1 holding was not minted: .*script_rejected \(EnforcedPause\)/);
      expect(mintedOnNode()).toBe(8);
      await expectLedgerEqualsNode();
    } finally {
      state.paused = false;
    }
  }, 120_000);

  it("a mint included in a block as failed (paused after its simulation) fails with the reason from the receipt", async () => {
    const state = node.contracts.get(kt1);
    if (!state) throw new Error("no contract on the node");
    node.onInject = () => {
      state.paused = true;
    };
    try {
      const [holdingId] = await addHoldings(["11"]);
      expect((await gql("tokenizeHoldings", { holdingIds: [holdingId] })).code).toBeNull();
      await t.server.chain.settle();
      const [job] = await rows<{ status: string; failure: string; tx_hash: string; block_number: string }>(
        "select status, failure, tx_hash, block_number::text from app_private.chain_jobs where holding_id = $1",
        [holdingId],
      );
      expect(job?.status).toBe("failed");
      expect(job?.failure).toBe("The operation was refused by the node: michelson_v1.script_rejected (EnforcedPause).");
      // the failed operation is in a block on the node, at the level recorded
      const block = node.blocks[Number(job?.block_number)];
      expect(block?.operations[3]?.map((o) => o.hash)).toEqual([job?.tx_hash]);
      const [link] = await rows<{ status: string }>(
        "select status from app_public.holding_blockchain_addresses where holding_id = $1",
        [holdingId],
      );
      expect(link?.status).toBe("failed");
      expect(mintedOnNode()).toBe(8);
      await expectLedgerEqualsNode();
    } finally {
      node.onInject = null;
      state.paused = false;
    }
  }, 120_000);

  it("a holding whose investor has no Tezos address is not minted: failed with the reason, nothing sent", async () => {
    const [other] = await rows<{ id: string }>(
      `select a.id from app_public.accounts a where a.type = 'investor' and a.id <> all ($1::uuid[])
          and not exists (select 1 from app_public.blockchain_addresses b where b.account_id = a.id and b.chain = $2)
        order by a.email limit 1`,
      [investors, CHAIN],
    );
    expect(other).toBeDefined();
    const [row] = await rows<{ id: string }>(
      "insert into app_public.holdings (security_id, round_id, investor_id, amount) values ($1, $2, $3, 12) returning id",
      [securityId, roundId, other?.id],
    );
    const injected = node.paths.filter((p) => p === "POST /injection/operation").length;
    expect((await gql("tokenizeHoldings", { holdingIds: [row?.id] })).code).toBeNull();
    await t.server.chain.settle();
    const [job] = await rows<{ status: string; failure: string }>(
      "select status, failure from app_private.chain_jobs where kind = 'mint' and holding_id = $1",
      [row?.id],
    );
    expect(job).toEqual({
      status: "failed",
      failure: "The investor has no address on tezos-mainnet: the server holds no Tezos keys for investors.",
    });
    expect(node.paths.filter((p) => p === "POST /injection/operation").length).toBe(injected);
    expect(mintedOnNode()).toBe(8);
  }, 120_000);

  it("a deploy the node refuses (balance_too_low) leaves the token not deployed with the reason", async () => {
    const made = await gql("makeToken", {
      roundId: await newRound("Tezos Broke"),
      name: "Broke Token",
      symbol: "BRK",
      chain: CHAIN,
    });
    expect(made.code).toBeNull();
    const [contract] = await rows<{ id: string }>("select id from app_public.contracts where token_id = $1", [
      made.data?.token?.id,
    ]);
    const account = node.accounts.get(node.operator);
    if (!account) throw new Error("no operator on the node");
    const balance = account.balance;
    account.balance = 0n;
    try {
      expect((await gql("deployContract", { contractId: contract?.id })).code).toBeNull();
      await t.server.chain.settle();
    } finally {
      account.balance = balance;
    }
    const [after] = await rows<{ status: string; failure: string; contract_address: string | null }>(
      "select status, failure, contract_address from app_public.contracts where id = $1",
      [contract?.id],
    );
    expect(after?.status).toBe("not_deployed");
    expect(after?.contract_address).toBeNull();
    expect(after?.failure).toBe("The operation was refused by the node: contract.balance_too_low.");
  }, 120_000);

  it("without the settings, Tezos is offered disabled and its commands are refused with the reason", async () => {
    const { startChainService } = await import("../../sync/chain/service.ts");
    const unconfigured = { ...process.env };
    for (const name of Object.keys(node.env())) delete unconfigured[name];
    const restarted = await startChainService({ db: t.server.db, env: unconfigured });
    try {
      const tezos = restarted.connections.find((c) => c.chain === CHAIN);
      const reason = "Tezos mainnet is not available on this server. Ask your platform administrator to connect it.";
      expect(tezos).toMatchObject({ enabled: false, reason });
      // the settings are the operator's (the server log, docs/CHAIN.md), never in the issuer's reason
      expect(tezos?.setup).toBe("Set LL_CHAIN_TEZOS_MAINNET_RPC_URL and LL_CHAIN_TEZOS_MAINNET_KEY.");
      const round = await newRound("Tezos Unconfigured");
      const [before] = await rows<{ n: number }>("select count(*)::int as n from app_public.tokens");
      const refused = await gql("makeToken", { roundId: round, name: "No Node", symbol: "NON", chain: CHAIN });
      expect([refused.code, refused.message]).toEqual(["LL422", reason]);
      const [after] = await rows<{ n: number }>("select count(*)::int as n from app_public.tokens");
      expect(after?.n).toBe(before?.n);
    } finally {
      await restarted.close();
    }
  }, 60_000);
});
