// The register's SQL (sync/database/register/10_register.sql, docs/REGISTER.md) on PGlite and on PostgreSQL: as of
// today it equals the holdings for each reader, under each reader's row-level security; the control report is an
// issuer's; the as-of day's checks answer their texts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AS_OF_TEXT } from "../../src/domain/register.ts";
import type { Database } from "../../sync/db/database.ts";
import { asAccount, demoClaims, rollbackAs, stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(stopTestClusters);

describe.each(testTargets)("the register on $name", (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.create({ demo: true });
  });
  afterAll(async () => {
    await db?.close();
  });

  const lines = (sql: string) =>
    `select holding_id::text || ' ' || investor_id::text || ' ' || trim_scale(units)::text as line from (${sql}) x order by 1`;
  const CAP_TABLE = `select h.id as holding_id, h.investor_id, h.amount as units from app_public.holdings h
                      where h.amount > 0 and h.investor_id not in (select owner_id from app_public.allocations)`;

  it.each([
    "issuer@demo.test",
    "issuer-viewer@demo.test",
    "broker@demo.test",
    "investor@demo.test",
    "investor2@demo.test",
  ])("as of today equals the holdings %s reads", async (email) => {
    const claims = await demoClaims(db, email);
    await asAccount(db, claims, async (tx) => {
      const holdings = (await tx.query<{ line: string }>(lines(CAP_TABLE))).rows.map((r) => r.line);
      const register = (
        await tx.query<{ line: string }>(lines("select * from app_public.register_cap_table(current_date)"))
      ).rows.map((r) => r.line);
      expect(register).toEqual(holdings);
      if (claims.accountType === "investor") {
        const own = (
          await tx.query<{ line: string }>(lines("select * from app_public.register_position(current_date)"))
        ).rows.map((r) => r.line);
        expect(own).toEqual(holdings);
        const me = claims.accountId ?? "";
        expect(me).not.toBe("");
        expect(own.every((l) => l.includes(me))).toBe(true);
      }
    });
  });

  it("the control report is an issuer's; the day's checks answer their texts", async () => {
    const issuer = await demoClaims(db, "issuer@demo.test");
    const { rows } = await asAccount(db, issuer, (tx) =>
      tx.query<{ security: string }>("select security from app_public.register_control()"),
    );
    expect(rows).toHaveLength(3);
    for (const email of ["broker@demo.test", "investor@demo.test"]) {
      await expect(
        rollbackAs(db, await demoClaims(db, email), (tx) => tx.query("select * from app_public.register_control()")),
      ).rejects.toMatchObject({ code: "LL403" });
    }
    const refused = (sql: string) => rollbackAs(db, issuer, (tx) => tx.query(sql));
    await expect(refused("select * from app_public.register_cap_table(null)")).rejects.toMatchObject({
      code: "LL422",
      message: AS_OF_TEXT.required,
    });
    await expect(refused("select * from app_public.register_cap_table(current_date + 2)")).rejects.toMatchObject({
      code: "LL422",
      message: AS_OF_TEXT.future,
    });
    await expect(refused("select * from app_public.register_cap_table('1899-12-31')")).rejects.toMatchObject({
      code: "LL422",
      message: AS_OF_TEXT.range,
    });
    await expect(refused("select * from app_public.register_position(current_date)")).rejects.toMatchObject({
      code: "LL422",
      message: "Choose a holder.",
    });
  });
});
