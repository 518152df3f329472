// A table in the tableStyles look (accounts, issuers, distributors, an investor's holdings, contacts): the column
// headers from a list, a row per record, the empty state in place of the table when there is none, and, when named,
// the ScrollRegion that lets it scroll sideways on a phone (framed: with its own border, outside a card).
import type { CSSProperties, ReactNode } from "react";
import { css } from "../../styled-system/css";
import { EmptyState } from "./Message.tsx";
import { ScrollRegion } from "./ScrollRegion.tsx";
import { tableStyles } from "./table.ts";

/** A column's header: its title, or the title and how the column shows. */
export type FramedColumn = string | { title: string; align?: "right"; hidden?: boolean };

const srOnly = css({ srOnly: true });
const RIGHT_HEADER: CSSProperties = { textAlign: "right" };
const RIGHT_CELL: CSSProperties = { textAlign: "right", fontVariantNumeric: "tabular-nums" };

const columnOf = (column: FramedColumn) => (typeof column === "string" ? { title: column } : column);

export function FramedTable<Row extends { id: string }>({
  headers,
  rows,
  empty,
  label,
  framed = false,
  testId,
  rowTestId,
  cells,
  children,
}: {
  headers: readonly FramedColumn[];
  rows: readonly Row[];
  /** The EmptyState's text in place of the table when there is no row. */
  empty?: string;
  /** The scrolling region's accessible name: with it the table scrolls in a ScrollRegion. */
  label?: string;
  /** The region has the table's own border (a table on the page, not in a card). */
  framed?: boolean;
  testId?: string;
  /** The test id of each row drawn from `cells`. */
  rowTestId?: string;
  /** A row's cells, one per column (each in a `td`); or `children` draws the whole row. */
  cells?: (row: Row) => ReactNode[];
  children?: (row: Row) => ReactNode;
}) {
  if (empty !== undefined && rows.length === 0) return <EmptyState text={empty} />;
  const shown = headers.map(columnOf);
  const row = (record: Row) => (
    <tr key={record.id} data-testid={rowTestId}>
      {cells?.(record).map((cell, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in a fixed order
        <td key={index} className={tableStyles.td} style={shown[index]?.align ? RIGHT_CELL : undefined}>
          {cell}
        </td>
      ))}
    </tr>
  );
  const table = (
    <table className={tableStyles.table} data-testid={testId}>
      <thead>
        <tr>
          {shown.map((column) => (
            <th key={column.title} className={tableStyles.th} style={column.align ? RIGHT_HEADER : undefined}>
              {column.hidden ? <span className={srOnly}>{column.title}</span> : column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{rows.map(children ?? row)}</tbody>
    </table>
  );
  if (label === undefined) return table;
  return (
    <ScrollRegion label={label} className={framed ? tableStyles.wrap : undefined}>
      {table}
    </ScrollRegion>
  );
}
