// The audit trail is ledger-grade (docs/ADMIN.md): app_user holds no insert, update or delete grant on
// app_public.audit_events, and a trigger refuses update, delete and truncate for everyone, the table's owner included
// (as app_public.ledger_entries does); a membership change is recorded in the same transaction; members read their
// account's events only, a platform admin every event. On PGlite and, when installed, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { asAccount, demoClaims, rollbackAs, stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(stopTestClusters);

describe.each(testTargets)("audit trail on $name", (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.create({ demo: true });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it("grants app_user only select, like the ledger", async () => {
    const { rows } = await db.query<{ privilege_type: string }>(
      `select privilege_type from information_schema.role_table_grants
        where table_schema = 'app_public' and table_name = 'audit_events' and grantee = 'app_user' order by 1`,
    );
    expect(rows.map((row) => row.privilege_type)).toEqual(["SELECT"]);
    const ledger = await db.query<{ privilege_type: string }>(
      `select privilege_type from information_schema.role_table_grants
        where table_schema = 'app_public' and table_name = 'ledger_entries' and grantee = 'app_user'
          and privilege_type in ('UPDATE', 'DELETE')`,
    );
    expect(ledger.rows).toEqual([]);
  });

  it("records a membership change in the same transaction, and nobody can change or remove it", async () => {
    const owner = await demoClaims(db, "issuer@demo.test", "issuer");
    const { rows: before } = await db.query<{ n: number }>(
      "select count(*)::int as n from app_public.audit_events where account_id = $1",
      [owner.accountId],
    );
    const viewer = await demoClaims(db, "issuer-viewer@demo.test", "issuer");
    await db.query("update app_public.users_accounts set status = 'suspended' where user_id = $1 and account_id = $2", [
      viewer.userId,
      viewer.accountId,
    ]);
    await db.query("update app_public.users_accounts set status = 'active' where user_id = $1 and account_id = $2", [
      viewer.userId,
      viewer.accountId,
    ]);
    const { rows: events } = await db.query<{ id: string; kind: string; action: string; details: unknown }>(
      "select id, kind, action, details from app_public.audit_events where account_id = $1 order by created_on",
      [owner.accountId],
    );
    expect(events.length).toBe((before[0]?.n ?? 0) + 2);
    expect(events.slice(-2).map((event) => [event.kind, event.action])).toEqual([
      ["membership", "status active -> suspended"],
      ["membership", "status suspended -> active"],
    ]);
    const id = events.at(-1)?.id;

    // as the owner of the database (the migrating superuser)
    await expect(db.query("update app_public.audit_events set action = 'x' where id = $1", [id])).rejects.toMatchObject(
      { code: "LL403" },
    );
    await expect(db.query("delete from app_public.audit_events where id = $1", [id])).rejects.toMatchObject({
      code: "LL403",
    });
    await expect(db.query("truncate app_public.audit_events")).rejects.toMatchObject({ code: "LL403" });
    // as the API's role, even for an admin and the account's owner
    const admin = await demoClaims(db, "admin@demo.test", "admin");
    for (const who of [admin, owner]) {
      await expect(
        rollbackAs(db, who, (tx) => tx.query("update app_public.audit_events set action = 'x' where id = $1", [id])),
      ).rejects.toMatchObject({ code: "42501" });
      await expect(
        rollbackAs(db, who, (tx) => tx.query("delete from app_public.audit_events where id = $1", [id])),
      ).rejects.toMatchObject({ code: "42501" });
      await expect(
        rollbackAs(db, who, (tx) =>
          tx.query("insert into app_public.audit_events (kind, action) values ('command', 'forged')"),
        ),
      ).rejects.toMatchObject({ code: "42501" });
    }
    const { rows: still } = await db.query("select action from app_public.audit_events where id = $1", [id]);
    expect(still).toEqual([{ action: "status suspended -> active" }]);
  });

  it("calls a change of role to or from owner an ownership transfer", async () => {
    const multi = await demoClaims(db, "multi@demo.test", "issuer");
    const owner = await demoClaims(db, "issuer@demo.test", "issuer");
    await db
      .transaction(async (tx) => {
        await tx.query(
          "update app_public.users_accounts set role = 'account_admin' where user_id = $1 and account_id = $2",
          [owner.userId, owner.accountId],
        );
        await tx.query(
          "update app_public.users_accounts set role = 'account_owner' where user_id = $1 and account_id = $2",
          [multi.userId, multi.accountId],
        );
        const { rows } = await tx.query<{ kind: string; action: string }>(
          `select kind, action from app_public.audit_events where account_id = $1 and kind = 'ownership_transfer'
          order by created_on, action`,
          [owner.accountId],
        );
        expect(rows).toEqual([
          { kind: "ownership_transfer", action: "role account_admin -> account_owner" },
          { kind: "ownership_transfer", action: "role account_owner -> account_admin" },
        ]);
        throw new Error("rollback");
      })
      .catch((error: Error) => expect(error.message).toBe("rollback"));
  });

  it("shows members their account's events only; an admin every event", async () => {
    const issuer = await demoClaims(db, "issuer@demo.test", "issuer");
    const investor = await demoClaims(db, "investor@demo.test", "investor");
    const admin = await demoClaims(db, "admin@demo.test", "admin");
    const accounts = async (claims: typeof issuer) =>
      (
        await asAccount(db, claims, (tx) =>
          tx.query<{ account_id: string }>("select distinct account_id from app_public.audit_events"),
        )
      ).rows.map((row) => row.account_id);
    expect(await accounts(issuer)).toEqual([issuer.accountId]);
    expect(await accounts(investor)).toEqual([investor.accountId]);
    const all = await accounts(admin);
    expect(all).toEqual(expect.arrayContaining([issuer.accountId, investor.accountId, admin.accountId]));
  });
});
