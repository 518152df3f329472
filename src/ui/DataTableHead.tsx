// The header row of a table in the dataTable look (the assets and their rounds, an asset's holdings, documents): the
// column titles from a list, figures marked data-numeric (right-aligned), a title for screen readers only
// (HiddenHeader), and `false` for a column shown only sometimes (`canWrite && ...`).
import { HiddenHeader } from "./HiddenHeader.tsx";

/** A column's header: its title, or the title and how it shows. */
export type DataTableColumn = string | DataTableHeader;

export interface DataTableHeader {
  title: string;
  /** Figures: right-aligned (data-numeric). */
  numeric?: boolean;
  /** No visible title (an expand or actions column): the title for screen readers only. */
  hidden?: boolean;
  className?: string;
}

export function DataTableHead({ headers }: { headers: readonly (DataTableColumn | false)[] }) {
  return (
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
  );
}

function HeaderCell({ column }: { column: DataTableColumn }) {
  const { title, numeric, hidden, className }: DataTableHeader =
    typeof column === "string" ? { title: column } : column;
  if (hidden) return <HiddenHeader className={className}>{title}</HiddenHeader>;
  return (
    <th className={className} data-numeric={numeric ? "" : undefined}>
      {title}
    </th>
  );
}
