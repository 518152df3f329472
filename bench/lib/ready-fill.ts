// The ready store filled at once (replication/40_ready_documents.sql): every document of the ready models built and
// kept, as if each had been written with its triggers on. The scale seed writes with triggers off, so its store
// starts cold; the sync's diagnosis (bench/diagnose-sync.ts, bench/bootstrap-server.ts --filled) measures the
// bootstrap with the store the writing transactions keep filled, apart from the cold fill (pull.ts).
import type { Database } from "../../sync/db/database.ts";

/** Builds every ready model's documents; returns how many were kept, by model. */
export async function fillReadyStore(db: Database): Promise<Record<string, number>> {
  const { rows } = await db.query<{ models: string[] }>("select app_private.ready_models() as models");
  const kept: Record<string, number> = {};
  for (const model of rows[0]?.models ?? []) {
    const built = await db.query<{ kept: string }>(
      `select app_private.ready_build($1, array(select id from app_public.${model})) as kept`,
      [model],
    );
    kept[model] = Number(built.rows[0]?.kept ?? 0);
  }
  return kept;
}
