// A card's list of rows: each row a title (a link when it opens something), an optional detail line under it and
// badges or buttons on the right; the card says `empty` when there is no row.
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { list } from "../../styled-system/recipes";
import { Card } from "./Card.tsx";
import { EmptyState } from "./Message.tsx";
import { linkClass } from "./table.ts";

/** Where a row's title leads: a route and its params (a feature's link helper, e.g. signingLink). */
export interface RowLink {
  to: string;
  params?: Record<string, string | undefined>;
}

export function ListCard({
  title,
  empty,
  testId,
  actions,
  children,
}: {
  title: string;
  empty: string;
  testId: string;
  actions?: ReactNode;
  /** The rows (ListRow): none shows `empty`. */
  children: ReactNode[];
}) {
  return (
    <Card title={title} testId={testId} actions={actions}>
      {children.length === 0 ? <EmptyState text={empty} /> : <ListRows>{children}</ListRows>}
    </Card>
  );
}

/** The list itself, for a card that shows more than its rows. */
export function ListRows({ children }: { children: ReactNode }) {
  return <ul className={list().root}>{children}</ul>;
}

export function ListRow({
  link,
  title,
  detail,
  wrap,
  children,
}: {
  link?: RowLink;
  title: string;
  detail?: string;
  /** false: the title's text wraps rather than the badges going under it (default true). */
  wrap?: boolean;
  /** Badges and buttons on the right. */
  children?: ReactNode;
}) {
  const classes = list({ wrap });
  return (
    <li className={classes.row}>
      <div className={classes.main}>
        {link ? (
          <Link to={link.to} params={link.params as never} className={linkClass}>
            {title}
          </Link>
        ) : (
          <span className={classes.title}>{title}</span>
        )}
        {detail && <p className={classes.detail}>{detail}</p>}
      </div>
      {children && <div className={classes.actions}>{children}</div>}
    </li>
  );
}
