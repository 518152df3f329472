// The audit trail's change rows (sync/database/audit/20_replica.sql): one statement-level trigger writes a change per
// new event, the rows record_change wrote per event before (the audience record_document_change makes from
// audience_audit_events and the account column, no audience types), so a batch of commands logged in one statement
// gives each of its events to the change stream once, and the stream hands them to the event's account and to
// platform admins only. On PGlite and, when installed, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { asAccount, type Claims, demoClaims, stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(stopTestClusters);

interface ChangeRow {
  doc_id: string;
  audience: string[] | null;
  audience_types: string[] | null;
  expected: string[];
  expected_types: string[] | null;
}

describe.each(testTargets)("audit events in the change log on $name", (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.create({ demo: true });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  /** The change rows of `ids`, with what record_document_change('audit_events', id, account columns) would write. */
  async function changesOf(ids: string[]): Promise<ChangeRow[]> {
    const { rows } = await db.query<ChangeRow>(
      `select c.doc_id, c.audience, c.audience_types,
              array(select distinct a from unnest(app_private.audience_audit_events(e.id)
                                                  || app_private.row_accounts(to_jsonb(e), array['account_id'])) a
                    where a is not null) as expected,
              app_private.audience_types('audit_events', e.id) as expected_types
         from app_private.changes c join app_public.audit_events e on e.id = c.doc_id
        where c.model = 'audit_events' and c.doc_id = any ($1::uuid[])
        order by c.seq`,
      [ids],
    );
    return rows;
  }

  async function streamed(claims: Claims, ids: string[]): Promise<string[]> {
    const { rows } = await asAccount(db, claims, (tx) =>
      tx.query<{ doc_ids: string[] }>(
        "select doc_ids from app_private.next_changes('audit_events', '0'::xid8, 0, 100000)",
      ),
    );
    return (rows[0]?.doc_ids ?? []).filter((id) => ids.includes(id)).sort();
  }

  const entry = (status: string, i: number) => ({
    key: crypto.randomUUID(),
    device_id: "audit-changes",
    device_seq: i,
    mutation: "makeCustomer",
    variables: { input: { id: crypto.randomUUID(), email: `changes-${i}@audit.test`, name: `C ${i}` } },
    status,
    error_code: status === "accepted" ? null : "LL422",
    error_message: status === "accepted" ? null : "refused",
    result: null,
    created_on: new Date().toISOString(),
  });

  it("gives each event of a logged batch one change for its account, as the row trigger did", async () => {
    const issuer = await demoClaims(db, "issuer@demo.test", "issuer");
    const investor = await demoClaims(db, "investor@demo.test", "investor");
    const admin = await demoClaims(db, "admin@demo.test", "admin");
    const entries = [entry("accepted", 1), entry("rejected", 2), entry("accepted", 3), entry("accepted", 4)];
    await asAccount(db, issuer, (tx) =>
      tx.query("select app_private.log_commands($1::jsonb)", [JSON.stringify(entries)]),
    );
    const { rows: events } = await db.query<{ id: string }>(
      "select id from app_public.audit_events where kind = 'command' and details ->> 'key' = any ($1::text[])",
      [entries.map((e) => e.key)],
    );
    expect(events).toHaveLength(3);
    const ids = events.map((event) => event.id).sort();

    const changes = await changesOf(ids);
    expect(changes.map((change) => change.doc_id).sort()).toEqual(ids);
    for (const change of changes) {
      expect(change.audience).toEqual([issuer.accountId]);
      expect(change.audience).toEqual(change.expected);
      expect(change.audience_types).toBeNull();
      expect(change.expected_types).toBeNull();
    }

    expect(await streamed(issuer, ids)).toEqual(ids);
    expect(await streamed(investor, ids)).toEqual([]);
    expect(await streamed(admin, ids)).toEqual(ids);
  });

  it("writes no change for a batch without an accepted command", async () => {
    const issuer = await demoClaims(db, "issuer@demo.test", "issuer");
    const before = await db.query<{ n: number }>(
      "select count(*)::int as n from app_private.changes where model = 'audit_events'",
    );
    await asAccount(db, issuer, (tx) =>
      tx.query("select app_private.log_commands($1::jsonb)", [JSON.stringify([entry("rejected", 5)])]),
    );
    const after = await db.query<{ n: number }>(
      "select count(*)::int as n from app_private.changes where model = 'audit_events'",
    );
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it("gives a sign-in of no account yet to platform admins only", async () => {
    const issuer = await demoClaims(db, "issuer@demo.test", "issuer");
    const admin = await demoClaims(db, "admin@demo.test", "admin");
    const { rows } = await db.query<{ id: string }>(
      `insert into app_private.sessions (token_hash, user_id, expires_on)
       values ($1, $2, now() + interval '1 hour') returning id`,
      [`audit-changes-${crypto.randomUUID()}`, issuer.userId],
    );
    const { rows: events } = await db.query<{ id: string; account_id: string | null }>(
      "select id, account_id from app_public.audit_events where session_id = $1",
      [rows[0]?.id],
    );
    expect(events).toHaveLength(1);
    expect(events[0]?.account_id).toBeNull();
    const ids = events.map((event) => event.id);
    const changes = await changesOf(ids);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.audience).toEqual([]);
    expect(changes[0]?.audience).toEqual(changes[0]?.expected);
    expect(await streamed(issuer, ids)).toEqual([]);
    expect(await streamed(admin, ids)).toEqual(ids);
  });
});
