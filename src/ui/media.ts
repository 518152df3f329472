// Whether a media query matches, kept current as the window changes (a phone turned sideways, a resized window).
import { useSyncExternalStore } from "react";

/** Below the `sm` breakpoint (600 px, panda.config.ts `belowSm`): phones held upright. */
export const PHONE_QUERY = "(max-width: 599.95px)";

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
