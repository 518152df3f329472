// Whether a read model has completed its first pull of this page's sync (replication.ts: the model's initial
// replication): until then a document missing from the device may still be on its way, so a screen should not yet
// say it does not exist (the asset table's exchange: "Unlisted" only once the securities, which carry the listings,
// have loaded). It turns true FIRST_SYNC_QUERY_INTERVAL_MS after the pull: a live query spaced during the first sync
// (hooks.tsx) has by then given the screen what that pull wrote.
import { useEffect, useState } from "react";
import { FIRST_SYNC_QUERY_INTERVAL_MS, useLocalData } from "./hooks.tsx";
import type { ReadModelName } from "./models/index.ts";

export function useModelSynced(model: ReadModelName): boolean {
  const data = useLocalData();
  const [synced, setSynced] = useState<{ data: unknown; model: string } | null>(null);
  useEffect(() => {
    if (!data) return;
    const state = data.replication.states.get(model);
    if (!state) {
      setSynced({ data, model });
      return;
    }
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void state.awaitInitialReplication().then(
      () => {
        if (live) timer = setTimeout(() => setSynced({ data, model }), FIRST_SYNC_QUERY_INTERVAL_MS + 100);
      },
      () => undefined,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [data, model]);
  return synced !== null && synced.data === data && synced.model === model;
}
