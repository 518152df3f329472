// Issue 36, finding 4: what the chain decides is not writable by hand (docs/CHAIN.md "Who writes the chain's rows").
// The issuer's owner tries to rewrite its tokens' chain rows as an outside client would, through GraphQL and through
// POST /api/v2/commands: a cap table entry's amount (1 where the chain holds 200,000), an entry for tokens never
// minted, a contract's address and status, a token's status, a mint record, deletes of each; the investor tries its
// addresses' rows (where its tokens are). Each is refused as a refusal (a GraphQL error naming the mutation, a
// rejected command), nothing changes; and the normal flow (Mint through tokenizeHoldings) still writes the entry,
// equal to the holding, by the server's reconciliation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CRYPTO_TOKEN, DEMO_UNDEPLOYED_TOKEN } from "../../sync/seed/demo-tokens.ts";
import { sendCommand } from "../helpers/commands.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type SignedIn, signInAs } from "../sync/harness.ts";

const CHAIN = "ethereum-ledgerline";

let t: TestServer;
let issuer: SignedIn;
let investor: SignedIn;
const ids: Record<string, string> = {};

async function rows<T = Record<string, unknown>>(sql: string, values: unknown[] = []): Promise<T[]> {
  return (await t.server.db.query<T>(sql, values)).rows;
}

async function idOf(sql: string, values: unknown[] = []): Promise<string> {
  const found = await rows<{ id: string }>(sql, values);
  if (found.length !== 1 || !found[0]) throw new Error(`expected one row: ${sql}`);
  return found[0].id;
}

/** Every row whose truth is the chain, as one fingerprint. */
async function fingerprint(): Promise<string> {
  const [row] = await rows<{ f: string }>(
    `select md5(concat_ws('|',
       (select string_agg(concat_ws(',', id, name, symbol, status, precision, total), ';' order by id) from app_public.tokens),
       (select string_agg(concat_ws(',', id, chain, status, contract_address, block_number, failure), ';' order by id)
          from app_public.contracts),
       (select string_agg(concat_ws(',', id, status, block_number, tx_hash), ';' order by id)
          from app_public.holding_blockchain_addresses),
       (select string_agg(concat_ws(',', id, token_id, investor_id, blockchain_address_id, amount, block_number), ';' order by id)
          from app_public.cap_table_entries),
       (select string_agg(concat_ws(',', id, account_id, chain, address), ';' order by id) from app_public.blockchain_addresses)
     )) as f`,
  );
  return row?.f ?? "";
}

const command = (who: SignedIn, mutation: string, input: Record<string, unknown>) =>
  sendCommand(who, "chain-rows", mutation, input);

interface Attempt {
  who: () => SignedIn;
  mutation: string;
  /** The mutation's input type as the API had it before issue 36. */
  type: string;
  input: () => Record<string, unknown>;
}

const ISSUER_ATTEMPTS: Attempt[] = [
  {
    who: () => issuer,
    mutation: "updateCapTableEntryById",
    type: "UpdateCapTableEntryByIdInput",
    input: () => ({ id: ids.emmaSeedEntry, patch: { amount: "1" } }),
  },
  {
    who: () => issuer,
    mutation: "createCapTableEntry",
    type: "CreateCapTableEntryInput",
    input: () => ({
      capTableEntry: {
        tokenId: ids.undeployedToken,
        investorId: ids.emma,
        blockchainAddressId: ids.emmaAddress,
        amount: "1000000",
      },
    }),
  },
  {
    who: () => issuer,
    mutation: "deleteCapTableEntryById",
    type: "DeleteCapTableEntryByIdInput",
    input: () => ({ id: ids.emmaSeedEntry }),
  },
  {
    who: () => issuer,
    mutation: "updateContractById",
    type: "UpdateContractByIdInput",
    input: () => ({
      id: ids.seedContract,
      patch: { contractAddress: "0x000000000000000000000000000000000000dead", status: "not_deployed" },
    }),
  },
  {
    who: () => issuer,
    mutation: "createContract",
    type: "CreateContractInput",
    input: () => ({
      contract: {
        tokenId: ids.undeployedToken,
        chain: CHAIN,
        status: "deployed",
        contractAddress: "0x000000000000000000000000000000000000dead",
      },
    }),
  },
  {
    who: () => issuer,
    mutation: "deleteContractById",
    type: "DeleteContractByIdInput",
    input: () => ({ id: ids.seedContract }),
  },
  {
    who: () => issuer,
    mutation: "updateTokenById",
    type: "UpdateTokenByIdInput",
    input: () => ({ id: ids.undeployedToken, patch: { status: "issued" } }),
  },
  {
    who: () => issuer,
    mutation: "createToken",
    type: "CreateTokenInput",
    input: () => ({ token: { roundId: ids.seedRound, name: "Second", symbol: "TWO", status: "deployed" } }),
  },
  {
    // the token's contracts and cap table entries went with it (on delete cascade)
    who: () => issuer,
    mutation: "deleteTokenById",
    type: "DeleteTokenByIdInput",
    input: () => ({ id: ids.seedToken }),
  },
  {
    who: () => issuer,
    mutation: "updateHoldingBlockchainAddressById",
    type: "UpdateHoldingBlockchainAddressByIdInput",
    input: () => ({ id: ids.emmaMint, patch: { status: "failed" } }),
  },
  {
    who: () => issuer,
    mutation: "deleteHoldingBlockchainAddressById",
    type: "DeleteHoldingBlockchainAddressByIdInput",
    input: () => ({ id: ids.emmaMint }),
  },
];

const INVESTOR_ATTEMPTS: Attempt[] = [
  {
    // the address its seed tokens are minted to
    who: () => investor,
    mutation: "updateBlockchainAddressById",
    type: "UpdateBlockchainAddressByIdInput",
    input: () => ({ id: ids.emmaAddress, patch: { address: "0x000000000000000000000000000000000000beef" } }),
  },
  {
    who: () => investor,
    mutation: "deleteBlockchainAddressById",
    type: "DeleteBlockchainAddressByIdInput",
    input: () => ({ id: ids.emmaAddress }),
  },
  {
    // past makeBlockchainAddress's checks (not a Tezos address)
    who: () => investor,
    mutation: "createBlockchainAddress",
    type: "CreateBlockchainAddressInput",
    input: () => ({ blockchainAddress: { accountId: ids.emma, chain: "tezos-mainnet", address: "not-an-address" } }),
  },
];

beforeAll(async () => {
  t = await startTestServer();
  issuer = await signInAs(t.client(), "issuer@demo.test", "issuer");
  investor = await signInAs(t.client(), "investor@demo.test", "investor");
  ids.emma = investor.accountId;
  ids.seedToken = await idOf("select id from app_public.tokens where name = $1", [DEMO_CRYPTO_TOKEN]);
  ids.seedRound = await idOf("select round_id as id from app_public.tokens where id = $1", [ids.seedToken]);
  ids.undeployedToken = await idOf("select id from app_public.tokens where name = $1", [DEMO_UNDEPLOYED_TOKEN]);
  ids.seedContract = await idOf("select id from app_public.contracts where token_id = $1 and chain = $2", [
    ids.seedToken,
    CHAIN,
  ]);
  ids.emmaAddress = await idOf("select id from app_public.blockchain_addresses where account_id = $1 and chain = $2", [
    ids.emma,
    CHAIN,
  ]);
  ids.emmaSeedEntry = await idOf(
    "select id from app_public.cap_table_entries where token_id = $1 and investor_id = $2 and amount = 200000",
    [ids.seedToken, ids.emma],
  );
  ids.emmaMint = await idOf(
    `select x.id from app_public.holding_blockchain_addresses x join app_public.holdings h on h.id = x.holding_id
      where h.round_id = $1 and h.investor_id = $2 and x.status = 'trade'`,
    [ids.seedRound, ids.emma],
  );
});
afterAll(async () => {
  await t?.close();
});

describe("the chain's rows are not writable by hand", () => {
  for (const attempt of [...ISSUER_ATTEMPTS, ...INVESTOR_ATTEMPTS]) {
    it(`${attempt.mutation}: refused through GraphQL and POST /api/v2/commands, nothing changed`, async () => {
      const before = await fingerprint();
      const who = attempt.who();

      const answer = await who.client.graphql<Record<string, unknown>>(
        `mutation($input: ${attempt.type}!) { ${attempt.mutation}(input: $input) { clientMutationId } }`,
        { input: attempt.input() },
      );
      expect(answer.data?.[attempt.mutation] ?? null).toBeNull();
      // the mutation is not in the API (GraphQL may add a "Did you mean" suggestion)
      expect((answer.errors ?? []).map((e) => e.message)).toContainEqual(
        expect.stringMatching(new RegExp(`^Cannot query field "${attempt.mutation}" on type "Mutation"\\.`)),
      );

      const result = await command(who, attempt.mutation, attempt.input());
      expect(result).toMatchObject({
        status: "rejected",
        errorCode: "LL404",
        errorMessage: `Unknown command: ${attempt.mutation}`,
      });

      expect(await fingerprint()).toBe(before);
    });
  }

  it("the API has no create, update or delete mutation of tokens, contracts, cap table entries or addresses", async () => {
    const answer = await issuer.client.graphql<{ __schema: { mutationType: { fields: { name: string }[] } } }>(
      "{ __schema { mutationType { fields { name } } } }",
    );
    const names = (answer.data?.__schema.mutationType.fields ?? []).map((f) => f.name);
    expect(names.length).toBeGreaterThan(40);
    const chainRows =
      /^(create|update|delete)(Token|Contract|CapTableEntry|HoldingBlockchainAddress|BlockchainAddress)/;
    expect(names.filter((name) => chainRows.test(name))).toEqual([]);
    // the token commands stay
    for (const name of ["makeToken", "deployContract", "tokenizeHoldings", "swapTokenChain", "makeBlockchainAddress"])
      expect(names).toContain(name);
  });
});

describe("the chain's reconciliation still writes them", () => {
  it("Mint of the seed holding left unminted: the job runner writes its mint record and cap table entry", async () => {
    const jordanHolding = await idOf(
      `select h.id from app_public.holdings h join app_public.accounts a on a.id = h.investor_id
        where h.round_id = $1 and a.name = 'Jordan Blake'`,
      [ids.seedRound],
    );
    const minted = await issuer.client.graphql<{ tokenizeHoldings: { contract: { status: string } } }>(
      "mutation($input: TokenizeHoldingsInput!) { tokenizeHoldings(input: $input) { contract { status } } }",
      { input: { holdingIds: [jordanHolding] } },
    );
    expect(minted.errors).toBeUndefined();
    expect(minted.data?.tokenizeHoldings.contract.status).toBe("issuing");
    await t.server.chain.settle();

    const [mint] = await rows<{ status: string; block_number: string | null }>(
      "select status, block_number::text from app_public.holding_blockchain_addresses where holding_id = $1",
      [jordanHolding],
    );
    expect(mint?.status).toBe("trade");
    expect(mint?.block_number).not.toBeNull();
    const entries = await rows<{ amount: string; block_number: string | null }>(
      `select e.amount::text, e.block_number::text from app_public.cap_table_entries e
         join app_public.holdings h on h.investor_id = e.investor_id and h.id = $1
        where e.token_id = $2`,
      [jordanHolding, ids.seedToken],
    );
    expect(entries.map((e) => Number(e.amount))).toEqual([40_000]);
    expect(entries[0]?.block_number).not.toBeNull();
    const [contract] = await rows<{ status: string }>("select status from app_public.contracts where id = $1", [
      ids.seedContract,
    ]);
    expect(contract?.status).toBe("issued");
  });
});
