// A step's way to its provider's page in a new tab (a signing link, InvestReady): the brand-coloured link and the note
// that the step updates by itself. Disabled (no address) until the server has answered.
import type { ReactNode } from "react";
import { css } from "../../../styled-system/css";

export function ProviderLink({
  href,
  note,
  className,
  testId,
  children,
}: {
  href: string | null;
  note: string;
  /** The box's layout (a column, its gap). */
  className: string;
  testId?: string;
  /** The link's words. */
  children: ReactNode;
}) {
  return (
    <div className={className} data-testid={testId}>
      <a
        href={href ?? undefined}
        target="_blank"
        rel="noopener"
        aria-disabled={!href}
        className={css({
          alignSelf: "flex-start",
          display: "inline-flex",
          alignItems: "center",
          h: "10",
          px: "4",
          borderRadius: "control",
          bg: "brand",
          color: "brand.fg",
          fontWeight: "600",
          fontSize: "sm",
          _hover: { bg: "brand.hover" },
        })}
      >
        {children}
      </a>
      <p className={css({ fontSize: "sm", color: "fg.muted" })}>{note}</p>
    </div>
  );
}
