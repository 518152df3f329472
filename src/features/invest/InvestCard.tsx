// The invest card (spec part 2: invest page and distribution page): 20rem wide, the offering's issuer, asset, class
// and price, and the units and total. In view mode (the distribution page) it shows the distribution's status; in
// edit mode (the invest page) the controls come as children.
import type { ReactNode } from "react";
import { css, cx } from "../../../styled-system/css";
import { badge, card } from "../../../styled-system/recipes";
import { formatMoney, formatNumber, formatUnits } from "../../domain/format.ts";
import { INVEST_TEXT } from "./strings.ts";

interface InvestCardProps {
  issuerName?: string | null;
  assetName?: string | null;
  className?: string | null;
  price?: string | null;
  /** Units and total of the investment (view mode). */
  units?: string | null;
  total?: string | null;
  status?: { label: string; tone: "brand" | "success" | "neutral" } | null;
  children?: ReactNode;
}

export function InvestCard({
  issuerName,
  assetName,
  className,
  price,
  units,
  total,
  status,
  children,
}: InvestCardProps) {
  return (
    <section
      aria-label={INVEST_TEXT.investment}
      data-testid="invest-card"
      className={cx(
        card(),
        css({ w: { base: "full", md: "20rem" }, flexShrink: 0, p: "0", overflow: "hidden", alignSelf: "flex-start" }),
      )}
    >
      <div
        className={css({
          px: "5",
          pt: "5",
          pb: "4",
          bg: "brand.subtle",
          borderBottomWidth: "1px",
          borderColor: "border.default",
        })}
      >
        <p
          className={css({
            fontSize: "xs",
            fontWeight: "600",
            color: "fg.muted",
            textTransform: "uppercase",
            letterSpacing: "0.06em",
          })}
        >
          {issuerName || INVEST_TEXT.issuer}
        </p>
        <h2 className={css({ fontSize: "lg", fontWeight: "700", color: "fg.default", mt: "1" })}>
          {assetName || INVEST_TEXT.offering}
        </h2>
        <p className={css({ fontSize: "sm", color: "fg.muted" })}>{className}</p>
        {status && (
          <span className={cx(badge({ tone: status.tone }), css({ mt: "3" }))} data-testid="invest-status">
            {status.label}
          </span>
        )}
      </div>
      <dl
        className={css({
          px: "5",
          py: "4",
          display: "grid",
          gridTemplateColumns: "1fr auto",
          rowGap: "3",
          fontSize: "sm",
        })}
      >
        <dt className={css({ color: "fg.muted" })}>{INVEST_TEXT.pricePerUnit}</dt>
        <dd className={css({ fontWeight: "600", textAlign: "right" })}>
          {price != null ? `$${formatNumber(price)}` : "—"}
        </dd>
        {units != null && (
          <>
            <dt className={css({ color: "fg.muted" })}>{INVEST_TEXT.units}</dt>
            <dd className={css({ fontWeight: "600", textAlign: "right" })} data-testid="invest-units">
              {formatUnits(units)}
            </dd>
          </>
        )}
        {total != null && (
          <>
            <dt className={css({ color: "fg.muted" })}>{INVEST_TEXT.total}</dt>
            <dd className={css({ fontWeight: "700", textAlign: "right", fontSize: "md" })} data-testid="invest-total">
              {formatMoney(total)}
            </dd>
          </>
        )}
      </dl>
      {children && <div className={css({ px: "5", pb: "5" })}>{children}</div>}
    </section>
  );
}
