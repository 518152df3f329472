// The ready store's fill (sync/replication/pull.ts readyFiller, app_private.fill_ready_documents in
// sync/database/replication/40_ready_documents.sql): a cold fill walks the primary key once (each document built
// once, parts about N / part), the store it leaves is complete and every text is the builder's document; a fill
// interrupted by a restart resumes where its walk stood without building anything twice; a document changed behind
// the walk or ahead of it ends up ready with its new text.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { readyFiller } from "../../sync/replication/pull.ts";
import { seedScale } from "../../sync/seed/scale.ts";
import { stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(stopTestClusters);

const READY_MODELS = ["distributions", "holdings", "transactions"];
const PART = 50;
/** ids a part reads at most (fill_ready_documents: 16 x its `lim`) */
const SCAN = 16 * PART;

describe.each(testTargets)("the ready store's fill on $name", (target) => {
  let db: Database;

  const count = async (sql: string, params: unknown[] = []) =>
    Number((await db.query<{ n: string }>(sql, params)).rows[0]?.n ?? 0);
  const rows = (model: string) => count(`select count(*) as n from app_public.${model}`);
  const ready = (model: string) =>
    count(
      "select count(*) as n from app_private.ready_documents where model = $1 and version = (select app_private.ready_version($1))",
      [model],
    );
  /** Where the walk stands and what the fill did for the current builder version. */
  const fillState = async (model: string) =>
    (
      await db.query<{ after_id: string | null; parts: number; built: number }>(
        "select after_id, parts::int, built::int from app_private.ready_fill where model = $1 and version = app_private.ready_version($1)",
        [model],
      )
    ).rows[0];
  /** Rows of the model without ready text, and ready texts that are not the builder's document now. */
  async function wrong(model: string): Promise<string[]> {
    const { rows: found } = await db.query<{ id: string; why: string }>(
      `select t.id, 'missing' as why from app_public.${model} t
        where not exists (select 1 from app_private.ready_documents r
                          where r.model = $1 and r.id = t.id and r.version = app_private.ready_version($1))
       union all
       select r.id, 'stale' from app_private.ready_documents r
         left join app_private.docs_${model}(array(select id from app_private.ready_documents where model = $1)) b
           on b.id = r.id
        where r.model = $1 and r.doc::jsonb is distinct from b.doc`,
      [model],
    );
    return found.map((r) => `${r.why} ${r.id}`);
  }
  /** The store of `model` cold again, as after a deploy of a new builder, with no walk under way. */
  async function cold(model: string): Promise<void> {
    await db.query("delete from app_private.ready_documents where model = $1", [model]);
    await db.query("delete from app_private.ready_fill where model = $1", [model]);
  }

  beforeAll(async () => {
    db = await target.create({ demo: true });
    await seedScale(db, { holdings: 620, rounds: 3, investors: 50 });
  }, 600_000);

  afterAll(async () => {
    await db?.close();
  });

  it("a cold fill reads each row once: every document built once, parts about N / part, the store complete and the builder's", async () => {
    for (const model of READY_MODELS) {
      await cold(model);
      const n = await rows(model);
      expect(n, model).toBeGreaterThanOrEqual(620);
      expect(await ready(model), model).toBe(0);
      const filler = readyFiller(db, { part: PART, quietMs: 0 });
      await filler.request(model);
      // one walk: a part per PART documents, the last one finding the end
      expect(filler.stats.get(model), model).toEqual({ parts: Math.floor(n / PART) + 1, walks: 1 });
      expect(await fillState(model), model).toEqual({
        after_id: null,
        parts: Math.floor(n / PART) + 1,
        built: n,
      });
      expect(await ready(model), model).toBe(n);
      expect(await wrong(model), model).toEqual([]);
    }
    // the two-argument form (one call builds up to `lim`, 0 when complete) walks on from the same cursor
    await cold("holdings");
    let calls = 0;
    let built = 0;
    for (;;) {
      const n = await count("select app_private.fill_ready_documents('holdings', 200) as n");
      calls++;
      built += n;
      if (n === 0) break;
    }
    const holdings = await rows("holdings");
    expect(built).toBe(holdings);
    expect(calls).toBe(Math.ceil(holdings / 200) + 1);
    expect(await wrong("holdings")).toEqual([]);
  }, 600_000);

  it("a fill interrupted by a restart resumes where its walk stood and builds nothing twice", async () => {
    const model = "transactions";
    await cold(model);
    const n = await rows(model);
    // the process before the restart: three parts of its walk
    let after: string | null = null;
    for (let i = 0; i < 3; i++) {
      const part: { rows: Array<{ next: string | null }> } = await db.query<{ next: string | null }>(
        "select app_private.fill_ready_documents($1, $2::uuid, $3) as next",
        [model, after, PART],
      );
      after = part.rows[0]?.next ?? null;
    }
    expect(after).not.toBeNull();
    expect(await fillState(model)).toMatchObject({ after_id: after, parts: 3, built: 3 * PART });
    expect(await ready(model)).toBe(3 * PART);
    // the restarted process: its filler reads where the walk stands and goes on from there; having not started at the
    // start, it reads the ids before once more (a check, 16 parts' ids a part) and builds none of them again
    const filler = readyFiller(db, { part: PART, quietMs: 0 });
    await filler.request(model);
    const resumedParts = Math.floor(n / PART) + 1 - 3;
    const checkParts = Math.floor(n / SCAN) + 1;
    expect(filler.stats.get(model)).toEqual({ parts: resumedParts + checkParts, walks: 2 });
    expect(await fillState(model)).toEqual({
      after_id: null,
      parts: 3 + resumedParts + checkParts,
      built: n,
    });
    expect(await wrong(model)).toEqual([]);
  }, 600_000);

  it("a document changed behind the walk or ahead of it ends up ready with its new text", async () => {
    const model = "holdings";
    await cold(model);
    const ids = (await db.query<{ id: string }>("select id from app_public.holdings order by id")).rows.map(
      (r) => r.id,
    );
    const changed: string[] = [];
    let parts = 0;
    const filler = readyFiller(db, {
      part: PART,
      quietMs: 0,
      onPart: async (_model, next) => {
        parts++;
        if (parts !== 2 || next === null) return;
        // after the second part: one holding the walk has built (behind it) and one it has not reached change
        const behind = ids[3] as string;
        const ahead = ids[ids.indexOf(next) + 10] as string;
        expect(behind < next && ahead > next).toBe(true);
        for (const id of [behind, ahead]) {
          await db.query("update app_public.holdings set amount = amount + 7 where id = $1", [id]);
          changed.push(id);
        }
        // the behind one lost its text at the update's commit; a pull finding it missing asks for a fill again
        expect(await count("select count(*) as n from app_private.ready_documents where id = $1", [behind])).toBe(0);
        void filler.request(model);
      },
    });
    const { rows: before } = await db.query<{ id: string; amount: string }>(
      "select id, amount::text from app_public.holdings",
    );
    await filler.request(model);
    expect(changed).toHaveLength(2);
    // the walk went on to the end, then once more from the start for the document changed behind it
    expect(filler.stats.get(model)?.walks).toBe(2);
    expect(await wrong(model)).toEqual([]);
    const { rows: texts } = await db.query<{ id: string; amount: string }>(
      "select id, (doc::jsonb ->> 'amount') as amount from app_private.ready_documents where model = 'holdings' and id = any($1::uuid[])",
      [changed],
    );
    expect(texts).toHaveLength(2);
    for (const text of texts) {
      const old = before.find((r) => r.id === text.id);
      expect(Number(text.amount), text.id).toBe(Number(old?.amount) + 7);
    }
    // the whole store: built once each, plus the changed behind document once more
    expect(await fillState(model)).toMatchObject({ after_id: null, built: ids.length + 1 });
  }, 600_000);
});
