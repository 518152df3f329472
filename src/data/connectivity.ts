// Whether the server can be reached, for everything that talks to it (pulls, the change stream, the outbox, the
// session check). Offline the app waits quietly: no request, no websocket, no console error, until this says online.
//
//   - navigator.onLine false (the browser knows it has no network) -> "offline": nothing is sent, nothing probed.
//   - the "online" event, or a request that failed for lack of network while the browser believed it had one
//     -> "checking": ONE probe (GET PING_PATH, 204) at a time, again after a growing pause (PROBE_BACKOFF) while it
//     fails; the first answer -> "online" and every waiting part resumes.
//   - the "offline" event -> "offline" at once (a probe in flight is ignored).
import { PING_PATH } from "../domain/wire.ts";
import type { SyncTransport } from "./transport.ts";

export type ConnectivityState = "online" | "offline" | "checking";

/** Pauses between failed probes: the first, doubling up to the last. */
export const PROBE_BACKOFF = { initialMs: 1_000, maxMs: 60_000 };

export interface Connectivity {
  state(): ConnectivityState;
  /** The server is believed reachable: requests may go. */
  online(): boolean;
  /** Called on every change of state; returns the unsubscribe. */
  subscribe(listener: (state: ConnectivityState) => void): () => void;
  /** Resolves once online (at once when online now). */
  whenOnline(): Promise<void>;
  /** A request failed without reaching the server: stop sending and probe until it answers again. */
  reportUnreachable(): void;
  stop(): void;
}

interface ConnectivityOptions {
  /** navigator.onLine (default: the browser's, true where there is none) */
  browserOnline?: () => boolean;
  /** one probe: resolves true when the server answered */
  probe?: () => Promise<boolean>;
  /** where online/offline events come from (default: window, when there is one) */
  events?: Pick<Window, "addEventListener" | "removeEventListener"> | null;
  backoff?: { initialMs: number; maxMs: number };
}

async function defaultProbe(): Promise<boolean> {
  try {
    const response = await fetch(PING_PATH, { cache: "no-store", credentials: "omit" });
    return response.ok;
  } catch {
    return false;
  }
}

export function createConnectivity(options: ConnectivityOptions = {}): Connectivity {
  const browserOnline = options.browserOnline ?? (() => typeof navigator === "undefined" || navigator.onLine !== false);
  const probe = options.probe ?? defaultProbe;
  const backoff = options.backoff ?? PROBE_BACKOFF;
  const events = options.events === undefined ? (typeof window === "undefined" ? null : window) : options.events;
  const listeners = new Set<(state: ConnectivityState) => void>();
  let current: ConnectivityState = browserOnline() ? "online" : "offline";
  let timer: ReturnType<typeof setTimeout> | null = null;
  let probing = false;
  let failures = 0;
  let stopped = false;
  // each check (an "online" event, a reported failure) gets a number: a probe answers only its own check
  let check = 0;

  const set = (next: ConnectivityState) => {
    if (next === current) return;
    current = next;
    for (const listener of [...listeners]) listener(next);
  };
  const clearTimer = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const runProbe = async (mine: number) => {
    timer = null;
    if (stopped || mine !== check || probing) return;
    if (!browserOnline()) return set("offline");
    probing = true;
    let answered = false;
    try {
      answered = await probe();
    } finally {
      probing = false;
    }
    if (stopped || mine !== check) return;
    if (!browserOnline()) return set("offline");
    if (answered) {
      failures = 0;
      return set("online");
    }
    const pause = Math.min(backoff.maxMs, backoff.initialMs * 2 ** failures);
    failures += 1;
    timer = setTimeout(() => void runProbe(mine), pause);
  };
  const startChecking = () => {
    if (stopped) return;
    clearTimer();
    check += 1;
    failures = 0;
    if (!browserOnline()) return set("offline");
    set("checking");
    void runProbe(check);
  };

  const onOnline = () => startChecking();
  const onOffline = () => {
    check += 1;
    clearTimer();
    set("offline");
  };
  events?.addEventListener("online", onOnline);
  events?.addEventListener("offline", onOffline);

  const subscribe = (listener: (state: ConnectivityState) => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    state: () => current,
    online: () => current === "online",
    subscribe,
    whenOnline() {
      if (current === "online") return Promise.resolve();
      return new Promise((resolve) => {
        const unsubscribe = subscribe((state) => {
          if (state !== "online") return;
          unsubscribe();
          resolve();
        });
      });
    },
    reportUnreachable() {
      // already checking or offline: the probe under way (or the "online" event) decides
      if (current !== "online") return;
      startChecking();
    },
    stop() {
      stopped = true;
      clearTimer();
      events?.removeEventListener("online", onOnline);
      events?.removeEventListener("offline", onOffline);
      listeners.clear();
    },
  };
}

/** Outside a browser (Node tests of the data layer) there is no page to keep quiet: always online, nothing probed. */
function alwaysOnline(): Connectivity {
  return {
    state: () => "online",
    online: () => true,
    subscribe: () => () => {},
    whenOnline: () => Promise.resolve(),
    reportUnreachable: () => {},
    stop: () => {},
  };
}

/** The page's connectivity (the data layer, the session check and the top bar read this one). */
export const connectivity: Connectivity = typeof window === "undefined" ? alwaysOnline() : createConnectivity();

/** Whether an error is a request that never reached the server (fetch's TypeError, or an abort while offline). */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  const name = (error as { name?: string } | null)?.name;
  return name === "NetworkError";
}

/**
 * The transport with its requests held while offline (they go once the server is reachable again) and its network
 * failures reported, so the app stops sending and probes instead of retrying every part on its own.
 */
export function gatedTransport(transport: SyncTransport, net: Connectivity): SyncTransport {
  return {
    ...transport,
    async fetch(input, init) {
      if (!net.online()) await untilOnlineOrAborted(net, init?.signal ?? null);
      try {
        return await transport.fetch(input, init);
      } catch (error) {
        if (isNetworkFailure(error) && !init?.signal?.aborted) net.reportUnreachable();
        throw error;
      }
    },
  };
}

function untilOnlineOrAborted(net: Connectivity, signal: AbortSignal | null): Promise<void> {
  if (!signal) return net.whenOnline();
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    void net.whenOnline().then(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    });
  });
}
