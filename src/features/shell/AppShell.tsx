import type { ReactNode } from "react";
import { css } from "../../../styled-system/css";
import type { Session } from "../../domain/session.ts";
import { Footer } from "./Footer.tsx";
import { SHELL_TEXT } from "./strings.ts";
import { TopBar } from "./TopBar.tsx";

/** The signed-in frame: top bar, the screen, footer. */
export function AppShell({ session, children }: { session: Session | null; children: ReactNode }) {
  return (
    <div className={css({ minH: "100dvh", display: "flex", flexDirection: "column" })}>
      <a
        href="#main"
        className={css({
          position: "absolute",
          left: "-9999px",
          _focus: {
            left: "4",
            top: "3",
            zIndex: "skipLink",
            bg: "bg.surface",
            color: "fg.default",
            fontWeight: "600",
            px: "3",
            py: "2",
            borderRadius: "md",
            boxShadow: "popover",
          },
        })}
      >
        {SHELL_TEXT.skipToContent}
      </a>
      <TopBar session={session} />
      {/* Focusable so the skip link moves focus here (not only the scroll position); no ring on the whole screen. */}
      <main
        id="main"
        tabIndex={-1}
        className={css({ flex: 1, display: "flex", flexDirection: "column", _focus: { outline: "none" } })}
      >
        {children}
      </main>
      <Footer type={session?.account?.type} />
    </div>
  );
}

/** The frame of the session pages (login, account selection, claim): logo bar and footer, no navigation. */
export function PublicShell({ children, menu = false }: { children: ReactNode; menu?: boolean }) {
  return (
    <div className={css({ minH: "100dvh", display: "flex", flexDirection: "column" })}>
      <TopBar session={null} menu={menu} />
      <main id="main" className={css({ flex: 1, display: "flex", flexDirection: "column" })}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
