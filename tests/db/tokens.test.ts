// Tokens, contracts, blockchain addresses, holding addresses and cap table entries with the client bypassed
// (sync/database/tokens/, the tables in sync/migrations/0000_baseline.sql): the issuer of the round sees them, its
// viewer too, an investor sees its own entries and the tokens it holds, others see nothing; no account writes them but
// through the token commands (migration 1720: the chain's rows are the chain's), the server's reconciliation (the
// database owner) writes the cap table entries; the holding read model carries the investor's token positions and
// the holding's addresses.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database, Sql } from "../../sync/db/database.ts";
import {
  DEMO_CRYPTO_TOKEN,
  DEMO_HIDDEN_CHAIN_TOKEN,
  DEMO_SECURITY_TOKEN,
  DEMO_UNDEPLOYED_TOKEN,
  DEMO_ZERO_TOKEN,
} from "../../sync/seed/demo-tokens.ts";
import { asAccount, type Claims, createTestDb, demoClaims } from "../helpers/db.ts";

let db: Database;
let issuer: Claims;
let viewer: Claims;
let broker: Claims;
let investor: Claims;
let investor2: Claims;

beforeEach(async () => {
  db = await createTestDb({ demo: true });
  issuer = await demoClaims(db, "issuer@demo.test", "issuer");
  viewer = await demoClaims(db, "issuer-viewer@demo.test", "issuer");
  broker = await demoClaims(db, "broker@demo.test", "broker");
  investor = await demoClaims(db, "investor@demo.test", "investor");
  investor2 = await demoClaims(db, "investor2@demo.test", "investor");
});
afterEach(async () => {
  await db.close();
});

async function failure(claims: Claims, fn: (tx: Sql) => Promise<unknown>): Promise<string | null> {
  try {
    await asAccount(db, claims, fn);
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? "error";
  }
}

const tokenNames = (claims: Claims) =>
  asAccount(db, claims, async (tx) =>
    (await tx.query<{ name: string }>("select name from app_public.tokens order by name")).rows.map((r) => r.name),
  );

const count = (claims: Claims, table: string) =>
  asAccount(db, claims, async (tx) =>
    Number((await tx.query<{ n: string }>(`select count(*) as n from app_public.${table}`)).rows[0]?.n),
  );

async function seedRoundId(): Promise<string> {
  const { rows } = await db.query<{ round_id: string }>("select round_id from app_public.tokens where name = $1", [
    DEMO_CRYPTO_TOKEN,
  ]);
  return rows[0]?.round_id ?? "";
}

describe("token visibility", () => {
  it("shows the issuer and its viewer every token of its rounds, an investor only what it holds, a broker none", async () => {
    const all = [
      DEMO_ZERO_TOKEN,
      DEMO_SECURITY_TOKEN,
      DEMO_HIDDEN_CHAIN_TOKEN,
      DEMO_CRYPTO_TOKEN,
      DEMO_UNDEPLOYED_TOKEN,
    ].sort();
    expect(await tokenNames(issuer)).toEqual(all);
    expect(await tokenNames(viewer)).toEqual(all);
    // Emma holds positions in three (the rewards token was deployed with nothing minted)
    expect(await tokenNames(investor)).toEqual(
      [DEMO_SECURITY_TOKEN, DEMO_HIDDEN_CHAIN_TOKEN, DEMO_CRYPTO_TOKEN].sort(),
    );
    expect(await tokenNames(investor2)).toEqual([DEMO_CRYPTO_TOKEN]);
    expect(await tokenNames(broker)).toEqual([]);
    expect(await count(broker, "contracts")).toBe(0);
    expect(await count(broker, "cap_table_entries")).toBe(0);
  });

  it("shows an investor its own cap table entries and addresses, never another investor's", async () => {
    // from the chain: Emma's seed and green note mints, the Kim Family Trust's seed mint; Emma's test-chain row
    expect(await count(issuer, "cap_table_entries")).toBe(4);
    expect(await count(investor, "cap_table_entries")).toBe(3);
    expect(await count(investor2, "cap_table_entries")).toBe(1);
    // a custodial address on ethereum-ledgerline each (made at the first mint), Emma's test-chain address
    expect(await count(investor, "blockchain_addresses")).toBe(2);
    expect(await count(investor2, "blockchain_addresses")).toBe(1);
    expect(await count(issuer, "blockchain_addresses")).toBe(3);
    expect(await count(investor2, "contracts")).toBe(1);
  });

  it("embeds the investor's positions and the holding's addresses in the holding document", async () => {
    const docs = await asAccount(db, investor, async (tx) =>
      (
        await tx.query<{ doc: Record<string, unknown> }>(
          "select doc from app_private.docs_holdings(array(select id from app_public.holdings))",
        )
      ).rows.map((row) => row.doc),
    );
    const seed = docs.find((doc) => (doc.tokens as { name: string }[]).some((t) => t.name === DEMO_CRYPTO_TOKEN));
    expect(seed).toBeDefined();
    expect(seed).toMatchObject({ amount: expect.any(String), investor: expect.any(Object) });
    // minted on the embedded chain: the holding's custodial address is a trade address there
    expect(seed?.blockchainAddresses).toEqual([
      expect.objectContaining({ chain: "ethereum-ledgerline", status: "trade", address: expect.stringMatching(/^0x/) }),
    ]);
    const crypto = ((seed?.tokens ?? []) as Record<string, unknown>[]).find((t) => t.name === DEMO_CRYPTO_TOKEN);
    expect(crypto).toMatchObject({
      type: "Crypto",
      status: "issued",
      chain: "ethereum-ledgerline",
      contractStatus: "issued",
      contractAddress: expect.stringMatching(/^0x[0-9a-f]{40}$/),
      amount: "200000.0",
      precision: 2,
      coinbaseBuyPriceUSD: "1.25",
      coinbaseSellPriceUSD: "1.20",
      coinbaseSpotPriceUSD: "1.2225",
    });
    // The Kim Family Trust's 500,000 never reaches Emma's documents.
    const kimDocs = await asAccount(db, investor2, async (tx) =>
      (
        await tx.query<{ doc: { tokens: { name: string; amount: string }[] } }>(
          "select doc from app_private.docs_holdings(array(select id from app_public.holdings))",
        )
      ).rows.flatMap((row) => row.doc.tokens),
    );
    expect(kimDocs).toEqual([expect.objectContaining({ name: DEMO_CRYPTO_TOKEN, amount: "500000.0" })]);
  });

  it("records a change of the holding documents when the reconciliation changes a cap table entry", async () => {
    const before = Number(
      (await db.query<{ n: string }>("select count(*) as n from app_private.changes where model = 'holdings'")).rows[0]
        ?.n,
    );
    // as the server's reconciliation writes it (the database owner)
    await db.query("update app_public.cap_table_entries set amount = amount + 1 where amount = 25");
    const after = Number(
      (await db.query<{ n: string }>("select count(*) as n from app_private.changes where model = 'holdings'")).rows[0]
        ?.n,
    );
    expect(after).toBeGreaterThan(before);
  });
});

describe("token replication", () => {
  type Pull = {
    documents: { id: string; tokens?: { name: string; amount: string }[] }[];
    checkpoint: { txid: string; seq: number };
  };
  const pull = (claims: Claims, checkpoint: Pull["checkpoint"] | null) =>
    asAccount(db, claims, async (tx) => {
      const { rows } = await tx.query<{ result: Pull }>(
        "select app_public.pull_documents('holdings', $1, $2, 1000) as result",
        [checkpoint?.txid ?? "", checkpoint?.seq ?? 0],
      );
      return rows[0]?.result as Pull;
    });

  it("brings the investor's device the holding document again when the reconciliation changes a cap table entry", async () => {
    let first = await pull(investor, null);
    while (first.documents.length > 0) {
      const next = await pull(investor, first.checkpoint);
      if (next.documents.length === 0) break;
      first = next;
    }
    await db.query(
      `update app_public.cap_table_entries e set amount = 30 from app_public.tokens t
       where t.id = e.token_id and t.name = $1`,
      [DEMO_SECURITY_TOKEN],
    );
    const changed = await pull(investor, first.checkpoint);
    const positions = changed.documents.flatMap((doc) => doc.tokens ?? []);
    expect(positions).toContainEqual(expect.objectContaining({ name: DEMO_SECURITY_TOKEN, amount: "30" }));
    // Another investor's device gets no document of Emma's.
    const other = await pull(investor2, first.checkpoint);
    expect(other.documents.flatMap((doc) => doc.tokens ?? []).map((t) => t.name)).not.toContain(DEMO_SECURITY_TOKEN);
  });
});

describe("token writes", () => {
  it("lets the issuer set up a token through makeToken; the reconciliation writes its cap table entry", async () => {
    const { rows } = await db.query<{ id: string }>(
      `select r.id from app_public.rounds r join app_public.assets a on a.id = r.asset_id
       join app_public.accounts x on x.id = a.issuer_id
       where x.id = $1 and not exists (select 1 from app_public.tokens t where t.round_id = r.id) limit 1`,
      [issuer.accountId],
    );
    const roundId = rows[0]?.id;
    expect(roundId).toBeDefined();
    const tokenId = await asAccount(db, issuer, async (tx) => {
      const made = await tx.query<{ id: string }>(
        "select id from app_public.make_token($1, 'New Token', 'NEW', 'ethereum-ledgerline')",
        [roundId],
      );
      return made.rows[0]?.id;
    });
    const contracts = await db.query<{ status: string }>(
      "select status from app_public.contracts where token_id = $1",
      [tokenId],
    );
    expect(contracts.rows).toEqual([{ status: "not_deployed" }]);
    await db.query("insert into app_public.cap_table_entries (token_id, investor_id, amount) values ($1, $2, 10)", [
      tokenId,
      investor.accountId,
    ]);
    expect(await tokenNames(investor)).toContain("New Token");
  });

  it("refuses every account's own writes of tokens, contracts, cap table entries, mint records and addresses", async () => {
    const roundId = await seedRoundId();
    const { rows } = await db.query<{ token: string; contract: string; entry: string; mint: string; address: string }>(
      `select t.id as token, c.id as contract, e.id as entry, x.id as mint, b.id as address
         from app_public.tokens t join app_public.contracts c on c.token_id = t.id
         join app_public.cap_table_entries e on e.token_id = t.id and e.investor_id = $2
         join app_public.blockchain_addresses b on b.id = e.blockchain_address_id
         join app_public.holding_blockchain_addresses x on x.blockchain_address_id = b.id
        where t.name = $1 limit 1`,
      [DEMO_CRYPTO_TOKEN, investor.accountId],
    );
    const seed = rows[0];
    if (!seed) throw new Error("no seed token rows");
    const writes: Array<[string, (tx: Sql) => Promise<unknown>]> = [
      [
        "insert token",
        (tx) => tx.query("insert into app_public.tokens (round_id, name, symbol) values ($1, 'X', 'X')", [roundId]),
      ],
      ["update token", (tx) => tx.query("update app_public.tokens set status = 'issued' where id = $1", [seed.token])],
      ["delete token", (tx) => tx.query("delete from app_public.tokens where id = $1", [seed.token])],
      [
        "insert contract",
        (tx) =>
          tx.query("insert into app_public.contracts (token_id, chain) values ($1, 'tezos-mainnet')", [seed.token]),
      ],
      [
        "update contract",
        (tx) => tx.query("update app_public.contracts set status = 'not_deployed' where id = $1", [seed.contract]),
      ],
      ["delete contract", (tx) => tx.query("delete from app_public.contracts where id = $1", [seed.contract])],
      [
        "insert entry",
        (tx) =>
          tx.query("insert into app_public.cap_table_entries (token_id, investor_id, amount) values ($1, $2, 10)", [
            seed.token,
            investor.accountId,
          ]),
      ],
      [
        "update entry",
        (tx) => tx.query("update app_public.cap_table_entries set amount = 1 where id = $1", [seed.entry]),
      ],
      ["delete entry", (tx) => tx.query("delete from app_public.cap_table_entries where id = $1", [seed.entry])],
      [
        "update mint",
        (tx) =>
          tx.query("update app_public.holding_blockchain_addresses set status = 'failed' where id = $1", [seed.mint]),
      ],
      [
        "delete mint",
        (tx) => tx.query("delete from app_public.holding_blockchain_addresses where id = $1", [seed.mint]),
      ],
      [
        "insert address",
        (tx) =>
          tx.query(
            "insert into app_public.blockchain_addresses (account_id, address, chain) values ($1, 'tz1OwnNew', 'tezos-mainnet')",
            [investor.accountId],
          ),
      ],
      [
        "update address",
        (tx) =>
          tx.query("update app_public.blockchain_addresses set address = 'elsewhere' where id = $1", [seed.address]),
      ],
      ["delete address", (tx) => tx.query("delete from app_public.blockchain_addresses where id = $1", [seed.address])],
    ];
    for (const who of [issuer, viewer, investor, broker])
      for (const [what, write] of writes) expect([what, await failure(who, write)]).toEqual([what, "42501"]);
  });

  it("refuses an issuer's token on a round it does not issue", async () => {
    const { rows } = await db.query<{ id: string }>(
      `select r.id from app_public.rounds r join app_public.assets a on a.id = r.asset_id
       join app_public.accounts x on x.id = a.issuer_id where x.email <> 'capital@northwind-renewables.example' limit 1`,
    );
    const foreign = rows[0]?.id;
    expect(foreign).toBeDefined();
    expect(
      await failure(issuer, (tx) =>
        tx.query("select app_public.make_token($1, 'X', 'X', 'ethereum-ledgerline')", [foreign]),
      ),
    ).toBe("LL403");
  });

  it("lets an investor register its own address through makeBlockchainAddress, checked", async () => {
    expect(
      await failure(investor, (tx) =>
        tx.query("select app_public.make_blockchain_address('tezos-mainnet', 'tz1OwnNew')"),
      ),
    ).toBe("LL422");
    await asAccount(db, investor, (tx) =>
      tx.query("select app_public.make_blockchain_address('tezos-mainnet', 'tz1Pqem14eGhyv7UnVC9roH2ewSnNM5SF6m6')"),
    );
    expect(await count(investor, "blockchain_addresses")).toBe(3);
  });
});
