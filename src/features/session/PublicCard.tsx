// The sign-in screens' card (login, claim): one framed box centred on the public page, its width, padding and
// alignment the screen's own.
import type { ReactNode } from "react";
import { css, cx } from "../../../styled-system/css";
import { card } from "../../../styled-system/recipes";

export function PublicCard({
  className,
  labelledBy,
  testId,
  children,
}: {
  /** The screen's width, padding and alignment. */
  className: string;
  /** The id of the heading that names the card. */
  labelledBy?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={css({ flex: 1, display: "flex", alignItems: "center", justifyContent: "center", px: "4", py: "16" })}
    >
      <section
        aria-labelledby={labelledBy}
        data-testid={testId}
        className={cx(card(), css({ w: "full", borderRadius: "xl" }), className)}
      >
        {children}
      </section>
    </div>
  );
}
