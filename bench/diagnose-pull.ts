// Where the pull endpoint's time goes (bench/README.md "Analysis"): one page of 1,000 holdings as the scale issuer
// (role app_user with the request's claims), split into the change-log scan and the document builder.
//   node bench/diagnose-pull.ts [--holdings 2000]
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { wrapPglite } from "../sync/db/database.ts";
import { migrate } from "../sync/db/migrate.ts";
import { seedScale } from "../sync/seed/scale.ts";

const { values } = parseArgs({ options: { holdings: { type: "string", default: "2000" } } });
const pg = await PGlite.create();
const db = wrapPglite(pg);
await migrate(db);
const { issuerId } = await seedScale(db, { holdings: Number(values.holdings) });

async function timed(
  label: string,
  sql: string,
  params: unknown[] = [],
  asUser = true,
  quiet = false,
): Promise<unknown[]> {
  return pg.transaction(async (tx) => {
    if (asUser) {
      await tx.query(
        "select set_config('jwt.claims.account_id', $1, true), set_config('jwt.claims.account_type', 'issuer', true), set_config('jwt.claims.role', 'account_owner', true)",
        [issuerId],
      );
      await tx.exec("set local role app_user");
    }
    const started = performance.now();
    const result = await tx.query(sql, params);
    if (!quiet) console.log(`${label}: ${(performance.now() - started).toFixed(0)} ms (${result.rows.length} rows)`);
    return result.rows;
  });
}

// Every read model: the first page of the pull as the issuer, and the same documents built as superuser.
for (const model of [
  "assets",
  "rounds",
  "allocations",
  "distributions",
  "holdings",
  "customers",
  "securities",
  "accounts",
  "transactions",
]) {
  const page = (await timed(
    `next_changes(${model}) as the issuer`,
    "select doc_ids from app_private.next_changes($1, '0'::xid8, 0, 1000)",
    [model],
  )) as Array<{ doc_ids: string[] }>;
  const pageIds = page[0]?.doc_ids ?? [];
  await timed(
    `docs_${model}(${pageIds.length} ids) as the issuer (RLS)`,
    `select * from app_private.docs_${model}($1::uuid[])`,
    [pageIds],
  );
  await timed(
    `docs_${model}(${pageIds.length} ids) as superuser`,
    `select * from app_private.docs_${model}($1::uuid[])`,
    [pageIds],
    false,
  );
}

const batch = (await timed(
  "next_changes(holdings, 0, 0, 1000) as the issuer",
  "select doc_ids, txid::text, seq from app_private.next_changes('holdings', '0'::xid8, 0, 1000)",
)) as Array<{ doc_ids: string[] }>;
const ids = batch[0]?.doc_ids ?? [];
await timed("docs_holdings(1,000 ids) as the issuer (RLS)", "select * from app_private.docs_holdings($1::uuid[])", [
  ids,
]);
await timed(
  "docs_holdings(1,000 ids) as superuser",
  "select * from app_private.docs_holdings($1::uuid[])",
  [ids],
  false,
);
await timed(
  "pull_documents(holdings, 0, 0, 1000) as the issuer",
  "select app_public.pull_documents('holdings', '0', 0, 1000)",
);
await timed(
  "holdings of 1,000 ids as the issuer (RLS)",
  "select * from app_public.holdings where id = any($1::uuid[])",
  [ids],
);
await timed(
  "holdings of 1,000 ids as superuser",
  "select * from app_public.holdings where id = any($1::uuid[])",
  [ids],
  false,
);
await timed(
  "account_summary(investor) of 1,000 holdings as the issuer (RLS)",
  "select app_private.account_summary(h.investor_id) from app_public.holdings h where h.id = any($1::uuid[])",
  [ids],
);
await timed("related_account_ids() once as the issuer", "select count(*) from app_private.related_account_ids()");
await timed(
  "docs_holdings tokens + addresses part of 1,000 as the issuer",
  "select (d.doc->'tokens'), d.doc->'blockchainAddresses' from app_private.docs_holdings($1::uuid[]) d",
  [ids],
);
await timed("explain docs_holdings as issuer", "explain analyze select * from app_private.docs_holdings($1::uuid[])", [
  ids,
]).then((rows) => console.log((rows as Array<Record<string, string>>).map((r) => Object.values(r)[0]).join("\n")));
// The client's page size (PULL_BATCH_SIZE): a whole pull of the three large models as the issuer, per page size.
for (const lim of [100, 200, 500, 1000]) {
  let documents = 0;
  let pages = 0;
  const started = performance.now();
  for (const model of ["distributions", "holdings", "transactions"]) {
    let checkpoint = { txid: "0", seq: 0 };
    for (;;) {
      const [row] = (await timed(
        `pull ${model} page (lim ${lim})`,
        "select app_public.pull_documents($1, $2, $3, $4) as r",
        [model, checkpoint.txid, checkpoint.seq, lim],
        true,
        true,
      )) as Array<{ r: { documents: unknown[]; checkpoint: { txid: string; seq: number } } }>;
      const page = row?.r;
      if (!page) break;
      documents += page.documents.length;
      pages++;
      checkpoint = page.checkpoint;
      if (page.documents.length < lim) break;
    }
  }
  const elapsed = performance.now() - started;
  console.log(
    `whole pull with lim ${lim}: ${elapsed.toFixed(0)} ms, ${pages} pages, ${documents} documents, ${(elapsed / documents).toFixed(2)} ms per document`,
  );
}
await pg.close();
