// The messages between the page (index.ts) and the bootstrap's worker (worker.ts).
import type { LoadModelResult } from "./load.ts";

/** One model's bootstrap, as the page asks the worker for it. */
export interface WorkerJob {
  type: "start";
  id: string;
  /** the bootstrap endpoint (absolute URL) */
  url: string;
  model: string;
  resume: string | null;
  limit?: number;
  /** the page's RxDB database and collection, and the collection's storage schema (RxDB's, with its meta fields) */
  databaseName: string;
  collectionName: string;
  schema: unknown;
  primaryPath: string;
  /** the change events' context: the page's replication's downstream flag (its upstream skips them) */
  context?: string;
}

export type WorkerMessage =
  /** a page of `count` documents is stored; `resume` goes on after it */
  | { type: "written"; id: string; count: number; resume: string }
  | { type: "result"; id: string; result: LoadModelResult }
  | { type: "failed"; id: string; message: string };
