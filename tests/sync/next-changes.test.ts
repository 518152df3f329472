// The change-log scan of a pull page (app_private.next_changes, 0506: one SQL statement over a growing window of the
// log) must answer exactly as the original PL/pgSQL loop of 0161 (written out below): for every demo account, every
// read model and several page sizes, walking the whole log page by page gives the same documents and checkpoints.
// The reference carries the one rule added since: an account's changes reach only the roles that read the model
// (an account's viewer reads no audit_events, so it is not handed their ids).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { DEMO_EMAILS } from "../../sync/seed/demo.ts";
import { type Claims, demoClaims, stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(stopTestClusters);

const REFERENCE = `
create or replace function pg_temp.reference_next_changes(model text, after_txid xid8, after_seq bigint, lim integer,
  out doc_ids uuid[], out txid xid8, out seq bigint)
  language plpgsql stable security definer
  set search_path = pg_catalog, app_private
as $$
declare
  change record;
  -- a change addressed to the account reaches the members whose role reads the model (role_reads_model, issue 36)
  account uuid := case when app_private.role_reads_model(model) then app_private.current_account_id() end;
  account_type text := app_private.current_account_type();
  sees_all boolean := app_private.current_account_type() = 'admin';
  watermark xid8 := pg_snapshot_xmin(pg_current_snapshot());
begin
  doc_ids := '{}';
  txid := after_txid;
  seq := after_seq;
  for change in
    select c.txid, c.seq, c.doc_id, c.audience, c.audience_types
    from app_private.changes c
    where c.model = reference_next_changes.model
      and (c.txid, c.seq) > (after_txid, after_seq)
      and c.txid < watermark
    order by c.txid, c.seq
  loop
    if sees_all or change.audience is null or account = any (change.audience)
        or account_type = any (change.audience_types) then
      if not change.doc_id = any (doc_ids) then
        exit when cardinality(doc_ids) >= lim;
        doc_ids := doc_ids || change.doc_id;
      end if;
    end if;
    txid := change.txid;
    seq := change.seq;
  end loop;
end;
$$`;

interface Page {
  doc_ids: string[];
  txid: string;
  seq: string;
}

describe.each(testTargets)("next_changes on $name", (target) => {
  let db: Database;
  let memberships: Array<{ label: string; claims: Claims }>;
  let models: string[];

  beforeAll(async () => {
    db = await target.create({ demo: true });
    memberships = [];
    for (const email of DEMO_EMAILS) {
      const { rows } = await db.query<{ type: string }>(
        `select distinct a.type from app_public.user_emails e
           join app_public.users_accounts ua on ua.user_id = e.user_id
           join app_public.accounts a on a.id = ua.account_id
          where lower(e.email) = lower($1)`,
        [email],
      );
      for (const { type } of rows) {
        memberships.push({ label: `${email} as ${type}`, claims: await demoClaims(db, email, type) });
      }
    }
    models = (await db.query<{ model: string }>("select model from app_private.replicated_models order by 1")).rows.map(
      (r) => r.model,
    );
  });
  afterAll(async () => {
    await db?.close();
  });

  it("walks the log page by page exactly as the original loop, for every account, model and page size", async () => {
    expect(memberships.length).toBeGreaterThanOrEqual(11);
    expect(models.length).toBeGreaterThanOrEqual(10);
    let pagesCompared = 0;
    let documentsSeen = 0;
    for (const { label, claims } of memberships) {
      await db.transaction(async (tx) => {
        await tx.query(REFERENCE);
        await tx.query(
          "grant execute on function pg_temp.reference_next_changes(text, xid8, bigint, integer) to app_user",
        );
        await tx.query(
          `select set_config('jwt.claims.user_id', $1, true), set_config('jwt.claims.account_id', $2, true),
                  set_config('jwt.claims.account_type', $3, true), set_config('jwt.claims.role', $4, true)`,
          [claims.userId ?? "", claims.accountId ?? "", claims.accountType ?? "", claims.role ?? ""],
        );
        await tx.query("set local role app_user");
        for (const model of models) {
          for (const lim of [1, 2, 3, 7, 50, 1000]) {
            let checkpoint = { txid: "0", seq: "0" };
            for (let guard = 0; guard < 10_000; guard++) {
              const args = [model, checkpoint.txid, checkpoint.seq, lim];
              const [fast] = (
                await tx.query<Page>(
                  "select doc_ids, txid::text, seq::text from app_private.next_changes($1, $2::xid8, $3::bigint, $4)",
                  args,
                )
              ).rows;
              const [reference] = (
                await tx.query<Page>(
                  "select doc_ids, txid::text, seq::text from pg_temp.reference_next_changes($1, $2::xid8, $3::bigint, $4)",
                  args,
                )
              ).rows;
              expect(fast, `${label} ${model} lim ${lim} after ${checkpoint.txid}/${checkpoint.seq}`).toEqual(
                reference,
              );
              pagesCompared++;
              documentsSeen += fast?.doc_ids.length ?? 0;
              if (!fast || fast.doc_ids.length < lim) break;
              checkpoint = { txid: fast.txid, seq: fast.seq };
            }
          }
        }
        await tx.query("reset role");
      });
    }
    expect(pagesCompared).toBeGreaterThan(500);
    expect(documentsSeen).toBeGreaterThan(500);
  });
});
