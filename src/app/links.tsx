// Links to account pages (/{accountType}/{accountId}, spec part 1 section 2.12). A broker's page for the issuers
// and investors who open it is /distributor/{id}; issuers are at /issuer/{id} and investors at /investor/{id}.
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { cx } from "../../styled-system/css";
import { linkClass } from "../ui/index.ts";

export function accountPath(type: string | null | undefined, id: string): string | null {
  switch (type) {
    case "investor":
      return `/investor/${id}`;
    case "issuer":
      return `/issuer/${id}`;
    case "broker":
      return `/distributor/${id}`;
    default:
      return null;
  }
}

/** A client-side link to an app path computed at run time. */
export function PathLink({
  to,
  children,
  className,
  testId,
}: {
  to: string;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <Link to={to as "/"} className={cx(linkClass, className)} data-testid={testId}>
      {children}
    </Link>
  );
}
