// Ready documents (sync/database/replication/40_ready_documents.sql): every document the pull serves, ready text or
// built, is the document its builder makes now under the reader's row-level security, for every read model and every
// demo membership (and the scale issuer), after the store is filled and again after updates, deletes, grants and
// revocations written in ordinary transactions (their texts forgotten at commit, built again by the fill). The ready text itself is the builder's
// document without row-level security, and a revoked broker's device receives the documents it lost as deletions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Sql } from "../../sync/db/database.ts";
import { seedScale } from "../../sync/seed/scale.ts";
import { asAccount, stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(stopTestClusters);

const READY_MODELS = ["distributions", "holdings", "transactions"];

interface Reader {
  label: string;
  claims: { userId: string; accountId: string; accountType: string; role: string };
}

interface Checkpoint {
  txid: string;
  seq: number;
}

interface Page {
  documents: Array<{ id: string; _deleted?: boolean }>;
  checkpoint: Checkpoint;
}

/** Every page of `model` after `from` as the reader, through the pull endpoint's SQL; and how many were ready. */
async function pullAll(
  tx: Sql,
  model: string,
  from: Checkpoint = { txid: "0", seq: 0 },
): Promise<{ documents: string; ids: string[]; served: number; missing: number; checkpoint: Checkpoint }> {
  let checkpoint = from;
  const documents: unknown[] = [];
  const ids: string[] = [];
  let served = 0;
  let missing = 0;
  for (;;) {
    const { rows } = await tx.query<{ body: string; missing: string | null }>(
      `select app_private.pull_documents_text($1, $2, $3::bigint, 1000) as body,
              current_setting('ledgerline.ready_missing', true) as missing`,
      [model, checkpoint.txid, checkpoint.seq],
    );
    const page = JSON.parse(rows[0]?.body ?? "null") as Page;
    const pageIds = page.documents.map((d) => d.id);
    if (READY_MODELS.includes(model) && pageIds.length > 0) {
      const { rows: whole } = await tx.query<{ n: number }>(
        "select count(*)::int as n from app_private.ready_texts($1, $2::uuid[]) where doc is not null",
        [model, pageIds],
      );
      served += whole[0]?.n ?? 0;
      missing += Number(rows[0]?.missing ?? 0);
    }
    documents.push(...page.documents);
    ids.push(...pageIds);
    checkpoint = page.checkpoint;
    if (page.documents.length < 1000) break;
  }
  return { documents: JSON.stringify(documents), ids, served, missing, checkpoint };
}

describe.each(testTargets)("ready documents on $name", (target) => {
  let db: Database;
  let readers: Reader[];
  let models: string[];
  let issuerId: string;

  /** Documents served that differ from the builder's, per reader and model; and ready documents served per model. */
  async function compareEveryPull(): Promise<{ differences: string[]; served: Record<string, number> }> {
    const differences: string[] = [];
    const served: Record<string, number> = {};
    for (const reader of readers) {
      await asAccount(db, reader.claims, async (tx) => {
        for (const model of models) {
          const pulled = await pullAll(tx, model);
          served[model] = (served[model] ?? 0) + pulled.served;
          const { rows } = await tx.query<{ id: string; pulled: unknown; built: unknown }>(
            `with pulled as (select p.doc from jsonb_array_elements($1::jsonb) p(doc))
             select p.doc ->> 'id' as id, p.doc as pulled, b.doc as built
             from pulled p
               left join app_private.docs_${model}($2::uuid[]) b on b.id = (p.doc ->> 'id')::uuid
             where coalesce(b.doc, jsonb_build_object('id', p.doc ->> 'id', '_deleted', true)) is distinct from p.doc
             limit 3`,
            [pulled.documents, pulled.ids],
          );
          for (const row of rows) differences.push(`${reader.label} ${model} ${row.id}`);
        }
      });
    }
    return { differences, served };
  }

  /** Ready texts that are not the builder's document without row-level security (or of a deleted document). */
  async function staleReadyDocuments(): Promise<string[]> {
    const stale: string[] = [];
    for (const model of READY_MODELS) {
      const { rows } = await db.query<{ id: string }>(
        `select r.id from app_private.ready_documents r
           left join app_private.docs_${model}(array(select id from app_private.ready_documents where model = $1)) b
             on b.id = r.id
         where r.model = $1 and r.version = app_private.ready_version($1) and r.doc::jsonb is distinct from b.doc`,
        [model],
      );
      stale.push(...rows.map((r) => `${model} ${r.id}`));
    }
    return stale;
  }

  async function fill(): Promise<number> {
    let built = 0;
    for (const model of READY_MODELS) {
      for (;;) {
        const { rows } = await db.query<{ n: string }>("select app_private.fill_ready_documents($1, 500) as n", [
          model,
        ]);
        const n = Number(rows[0]?.n ?? 0);
        built += n;
        if (n === 0) break;
      }
    }
    return built;
  }

  beforeAll(async () => {
    db = await target.create({ demo: true });
    ({ issuerId } = await seedScale(db, { holdings: 240, rounds: 3, investors: 40 }));
    models = (await db.query<{ model: string }>("select model from app_private.replicated_models order by 1")).rows.map(
      (r) => r.model,
    );
    const members = await db.query<{ user_id: string; account_id: string; type: string; role: string; label: string }>(
      `select ua.user_id, ua.account_id, a.type, ua.role, coalesce(e.email, ua.user_id::text) || ' as ' || a.name as label
         from app_public.users_accounts ua
         join app_public.accounts a on a.id = ua.account_id
         left join app_public.user_emails e on e.user_id = ua.user_id and e.is_primary
        where ua.status = 'active'
        order by 5`,
    );
    readers = members.rows.map((m) => ({
      label: m.label,
      claims: { userId: m.user_id, accountId: m.account_id, accountType: m.type, role: m.role },
    }));
  }, 600_000);

  afterAll(async () => {
    await db?.close();
  });

  it("filled by the consumer and again after a new builder version, every pulled document is the builder's for every membership", async () => {
    // the seed's documents were forgotten at its commit: built by the fill (the pull endpoint's consumer)
    expect(await fill()).toBeGreaterThanOrEqual(240);
    const { rows: kept } = await db.query<{ model: string; n: number }>(
      "select model, count(*)::int as n from app_private.ready_documents group by model order by model",
    );
    expect(kept.map((r) => r.model)).toEqual(READY_MODELS);
    expect(kept.find((r) => r.model === "holdings")?.n).toBeGreaterThanOrEqual(240);
    expect(await fill()).toBe(0);
    // a new builder version: the old texts are not served (the builder answers) until filled again
    await db.query("update app_private.ready_documents set version = 'older builder' where model = 'holdings'");
    expect(await fill()).toBeGreaterThanOrEqual(240);
    expect(await fill()).toBe(0);
    expect(readers.length).toBeGreaterThanOrEqual(13);
    expect(readers.some((r) => r.claims.accountType === "agent")).toBe(true);
    expect(readers.some((r) => r.claims.accountType === "investor")).toBe(true);
    expect(readers.some((r) => r.claims.accountId === issuerId)).toBe(true);
    const { differences, served } = await compareEveryPull();
    expect(differences).toEqual([]);
    // the store is what was served: the scale issuer alone sees its 240 holdings whole
    for (const model of READY_MODELS) expect(served[model], model).toBeGreaterThan(0);
    expect(served.holdings).toBeGreaterThanOrEqual(240);
    expect(await staleReadyDocuments()).toEqual([]);
  }, 600_000);

  it("the ready text holds parts some readers may not see: they get the builder's document instead", async () => {
    // Documents whose ready text differs from what a reader who sees them (not whole) is given: an investor's
    // distribution without annotations or custom fields, an agent's without prices.
    const ready = new Map<string, string>();
    for (const model of READY_MODELS) {
      const { rows } = await db.query<{ docs: string }>(
        "select jsonb_agg(jsonb_build_object('id', id, 'doc', doc::jsonb))::text as docs from app_private.ready_documents where model = $1",
        [model],
      );
      ready.set(model, rows[0]?.docs ?? "[]");
    }
    const narrower: Record<string, number> = {};
    for (const reader of readers) {
      await asAccount(db, reader.claims, async (tx) => {
        for (const model of READY_MODELS) {
          const { rows } = await tx.query<{ n: number }>(
            `with ready as (select (r ->> 'id')::uuid as id, r -> 'doc' as doc from jsonb_array_elements($1::jsonb) r)
             select count(*)::int as n
               from app_private.docs_${model}(array(select id from ready)) b join ready r on r.id = b.id
              where r.doc <> b.doc
                and b.id not in (select app_private.ready_whole_ids($2, array(select id from ready)))`,
            [ready.get(model), model],
          );
          narrower[model] = (narrower[model] ?? 0) + (rows[0]?.n ?? 0);
        }
      });
    }
    expect(narrower.distributions).toBeGreaterThan(0);
  }, 600_000);

  it("after updates, deletes, grants and revocations every pulled document is still the builder's", async () => {
    const demoBroker = (
      await db.query<{ id: string; user_id: string }>(
        `select a.id, ua.user_id from app_public.accounts a join app_public.users_accounts ua on ua.account_id = a.id
          where a.type = 'broker' and ua.status = 'active' order by a.name limit 1`,
      )
    ).rows[0];
    expect(demoBroker).toBeDefined();
    const broker = readers.find((r) => r.claims.accountId === demoBroker?.id);
    expect(broker).toBeDefined();
    const round = (
      await db.query<{ id: string }>(
        `select r.id from app_public.rounds r join app_public.assets a on a.id = r.asset_id
          where a.issuer_id = $1 and exists (select 1 from app_public.transactions t where t.round_id = r.id)
            and not exists (select 1 from app_public.broker_allocations b where b.round_id = r.id and b.broker_id = $2)
          order by r.name limit 1`,
        [issuerId, demoBroker?.id],
      )
    ).rows[0];
    expect(round).toBeDefined();

    // Updates.
    const holding = (
      await db.query<{ id: string; investor_id: string }>(
        "select id, investor_id from app_public.holdings where round_id = $1 order by id limit 1",
        [round?.id],
      )
    ).rows[0];
    // A write in a request as an agent (role app_user, the agent's claims) through a function running as its
    // owner, as the commands do: the texts built afterwards are still the documents without a reader.
    await db.exec(`
      create or replace function public.ready_docs_test_touch(holding uuid, distribution uuid) returns void
        language sql security definer set search_path = pg_catalog as $$
          update app_public.holdings set amount = amount + 1 where id = holding;
          update app_public.distributions set updated_on = now() where id = distribution;
        $$;
      grant execute on function public.ready_docs_test_touch(uuid, uuid) to app_user;`);
    const agent = readers.find((r) => r.claims.accountType === "agent");
    if (!agent) throw new Error("no agent membership");
    const agentsDistribution = (
      await db.query<{ id: string }>(
        `select d.id from app_public.distributions d
           join app_public.allocation_offering_links l on l.allocation_id = d.allocation_id
          where l.agent_id = $1 and d.purchase_price is not null order by d.id limit 1`,
        [agent.claims.accountId],
      )
    ).rows[0];
    expect(agentsDistribution).toBeDefined();
    await asAccount(db, agent.claims, (tx) =>
      tx.query("select public.ready_docs_test_touch($1, $2)", [holding?.id, agentsDistribution?.id]),
    );
    await db.query("update app_public.accounts set name = name || ' (renamed)' where id = $1", [holding?.investor_id]);
    // the ledger is append-only: a new entry in a transaction of the round
    await db.query(
      `insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount)
       select l.transaction_id, l.holding_id, l.investor_id, 1 from app_public.ledger_entries l
         join app_public.transactions t on t.id = l.transaction_id
        where t.round_id = $1 order by l.id limit 1`,
      [round?.id],
    );
    const distribution = (
      await db.query<{ id: string }>(
        "select d.id from app_public.distributions d where d.investor_id = $1 order by d.id limit 1",
        [holding?.investor_id],
      )
    ).rows[0];
    await db.query(
      "insert into app_public.distribution_payments (distribution_id, amount, paid_on) values ($1, 123.45, now())",
      [distribution?.id],
    );
    // Deletes: a payment (a distribution's part) and a holding (added, then deleted).
    await db.query(
      `delete from app_public.distribution_payments
        where id = (select id from app_public.distribution_payments where distribution_id <> $1 order by id limit 1)`,
      [distribution?.id],
    );
    const added = (
      await db.query<{ id: string }>(
        `insert into app_public.holdings (security_id, round_id, investor_id, amount)
         select security_id, round_id, investor_id, 5 from app_public.holdings where id = $1 returning id`,
        [holding?.id],
      )
    ).rows[0];
    const { rows: addedReady } = await db.query(
      "select 1 from app_private.ready_documents where model = 'holdings' and id = $1",
      [added?.id],
    );
    expect(addedReady).toHaveLength(0); // forgotten at commit
    expect(await fill()).toBeGreaterThan(0);
    const { rows: addedFilled } = await db.query(
      "select 1 from app_private.ready_documents where model = 'holdings' and id = $1",
      [added?.id],
    );
    expect(addedFilled).toHaveLength(1);
    const deleted = (
      await db.query<{ id: string }>("delete from app_public.holdings where id = $1 returning id", [added?.id])
    ).rows[0];
    expect(deleted).toBeDefined();

    // A grant: the demo broker accepts the round; its holdings and transactions come to it.
    const allocation = (
      await db.query<{ id: string }>(
        "insert into app_public.broker_allocations (round_id, broker_id, status) values ($1, $2, 'accepted') returning id",
        [round?.id, demoBroker?.id],
      )
    ).rows[0];
    // with part of the store forgotten (the pull builds those), then filled again
    expect((await compareEveryPull()).differences).toEqual([]);
    await fill();
    const before = await compareEveryPull();
    expect(before.differences).toEqual([]);
    expect(await staleReadyDocuments()).toEqual([]);
    if (!broker) throw new Error("no broker membership");
    const held = await asAccount(db, broker.claims, (tx) => pullAll(tx, "transactions"));
    const roundTransactions = (
      await db.query<{ id: string }>("select id from app_public.transactions where round_id = $1", [round?.id])
    ).rows.map((r) => r.id);
    expect(roundTransactions.length).toBeGreaterThan(0);
    const heldDocuments = JSON.parse(held.documents) as Array<{ id: string; _deleted?: boolean }>;
    for (const id of roundTransactions) expect(heldDocuments.find((d) => d.id === id)?._deleted, id).toBe(false);

    // The revocation: the broker's allocation is rejected; what it held of the round leaves its device.
    await db.query("update app_public.broker_allocations set status = 'rejected' where id = $1", [allocation?.id]);
    const after = await asAccount(db, broker.claims, (tx) => pullAll(tx, "transactions", held.checkpoint));
    const afterDocuments = JSON.parse(after.documents) as Array<{ id: string; _deleted?: boolean }>;
    for (const id of roundTransactions) {
      expect(
        afterDocuments.find((d) => d.id === id),
        id,
      ).toEqual({ id, _deleted: true });
    }
    expect((await compareEveryPull()).differences).toEqual([]);
    await fill();
    const revoked = await compareEveryPull();
    expect(revoked.differences).toEqual([]);
    expect(await staleReadyDocuments()).toEqual([]);
    // the deleted holding has no ready text left
    const { rows } = await db.query("select 1 from app_private.ready_documents where model = 'holdings' and id = $1", [
      deleted?.id,
    ]);
    expect(rows).toEqual([]);
  }, 600_000);

  it("on a cold store a reader's whole documents are built without its rules, the same documents, and only for it", async () => {
    const kept = async () =>
      Number((await db.query<{ n: string }>("select count(*) as n from app_private.ready_documents")).rows[0]?.n);
    await db.query("delete from app_private.ready_documents");
    const holdings = (await db.query<{ id: string }>("select id from app_public.holdings order by id")).rows.map(
      (r) => r.id,
    );
    // ready_take: the scale issuer's holdings (its rounds: seen whole) are the builder's documents without a reader
    const scaleIssuer = readers.find((r) => r.claims.accountId === issuerId);
    if (!scaleIssuer) throw new Error("no scale issuer membership");
    const taken = await asAccount(db, scaleIssuer.claims, async (tx) => {
      const { rows } = await tx.query<{ id: string; doc: string }>(
        "select id, doc from app_private.ready_take('holdings', $1::uuid[]) order by id",
        [holdings],
      );
      const missing = await tx.query<{ n: string }>("select current_setting('ledgerline.ready_missing', true) as n");
      const whole = await tx.query<{ id: string }>(
        "select app_private.ready_whole_ids('holdings', $1::uuid[]) as id order by 1",
        [holdings],
      );
      return { rows, missing: Number(missing.rows[0]?.n), whole: whole.rows.map((r) => r.id) };
    });
    expect(taken.whole.length).toBeGreaterThanOrEqual(240);
    expect(taken.rows.map((r) => r.id)).toEqual(taken.whole);
    expect(taken.missing).toBe(taken.whole.length);
    const { rows: differ } = await db.query<{ id: string }>(
      `select t.id from jsonb_to_recordset($1::jsonb) t(id uuid, doc text)
         left join app_private.docs_holdings(array(select (x ->> 'id')::uuid from jsonb_array_elements($1::jsonb) x)) b
           on b.id = t.id
        where b.doc is distinct from t.doc::jsonb`,
      [JSON.stringify(taken.rows)],
    );
    expect(differ).toEqual([]);
    // an investor sees its own holdings, distributions and transactions, none of them whole: ready_take gives it nothing
    const investor = readers.find((r) => r.claims.accountType === "investor");
    if (!investor) throw new Error("no investor membership");
    const investorTaken = await asAccount(db, investor.claims, async (tx) => {
      let n = 0;
      for (const model of READY_MODELS) {
        const { rows } = await tx.query<{ n: number }>(
          `select count(*)::int as n from app_private.ready_take($1, array(select id from app_public.${model}))`,
          [model],
        );
        n += rows[0]?.n ?? 0;
      }
      return n;
    });
    expect(investorTaken).toBe(0);
    // every membership's pulls on the cold store: each document is the builder's under its reader's rules; the pull
    // keeps nothing (the fill does)
    const cold = await compareEveryPull();
    expect(cold.differences).toEqual([]);
    expect(await kept()).toBe(0);
    expect(await fill()).toBeGreaterThanOrEqual(240);
    expect((await compareEveryPull()).differences).toEqual([]);
    expect(await staleReadyDocuments()).toEqual([]);
  }, 600_000);
});
