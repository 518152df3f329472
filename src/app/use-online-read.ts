// A read from the server while online, for what the device does not keep (API keys, webhook endpoints and their
// deliveries): offline says so, the first read shows loading, a reload (after a change, a retry or every refreshMs)
// keeps what is shown while it reads. A reload that fails says so, or with keepOnFailure keeps what is shown.
import { useCallback, useEffect, useRef, useState } from "react";
import { useOnline } from "./useOnline.ts";

export type OnlineRead<T extends object> =
  | { status: "offline" }
  | { status: "loading" }
  | { status: "failed" }
  | ({ status: "ready" } & T);

interface Options {
  /** Read again every so many milliseconds while shown and online. */
  refreshMs?: number;
  /** A reload that fails keeps what is shown (only a first read that fails says so). */
  keepOnFailure?: boolean;
}

export function useOnlineRead<T extends object>(read: () => Promise<T>, options: Options = {}) {
  const { refreshMs, keepOnFailure = false } = options;
  const online = useOnline();
  const [state, setState] = useState<OnlineRead<T>>({ status: "loading" });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const readRef = useRef(read);
  readRef.current = read;

  useEffect(() => {
    if (!online || !refreshMs) return;
    const timer = setInterval(reload, refreshMs);
    return () => clearInterval(timer);
  }, [online, refreshMs, reload]);

  useEffect(() => {
    // version: a reload after a change or a retry reads again
    void version;
    if (!online) {
      setState({ status: "offline" });
      return;
    }
    let live = true;
    setState((current) => (current.status === "ready" ? current : { status: "loading" }));
    readRef.current().then(
      (data) => {
        if (live) setState({ ...data, status: "ready" });
      },
      () => {
        if (live) setState((current) => (keepOnFailure && current.status === "ready" ? current : { status: "failed" }));
      },
    );
    return () => {
      live = false;
    };
  }, [online, version, keepOnFailure]);

  return { state, online, reload };
}
