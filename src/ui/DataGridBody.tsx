// The AG Grid part of DataGrid.tsx, in its own chunk: a screen's heading, figures and the grid's toolbar paint
// while this code (the largest chunk of the app) is still on its way, and screens without a grid never load it.
// Registers only the AG Grid modules the grids use.
import {
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  CsvExportModule,
  DateFilterModule,
  ModuleRegistry,
  NumberFilterModule,
  QuickFilterModule,
  RowApiModule,
  RowSelectionModule,
  TextFilterModule,
  themeQuartz,
} from "ag-grid-community";
import { AgGridReact, type AgGridReactProps } from "ag-grid-react";
import { type Density, ROW_HEIGHTS } from "./data-grid-state.ts";

/**
 * Only the AG Grid modules the grids use (AllCommunityModule would add about 200 KB gzip of editors, pagination,
 * infinite rows, tooltips...). Sorting, column moving/resizing, pinned columns, flex widths and the overlays are in
 * AG Grid's core. A grid option or API call whose module is missing logs "AG Grid: error #200" in the console:
 * tests/e2e/console.e2e.test.ts opens every grid and fails on it.
 */
export const GRID_MODULES = [
  ClientSideRowModelModule, // rowData
  TextFilterModule, // filter: true on text columns, the Filter toolbar's floating filters
  NumberFilterModule, // filter: true on number columns (cell data type inference)
  DateFilterModule, // filter: true on date columns
  QuickFilterModule, // the toolbar's search (quickFilterText)
  CsvExportModule, // Export (exportDataAsCsv)
  RowSelectionModule, // checkbox selection (rowSelection, getSelectedRows)
  ColumnApiModule, // saved column state (getColumnState, applyColumnState, resetColumnState)
  RowApiModule, // the footer's count (getDisplayedRowCount)
  CellStyleModule, // type: "rightAligned" sets cellClass
  ColumnAutoSizeModule, // columns as wide as their header and cells (autoSizeStrategy in DataGrid.tsx)
];

let modulesRegistered = false;
function registerModules() {
  if (modulesRegistered) return;
  ModuleRegistry.registerModules(GRID_MODULES);
  modulesRegistered = true;
}

/** The design system's look (tokens from panda.config.ts, repeated here because AG Grid themes take raw values). */
const gridTheme = themeQuartz.withParams({
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, Arial, sans-serif',
  fontSize: 13,
  headerFontSize: 12,
  headerFontWeight: 600,
  headerTextColor: "#475569",
  headerBackgroundColor: "#f8fafc",
  foregroundColor: "#0f172a",
  backgroundColor: "#ffffff",
  borderColor: "#e2e8f0",
  rowBorder: { color: "#eef2f6" },
  wrapperBorder: false,
  wrapperBorderRadius: 0,
  accentColor: "#2f6fde",
  selectedRowBackgroundColor: "#e9f0fd",
  rowHoverColor: "#f5f7fb",
  spacing: 6,
  cellHorizontalPadding: 14,
  headerHeight: 40,
});

/** One theme per density, so cells centre their text in the row height the spec gives. */
const DENSITY_THEMES: Record<Density, typeof gridTheme> = {
  compact: gridTheme.withParams({ rowHeight: ROW_HEIGHTS.compact }),
  standard: gridTheme.withParams({ rowHeight: ROW_HEIGHTS.standard }),
  comfortable: gridTheme.withParams({ rowHeight: ROW_HEIGHTS.comfortable }),
};

export type DataGridBodyProps<Row> = Omit<AgGridReactProps<Row>, "theme" | "rowHeight" | "noRowsOverlayComponent"> & {
  density: Density;
  emptyText: string;
};

export default function DataGridBody<Row>({ density, emptyText, ...props }: DataGridBodyProps<Row>) {
  registerModules();
  return (
    <AgGridReact<Row>
      {...props}
      theme={DENSITY_THEMES[density]}
      rowHeight={ROW_HEIGHTS[density]}
      noRowsOverlayComponent={NoRows}
      noRowsOverlayComponentParams={{ text: emptyText }}
    />
  );
}

function NoRows({ text }: { text: string }) {
  return <span style={{ color: "#64748b", fontSize: 14 }}>{text}</span>;
}
