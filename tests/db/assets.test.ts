// Assets, rounds, tranche bond data and securities with the client bypassed: the spec's validation messages (part 1
// section 5) come from the server, the asset type never changes, and only issuer owners and admins write.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database, Sql } from "../../sync/db/database.ts";
import { asAccount, type Claims, createTestDb, demoClaims } from "../helpers/db.ts";

let db: Database;
let issuer: Claims;
let viewer: Claims;
let broker: Claims;
let investor: Claims;

beforeEach(async () => {
  db = await createTestDb({ demo: true });
  issuer = await demoClaims(db, "issuer@demo.test", "issuer");
  viewer = await demoClaims(db, "issuer-viewer@demo.test", "issuer");
  broker = await demoClaims(db, "broker@demo.test", "broker");
  investor = await demoClaims(db, "investor@demo.test", "investor");
});
afterEach(async () => {
  await db.close();
});

/** The coded error a statement raises ({code, message}), or null when it succeeds. */
async function failure(
  claims: Claims,
  fn: (tx: Sql) => Promise<unknown>,
): Promise<{ code: string; message: string } | null> {
  try {
    await asAccount(db, claims, fn);
    return null;
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    return { code: code ?? "", message };
  }
}

const insertAsset =
  (fields: { name?: string | null; type?: string | null; status?: string | null; total?: string | null }) =>
  (tx: Sql) =>
    tx.query("insert into app_public.assets (name, type, status, authorized_total) values ($1, $2, $3, $4)", [
      fields.name === undefined ? "Asset" : fields.name,
      fields.type === undefined ? "equity" : fields.type,
      fields.status === undefined ? "drafted" : fields.status,
      fields.total === undefined ? "1000" : fields.total,
    ]);

async function ownAssetId(accounting: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `select a.id from app_public.assets a join app_public.asset_types t on t.type = a.type
      where a.issuer_id = $1 and t.accounting_type = $2 order by a.created_on limit 1`,
    [issuer.accountId, accounting],
  );
  if (!rows[0]) throw new Error(`no ${accounting} asset`);
  return rows[0].id;
}

describe("assets", () => {
  it("an issuer owner creates an asset; every missing field has the spec's message", async () => {
    expect(await failure(issuer, insertAsset({}))).toBeNull();
    expect(await failure(issuer, insertAsset({ name: "  " }))).toEqual({ code: "LL422", message: "Name is required." });
    expect(await failure(issuer, insertAsset({ total: null }))).toEqual({
      code: "LL422",
      message: "Authorized total is required.",
    });
    expect(await failure(issuer, insertAsset({ type: null }))).toEqual({
      code: "LL422",
      message: "Asset type required.",
    });
    expect(await failure(issuer, insertAsset({ type: "no-such-type" }))).toEqual({
      code: "LL422",
      message: "Asset type required.",
    });
    expect(await failure(issuer, insertAsset({ status: null }))).toEqual({
      code: "LL422",
      message: "Status required.",
    });
  });

  it("viewers, brokers and investors may not create or edit assets", async () => {
    const assetId = await ownAssetId("equity");
    for (const claims of [viewer, broker, investor]) {
      expect((await failure(claims, insertAsset({})))?.code).toBe("LL403");
      expect(
        (await failure(claims, (tx) => tx.query("update app_public.assets set name = 'x' where id = $1", [assetId])))
          ?.code,
      ).toBe("LL403");
    }
    const { rows } = await db.query<{ name: string }>("select name from app_public.assets where id = $1", [assetId]);
    expect(rows[0]?.name).not.toBe("x");
  });

  it("the asset type cannot change on an existing asset, even through SQL", async () => {
    const assetId = await ownAssetId("equity");
    // Not in the update grant: a request may not even name the column.
    expect(
      (await failure(issuer, (tx) => tx.query("update app_public.assets set type = 'debt' where id = $1", [assetId])))
        ?.code,
    ).toBe("42501");
    // Writers that bypass the grant (the owner role) hit the trigger.
    await expect(db.query("update app_public.assets set type = 'debt' where id = $1", [assetId])).rejects.toMatchObject(
      {
        code: "LL422",
        message: "The asset type cannot change on an existing asset.",
      },
    );
    expect(
      await failure(issuer, (tx) =>
        tx.query(
          "update app_public.assets set name = 'Renamed', status = 'active', authorized_total = 5 where id = $1",
          [assetId],
        ),
      ),
    ).toBeNull();
  });
});

describe("rounds", () => {
  const makeRound = (
    assetId: string,
    overrides: Record<string, unknown> = {},
    tranche?: { term: unknown; coupon: unknown },
  ) => {
    const args = {
      name: "Round",
      termsUrl: "https://example.test/dataroom",
      price: "1.5",
      opensOn: "2026-01-01T00:00:00Z",
      closesOn: "2026-06-01T00:00:00Z",
      status: "drafted",
      total: "1000",
      ...overrides,
    };
    const common = [
      assetId,
      args.name,
      args.termsUrl,
      args.price,
      args.opensOn,
      args.closesOn,
      args.status,
      args.total,
    ];
    return (tx: Sql) =>
      tranche
        ? tx.query("select id from app_public.make_tranche($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)", [
            ...common,
            tranche.term,
            tranche.coupon,
          ])
        : tx.query("select id from app_public.make_round($1, $2, $3, $4, $5, $6, $7, $8)", common);
  };

  it("makeRound and makeTranche refuse missing fields with the spec's messages", async () => {
    const equity = await ownAssetId("equity");
    const debt = await ownAssetId("debt");
    expect(await failure(issuer, makeRound(equity))).toBeNull();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: "" }, "Name is a required field."],
      [{ opensOn: null }, "Opens on requires a valid date."],
      [{ closesOn: null }, "Closes on required a valid date."],
      [{ termsUrl: " " }, "Dataroom Url is required"],
      [{ price: null }, "Price is required."],
      [{ total: null }, "Total is required."],
      [{ status: null }, "Status is required."],
    ];
    for (const [overrides, message] of cases) {
      expect(await failure(issuer, makeRound(equity, overrides))).toEqual({ code: "LL422", message });
    }
    expect(await failure(issuer, makeRound(debt, {}, { term: "5", coupon: "4.5" }))).toBeNull();
    expect(await failure(issuer, makeRound(debt, {}, { term: "5", coupon: null }))).toEqual({
      code: "LL422",
      message: "Coupon is required",
    });
    expect(await failure(issuer, makeRound(debt, {}, { term: null, coupon: "4" }))).toEqual({
      code: "LL422",
      message: "Term is required",
    });
    expect((await failure(viewer, makeRound(equity)))?.code).toBe("LL403");
    expect((await failure(broker, makeRound(equity)))?.code).toBe("LL403");
  });

  it("round and tranche edits keep the same rules; only the issuer's writers may edit", async () => {
    const debt = await ownAssetId("debt");
    const { rows } = await db.query<{ id: string }>(
      "select r.id from app_public.rounds r join app_public.tranche_bond_data t on t.round_id = r.id where r.asset_id = $1 limit 1",
      [debt],
    );
    const roundId = rows[0]!.id;
    const update = (set: string) => (tx: Sql) =>
      tx.query(`update app_public.rounds set ${set} where id = $1`, [roundId]);
    expect(await failure(issuer, update("name = ''"))).toEqual({ code: "LL422", message: "Name is a required field." });
    expect(await failure(issuer, update("terms_url = ''"))).toEqual({
      code: "LL422",
      message: "Dataroom Url is required",
    });
    expect(await failure(issuer, update("price = null"))).toEqual({ code: "LL422", message: "Price is required." });
    expect(await failure(issuer, update("name = 'Tranche B', price = 2"))).toBeNull();
    const tranche = (set: string) => (tx: Sql) =>
      tx.query(`update app_public.tranche_bond_data set ${set} where round_id = $1`, [roundId]);
    expect(await failure(issuer, tranche("coupon = null"))).toEqual({ code: "LL422", message: "Coupon is required" });
    expect(await failure(issuer, tranche("term = null"))).toEqual({ code: "LL422", message: "Term is required" });
    expect(await failure(issuer, tranche("term = 7, coupon = 6.25"))).toBeNull();
    for (const claims of [viewer, investor]) {
      expect((await failure(claims, update("name = 'x'")))?.code).toBe("LL403");
      expect((await failure(claims, tranche("term = 1")))?.code).toBe("LL403");
    }
    const after = await db.query<{ name: string; term: string; coupon: string }>(
      "select r.name, t.term::text, t.coupon::text from app_public.rounds r join app_public.tranche_bond_data t on t.round_id = r.id where r.id = $1",
      [roundId],
    );
    expect(after.rows[0]).toEqual({ name: "Tranche B", term: "7", coupon: "6.25" });
  });
});

describe("securities", () => {
  const createSecurity = (name: string | null, total: string | null) => (tx: Sql) =>
    tx.query("insert into app_public.securities (name, total, symbol) values ($1, $2, 'SYM')", [name, total]);

  it("an issuer creates a security; name and total are required; others may not create", async () => {
    expect(await failure(issuer, createSecurity("Common Stock", "1000"))).toBeNull();
    expect(await failure(issuer, createSecurity(" ", "1000"))).toEqual({
      code: "LL422",
      message: "Name is a required field.",
    });
    expect(await failure(issuer, createSecurity("X", null))).toEqual({ code: "LL422", message: "Total is required." });
    for (const claims of [viewer, broker, investor]) {
      expect(await failure(claims, createSecurity("Nope", "1"))).not.toBeNull();
    }
    const { rows } = await db.query("select 1 from app_public.securities where name = 'Nope'");
    expect(rows).toHaveLength(0);
  });
});
