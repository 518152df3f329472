// Swap Chain through the real server (issue 16, docs/CHAIN.md): a second EVM chain, ethereum-rinkeby, configured by
// LL_CHAIN_ETHEREUM_RINKEBY_RPC_URL and _KEY and pointed at a stand-in node (tests/helpers/evm-node.ts: another
// EmbeddedChain over HTTP), reached through the server's ordinary RPC client. The rules, with the client bypassed
// (GraphQL and POST /api/v2/commands as each demo role): the round's issuer only (a viewer, a broker and an investor
// refused, LL403), only from deployed or issued, never to the same chain, never to a chain that is not configured
// (ethereum-mainnet, or a chain the product does not know: "This server is not set up for ...: choose another
// chain.") or disabled (tezos-mainnet, with its reason), never twice while deploying; nothing written by a refusal.
// Then the swap itself: a new contract deployed on the stand-in node, the holdings minted there, the ledger equal to
// the stand-in's balanceOf and the old chain's entries gone; and a chain whose settings are gone at the next start is
// disabled (its commands refused with the reason).
import { Interface, JsonRpcProvider, Network } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommandResult } from "../../src/domain/wire.ts";
import artifact from "../../sync/chain/contracts/LedgerlineSecurityToken.json" with { type: "json" };
import { EMBEDDED_CHAIN_ID } from "../../sync/chain/embedded.ts";
import { sendCommand } from "../helpers/commands.ts";
import { type EvmNode, startEvmNode } from "../helpers/evm-node.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type SignedIn, signInAs } from "../sync/harness.ts";

const HOME = "ethereum-ledgerline";
const SECOND = "ethereum-rinkeby";
const token = new Interface(artifact.abi as never);

let node: EvmNode;
let t: TestServer;
let issuer: SignedIn;
let viewer: SignedIn;
let broker: SignedIn;
let investor: SignedIn;
let roundId: string;
let holdingIds: string[];
let tokenId: string;

async function rows<T = Record<string, unknown>>(sql: string, values: unknown[] = []): Promise<T[]> {
  return (await t.server.db.query<T>(sql, values)).rows;
}

const MUTATIONS: Record<string, { type: string; returns: string }> = {
  makeToken: { type: "MakeTokenInput", returns: "token { id status }" },
  deployContract: { type: "DeployContractInput", returns: "contract { id status }" },
  tokenizeHoldings: { type: "TokenizeHoldingsInput", returns: "contract { id status }" },
  swapTokenChain: { type: "SwapTokenChainInput", returns: "contract { id status chain }" },
};

async function gql(who: SignedIn, mutation: string, input: Record<string, unknown>) {
  const { type, returns } = MUTATIONS[mutation] ?? { type: "", returns: "" };
  const response = await who.client.graphql<Record<string, Record<string, Record<string, string>>>>(
    `mutation($input: ${type}!) { ${mutation}(input: $input) { ${returns} } }`,
    { input },
  );
  return {
    data: response.data?.[mutation] ?? null,
    code: response.errors?.[0]?.extensions?.code ?? null,
    message: response.errors?.[0]?.message ?? null,
  };
}

function command(who: SignedIn, mutation: string, input: Record<string, unknown>): Promise<CommandResult> {
  return sendCommand(who, "chain-swap", mutation, input);
}

/** Everything Swap Chain may write, as one fingerprint. */
async function fingerprint(): Promise<string> {
  const [row] = await rows<{ f: string }>(
    `select md5(concat_ws('|',
       (select string_agg(concat_ws(',', id, status), ';' order by id) from app_public.tokens),
       (select string_agg(concat_ws(',', id, chain, status, contract_address), ';' order by id) from app_public.contracts),
       (select string_agg(concat_ws(',', id, status), ';' order by id) from app_private.chain_jobs),
       (select string_agg(concat_ws(',', id, amount), ';' order by id) from app_public.cap_table_entries))) as f`,
  );
  return row?.f ?? "";
}

async function contracts() {
  return rows<{ id: string; chain: string; status: string; contract_address: string | null }>(
    "select id, chain, status, contract_address from app_public.contracts where token_id = $1 order by created_on desc",
    [tokenId],
  );
}

beforeAll(async () => {
  node = await startEvmNode();
  t = await startTestServer({ chain: { env: { ...process.env, ...node.env(SECOND) } } });
  issuer = await signInAs(t.client(), "issuer@demo.test", "issuer");
  viewer = await signInAs(t.client(), "issuer-viewer@demo.test", "issuer");
  broker = await signInAs(t.client(), "broker@demo.test", "broker");
  investor = await signInAs(t.client(), "investor2@demo.test", "investor");
  const [round] = await rows<{ id: string; security_id: string }>(
    `select r.id, coalesce(r.security_id, (select h.security_id from app_public.holdings h limit 1)) as security_id
       from app_public.rounds r where r.name = 'Series A' limit 1`,
  );
  if (!round) throw new Error("no Series A round");
  roundId = round.id;
  const investors = await rows<{ id: string; email: string }>(
    `select id, email from app_public.accounts where type = 'investor'
      and email in ('investor@demo.test', 'investor2@demo.test') order by email`,
  );
  holdingIds = [];
  for (const [i, account] of investors.entries()) {
    const [holding] = await rows<{ id: string }>(
      `insert into app_public.holdings (security_id, round_id, investor_id, amount) values ($1, $2, $3, $4) returning id`,
      [round.security_id, round.id, account.id, String(100 * (i + 1))],
    );
    if (holding) holdingIds.push(holding.id);
  }
  expect(holdingIds).toHaveLength(2);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await node?.close();
});

describe("Swap Chain to a configured second chain", () => {
  it("offers the configured chain and keeps the unconfigured ones out", async () => {
    const response = await issuer.client.fetch("/api/v2/chains");
    const chains = (await response.json()) as Array<{ chain: string; enabled: boolean; reason: string | null }>;
    expect(chains.map((c) => [c.chain, c.enabled])).toEqual([
      [HOME, true],
      ["tezos-mainnet", false],
      [SECOND, true],
    ]);
    expect(chains.find((c) => c.chain === "tezos-mainnet")?.reason).toMatch(
      /^Tezos mainnet is not available on this server\./,
    );
  });

  it("is refused before deploy, and to the same, an unconfigured or a disabled chain", async () => {
    const made = await gql(issuer, "makeToken", { roundId, name: "Swap Token", symbol: "SWP", chain: HOME });
    expect(made.code).toBeNull();
    tokenId = made.data?.token?.id ?? "";
    const before = await fingerprint();
    const early = await gql(issuer, "swapTokenChain", { tokenId, chain: SECOND });
    expect([early.code, early.message]).toEqual(["LL409", "Swap Chain is available once the token is deployed."]);
    expect(await fingerprint()).toBe(before);

    const [contract] = await contracts();
    expect((await gql(issuer, "deployContract", { contractId: contract?.id })).code).toBeNull();
    await t.server.chain.settle();
    expect((await gql(issuer, "tokenizeHoldings", { holdingIds })).code).toBeNull();
    await t.server.chain.settle();
    expect((await contracts())[0]).toMatchObject({ chain: HOME, status: "issued" });

    const settled = await fingerprint();
    const same = await gql(issuer, "swapTokenChain", { tokenId, chain: HOME });
    expect([same.code, same.message]).toEqual(["LL409", "The token is already on this chain."]);
    // a chain this server is not set up for, or no chain the product knows: the message says so ('Chain is
    // required.' is the spec's text for no chain at all)
    const mainnet = await gql(issuer, "swapTokenChain", { tokenId, chain: "ethereum-mainnet" });
    expect([mainnet.code, mainnet.message]).toEqual([
      "LL422",
      "This server is not set up for Ethereum mainnet: choose another chain.",
    ]);
    const unknown = await command(issuer, "swapTokenChain", { tokenId, chain: "polygon-mainnet" });
    expect([unknown.status, unknown.errorCode, unknown.errorMessage]).toEqual([
      "rejected",
      "LL422",
      'This server is not set up for the chain "polygon-mainnet": choose another chain.',
    ]);
    const empty = await gql(issuer, "swapTokenChain", { tokenId, chain: " " });
    expect([empty.code, empty.message]).toEqual(["LL422", "Chain is required."]);
    const tezos = await gql(issuer, "swapTokenChain", { tokenId, chain: "tezos-mainnet" });
    expect(tezos.code).toBe("LL422");
    expect(tezos.message).toMatch(/^Tezos mainnet is not available on this server\. Ask your platform administrator/);
    const viaCommands = await command(issuer, "swapTokenChain", { tokenId, chain: "tezos-mainnet" });
    expect([viaCommands.status, viaCommands.errorCode]).toEqual(["rejected", "LL422"]);
    expect(await fingerprint()).toBe(settled);
  });

  it("is the issuer's only: a viewer, a broker and an investor are refused with nothing changed", async () => {
    for (const who of [viewer, broker, investor]) {
      const before = await fingerprint();
      expect((await gql(who, "swapTokenChain", { tokenId, chain: SECOND })).code).toBe("LL403");
      const result = await command(who, "swapTokenChain", { tokenId, chain: SECOND });
      expect([result.status, result.errorCode]).toEqual(["rejected", "LL403"]);
      expect(await fingerprint()).toBe(before);
    }
  });

  it("deploys a new contract on the second chain through its RPC node, mints there and the ledger follows", async () => {
    const oldAddress = (await contracts())[0]?.contract_address;
    const swapped = await command(issuer, "swapTokenChain", { tokenId, chain: SECOND });
    expect(swapped.status).toBe("accepted");
    const [deploying] = await contracts();
    expect(deploying).toMatchObject({ chain: SECOND, status: "deploying" });
    // once deploying, a second swap is refused
    const again = await gql(issuer, "swapTokenChain", { tokenId, chain: HOME });
    expect(again.code).toBe("LL409");

    await t.server.chain.settle();
    const [deployed, old] = await contracts();
    expect(deployed).toMatchObject({ chain: SECOND, status: "deployed" });
    expect(old).toMatchObject({ chain: HOME, contract_address: oldAddress });
    const address = deployed?.contract_address ?? "";
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // the contract is on the stand-in node (reached over HTTP JSON-RPC), not on the embedded chain
    const network = Network.from(EMBEDDED_CHAIN_ID);
    const remote = new JsonRpcProvider(node.url, network, { staticNetwork: network });
    expect((await remote.getCode(address)).length).toBeGreaterThan(1000);
    expect(node.methods).toContain("eth_sendRawTransaction");
    // the old chain's entries are gone from the ledger (the old contract keeps its balances on its chain)
    const entries = await rows<{ n: number }>(
      `select count(*)::int as n from app_public.cap_table_entries e join app_public.blockchain_addresses b
          on b.id = e.blockchain_address_id where e.token_id = $1 and b.chain = $2`,
      [tokenId, HOME],
    );
    expect(entries[0]?.n).toBe(0);

    expect((await gql(issuer, "tokenizeHoldings", { holdingIds })).code).toBeNull();
    await t.server.chain.settle();
    expect((await contracts())[0]).toMatchObject({ chain: SECOND, status: "issued" });
    const ledger = await rows<{ address: string; amount: string; chain: string }>(
      `select b.address, e.amount::text as amount, b.chain from app_public.cap_table_entries e
         join app_public.blockchain_addresses b on b.id = e.blockchain_address_id where e.token_id = $1 order by e.amount`,
      [tokenId],
    );
    expect(ledger.map((e) => [e.chain, Number(e.amount)])).toEqual([
      [SECOND, 100],
      [SECOND, 200],
    ]);
    for (const entry of ledger) {
      const data = await remote.call({ to: address, data: token.encodeFunctionData("balanceOf", [entry.address]) });
      expect(token.decodeFunctionResult("balanceOf", data)[0]).toBe(BigInt(entry.amount));
    }
    remote.destroy();
  }, 120_000);

  it("a chain no longer configured at the next start is no longer offered: its commands are refused", async () => {
    const { startChainService } = await import("../../sync/chain/service.ts");
    const unconfigured = { ...process.env };
    for (const name of Object.keys(node.env(SECOND))) delete unconfigured[name];
    const restarted = await startChainService({ db: t.server.db, env: unconfigured });
    try {
      expect(restarted.connections.map((c) => c.chain)).not.toContain(SECOND);
      const [setting] = await rows<{ enabled: boolean }>(
        "select enabled from app_private.chain_settings where chain = $1",
        [SECOND],
      );
      expect(setting?.enabled).toBe(false);
      const before = await fingerprint();
      const refused = await gql(issuer, "swapTokenChain", { tokenId, chain: SECOND });
      expect([refused.code, refused.message]).toEqual([
        "LL422",
        "Ethereum Rinkeby is no longer available on this server. Ask your platform administrator to connect it.",
      ]);
      expect(await fingerprint()).toBe(before);
    } finally {
      await restarted.close();
    }
  }, 60_000);
});
