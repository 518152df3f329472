// An account never has zero or two owners (sync/migrations/1210_delegates.sql: a partial unique index on the owner
// role per account; sync/database/delegates/10_delegates.sql: a deferred constraint trigger checked at commit), also
// under two concurrent ownership transfers on two connections of a real PostgreSQL (PGlite has one session).
import type pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { createPostgresTestDb, demoClaims, stopTestClusters, testTargets } from "../helpers/db.ts";
import { pgClusterAvailable } from "../helpers/pg-cluster.ts";

afterAll(async () => {
  await stopTestClusters();
});

async function owners(db: Database, accountId: string): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>(
    `select e.email from app_public.users_accounts ua join app_public.user_emails e on e.user_id = ua.user_id
      where ua.account_id = $1 and ua.role = 'account_owner'`,
    [accountId],
  );
  return rows.map((row) => row.email);
}

/** Whether a statement containing `text` is waiting for a lock (polled for up to 10 s). */
async function blockedOnLock(db: Database, text: string): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await db.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and position($1 in query) > 0",
      [text],
    );
    if ((rows[0]?.n ?? 0) > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { code?: string; message?: string }) => ({ code: error.code, message: error.message }),
  );

describe.each(testTargets)("one owner per account ($name)", (target) => {
  it("refuses a second owner at once and no owner at commit", async () => {
    const db = await target.create({ demo: true });
    try {
      const owner = await demoClaims(db, "issuer@demo.test");
      const second = failure(
        db.query(
          `update app_public.users_accounts set role = 'account_owner'
            where account_id = $1 and role = 'account_viewer'`,
          [owner.accountId],
        ),
      );
      expect(await second).toMatchObject({ code: "23505" });
      const none = failure(
        db.transaction(async (tx) => {
          await tx.query("update app_public.users_accounts set role = 'account_admin' where account_id = $1", [
            owner.accountId,
          ]);
        }),
      );
      expect(await none).toEqual({ code: "LL409", message: "An account must have exactly one owner." });
      // demote, then promote, in one transaction: allowed (the check waits for the commit)
      await db.transaction(async (tx) => {
        await tx.query(
          "update app_public.users_accounts set role = 'account_admin' where account_id = $1 and role = 'account_owner'",
          [owner.accountId],
        );
        await tx.query(
          "update app_public.users_accounts set role = 'account_owner' where account_id = $1 and role = 'account_viewer'",
          [owner.accountId],
        );
      });
      expect(await owners(db, String(owner.accountId))).toEqual(["issuer-viewer@demo.test"]);
    } finally {
      await db.close();
    }
  });
});

describe.skipIf(!pgClusterAvailable)("concurrent transfers (PostgreSQL, two connections)", () => {
  async function asRequest(client: pg.PoolClient, claims: Awaited<ReturnType<typeof demoClaims>>) {
    await client.query("begin");
    await client.query(
      `select set_config('jwt.claims.user_id', $1, true), set_config('jwt.claims.account_id', $2, true),
              set_config('jwt.claims.account_type', $3, true), set_config('jwt.claims.role', $4, true)`,
      [claims.userId, claims.accountId, claims.accountType, claims.role],
    );
    await client.query("set local role app_user");
  }

  it("two transfers by the owner at once: one wins, the other is refused, one owner remains", async () => {
    const db = await createPostgresTestDb({ demo: true });
    const pool = (db as Database & { pool: pg.Pool }).pool;
    const one = await pool.connect();
    const two = await pool.connect();
    try {
      const owner = await demoClaims(db, "issuer@demo.test");
      await asRequest(one, owner);
      await asRequest(two, owner);
      await one.query("select app_public.transfer_ownership('multi@demo.test')");
      // the second waits for the first's lock on the owner row
      const second = failure(two.query("select app_public.transfer_ownership('issuer-viewer@demo.test')"));
      expect(await blockedOnLock(db, "transfer_ownership")).toBe(true);
      await one.query("commit");
      expect(await second).toMatchObject({ code: "LL403" });
      await two.query("rollback");
      expect(await owners(db, String(owner.accountId))).toEqual(["multi@demo.test"]);
    } finally {
      one.release();
      two.release();
      await db.close();
    }
  });

  it("two promotions around the functions at once: the unique index refuses the second owner", async () => {
    const db = await createPostgresTestDb({ demo: true });
    const pool = (db as Database & { pool: pg.Pool }).pool;
    const one = await pool.connect();
    const two = await pool.connect();
    try {
      const owner = await demoClaims(db, "issuer@demo.test");
      const promote = (email: string) =>
        `update app_public.users_accounts set role = 'account_owner'
          where account_id = '${owner.accountId}'
            and user_id = (select user_id from app_public.user_emails where email = '${email}')`;
      const demote = `update app_public.users_accounts set role = 'account_admin'
          where account_id = '${owner.accountId}' and role = 'account_owner'`;
      await one.query("begin");
      await two.query("begin");
      await one.query(demote);
      await one.query(promote("multi@demo.test"));
      const second = failure(two.query(promote("issuer-viewer@demo.test")));
      expect(await blockedOnLock(db, "issuer-viewer@demo.test")).toBe(true);
      await one.query("commit");
      expect(await second).toMatchObject({ code: "23505" });
      await two.query("rollback");
      expect(await owners(db, String(owner.accountId))).toEqual(["multi@demo.test"]);
    } finally {
      one.release();
      two.release();
      await db.close();
    }
  });
});
