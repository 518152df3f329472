// The API: every holding of the scale issuer in pages of 1,000, through GraphQL (allHoldings first/offset, and the
// replication pull pullDocuments) and through the pull endpoint POST /api/v2/pull, as the signed-in issuer, against raw SQL for the same rows on the same database
// (superuser, no RLS: the floor any API on this database could reach).
import type { Database } from "../../sync/db/database.ts";
import type { TestClient } from "../../tests/helpers/server.ts";

export interface ApiFigures {
  pages: number;
  rows: number;
  /** allHoldings(first: 1000, offset, orderBy: PRIMARY_KEY_ASC), all pages, ms */
  graphqlMs: number;
  /** pullDocuments("holdings", checkpoint, 1000), all pages, ms */
  pullMs: number;
  /** POST /api/v2/pull {model: "holdings", afterTxid, afterSeq, limit: 1000}, all pages, ms: the ready store cold (the
   * scale seed wrote with its triggers off), the first page starting the fill */
  pullHttpMs: number;
  /** from the cold pull's end until the fill it started had built every holding's text, ms */
  fillMs: number;
  /** the same pages through POST /api/v2/pull once the ready store is filled, ms */
  pullHttpFilledMs: number;
  /** the same rows as allHoldings (same columns, order, pages), raw SQL, ms */
  sqlMs: number;
  /** the same documents as the pull endpoint builds, raw SQL (docs_holdings of the same ids), ms (after the fill) */
  pullSqlMs: number;
  /** the same raw SQL again, right after the filled pull, ms */
  pullSqlFilledMs: number;
  /** pullDocuments on the same pages once the ready store is filled, ms (against pullSqlFilledMs) */
  pullFilledMs: number;
}

const PAGE = 1000;

const HOLDINGS_PAGE = `query holdingsPage($offset: Int!) {
  allHoldings(first: ${PAGE}, offset: $offset, orderBy: PRIMARY_KEY_ASC) {
    nodes { id securityId roundId investorId distributionId amount purchasePrice issuedOn createdOn updatedOn }
  }
}`;

const PULL = `query pullDocuments($afterTxid: String!, $afterSeq: BigInt!) {
  pullDocuments(model: "holdings", afterTxid: $afterTxid, afterSeq: $afterSeq, lim: ${PAGE})
}`;

export async function apiBench(db: Database, client: TestClient, issuerId: string): Promise<ApiFigures> {
  // warm both paths once (plan caches, PostGraphile's operation cache)
  await client.graphql(HOLDINGS_PAGE, { offset: 0 });
  await holdingsSql(db, issuerId, 0);

  let rows = 0;
  let pages = 0;
  let started = performance.now();
  for (let offset = 0; ; offset += PAGE) {
    const response = await client.graphql<{ allHoldings: { nodes: unknown[] } }>(HOLDINGS_PAGE, { offset });
    if (response.errors) throw new Error(`allHoldings: ${JSON.stringify(response.errors)}`);
    const nodes = response.data?.allHoldings.nodes ?? [];
    rows += nodes.length;
    pages++;
    if (nodes.length < PAGE) break;
  }
  const graphqlMs = performance.now() - started;

  let sqlRows = 0;
  started = performance.now();
  for (let offset = 0; ; offset += PAGE) {
    const page = await holdingsSql(db, issuerId, offset);
    sqlRows += page.length;
    if (page.length < PAGE) break;
  }
  const sqlMs = performance.now() - started;
  if (sqlRows !== rows) throw new Error(`GraphQL served ${rows} holdings, SQL ${sqlRows}`);

  // pullDocuments with the ready store cold (it starts no fill); the store is then emptied again, so the endpoint's
  // cold figure starts from the same state whatever the pull keeps
  const graphqlCold = await pullGraphql(client);
  const idPages = graphqlCold.pages;
  const pullMs = graphqlCold.ms;
  // (emptied as the seed leaves it: a delete would leave 50,000 dead rows and index entries PGlite never vacuums)
  await db.query("truncate app_private.ready_documents");
  await db.query("delete from app_private.ready_fill");
  await db.query("analyze app_private.ready_documents");

  // The same pages through POST /api/v2/pull (JSON text from PostgreSQL, no GraphQL); the response is parsed, as a
  // client must. First with the ready store cold (the scale seed writes with its triggers off): the first page starts
  // the fill (sync/replication/pull.ts), which gives way to the pulls; then, once the fill has built every holding's text,
  // again from the ready store. The raw builder is measured after the fill has ended (on PGlite a part of the fill
  // would share the one connection with it) and again right after the filled pull.
  const cold = await pullHttp(client);
  if (JSON.stringify(cold.pages) !== JSON.stringify(idPages))
    throw new Error("POST /api/v2/pull served other pages than pullDocuments");
  started = performance.now();
  await readyFilled(db);
  const fillMs = performance.now() - started;

  const pullSqlMs = await rawBuilder(db, idPages);
  const filled = await pullHttp(client);
  if (JSON.stringify(filled.pages) !== JSON.stringify(idPages))
    throw new Error("POST /api/v2/pull (filled) served other pages than pullDocuments");
  const pullSqlFilledMs = await rawBuilder(db, idPages);
  const graphqlFilled = await pullGraphql(client);
  if (JSON.stringify(graphqlFilled.pages) !== JSON.stringify(idPages))
    throw new Error("pullDocuments (filled) served other pages than when cold");

  return {
    pages,
    rows,
    graphqlMs,
    pullMs,
    pullHttpMs: cold.ms,
    fillMs,
    pullHttpFilledMs: filled.ms,
    sqlMs,
    pullSqlMs,
    pullSqlFilledMs,
    pullFilledMs: graphqlFilled.ms,
  };
}

/** Every page of holdings through GraphQL pullDocuments, timed; the ids of each page. */
async function pullGraphql(client: TestClient): Promise<{ ms: number; pages: string[][] }> {
  const pages: string[][] = [];
  let checkpoint = { txid: "0", seq: "0" };
  await touch(client);
  const started = performance.now();
  for (;;) {
    const response = await client.graphql<{ pullDocuments: unknown }>(PULL, {
      afterTxid: checkpoint.txid,
      afterSeq: String(checkpoint.seq),
    });
    if (response.errors) throw new Error(`pullDocuments: ${JSON.stringify(response.errors)}`);
    const raw = response.data?.pullDocuments;
    const batch = (typeof raw === "string" ? JSON.parse(raw) : raw) as {
      documents: Array<{ id: string }>;
      checkpoint: { txid: string; seq: string };
    };
    pages.push(batch.documents.map((d) => d.id));
    checkpoint = batch.checkpoint;
    if (batch.documents.length < PAGE) break;
  }
  return { ms: performance.now() - started, pages };
}

/** Every page of holdings through POST /api/v2/pull, timed; the ids of each page. */
async function pullHttp(client: TestClient): Promise<{ ms: number; pages: string[][] }> {
  const pages: string[][] = [];
  let checkpoint = { txid: "0", seq: "0" };
  await touch(client);
  const started = performance.now();
  for (;;) {
    const response = await client.fetch("/api/v2/pull", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: "holdings",
        afterTxid: checkpoint.txid,
        afterSeq: String(checkpoint.seq),
        limit: PAGE,
      }),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`POST /api/v2/pull: ${response.status} ${text.slice(0, 300)}`);
    const batch = JSON.parse(text) as { documents: Array<{ id: string }>; checkpoint: { txid: string; seq: string } };
    pages.push(batch.documents.map((d) => d.id));
    checkpoint = batch.checkpoint;
    if (batch.documents.length < PAGE) break;
  }
  return { ms: performance.now() - started, pages };
}

/** The raw builder on the same pages (superuser, no row-level security), timed. */
async function rawBuilder(db: Database, idPages: string[][]): Promise<number> {
  const started = performance.now();
  for (const ids of idPages) await db.query("select id, doc from app_private.docs_holdings($1::uuid[])", [ids]);
  return performance.now() - started;
}

/**
 * Waits until every holding has ready text of the current builder version (the fill the pull started). Polled on
 * the fill's own count (app_private.ready_fill, one row), then checked exactly once it says done: counting the store
 * itself every second read the whole table and held PGlite's connection from the fill.
 */
async function readyFilled(db: Database, timeoutMs = 30 * 60_000): Promise<void> {
  const started = performance.now();
  for (;;) {
    const { rows: said } = await db.query<{ done: boolean }>(
      `select coalesce((select f.built >= (select count(*) from app_public.holdings)
                        from app_private.ready_fill f
                        where f.model = 'holdings' and f.version = (select app_private.ready_version('holdings'))),
                       false) as done`,
    );
    if (said[0]?.done) {
      // (the version computed once: called in the condition it would be computed for every row)
      const { rows } = await db.query<{ missing: string }>(
        `select (select count(*) from app_public.holdings)
                - (select count(*) from app_private.ready_documents r
                    where r.model = 'holdings' and r.version = (select app_private.ready_version('holdings'))) as missing`,
      );
      if (Number(rows[0]?.missing ?? 0) === 0) return;
    }
    if (performance.now() - started > timeoutMs) throw new Error("the ready store was not filled in time");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * An untimed request after a long pause (the raw SQL pages of a large run take seconds): the server closes an idle
 * keep-alive socket after 5 s, and a POST sent on it just then fails ("fetch failed") without being retried.
 */
async function touch(client: TestClient): Promise<void> {
  try {
    await client.graphql("{ __typename }");
  } catch {
    await client.graphql("{ __typename }");
  }
}

function holdingsSql(db: Database, issuerId: string, offset: number) {
  return db
    .query(
      `select h.id, h.security_id, h.round_id, h.investor_id, h.distribution_id, h.amount::text, h.purchase_price::text,
              h.issued_on, h.created_on, h.updated_on
       from app_public.holdings h
       where h.security_id in (select s.id from app_public.securities s where s.issuer_id = $1)
       order by h.id limit ${PAGE} offset $2`,
      [issuerId, offset],
    )
    .then((result) => result.rows);
}
