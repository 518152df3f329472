// Table styling and row marks shared by the assets, securities and documents screens.
import type { ReactNode } from "react";
import { css, cx } from "../../../styled-system/css";
import { badge } from "../../../styled-system/recipes";
import type { PendingMark } from "../../data/pending.ts";
import { describeError } from "../../domain/errors.ts";

export const tableCard = css({
  bg: "bg.surface",
  borderWidth: "1px",
  borderColor: "border.default",
  borderRadius: "card",
  boxShadow: "card",
  overflowX: "auto",
});

export const table = css({
  w: "full",
  borderCollapse: "collapse",
  fontSize: "sm",
  "& th": {
    textAlign: "left",
    fontSize: "xs",
    fontWeight: "600",
    color: "fg.muted",
    textTransform: "uppercase",
    letterSpacing: "0.04em",
    bg: "bg.subtle",
    px: "4",
    py: "2.5",
    borderBottomWidth: "1px",
    borderColor: "border.default",
    whiteSpace: "nowrap",
  },
  "& td": { px: "4", py: "3", borderBottomWidth: "1px", borderColor: "border.default", verticalAlign: "middle" },
  "& tr:last-child > td": { borderBottomWidth: "0" },
  "& td[data-numeric], & th[data-numeric]": {
    textAlign: "right",
    fontVariantNumeric: "tabular-nums",
    whiteSpace: "nowrap",
  },
});

export const link = css({
  color: "fg.link",
  fontWeight: "600",
  textDecoration: "none",
  _hover: { textDecoration: "underline" },
});

export const muted = css({ color: "fg.muted" });

export function StatusBadge({ status, label }: { status: string; label: string }) {
  const tone =
    status === "active" || status === "uploaded"
      ? "success"
      : status === "failed"
        ? "danger"
        : status === "closed"
          ? "brand"
          : "neutral";
  return <span className={badge({ tone })}>{label}</span>;
}

/** A queued write shows as "Pending"; a refused one as "Not saved" with the reason. */
export function PendingNote({ mark }: { mark: PendingMark | undefined }) {
  if (!mark || mark.status === "accepted") return null;
  if (mark.status === "rejected") {
    return (
      <span
        data-testid="row-rejected"
        className={cx(badge({ tone: "danger" }), css({ textTransform: "none", ml: "2" }))}
        title={describeError({ code: mark.errorCode, message: mark.errorMessage })}
      >
        Not saved: {describeError({ code: mark.errorCode, message: mark.errorMessage })}
      </span>
    );
  }
  return (
    <span data-testid="row-pending" className={cx(badge({ tone: "neutral" }), css({ textTransform: "none", ml: "2" }))}>
      Pending
    </span>
  );
}

export function SectionTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div
      className={css({
        display: "flex",
        alignItems: "center",
        justifyContent: "space-between",
        gap: "3",
        mb: "3",
        mt: "8",
      })}
    >
      <h2 className={css({ fontSize: "lg", fontWeight: "700", color: "fg.default" })}>{children}</h2>
      {actions}
    </div>
  );
}

export const dateCell = css({ color: "fg.muted", whiteSpace: "nowrap" });
