// Top bar (spec part 1 section 2.3): logo to the account type's home, links per type with the current one
// highlighted, and the account menu.
import { Link, useLocation } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { css, cx } from "../../../styled-system/css";
import { useOnline } from "../../app/useOnline.ts";
import { afterFirstScreen } from "../../data/first-screen.ts";
import { homePath } from "../../domain/accounts.ts";
import { activeNavLink, NAV_LINKS, type NavLink } from "../../domain/nav.ts";
import type { Session } from "../../domain/session.ts";
import { ChevronDownIcon, OfflineIcon } from "../../ui/icons.tsx";
import { Menu } from "../../ui/Menu.tsx";
import { topBarPill } from "../../ui/top-bar-pill.ts";
import { AccountMenu } from "./AccountMenu.tsx";
import { Logo } from "./Logo.tsx";
import { SHELL_TEXT } from "./strings.ts";

// The sync indicator reads the local database (RxDB): loaded on its own so the sign-in pages stay light.
// After the first screen has painted: the indicator reads the local database, whose code must not hold back the
// first paint (first-screen.ts).
const SyncIndicator = lazy(() =>
  afterFirstScreen()
    .then(() => import("../sync/index.ts"))
    .then((m) => ({ default: m.SyncIndicator })),
);

export function TopBar({ session, menu = true }: { session: Session | null; menu?: boolean }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const online = useOnline();
  const type = session?.account?.type;
  const logoLink = session?.account?.logoLink;
  const links = type ? NAV_LINKS[type] : [];
  const active = type ? activeNavLink(type, pathname) : undefined;
  return (
    <header
      className={css({
        bg: "brand",
        color: "white",
        position: "sticky",
        top: 0,
        zIndex: "sticky",
        boxShadow: "0 1px 0 rgba(0,0,0,0.2)",
        // The page's blue focus ring has too little contrast on navy: white here (WCAG 2.4.7, 1.4.11).
        "& :focus-visible": { outlineColor: "white" },
        // Its menus' popups are white: the usual ring there.
        "& [data-scope=menu][data-part=positioner] :focus-visible": { outlineColor: "focus" },
      })}
    >
      <div
        className={css({
          display: "flex",
          alignItems: "center",
          // Between md and xl the seven links of an issuer, the sync badge and the account's name share a laptop's
          // 1280-1366 px: tighter gaps there, so no link hides behind the scrolling list's edge.
          gap: { base: "3", md: "4", xl: "8" },
          h: "16",
          px: { base: "4", md: "8" },
          maxW: "100rem",
          mx: "auto",
        })}
      >
        {logoLink ? (
          // Spec part 1 section 2.3: the logo links to the account's external logo address when one is set.
          <a
            href={logoLink}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={SHELL_TEXT.logoLink}
            className={css({ color: "white", textDecoration: "none", flexShrink: 0 })}
          >
            <Logo />
          </a>
        ) : (
          <Link
            to={type ? homePath(type) : "/"}
            aria-label={SHELL_TEXT.home}
            className={css({ color: "white", textDecoration: "none", flexShrink: 0 })}
          >
            <Logo />
          </Link>
        )}
        {links.length > 0 && <CompactNav links={links} active={active} />}
        <nav
          aria-label={SHELL_TEXT.main}
          className={css({
            flex: 1,
            minW: 0,
            overflowX: "auto",
            scrollbarWidth: "none",
            display: { base: "none", md: "block" },
          })}
        >
          <ul className={css({ display: "flex", gap: "1", h: "16", alignItems: "stretch" })}>
            {links.map((link) => {
              const isActive = link === active;
              return (
                <li key={link.to} className={css({ display: "flex" })}>
                  <Link
                    to={link.to}
                    aria-current={isActive ? "page" : undefined}
                    data-active={isActive || undefined}
                    className={css({
                      display: "flex",
                      alignItems: "center",
                      px: { base: "2", xl: "3" },
                      fontSize: "sm",
                      fontWeight: "500",
                      color: "whiteAlpha.800",
                      textDecoration: "none",
                      whiteSpace: "nowrap",
                      borderBottomWidth: "3px",
                      borderTopWidth: "3px",
                      borderColor: "transparent",
                      _hover: { color: "white" },
                      "&[data-active]": { color: "white", fontWeight: "600", borderBottomColor: "#7fa7ec" },
                      // Inside the link: the scrolling list would clip a ring drawn outside it.
                      _focusVisible: { outlineOffset: "-4px", borderRadius: "md" },
                    })}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {session?.account ? (
          <Suspense fallback={null}>
            <SyncIndicator />
          </Suspense>
        ) : (
          !online && (
            <span role="status" className={cx(topBarPill, css({ bg: "amber.400", color: "slate.900" }))}>
              <OfflineIcon width={14} height={14} /> Offline
            </span>
          )
        )}
        {menu && <AccountMenu session={session} />}
      </div>
    </header>
  );
}

/** Below the md breakpoint the links collapse into a menu named after the current page. */
function CompactNav({ links, active }: { links: NavLink[]; active: NavLink | undefined }) {
  return (
    <div className={css({ display: { base: "flex", md: "none" }, flex: 1, minW: 0 })}>
      <Menu.Root positioning={{ placement: "bottom-start", gutter: 6 }}>
        {/* Named by what it shows (the current page) followed by what it is: the visible text starts the name. */}
        <Menu.Trigger
          aria-label={`${active?.label ?? SHELL_TEXT.menu} ${SHELL_TEXT.navigation.toLowerCase()}`}
          className={css({
            display: "inline-flex",
            alignItems: "center",
            gap: "1.5",
            px: "3",
            h: "9",
            borderRadius: "md",
            color: "white",
            fontSize: "sm",
            fontWeight: "600",
            bg: "whiteAlpha.100",
          })}
        >
          {active?.label ?? SHELL_TEXT.menu}
          <ChevronDownIcon />
        </Menu.Trigger>
        <Menu.Content inPlace>
          {links.map((link) => (
            <Menu.Item key={link.to} value={link.to} asChild>
              <Link to={link.to} aria-current={link === active ? "page" : undefined}>
                {link.label}
              </Link>
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Root>
    </div>
  );
}
