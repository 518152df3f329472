// The chain and its jobs survive a restart (issue 16, docs/CHAIN.md "Durability"): a server on a data directory is
// stopped in the middle of a mint, once right after a batch's transactions are signed and stored (not sent) and once
// right after they are sent (mined, not yet recorded); started again, it finishes every holding exactly once (one
// Transfer from the zero address per holding on the chain), the ledger equals balanceOf, and the contracts, balances
// and blocks of before the restart are all still there (the chain is replayed from the stored blocks).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Interface, type JsonRpcApiProvider } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import artifact from "../../sync/chain/contracts/LedgerlineSecurityToken.json" with { type: "json" };
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type SignedIn, signInAs } from "../sync/harness.ts";

const CHAIN = "ethereum-ledgerline";
const token = new Interface(artifact.abi as never);
const dataDir = mkdtempSync(path.join(tmpdir(), "ll-chain-restart-"));

let t: TestServer;
let issuer: SignedIn;
/** What the runner does after the next signed/sent step: "stop" once, then carry on. */
let stopAt: "signed" | "sent" | null = null;

async function start(): Promise<void> {
  t = await startTestServer({
    dataDir,
    chain: {
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

async function gql(mutation: string, type: string, input: Record<string, unknown>, returns: string) {
  const response = await issuer.client.graphql<Record<string, Record<string, Record<string, string>>>>(
    `mutation($input: ${type}!) { ${mutation}(input: $input) { ${returns} } }`,
    { input },
  );
  expect(response.errors).toBeUndefined();
  return response.data?.[mutation] ?? {};
}

/** Waits until the runner has stopped itself (the hook) with jobs still open. */
async function untilStopped(): Promise<void> {
  for (let i = 0; i < 500 && stopAt !== null; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(stopAt).toBeNull();
  await t.server.chain.idle();
}

async function provider(): Promise<JsonRpcApiProvider> {
  return (await t.server.chain.backend(CHAIN)).provider;
}

let roundId: string;
let securityId: string;
let investors: string[];
let tokenId: string;
let contractAddress: string;

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

/** The chain's own account of the mints: one Transfer from the zero address per minted holding. */
async function mintsOnChain(): Promise<number> {
  const logs = await (await provider()).getLogs({
    address: contractAddress,
    fromBlock: 0,
    toBlock: "latest",
    topics: [token.getEvent("Transfer")?.topicHash ?? "", `0x${"0".repeat(64)}`],
  });
  return logs.length;
}

async function expectLedgerEqualsChain(holdingIds: string[]): Promise<void> {
  const links = await rows<{ status: string }>(
    "select status from app_public.holding_blockchain_addresses where holding_id = any ($1)",
    [holdingIds],
  );
  expect(links.map((l) => l.status)).toEqual(holdingIds.map(() => "trade"));
  const jobs = await rows<{ status: string }>(
    "select status from app_private.chain_jobs where kind = 'mint' and holding_id = any ($1)",
    [holdingIds],
  );
  expect(jobs.map((j) => j.status)).toEqual(holdingIds.map(() => "done"));
  const entries = await rows<{ address: string; amount: string }>(
    `select b.address, e.amount::text from app_public.cap_table_entries e
       join app_public.blockchain_addresses b on b.id = e.blockchain_address_id where e.token_id = $1`,
    [tokenId],
  );
  const chain = await provider();
  let total = 0n;
  for (const entry of entries) {
    const data = await chain.call({
      to: contractAddress,
      data: token.encodeFunctionData("balanceOf", [entry.address.toLowerCase()]),
    });
    expect(token.decodeFunctionResult("balanceOf", data)[0]).toBe(BigInt(entry.amount));
    total += BigInt(entry.amount);
  }
  const [sum] = await rows<{ sum: string }>(
    `select sum(h.amount)::text as sum from app_public.holdings h
       join app_public.holding_blockchain_addresses x on x.holding_id = h.id where h.round_id = $1`,
    [roundId],
  );
  expect(total).toBe(BigInt(sum?.sum ?? "-1"));
  const supply = await chain.call({ to: contractAddress, data: token.encodeFunctionData("totalSupply") });
  expect(token.decodeFunctionResult("totalSupply", supply)[0]).toBe(total);
}

beforeAll(async () => {
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
  const made = await gql(
    "makeToken",
    "MakeTokenInput",
    { roundId, name: "Restart Token", symbol: "RST", chain: CHAIN },
    "token { id }",
  );
  tokenId = made.token?.id ?? "";
  const [contract] = await rows<{ id: string }>("select id from app_public.contracts where token_id = $1", [tokenId]);
  await gql("deployContract", "DeployContractInput", { contractId: contract?.id }, "contract { id }");
  await t.server.chain.settle();
  const [deployed] = await rows<{ contract_address: string }>(
    "select contract_address from app_public.contracts where token_id = $1",
    [tokenId],
  );
  contractAddress = deployed?.contract_address ?? "";
  expect(contractAddress).toMatch(/^0x/);
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(`${dataDir}.key`, { force: true });
});

describe("a mint interrupted by a stop finishes once after the restart", () => {
  it("stopped after signing (nothing sent): the restart sends the stored transactions, each holding once", async () => {
    const holdingIds = await addHoldings(["10", "20", "30", "40", "50"]);
    const blockBefore = await (await provider()).getBlockNumber();
    const [deployBlock] = await rows<{ hash: string }>(
      "select hash from app_private.chain_blocks where chain = $1 and number = 1",
      [CHAIN],
    );
    stopAt = "signed";
    await gql("tokenizeHoldings", "TokenizeHoldingsInput", { holdingIds }, "contract { id }");
    await untilStopped();
    const open = await rows<{ status: string }>(
      "select status from app_private.chain_jobs where kind = 'mint' and holding_id = any ($1) order by status",
      [holdingIds],
    );
    expect(open.map((j) => j.status)).toEqual(["queued", "queued", "queued", "signed", "signed"]);
    await t.close();

    await start();
    await t.server.chain.settle();
    await expectLedgerEqualsChain(holdingIds);
    expect(await mintsOnChain()).toBe(5);
    const chain = await provider();
    expect(await chain.getBlockNumber()).toBeGreaterThan(blockBefore);
    // the blocks of before the restart are the same blocks
    expect((await chain.getBlock(1))?.hash).toBe(deployBlock?.hash);
    expect((await chain.getCode(contractAddress)).length).toBeGreaterThan(1000);
  }, 120_000);

  it("stopped after sending (mined, not recorded): the restart finds the receipts and mints nothing again", async () => {
    const holdingIds = await addHoldings(["7", "8", "9"]);
    stopAt = "sent";
    await gql("tokenizeHoldings", "TokenizeHoldingsInput", { holdingIds }, "contract { id }");
    await untilStopped();
    const signed = await rows<{ status: string }>(
      "select status from app_private.chain_jobs where kind = 'mint' and status = 'signed'",
    );
    expect(signed.length).toBeGreaterThan(0);
    await t.close();

    await start();
    await t.server.chain.settle();
    // every mint of this token (the demo's own mints, on its tokens, are not part of it)
    const [all] = await rows<{ ids: string[] }>(
      `select array_agg(j.holding_id) as ids from app_private.chain_jobs j
         join app_public.contracts c on c.id = j.contract_id where j.kind = 'mint' and c.token_id = $1`,
      [tokenId],
    );
    await expectLedgerEqualsChain(all?.ids ?? []);
    expect(await mintsOnChain()).toBe(8);
    const [contract] = await rows<{ status: string }>("select status from app_public.contracts where token_id = $1", [
      tokenId,
    ]);
    expect(contract?.status).toBe("issued");
  }, 120_000);
});
