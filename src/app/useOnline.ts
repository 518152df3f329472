import { useSyncExternalStore } from "react";
import { connectivity } from "../data/connectivity.ts";

const subscribe = (onChange: () => void) => connectivity.subscribe(onChange);

/** Whether the server is reachable (src/data/connectivity.ts: navigator.onLine, its events and a probe) as React state. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => connectivity.online(),
    () => true,
  );
}
