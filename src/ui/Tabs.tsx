// Tabs over Ark UI. `LinkTabs` renders route links as tabs (settings, round views) so each tab has a URL.
import { Tabs as ArkTabs } from "@ark-ui/react/tabs";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
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

interface LinkTab {
  label: string;
  to: string;
}

export function LinkTabs({ items, label, children }: { items: LinkTab[]; label: string; children: ReactNode }) {
  const classes = tabs();
  return (
    <div className={classes.root}>
      <nav aria-label={label} className={classes.list}>
        {items.map((item) => (
          <Link key={item.to} to={item.to} className={classes.trigger} activeProps={{ "aria-current": "page" }}>
            {item.label}
          </Link>
        ))}
      </nav>
      <div>{children}</div>
    </div>
  );
}
