// A table inside a card (tableClass): its column headers from a list, a row per record, the card's muted empty text
// when there is none, and the frame that lets it scroll sideways on a phone (a named ScrollRegion, or a plain
// scrolling box).
import type { ReactNode } from "react";
import { cx } from "../../styled-system/css";
import { HiddenHeader } from "./HiddenHeader.tsx";
import { ScrollRegion } from "./ScrollRegion.tsx";
import { mutedText, tableClass, tableScroll } from "./table.ts";

/** A column's header: its title, or the title and how it shows. */
export type CardTableColumn = string | CardTableHeader;

export interface CardTableHeader {
  /** The header's content: its text, or a control (a sort button). */
  title: ReactNode;
  /** Figures: right-aligned (the `num` class). */
  num?: boolean;
  /** No visible title (a select or actions column): the title for screen readers only (HiddenHeader). */
  hidden?: boolean;
  /** More classes on the header (a column hidden on phones). */
  className?: string;
}

export function CardTable<Row>({
  headers,
  rows,
  empty,
  label,
  scrollClass = tableScroll,
  tableLabel,
  testId,
  children,
}: {
  /**
   * The headers; `false` (a column shown only sometimes, `canWrite && ...`) is left out. Named `headers`, not
   * `columns`: Panda reads a component's props named as CSS properties as styles, and a list of headers under
   * `columns` made CSS rules the build refuses (docs/CLIENT.md, the ui pieces).
   */
  headers: readonly (CardTableColumn | false)[];
  rows: readonly Row[];
  /** The muted text in place of the table when there is no row; without it an empty table is shown. */
  empty?: string;
  /** The scrolling region's accessible name: with it the table scrolls in a ScrollRegion (in the tab order). */
  label?: string;
  /** Without `label`: the class of the box that scrolls (tableScroll, or a plain overflow). */
  scrollClass?: string;
  /** The table's own accessible name. */
  tableLabel?: string;
  testId?: string;
  /** A row (a `tr` with its key). */
  children: (row: Row) => ReactNode;
}) {
  if (empty !== undefined && rows.length === 0) return <p className={mutedText}>{empty}</p>;
  const table = (
    <table className={tableClass} aria-label={tableLabel} data-testid={testId}>
      <thead>
        <tr>
          {headers.map((column, index) =>
            column === false ? null : (
              // biome-ignore lint/suspicious/noArrayIndexKey: the headers are a fixed list, never reordered
              <HeaderCell key={index} column={column} />
            ),
          )}
        </tr>
      </thead>
      <tbody>{rows.map(children)}</tbody>
    </table>
  );
  if (label !== undefined) return <ScrollRegion label={label}>{table}</ScrollRegion>;
  return <div className={scrollClass}>{table}</div>;
}

function HeaderCell({ column }: { column: CardTableColumn }) {
  const { title, num, hidden, className }: CardTableHeader = typeof column === "string" ? { title: column } : column;
  if (hidden) return <HiddenHeader className={className}>{title}</HiddenHeader>;
  return <th className={cx(num && "num", className) || undefined}>{title}</th>;
}
