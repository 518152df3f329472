import type { ReactNode } from "react";
import { css } from "../../../styled-system/css";

/** The frame of the focused screen: the screen alone, no top bar, links or footer to leave it by. */
export function FocusedFrame({ children }: { children: ReactNode }) {
  return (
    <main id="main" className={css({ minH: "100dvh", display: "flex", flexDirection: "column", bg: "bg.canvas" })}>
      {children}
    </main>
  );
}
