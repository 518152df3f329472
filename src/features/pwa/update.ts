// Service worker registration and updates (workbox-window). A new version waits until the user accepts it, and is
// never activated (which reloads the page) while the outbox still holds commands.
import { Workbox } from "workbox-window";
import { pendingCommandCount } from "../../data/outbox-status.ts";

type UpdateState = "none" | "ready" | "held";

let workbox: Workbox | null = null;
let state: UpdateState = "none";
let reloadOnControl = false;
const listeners = new Set<() => void>();

function setState(next: UpdateState) {
  state = next;
  for (const listener of listeners) listener();
}

export function getUpdateState(): UpdateState {
  return state;
}

export function subscribeUpdateState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const HOUR_MS = 60 * 60 * 1000;

export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  workbox = new Workbox("/sw.js", { scope: "/" });
  workbox.addEventListener("waiting", () => setState("ready"));
  workbox.addEventListener("controlling", () => {
    if (reloadOnControl) window.location.reload();
  });
  void workbox.register();
  setInterval(() => void workbox?.update(), HOUR_MS);
}

/**
 * Activates the waiting version and reloads, unless commands wait in the outbox: then the update is held and
 * "held" is returned; call again later (the prompt retries on its own).
 */
export async function applyUpdate(): Promise<UpdateState> {
  if (!workbox || state === "none") return state;
  if ((await pendingCommandCount()) > 0) {
    setState("held");
    return "held";
  }
  reloadOnControl = true;
  workbox.messageSkipWaiting();
  return state;
}
