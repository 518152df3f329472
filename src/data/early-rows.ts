// The React side of the route's early read (early-read.ts): a screen shows the documents read while the app started,
// for the signed-in layout's confirmed user and account only, until its live query (hooks.tsx useModel) answers
// with the same documents.
import { useEffect, useState } from "react";
import { earlyCollection, type Lean, localDatabaseName } from "./early-read.ts";

/**
 * The early read of `collection` for this user and account and schema (null while it reads, and for good when there
 * is none or it does not apply: another account, another schema, queued commands; early-read.ts earlyCollection).
 */
export function useEarlyDocs<T = Lean>(
  userId: string | null | undefined,
  accountId: string | null | undefined,
  collection: string,
  schema: { version: number },
): readonly T[] | null {
  const [docs, setDocs] = useState<{ key: string; docs: readonly T[] } | null>(null);
  const key = userId && accountId ? localDatabaseName(userId, accountId) : "";
  useEffect(() => {
    if (!key) return;
    const pending = earlyCollection(key, collection, schema);
    if (!pending) return;
    let live = true;
    void pending.then((early) => {
      if (live && early) setDocs({ key, docs: early.docs as unknown as readonly T[] });
    });
    return () => {
      live = false;
    };
  }, [key, collection, schema]);
  // a read of another account (the session changed since) is never returned
  return docs && docs.key === key ? docs.docs : null;
}
