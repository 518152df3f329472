// Tokens on the embedded chain with the server on PostgreSQL (DATABASE_URL), when the binaries are installed: the
// blocks and sealed keys live in PostgreSQL like on PGlite, NOTIFY chain_jobs wakes the runner, and a second server
// on the same database replays the chain (same contract, same balances) and signs with the same operator key.

import { Interface } from "ethers";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import artifact from "../../sync/chain/contracts/LedgerlineSecurityToken.json" with { type: "json" };
import { type PgCluster, pgClusterAvailable, startPgCluster } from "../helpers/pg-cluster.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { signInAs } from "../sync/harness.ts";

const token = new Interface(artifact.abi as never);

describe.runIf(pgClusterAvailable)("tokens on the embedded chain, the server on PostgreSQL", () => {
  let cluster: PgCluster;
  let url: string;
  let t: TestServer;
  const previousKey = process.env.LL_ENCRYPTION_KEY;

  beforeAll(async () => {
    // several servers on one DATABASE_URL share the key of what is sealed at rest (README, LL_ENCRYPTION_KEY)
    process.env.LL_ENCRYPTION_KEY = "chain-postgres-test-key";
    cluster = await startPgCluster();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("create database ledgerline_chain_test");
    await admin.end();
    url = cluster.urlFor("ledgerline_chain_test");
    t = await startTestServer({ databaseUrl: url, seedDemo: true });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await cluster?.stop();
    if (previousKey === undefined) delete process.env.LL_ENCRYPTION_KEY;
    else process.env.LL_ENCRYPTION_KEY = previousKey;
  });

  it("deploys and mints, and a second server on the database replays the same chain", async () => {
    const issuer = await signInAs(t.client(), "issuer@demo.test", "issuer");
    const { rows: rounds } = await t.server.db.query<{ id: string }>(
      "select id from app_public.rounds where name = 'First Close'",
    );
    const roundId = rounds[0]?.id;
    const made = await issuer.client.graphql<{ makeToken: { token: { id: string } } }>(
      "mutation($i: MakeTokenInput!) { makeToken(input: $i) { token { id } } }",
      { i: { roundId, name: "Infra Token", symbol: "INFRA", chain: "ethereum-ledgerline" } },
    );
    const tokenId = made.data?.makeToken.token.id;
    const { rows: contracts } = await t.server.db.query<{ id: string }>(
      "select id from app_public.contracts where token_id = $1",
      [tokenId],
    );
    await issuer.client.graphql(
      "mutation($i: DeployContractInput!) { deployContract(input: $i) { clientMutationId } }",
      {
        i: { contractId: contracts[0]?.id },
      },
    );
    await t.server.chain.settle();
    const { rows: holdings } = await t.server.db.query<{ id: string }>(
      "select id from app_public.holdings where round_id = $1",
      [roundId],
    );
    await issuer.client.graphql(
      "mutation($i: TokenizeHoldingsInput!) { tokenizeHoldings(input: $i) { clientMutationId } }",
      { i: { holdingIds: holdings.map((h) => h.id) } },
    );
    await t.server.chain.settle();
    const ledger = async () =>
      (
        await t.server.db.query<{ contract_address: string; address: string; amount: string; status: string }>(
          `select c.contract_address, b.address, e.amount::text, c.status from app_public.cap_table_entries e
             join app_public.blockchain_addresses b on b.id = e.blockchain_address_id
             join app_public.contracts c on c.token_id = e.token_id where e.token_id = $1`,
          [tokenId],
        )
      ).rows;
    const [entry] = await ledger();
    expect(entry).toMatchObject({ amount: "25000", status: "issued" });
    const balance = async () => {
      const provider = (await t.server.chain.backend("ethereum-ledgerline")).provider;
      const data = await provider.call({
        to: entry?.contract_address,
        data: token.encodeFunctionData("balanceOf", [entry?.address.toLowerCase()]),
      });
      return {
        value: token.decodeFunctionResult("balanceOf", data)[0] as bigint,
        block: await provider.getBlockNumber(),
      };
    };
    const before = await balance();
    expect(before.value).toBe(25000n);

    await t.close();
    t = await startTestServer({ databaseUrl: url });
    const after = await balance();
    expect(after).toEqual(before);
    // the same operator key (unsealed with the shared key) still signs: a second holding mints on the same contract
    const { rows: more } = await t.server.db.query<{ id: string }>(
      `insert into app_public.holdings (security_id, round_id, investor_id, amount)
       select security_id, round_id, investor_id, 5 from app_public.holdings where round_id = $1 limit 1 returning id`,
      [roundId],
    );
    const again = await signInAs(t.client(), "issuer@demo.test", "issuer");
    await again.client.graphql(
      "mutation($i: TokenizeHoldingsInput!) { tokenizeHoldings(input: $i) { clientMutationId } }",
      { i: { holdingIds: more.map((h) => h.id) } },
    );
    await t.server.chain.settle();
    expect((await balance()).value).toBe(25005n);
    expect((await ledger())[0]?.amount).toBe("25005");
  }, 180_000);
});
