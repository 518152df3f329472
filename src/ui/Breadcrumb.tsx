// Breadcrumb (spec part 1 section 2.3): the active item is bold and not a link.
import { Link } from "@tanstack/react-router";
import { Fragment } from "react";
import { css } from "../../styled-system/css";
import { ChevronRightIcon } from "./icons.tsx";

export interface BreadcrumbItem {
  display: string;
  link?: string;
  active?: boolean;
}

export function Breadcrumb({ items }: { items: BreadcrumbItem[] }) {
  return (
    <nav aria-label="Breadcrumb" className={css({ mb: "4" })}>
      <ol
        className={css({
          display: "flex",
          flexWrap: "wrap",
          alignItems: "center",
          gap: "1.5",
          fontSize: "sm",
          color: "fg.muted",
        })}
      >
        {items.map((item, index) => (
          <Fragment key={item.link ?? item.display}>
            {index > 0 && (
              <li aria-hidden="true" className={css({ display: "flex", color: "fg.subtle" })}>
                <ChevronRightIcon width={14} height={14} />
              </li>
            )}
            <li>
              {item.active || !item.link ? (
                <span
                  aria-current={item.active ? "page" : undefined}
                  className={css({
                    fontWeight: item.active ? "700" : "500",
                    color: item.active ? "fg.default" : "inherit",
                  })}
                >
                  {item.display}
                </span>
              ) : (
                <Link
                  to={item.link}
                  className={css({
                    textDecoration: "none",
                    // a 24 px tall target (WCAG 2.5.8)
                    display: "inline-flex",
                    alignItems: "center",
                    minH: "6",
                    _hover: { color: "fg.default", textDecoration: "underline" },
                  })}
                >
                  {item.display}
                </Link>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
