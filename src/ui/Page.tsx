import { type ReactNode, useEffect } from "react";
import { css } from "../../styled-system/css";
import { screenCommitted } from "../data/first-screen.ts";
import { Breadcrumb, type BreadcrumbItem } from "./Breadcrumb.tsx";
import { LoadingIndicator } from "./Loading.tsx";
import { EmptyState } from "./Message.tsx";

/** The content column of a screen. */
export function Page({ children, maxWidth = "100rem" }: { children: ReactNode; maxWidth?: string }) {
  // the page load's first screen is on the page: the database's code may load once it has painted
  useEffect(screenCommitted, []);
  return (
    <div
      className={css({ w: "full", mx: "auto", px: { base: "4", sm: "6", md: "8" }, py: { base: "6", md: "8" } })}
      style={{ maxWidth }}
    >
      {children}
    </div>
  );
}

export function PageHeader({ title, actions, children }: { title: string; actions?: ReactNode; children?: ReactNode }) {
  return (
    <header
      className={css({
        display: "flex",
        alignItems: "flex-end",
        justifyContent: "space-between",
        gap: "4",
        mb: "6",
        flexWrap: "wrap",
      })}
    >
      <div>
        <h1
          className={css({
            fontSize: { base: "xl", md: "2xl" },
            fontWeight: "700",
            letterSpacing: "-0.015em",
            color: "fg.default",
          })}
        >
          {title}
        </h1>
        {children}
      </div>
      {actions && <div className={css({ display: "flex", gap: "3" })}>{actions}</div>}
    </header>
  );
}

/** A screen while its records load from the device. */
export function LoadingPage() {
  return (
    <Page>
      <LoadingIndicator />
    </Page>
  );
}

/** A screen whose record the device does not hold (or that has nothing to show): its title and why, with an
 * optional way on (`children`, under the text). */
export function EmptyPage({
  title,
  text,
  breadcrumb,
  children,
}: {
  title: string;
  text: string;
  breadcrumb?: BreadcrumbItem[];
  children?: ReactNode;
}) {
  return (
    <Page>
      {breadcrumb && <Breadcrumb items={breadcrumb} />}
      <PageHeader title={title} />
      <EmptyState text={text}>{children}</EmptyState>
    </Page>
  );
}
