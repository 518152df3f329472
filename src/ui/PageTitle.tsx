// A page's breadcrumb ending in its own title, and its heading with that title (Transactions, Question sets, Account
// Settings): the title is named once for both. A page whose heading says more than its crumb uses Breadcrumb and
// PageHeader itself.
import type { ReactNode } from "react";
import { Breadcrumb, type BreadcrumbItem } from "./Breadcrumb.tsx";
import { PageHeader } from "./Page.tsx";

export function PageTitle({
  parents = [],
  title,
  actions,
  children,
}: {
  /** The crumbs before the page's own (linked). */
  parents?: BreadcrumbItem[];
  title: string;
  actions?: ReactNode;
  /** Under the heading (an introduction). */
  children?: ReactNode;
}) {
  return (
    <>
      <Breadcrumb items={[...parents, { display: title, active: true }]} />
      <PageHeader title={title} actions={actions}>
        {children}
      </PageHeader>
    </>
  );
}
