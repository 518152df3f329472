// Table styles (three kinds of table) and small text styles shared by the screens.
import { css } from "../../styled-system/css";

/** A bordered table in its own scrolling frame (accounts, contacts, transactions): class per element. */
export const tableStyles = {
  wrap: css({
    overflowX: "auto",
    // the containing block of what is positioned inside (a header's screen-reader text): it scrolls with the table
    // instead of widening the page on a phone
    position: "relative",
    borderWidth: "1px",
    borderColor: "border.default",
    borderRadius: "card",
    // a colour, not the background shorthand: ScrollRegion adds its scroll shadows over it
    backgroundColor: "bg.surface",
  }),
  table: css({ w: "full", borderCollapse: "collapse", fontSize: "sm" }),
  th: css({
    textAlign: "left",
    px: "4",
    py: "3",
    fontSize: "xs",
    fontWeight: "700",
    color: "fg.muted",
    textTransform: "uppercase",
    letterSpacing: "0.05em",
    bg: "bg.subtle",
    borderBottomWidth: "1px",
    borderColor: "border.default",
    whiteSpace: "nowrap",
  }),
  td: css({
    px: "4",
    py: "3",
    borderBottomWidth: "1px",
    borderColor: "border.default",
    color: "fg.default",
    verticalAlign: "middle",
  }),
};

/**
 * Around a table wider than a phone: the table scrolls inside its card, never the page, and a shadow on the edge that
 * has more shows that it scrolls (scroll shadows: the covers move with the content, the shadows stay). Relative, so
 * the absolutely placed parts inside it (a Select's hidden native select and label) are clipped with it.
 */
export const tableScroll = css({
  overflowX: "auto",
  maxW: "full",
  position: "relative",
  background: [
    "linear-gradient(to right, var(--colors-bg-surface) 30%, transparent) left / 2.5rem 100% no-repeat local",
    "linear-gradient(to left, var(--colors-bg-surface) 30%, transparent) right / 2.5rem 100% no-repeat local",
    "radial-gradient(farthest-side at 0 50%, rgba(15, 23, 42, 0.2), transparent) left / 0.875rem 100% no-repeat scroll",
    "radial-gradient(farthest-side at 100% 50%, rgba(15, 23, 42, 0.2), transparent) right / 0.875rem 100% no-repeat scroll",
  ].join(", "),
});

/** A table inside a card (rounds, allocations, holdings): one class on the table styles its cells; `num` aligns right. */
export const tableClass = css({
  w: "full",
  borderCollapse: "collapse",
  fontSize: "sm",
  "& th": {
    textAlign: "left",
    fontSize: "xs",
    fontWeight: "700",
    color: "fg.subtle",
    letterSpacing: "0.04em",
    textTransform: "uppercase",
    px: "3",
    py: "2",
    borderBottomWidth: "1px",
    borderColor: "border.default",
    whiteSpace: "nowrap",
  },
  "& td": { px: "3", py: "2.5", borderBottomWidth: "1px", borderColor: "border.default", verticalAlign: "middle" },
  "& td.num, & th.num": { textAlign: "right", fontVariantNumeric: "tabular-nums" },
  "& tr:last-child td": { borderBottomWidth: "0" },
});

/** A table in its own framed card (assets, securities, documents): `dataTableCard` frames, `dataTable` styles the
 * cells; `data-numeric` cells align right. */
export const dataTableCard = css({
  bg: "bg.surface",
  borderWidth: "1px",
  borderColor: "border.default",
  borderRadius: "card",
  boxShadow: "card",
  overflowX: "auto",
  // the containing block of what is positioned inside (a header's screen-reader text): it scrolls with the table
  // instead of widening the page on a phone
  position: "relative",
});

export const dataTable = css({
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

/** A date in a table cell. */
export const dateCell = css({ color: "fg.muted", whiteSpace: "nowrap" });

export const mutedText = css({ color: "fg.muted", fontSize: "sm" });
export const linkClass = css({ color: "fg.link", fontWeight: "600", _hover: { textDecoration: "underline" } });
