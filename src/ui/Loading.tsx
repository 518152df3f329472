// Loading state: skipped when the load finishes within 50 ms, otherwise shown for at least 600 ms, so fast loads do
// not flash and slow ones do not flicker (spec part 1 section 9). The router uses the same numbers for route loads.
import { type ReactNode, useEffect, useRef, useState } from "react";
import { css } from "../../styled-system/css";
import { MESSAGES } from "../domain/messages.ts";
import { Spinner } from "./icons.tsx";

export const LOADING_SKIP_MS = 50;
export const LOADING_MIN_MS = 600;

function useLoadingVisible(loading: boolean): boolean {
  const [visible, setVisible] = useState(false);
  const shownAt = useRef<number | null>(null);
  useEffect(() => {
    if (loading) {
      const timer = setTimeout(() => {
        shownAt.current = performance.now();
        setVisible(true);
      }, LOADING_SKIP_MS);
      return () => clearTimeout(timer);
    }
    if (shownAt.current === null) {
      setVisible(false);
      return;
    }
    const remaining = LOADING_MIN_MS - (performance.now() - shownAt.current);
    const timer = setTimeout(
      () => {
        shownAt.current = null;
        setVisible(false);
      },
      Math.max(0, remaining),
    );
    return () => clearTimeout(timer);
  }, [loading]);
  return visible;
}

export function LoadingIndicator({ label = MESSAGES.loading }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={css({
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        gap: "3",
        py: "16",
        color: "fg.muted",
        fontSize: "sm",
      })}
    >
      <Spinner size={20} />
      <span>{label}</span>
    </div>
  );
}

/** Renders children once loaded; a spinner in between (with the timing rules above). */
export function Loading({ loading, children }: { loading: boolean; children: ReactNode }) {
  const visible = useLoadingVisible(loading);
  if (visible) return <LoadingIndicator />;
  if (loading) return null;
  return <>{children}</>;
}
