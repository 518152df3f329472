// Tokens on the embedded chain through the real server (issue 16, docs/CHAIN.md): Setup Token, Deploy (deploying,
// then deployed with a contract that has code on the chain), Mint (each holding once, in a block, to its investor's
// custodial or registered address), the ledger equal to the chain's balanceOf read over the JSON-RPC endpoint, the
// permission and state rules through GraphQL and POST /api/v2/commands with nothing changed on a refusal, a reverted
// mint failing visibly with the chain's reason, Swap Chain refusals and the tokens read model on the pull endpoint.
import { FetchRequest, Interface, JsonRpcProvider, Network, Wallet } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommandResult } from "../../src/domain/wire.ts";
import artifact from "../../sync/chain/contracts/LedgerlineSecurityToken.json" with { type: "json" };
import { EMBEDDED_CHAIN_ID } from "../../sync/chain/embedded.ts";
import { sendCommand } from "../helpers/commands.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type SignedIn, signInAs } from "../sync/harness.ts";

const CHAIN = "ethereum-ledgerline";
const token = new Interface(artifact.abi as never);

let t: TestServer;
let issuer: SignedIn;
let viewer: SignedIn;
let broker: SignedIn;
let investor: SignedIn;
let jordan: SignedIn;
let roundId: string;
let holdingIds: string[];

async function rows<T = Record<string, unknown>>(sql: string, values: unknown[] = []): Promise<T[]> {
  return (await t.server.db.query<T>(sql, values)).rows;
}

const MUTATIONS: Record<string, { type: string; returns: string }> = {
  makeToken: { type: "MakeTokenInput", returns: "token { id status name symbol }" },
  deployContract: { type: "DeployContractInput", returns: "contract { id status }" },
  tokenizeHoldings: { type: "TokenizeHoldingsInput", returns: "contract { id status }" },
  swapTokenChain: { type: "SwapTokenChainInput", returns: "contract { id status chain }" },
  makeBlockchainAddress: { type: "MakeBlockchainAddressInput", returns: "blockchainAddress { id address chain }" },
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

/** One command through the device's endpoint. */
function command(who: SignedIn, mutation: string, input: Record<string, unknown>): Promise<CommandResult> {
  return sendCommand(who, "chain-tokens", mutation, input);
}

/** Everything a token command may write, as one fingerprint. */
async function fingerprint(): Promise<string> {
  const [row] = await rows<{ f: string }>(
    `select md5(concat_ws('|',
       (select string_agg(concat_ws(',', id, name, symbol, status), ';' order by id) from app_public.tokens),
       (select string_agg(concat_ws(',', id, chain, status, contract_address, failure), ';' order by id) from app_public.contracts),
       (select string_agg(concat_ws(',', id, status, tx_hash), ';' order by id) from app_private.chain_jobs),
       (select string_agg(concat_ws(',', id, status), ';' order by id) from app_public.holding_blockchain_addresses),
       (select string_agg(concat_ws(',', id, amount), ';' order by id) from app_public.cap_table_entries),
       (select string_agg(concat_ws(',', id, address), ';' order by id) from app_public.blockchain_addresses),
       (select count(*) from app_private.chain_blocks))) as f`,
  );
  return row?.f ?? "";
}

/** The embedded chain over its JSON-RPC endpoint, as any ethers client reaches a node. */
function rpc(who: SignedIn): JsonRpcProvider {
  const request = new FetchRequest(`${t.url}/api/v2/chain/${CHAIN}`);
  request.setHeader("cookie", `ll_session=${who.client.session}`);
  const network = Network.from(EMBEDDED_CHAIN_ID);
  return new JsonRpcProvider(request, network, { staticNetwork: network, batchMaxCount: 1 });
}

async function balanceOf(provider: JsonRpcProvider, contract: string, address: string): Promise<bigint> {
  const data = await provider.call({
    to: contract,
    data: token.encodeFunctionData("balanceOf", [address.toLowerCase()]),
  });
  return token.decodeFunctionResult("balanceOf", data)[0] as bigint;
}

async function contractOf(tokenId: string) {
  const [contract] = await rows<{
    id: string;
    status: string;
    chain: string;
    contract_address: string | null;
    failure: string | null;
    block_number: number | null;
  }>("select * from app_public.contracts where token_id = $1 order by created_on desc limit 1", [tokenId]);
  if (!contract) throw new Error("no contract");
  return contract;
}

beforeAll(async () => {
  t = await startTestServer();
  issuer = await signInAs(t.client(), "issuer@demo.test", "issuer");
  viewer = await signInAs(t.client(), "issuer-viewer@demo.test", "issuer");
  broker = await signInAs(t.client(), "broker@demo.test", "broker");
  investor = await signInAs(t.client(), "investor2@demo.test", "investor");
  jordan = await signInAs(t.client(), "multi@demo.test", "investor");
  // A round of the demo issuer without a token, given holdings of three demo investors (two for Emma).
  const [round] = await rows<{ id: string; security_id: string }>(
    `select r.id, coalesce(r.security_id, (select h.security_id from app_public.holdings h limit 1)) as security_id
       from app_public.rounds r where r.name = 'Series A' limit 1`,
  );
  if (!round) throw new Error("no Series A round");
  roundId = round.id;
  const investors = await rows<{ id: string; email: string }>(
    `select id, email from app_public.accounts where type = 'investor'
      and email in ('investor@demo.test', 'investor2@demo.test', 'multi@demo.test') order by email`,
  );
  const amounts: Record<string, string[]> = {
    "investor@demo.test": ["100", "60"],
    "investor2@demo.test": ["250"],
    "multi@demo.test": ["40"],
  };
  holdingIds = [];
  for (const account of investors) {
    for (const amount of amounts[account.email] ?? []) {
      const [holding] = await rows<{ id: string }>(
        `insert into app_public.holdings (security_id, round_id, investor_id, amount) values ($1, $2, $3, $4) returning id`,
        [round.security_id, round.id, account.id, amount],
      );
      if (holding) holdingIds.push(holding.id);
    }
  }
  expect(holdingIds).toHaveLength(4);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("a token from setup to the ledger on the embedded chain", () => {
  let tokenId: string;
  let contractAddress: string;

  it("Setup Token: validation messages, then a not-deployed token with its contract on the chain", async () => {
    for (const [input, message] of [
      [{ name: "", symbol: "SA", chain: CHAIN }, "Token name is required."],
      [{ name: "x".repeat(41), symbol: "SA", chain: CHAIN }, "Token name must be less than 40 characters."],
      [{ name: "Series A Token", symbol: " ", chain: CHAIN }, "Token symbol is required."],
      [
        { name: "Series A Token", symbol: "S".repeat(41), chain: CHAIN },
        "Token symbol must be less than 40 characters.",
      ],
      [{ name: "Series A Token", symbol: "SA", chain: "" }, "Chain is required."],
    ] as const) {
      const before = await fingerprint();
      const refused = await gql(issuer, "makeToken", { roundId, ...input });
      expect([refused.code, refused.message]).toEqual(["LL422", message]);
      expect(await fingerprint()).toBe(before);
    }
    const tezos = await gql(issuer, "makeToken", {
      roundId,
      name: "Series A Token",
      symbol: "SA",
      chain: "tezos-mainnet",
    });
    expect(tezos.code).toBe("LL422");
    expect(tezos.message).toMatch(/^Tezos mainnet is not available on this server\. Ask your platform administrator/);

    const made = await gql(issuer, "makeToken", { roundId, name: " Series A Token ", symbol: "SA", chain: CHAIN });
    expect(made.code).toBeNull();
    tokenId = made.data?.token?.id ?? "";
    expect(made.data?.token).toMatchObject({ status: "not_deployed", name: "Series A Token", symbol: "SA" });
    expect(await contractOf(tokenId)).toMatchObject({ status: "not_deployed", chain: CHAIN, contract_address: null });

    const second = await gql(issuer, "makeToken", { roundId, name: "Another", symbol: "AN", chain: CHAIN });
    expect([second.code, second.message]).toEqual(["LL409", "This round already has a token."]);
  });

  it("Edit while not deployed (the issuer); a viewer, a broker and an investor are refused with nothing changed", async () => {
    const edited = await gql(issuer, "makeToken", {
      roundId,
      tokenId,
      name: "Series A Shares",
      symbol: "SAS",
      chain: CHAIN,
    });
    expect(edited.data?.token).toMatchObject({ name: "Series A Shares", symbol: "SAS" });
    const contract = await contractOf(tokenId);
    for (const who of [viewer, broker, investor]) {
      const before = await fingerprint();
      const attempts = [
        await gql(who, "makeToken", { roundId, tokenId, name: "Hijack", symbol: "HJ", chain: CHAIN }),
        await gql(who, "deployContract", { contractId: contract.id }),
        await gql(who, "tokenizeHoldings", { holdingIds }),
        await gql(who, "swapTokenChain", { tokenId, chain: "tezos-mainnet" }),
      ];
      for (const attempt of attempts) expect(attempt.code).toBe("LL403");
      for (const [mutation, input] of [
        ["makeToken", { roundId, name: "Viewer Token", symbol: "VT", chain: CHAIN }],
        ["deployContract", { contractId: contract.id }],
        ["tokenizeHoldings", { holdingIds }],
      ] as const) {
        const result = await command(who, mutation, input);
        expect([result.status, result.errorCode]).toEqual(["rejected", "LL403"]);
      }
      expect(await fingerprint()).toBe(before);
    }
  });

  it("no mint before deploy", async () => {
    const before = await fingerprint();
    const refused = await gql(issuer, "tokenizeHoldings", { holdingIds });
    expect([refused.code, refused.message]).toEqual(["LL409", "Deploy the token before minting."]);
    const viaCommands = await command(issuer, "tokenizeHoldings", { holdingIds });
    expect([viaCommands.status, viaCommands.errorCode]).toEqual(["rejected", "LL409"]);
    expect(await fingerprint()).toBe(before);
  });

  it("Deploy: deploying at once, then deployed with the contract's code on the chain", async () => {
    const contract = await contractOf(tokenId);
    const pull = async (afterTxid: string, afterSeq: string) => {
      const response = await issuer.client.fetch("/api/v2/pull", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: "tokens", afterTxid, afterSeq, limit: 1000 }),
      });
      return (await response.json()) as {
        documents: Array<{ id: string; status: string; contracts: Array<{ status: string }> }>;
        checkpoint: { txid: string; seq: number };
      };
    };
    const [log] = await rows<{ seq: string }>("select coalesce(max(seq), 0)::text as seq from app_private.changes");
    const result = await command(issuer, "deployContract", { contractId: contract.id });
    expect(result.status).toBe("accepted");
    // the change stream carries Deploying, then (after the chain's block) Deployed, as later changes
    const deploying = await pull("0", "0");
    expect(deploying.documents.find((d) => d.id === tokenId)?.contracts[0]?.status).toMatch(/^deploy(ing|ed)$/);
    // the command's own transaction leaves it deploying; the runner finishes it after
    const [job] = await rows<{ status: string }>(
      "select status from app_private.chain_jobs where contract_id = $1 and kind = 'deploy'",
      [contract.id],
    );
    expect(job).toBeDefined();
    await t.server.chain.settle();
    const first = deploying.documents.find((d) => d.id === tokenId)?.status;
    const later = await pull(deploying.checkpoint.txid, String(deploying.checkpoint.seq));
    if (first === "deploying")
      expect(later.documents.find((d) => d.id === tokenId)).toMatchObject({ status: "deployed" });
    // the command's transaction (deploying) and the runner's (deployed) each recorded a change of the token's document for the issuer
    const changes = await rows<{ txids: number }>(
      `select count(distinct txid)::int as txids from app_private.changes
        where model = 'tokens' and doc_id = $1 and $2 = any (audience) and seq > $3`,
      [tokenId, issuer.accountId, log?.seq],
    );
    expect(changes[0]?.txids).toBe(2);
    const deployed = await contractOf(tokenId);
    expect(deployed.status).toBe("deployed");
    expect(deployed.contract_address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(deployed.block_number).toBeGreaterThan(0);
    contractAddress = deployed.contract_address ?? "";
    const [tokenRow] = await rows<{ status: string }>("select status from app_public.tokens where id = $1", [tokenId]);
    expect(tokenRow?.status).toBe("deployed");

    const provider = rpc(issuer);
    expect((await provider.getCode(contractAddress)).length).toBeGreaterThan(1000);
    const name = await provider.call({ to: contractAddress, data: token.encodeFunctionData("name") });
    expect(token.decodeFunctionResult("name", name)[0]).toBe("Series A Shares");

    const again = await gql(issuer, "deployContract", { contractId: contract.id });
    expect([again.code, again.message]).toEqual(["LL409", "The token is already deployed."]);
    const edit = await gql(issuer, "makeToken", { roundId, tokenId, name: "Late Edit", symbol: "LE", chain: CHAIN });
    expect([edit.code, edit.message]).toEqual(["LL409", "The token is deployed: it can no longer be edited."]);
  });

  it("an investor's own address: validated, then used for its mint", async () => {
    // Jordan Blake (multi@demo.test) has no address on the chain yet (the demo minted to Emma's and Kim's custodial ones)
    const bad = await gql(jordan, "makeBlockchainAddress", { chain: CHAIN, address: "0x1234" });
    expect([bad.code, bad.message]).toEqual(["LL422", "Address must be 0x followed by 40 hexadecimal characters."]);
    const own = `0x${"5d".repeat(20)}`;
    const made = await gql(jordan, "makeBlockchainAddress", { chain: CHAIN, address: own });
    expect(made.data?.blockchainAddress).toMatchObject({ address: own, chain: CHAIN });
  });

  it("Mint: every holding once, in a block; the ledger equals the chain's balanceOf", async () => {
    const result = await gql(issuer, "tokenizeHoldings", { holdingIds });
    expect(result.data?.contract?.status).toBe("issuing");
    await t.server.chain.settle();
    const contract = await contractOf(tokenId);
    expect([contract.status, contract.failure]).toEqual(["issued", null]);

    const links = await rows<{ holding_id: string; status: string; block_number: number | null }>(
      "select holding_id, status, block_number from app_public.holding_blockchain_addresses where holding_id = any ($1)",
      [holdingIds],
    );
    expect(links).toHaveLength(4);
    for (const link of links) {
      expect(link.status).toBe("trade");
      expect(link.block_number).toBeGreaterThan(contract.block_number ?? 0);
    }

    const provider = rpc(issuer);
    const entries = await rows<{
      investor_id: string;
      email: string;
      address: string;
      amount: string;
      block_number: number;
    }>(
      `select e.investor_id, a.email, b.address, e.amount::text, e.block_number from app_public.cap_table_entries e
         join app_public.blockchain_addresses b on b.id = e.blockchain_address_id
         join app_public.accounts a on a.id = e.investor_id where e.token_id = $1 order by a.email`,
      [tokenId],
    );
    expect(entries.map((e) => [e.email, Number(e.amount)])).toEqual([
      ["investor2@demo.test", 250],
      ["investor@demo.test", 160],
      ["multi@demo.test", 40],
    ]);
    // Jordan (multi) registered his own address; Emma and Daniel (investor2) have the custodial keys the demo's mints
    // made them, and their mints here go to those
    expect(entries.find((e) => e.email === "multi@demo.test")?.address).toBe(`0x${"5d".repeat(20)}`);
    for (const entry of entries) {
      expect(await balanceOf(provider, contractAddress, entry.address)).toBe(BigInt(entry.amount));
      expect(entry.block_number).toBeGreaterThan(0);
    }
    const keys = await rows<{ address: string; account_id: string }>(
      "select address, account_id from app_private.chain_keys where purpose = 'custodial' order by address",
    );
    const custodial = entries.filter((e) => e.email !== "multi@demo.test");
    expect(keys).toEqual(
      custodial
        .map((e) => ({ address: e.address.toLowerCase(), account_id: e.investor_id }))
        .sort((a, b) => a.address.localeCompare(b.address)),
    );
    // the key is sealed at rest: it opens only with the server's encryption key
    const daniel = entries.find((e) => e.email === "investor2@demo.test");
    const [opened] = await rows<{ key: string }>(
      "select app_private.unseal(sealed) ->> 'key' as key from app_private.chain_keys where account_id = $1",
      [daniel?.investor_id],
    );
    expect(new Wallet(opened?.key ?? "").address.toLowerCase()).toBe(daniel?.address.toLowerCase());
    const [raw] = await rows<{ plain: boolean }>(
      "select position(convert_to($1, 'utf8') in sealed) > 0 as plain from app_private.chain_keys where account_id = $2",
      [(opened?.key ?? "").slice(2, 20), daniel?.investor_id],
    );
    expect(raw?.plain).toBe(false);
  });

  it("Mint again is idempotent: nothing is minted twice", async () => {
    const provider = rpc(issuer);
    const blockBefore = await provider.getBlockNumber();
    const before = await fingerprint();
    const result = await gql(issuer, "tokenizeHoldings", { holdingIds });
    expect(result.code).toBeNull();
    await t.server.chain.settle();
    expect(await provider.getBlockNumber()).toBe(blockBefore);
    expect(await fingerprint()).toBe(before);
  });

  it("the tokens read model carries the contract and the ledger to the issuer and to an investor (own rows only)", async () => {
    const pull = async (who: SignedIn) => {
      const response = await who.client.fetch("/api/v2/pull", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: "tokens", afterTxid: "0", afterSeq: "0", limit: 1000 }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { documents: Array<Record<string, unknown>> }).documents;
    };
    const mine = (await pull(issuer)).find((d) => d.id === tokenId);
    expect(mine).toMatchObject({ roundId, status: "issued", name: "Series A Shares" });
    const contracts = mine?.contracts as Array<Record<string, unknown>>;
    expect(contracts[0]).toMatchObject({ chain: CHAIN, status: "issued", contractAddress });
    expect(((mine?.capTableEntries ?? []) as unknown[]).length).toBe(3);
    expect(((mine?.holdings ?? []) as Array<{ status: string }>).map((h) => h.status)).toEqual([
      "trade",
      "trade",
      "trade",
      "trade",
    ]);

    const theirs = (await pull(investor)).find((d) => d.id === tokenId);
    expect(((theirs?.capTableEntries ?? []) as Array<{ amount: string }>).map((e) => Number(e.amount))).toEqual([250]);
    const others = (await pull(broker)).find((d) => d.id === tokenId);
    expect(others).toBeUndefined();
  });

  it("Swap Chain: refused for the same chain or a chain that is not configured, nothing changed", async () => {
    const before = await fingerprint();
    const same = await gql(issuer, "swapTokenChain", { tokenId, chain: CHAIN });
    expect([same.code, same.message]).toEqual(["LL409", "The token is already on this chain."]);
    const tezos = await gql(issuer, "swapTokenChain", { tokenId, chain: "tezos-mainnet" });
    expect(tezos.code).toBe("LL422");
    expect(tezos.message).toMatch(/^Tezos mainnet is not available on this server\./);
    expect(await fingerprint()).toBe(before);
  });

  it("a reverted mint fails visibly with the chain's reason (the transfer agent paused the token)", async () => {
    const backend = await t.server.chain.backend(CHAIN);
    const pause = await backend.operator.sendTransaction({
      to: contractAddress,
      data: token.encodeFunctionData("pause"),
      gasLimit: 100_000n,
    });
    await pause.wait();
    const [round] = await rows<{ security_id: string; investor_id: string }>(
      "select security_id, investor_id from app_public.holdings where id = $1",
      [holdingIds[0]],
    );
    const [late] = await rows<{ id: string }>(
      "insert into app_public.holdings (security_id, round_id, investor_id, amount) values ($1, $2, $3, 5) returning id",
      [round?.security_id, roundId, round?.investor_id],
    );
    const result = await gql(issuer, "tokenizeHoldings", { holdingIds: [late?.id] });
    expect(result.code).toBeNull();
    await t.server.chain.settle();
    const [link] = await rows<{ status: string; failure: string | null; block_number: number | null }>(
      "select status, failure, block_number from app_public.holding_blockchain_addresses where holding_id = $1",
      [late?.id],
    );
    expect(link).toMatchObject({
      status: "failed",
      failure: "The token is paused: no units move until it is resumed.",
    });
    expect(link?.block_number).toBeGreaterThan(0);
    const contract = await contractOf(tokenId);
    expect(contract.status).toBe("issued");
    expect(contract.failure).toBe("1 holding was not minted: The token is paused: no units move until it is resumed.");
    // the ledger still equals the chain: Emma's balance did not move
    const provider = rpc(issuer);
    const [emma] = await rows<{ address: string; amount: string }>(
      `select b.address, e.amount::text from app_public.cap_table_entries e
         join app_public.blockchain_addresses b on b.id = e.blockchain_address_id where e.investor_id = $1 and e.token_id = $2`,
      [round?.investor_id, tokenId],
    );
    expect(await balanceOf(provider, contractAddress, emma?.address ?? "")).toBe(BigInt(emma?.amount ?? "-1"));
  });

  it("a contract row whose address has no code on the chain (imported data) mints nothing and says so", async () => {
    // a token written as imported data: deployed, at an address where the chain has no contract
    const [holding] = await rows<{ id: string; round_id: string }>(
      `select h.id, h.round_id from app_public.holdings h join app_public.rounds r on r.id = h.round_id
        where r.name = 'First Close' limit 1`,
    );
    const [imported] = await rows<{ id: string }>(
      `insert into app_public.tokens (round_id, name, symbol, status) values ($1, 'Imported Units', 'IMPU', 'deployed')
       returning id`,
      [holding?.round_id],
    );
    await rows(
      `insert into app_public.contracts (token_id, chain, status, contract_address)
       values ($1, $2, 'deployed', '0x9c1D7e3A5b2F40c8E6d1a7B3f9C2e5D8a0b4F611')`,
      [imported?.id, CHAIN],
    );
    const result = await gql(issuer, "tokenizeHoldings", { holdingIds: [holding?.id] });
    expect(result.code).toBeNull();
    await t.server.chain.settle();
    const [job] = await rows<{ status: string; failure: string; contract_id: string }>(
      "select status, failure, contract_id from app_private.chain_jobs where holding_id = $1",
      [holding?.id],
    );
    expect(job?.status).toBe("failed");
    expect(job?.failure).toBe(
      "There is no contract at 0x9c1D7e3A5b2F40c8E6d1a7B3f9C2e5D8a0b4F611 on ethereum-ledgerline.",
    );
    const [contract] = await rows<{ status: string; failure: string }>(
      "select status, failure from app_public.contracts where id = $1",
      [job?.contract_id],
    );
    expect(contract?.status).toBe("deployed");
    expect(contract?.failure).toMatch(/^1 holding was not minted: There is no contract at/);
    const [link] = await rows<{ n: number }>(
      "select count(*)::int as n from app_public.holding_blockchain_addresses where holding_id = $1 and status = 'trade' and chain = $2",
      [holding?.id, CHAIN],
    );
    expect(link?.n).toBe(0);
  });

  it("GET /api/v2/chains names the chains with their availability; the RPC needs a session", async () => {
    const response = await issuer.client.fetch("/api/v2/chains");
    expect(await response.json()).toEqual([
      { chain: CHAIN, symbol: "ETH", enabled: true, reason: null },
      {
        chain: "tezos-mainnet",
        symbol: "XTZ",
        enabled: false,
        reason: "Tezos mainnet is not available on this server. Ask your platform administrator to connect it.",
      },
    ]);
    const anonymous = await fetch(`${t.url}/api/v2/chain/${CHAIN}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("the demo's tokens are on the chain (sync/seed/demo-tokens.ts)", () => {
  it("every demo contract has code, every ledger entry equals balanceOf, and each Tokenized holding's mint is in a block", async () => {
    const provider = rpc(issuer);
    const contracts = await rows<{ name: string; status: string; contract_address: string | null }>(
      `select t.name, c.status, c.contract_address from app_public.tokens t join app_public.contracts c on c.token_id = t.id
        where c.chain = $1 and t.name in ('Northwind Seed Token', 'Green Note Token', 'Green Note Rewards',
                                          'Northwind Series B Token')
        order by t.name`,
      [CHAIN],
    );
    expect(contracts.map((c) => [c.name, c.status])).toEqual([
      ["Green Note Rewards", "deployed"],
      ["Green Note Token", "issued"],
      ["Northwind Seed Token", "issued"],
      ["Northwind Series B Token", "not_deployed"],
    ]);
    for (const c of contracts.filter((x) => x.status !== "not_deployed"))
      expect((await provider.getCode(c.contract_address ?? "")).length).toBeGreaterThan(2);

    const entries = await rows<{ name: string; address: string; amount: string; precision: number; contract: string }>(
      `select t.name, b.address, e.amount::text, t.precision, c.contract_address as contract
         from app_public.cap_table_entries e join app_public.tokens t on t.id = e.token_id
         join app_public.blockchain_addresses b on b.id = e.blockchain_address_id
         join app_public.contracts c on c.token_id = t.id and c.chain = b.chain
        where b.chain = $1 and t.name in ('Northwind Seed Token', 'Green Note Token')
        order by t.name, e.amount`,
      [CHAIN],
    );
    expect(entries.map((e) => [e.name, Number(e.amount)])).toEqual([
      ["Green Note Token", 25],
      ["Northwind Seed Token", 200_000],
      ["Northwind Seed Token", 500_000],
    ]);
    for (const e of entries)
      expect(await balanceOf(provider, e.contract, e.address)).toBe(BigInt(Number(e.amount) * 10 ** e.precision));

    const links = await rows<{ status: string; block_number: number | null; tx_hash: string | null }>(
      "select status, block_number, tx_hash from app_public.holding_blockchain_addresses where chain = $1",
      [CHAIN],
    );
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of links.filter((l) => l.status === "trade")) {
      const receipt = await provider.getTransactionReceipt(link.tx_hash ?? "");
      expect([receipt?.status, receipt?.blockNumber]).toEqual([1, link.block_number]);
    }
  });

  it("a user can Mint the seed holding left unminted and Deploy the Series B token", async () => {
    const [jordan] = await rows<{ id: string }>(
      `select h.id from app_public.holdings h join app_public.rounds r on r.id = h.round_id
         join app_public.accounts a on a.id = h.investor_id where r.name = 'Seed' and a.name = 'Jordan Blake'`,
    );
    const [before] = await rows<{ n: number }>(
      "select count(*)::int as n from app_private.chain_jobs where holding_id = $1",
      [jordan?.id],
    );
    expect(before?.n).toBe(0);
    expect((await gql(issuer, "tokenizeHoldings", { holdingIds: [jordan?.id] })).code).toBeNull();
    await t.server.chain.settle();
    const [minted] = await rows<{ status: string; address: string; contract: string }>(
      `select x.status, b.address, c.contract_address as contract from app_public.holding_blockchain_addresses x
         join app_public.blockchain_addresses b on b.id = x.blockchain_address_id
         join app_public.tokens t on t.name = 'Northwind Seed Token'
         join app_public.contracts c on c.token_id = t.id
        where x.holding_id = $1 and x.chain = $2`,
      [jordan?.id, CHAIN],
    );
    expect(minted?.status).toBe("trade");
    expect(await balanceOf(rpc(issuer), minted?.contract ?? "", minted?.address ?? "")).toBe(40_000n * 100n);

    const [seriesB] = await rows<{ id: string }>(
      `select c.id from app_public.contracts c join app_public.tokens t on t.id = c.token_id
        where t.name = 'Northwind Series B Token'`,
    );
    expect((await gql(issuer, "deployContract", { contractId: seriesB?.id })).code).toBeNull();
    await t.server.chain.settle();
    const [deployed] = await rows<{ status: string; contract_address: string }>(
      "select status, contract_address from app_public.contracts where id = $1",
      [seriesB?.id],
    );
    expect(deployed?.status).toBe("deployed");
    expect((await rpc(issuer).getCode(deployed?.contract_address ?? "")).length).toBeGreaterThan(2);
  });
});
