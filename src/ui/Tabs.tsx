// Tabs over Ark UI. `LinkTabs` and `TabStrip` render route links as tabs (settings, round and allocation views) so
// each tab has a URL; on phones they become a select.
import { Tabs as ArkTabs } from "@ark-ui/react/tabs";
import { Link, useLocation, useNavigate } from "@tanstack/react-router";
import { type ReactNode, useId } from "react";
import { css, cx } from "../../styled-system/css";
import { tabs } from "../../styled-system/recipes";

interface TabItem {
  value: string;
  label: string;
  content: ReactNode;
}

export function Tabs({ items, value, onChange }: { items: TabItem[]; value: string; onChange: (v: string) => void }) {
  const classes = tabs();
  return (
    <ArkTabs.Root className={classes.root} value={value} onValueChange={(details) => onChange(details.value)}>
      <ArkTabs.List className={classes.list}>
        {items.map((item) => (
          <ArkTabs.Trigger key={item.value} value={item.value} className={classes.trigger}>
            {item.label}
          </ArkTabs.Trigger>
        ))}
      </ArkTabs.List>
      {items.map((item) => (
        <ArkTabs.Content key={item.value} value={item.value}>
          {item.content}
        </ArkTabs.Content>
      ))}
    </ArkTabs.Root>
  );
}

export interface LinkTab {
  label: string;
  to: string;
  params?: Record<string, string>;
  search?: Record<string, string>;
  /** Whether this tab is the page shown; by default, when the location's path is `to`. */
  current?: boolean;
}

/**
 * Route links as a tab strip; on a phone a labelled select of the same tabs instead (a strip of more than two or
 * three tabs does not fit 390 px: wrapped it takes three rows, scrolled half of it is out of sight).
 */
export function TabStrip({ items, label, className }: { items: LinkTab[]; label: string; className?: string }) {
  const classes = tabs();
  const navigate = useNavigate();
  const pathname = useLocation({ select: (location) => location.pathname.replace(/(.)\/$/, "$1") });
  const isCurrent = (item: LinkTab) => item.current ?? item.to === pathname;
  const selected = items.findIndex(isCurrent);
  const selectId = useId();
  // Both are in the page; CSS shows one (a hidden element is out of the accessibility tree too).
  return (
    <div className={className}>
      {/* Wider screens: every tab in sight, on a second row when they do not fit one (no hidden scrolled-off tabs). */}
      <nav
        aria-label={label}
        className={cx(
          classes.list,
          css({ display: { base: "none", sm: "flex" }, flexWrap: "wrap", overflowX: "visible" }),
        )}
      >
        {items.map((item) => (
          <Link
            key={`${item.to}:${item.label}`}
            to={item.to}
            params={item.params}
            search={item.search ?? {}}
            className={classes.trigger}
            aria-current={isCurrent(item) ? "page" : undefined}
          >
            {item.label}
          </Link>
        ))}
      </nav>
      <div className={css({ display: { base: "flex", sm: "none" }, flexDirection: "column", gap: "1" })}>
        <label
          htmlFor={selectId}
          className={css({ fontSize: "xs", fontWeight: "600", color: "fg.muted", textTransform: "uppercase" })}
        >
          {label}
        </label>
        <select
          id={selectId}
          data-testid="tab-select"
          className={select}
          value={selected < 0 ? "" : String(selected)}
          onChange={(event) => {
            const item = items[Number(event.target.value)];
            if (item) void navigate({ to: item.to, params: item.params, search: item.search ?? {} });
          }}
        >
          {selected < 0 && <option value="">{label}</option>}
          {items.map((item, index) => (
            <option key={`${item.to}:${item.label}`} value={String(index)}>
              {item.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

const select = css({
  h: "11",
  px: "3",
  w: "full",
  fontSize: "md",
  fontWeight: "600",
  bg: "bg.surface",
  color: "fg.default",
  borderWidth: "1px",
  borderColor: "border.strong",
  borderRadius: "md",
  _focusVisible: { outline: "2px solid {colors.focus}", outlineOffset: "2px" },
});

export function LinkTabs({ items, label, children }: { items: LinkTab[]; label: string; children: ReactNode }) {
  const classes = tabs();
  return (
    <div className={classes.root}>
      <TabStrip items={items} label={label} />
      <div>{children}</div>
    </div>
  );
}
