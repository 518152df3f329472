// The large grids (holdings, portfolio, distributions): AG Grid community with the spec's toolbar (columns, filter,
// density, export), reset, locally saved column state and density, the '1 - n of total' footer, an empty text and
// the 50,000-row rule. Rows come from the local replica, so the client-side row model holds them all; hot columns
// should use valueGetter/valueFormatter (or linkCell below), never a React cell renderer, to stay fast at 50k rows.
import type {
  ColDef,
  ColumnState,
  GridApi,
  ICellRendererComp,
  ICellRendererParams,
  SelectionChangedEvent,
} from "ag-grid-community";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { cx } from "../../styled-system/css";
import { dataGrid } from "../../styled-system/recipes";
import { GRID_CSV_EXPORT_PARAMS } from "../domain/csv.ts";
import { Button } from "./Button.tsx";
import type DataGridBodyComponent from "./DataGridBody.tsx";
import {
  DEFAULT_DENSITY,
  DENSITIES,
  type Density,
  footerText,
  GRID_ROW_CAP,
  GRID_ROW_CAP_ERROR,
  parseSavedState,
  type SavedColumn,
  saveState,
  storageKey,
} from "./data-grid-state.ts";
import { CheckIcon } from "./icons.tsx";
import { Menu } from "./Menu.tsx";
import { toast } from "./Toast.tsx";

/** AG Grid itself, loaded on first use (DataGridBody.tsx): the toolbar and footer render without waiting for it. */
const DataGridBody = lazy(() => import("./DataGridBody.tsx")) as unknown as typeof DataGridBodyComponent;

const DENSITY_LABELS: Record<Density, string> = {
  compact: "Compact",
  standard: "Standard",
  comfortable: "Comfortable",
};

interface DataGridProps<Row> {
  /** Key of the saved column state and density in local storage. */
  gridKey: string;
  rows: readonly Row[];
  columns: ColDef<Row>[];
  getRowId: (row: Row) => string;
  /** File name of the CSV export without the extension (a function is evaluated at export time). */
  exportFileName: string | (() => string);
  emptyText: string;
  /** Accessible name of the grid. */
  label: string;
  /** The rows are still being read: AG Grid's loading overlay instead of the empty text. */
  loading?: boolean;
  height?: number | string;
  defaultDensity?: Density;
  /** Row selection with checkboxes; the callback receives the selected rows. */
  onSelectionChange?: (rows: Row[]) => void;
  /** Extra toolbar content on the right (for example an import button). */
  toolbarExtra?: ReactNode;
  className?: string;
}

/** Only the parts the spec persists: order (list position), width and visibility. */
function toSaved(state: ColumnState[]): SavedColumn[] {
  return state
    .filter((c) => c.colId !== "ag-Grid-SelectionColumn")
    .map((c) => ({ colId: c.colId, width: c.width ?? undefined, hide: c.hide ?? undefined }));
}

export function DataGrid<Row>(props: DataGridProps<Row>) {
  const { gridKey, rows, columns, getRowId, exportFileName, emptyText, label, onSelectionChange } = props;
  const classes = dataGrid();
  const apiRef = useRef<GridApi<Row> | null>(null);
  const saved = useMemo(() => parseSavedState(readStorage(gridKey)), [gridKey]);
  const [density, setDensity] = useState<Density>(
    readStorage(gridKey) ? saved.density : (props.defaultDensity ?? DEFAULT_DENSITY),
  );
  const [quickFilter, setQuickFilter] = useState("");
  const [showFilters, setShowFilters] = useState(false);
  const [shown, setShown] = useState(0);
  const [columnState, setColumnState] = useState<SavedColumn[]>([]);

  const capped = rows.length > GRID_ROW_CAP;
  const visibleRows = useMemo(() => (capped ? rows.slice(0, GRID_ROW_CAP) : rows), [rows, capped]);
  useEffect(() => {
    if (capped) toast.gridError(GRID_ROW_CAP_ERROR);
  }, [capped]);

  const persist = useCallback(
    (next: { density?: Density; columns?: SavedColumn[] | null }) => {
      const current = parseSavedState(readStorage(gridKey));
      const columnsToSave = next.columns === null ? undefined : (next.columns ?? current.columns);
      saveState(window.localStorage, gridKey, { density: next.density ?? current.density, columns: columnsToSave });
    },
    [gridKey],
  );

  const captureColumns = useCallback(
    (save: boolean) => {
      const api = apiRef.current;
      if (!api) return;
      const state = toSaved(api.getColumnState());
      setColumnState(state);
      if (save) persist({ columns: state });
    },
    [persist],
  );

  const defaultColDef = useMemo<ColDef<Row>>(
    () => ({
      sortable: true,
      resizable: true,
      filter: true,
      floatingFilter: showFilters,
      // Filtering is reached through the toolbar's Filter button (a row of column filters), not per-header icons.
      suppressHeaderFilterButton: true,
      suppressHeaderMenuButton: true,
      minWidth: 90,
    }),
    [showFilters],
  );

  const changeDensity = (next: Density) => {
    setDensity(next);
    persist({ density: next });
  };

  const toggleColumn = (colId: string, hide: boolean) => {
    apiRef.current?.applyColumnState({ state: [{ colId, hide }] });
  };

  const reset = () => {
    const api = apiRef.current;
    if (!api) return;
    api.resetColumnState();
    persist({ columns: null });
    setColumnState(toSaved(api.getColumnState()));
  };

  const exportCsv = () => {
    const name = typeof exportFileName === "function" ? exportFileName() : exportFileName;
    // Every cell through the one neutralising function (src/domain/csv.ts): no formula reaches a spreadsheet.
    apiRef.current?.exportDataAsCsv({ ...GRID_CSV_EXPORT_PARAMS, fileName: `${name}.csv` });
  };

  const headerNames = useMemo(() => {
    const names = new Map<string, string>();
    for (const c of columns) {
      const id = c.colId ?? (c.field as string | undefined);
      if (id) names.set(id, c.headerName ?? id);
    }
    return names;
  }, [columns]);

  return (
    <section className={cx(classes.root, props.className)} aria-label={label} data-grid-key={gridKey}>
      <div className={classes.toolbar} role="toolbar" aria-label={`${label} toolbar`}>
        <div className={classes.toolbarGroup}>
          <ToolbarMenu label="Columns" closeOnSelect={false}>
            {columnState.map((c) => (
              <CheckItem
                key={c.colId}
                value={`column:${c.colId}`}
                checked={!c.hide}
                onSelect={() => toggleColumn(c.colId, !c.hide)}
              >
                <span data-checked={!c.hide}>{headerNames.get(c.colId) ?? c.colId}</span>
              </CheckItem>
            ))}
            <Menu.Separator />
            <Menu.Item value="reset" onSelect={reset}>
              Reset
            </Menu.Item>
          </ToolbarMenu>
          <Button variant="ghost" size="sm" aria-pressed={showFilters} onClick={() => setShowFilters((v) => !v)}>
            Filter
          </Button>
          <ToolbarMenu label="Density">
            {DENSITIES.map((d) => (
              <CheckItem key={d} value={`density:${d}`} checked={d === density} onSelect={() => changeDensity(d)}>
                {DENSITY_LABELS[d]}
              </CheckItem>
            ))}
          </ToolbarMenu>
          <Button variant="ghost" size="sm" onClick={exportCsv}>
            Export
          </Button>
          <Button variant="ghost" size="sm" onClick={reset}>
            Reset
          </Button>
        </div>
        <div className={classes.toolbarGroup}>
          <input
            className={classes.search}
            type="search"
            placeholder="Search…"
            aria-label={`Search ${label}`}
            value={quickFilter}
            onChange={(e) => setQuickFilter(e.target.value)}
          />
          {props.toolbarExtra}
        </div>
      </div>
      <div className={classes.body} style={{ height: props.height ?? 560 }} data-density={density}>
        <Suspense fallback={<GridPlaceholder />}>
          <DataGridBody<Row>
            density={density}
            emptyText={emptyText}
            rowData={visibleRows as Row[]}
            loading={props.loading ?? false}
            columnDefs={columns}
            defaultColDef={defaultColDef}
            getRowId={(p) => getRowId(p.data)}
            quickFilterText={quickFilter}
            animateRows={false}
            defaultCsvExportParams={GRID_CSV_EXPORT_PARAMS}
            suppressCellFocus={false}
            // Columns as wide as their header and cells, then spread over the grid's width: nothing is cut while
            // there is room (issue 22 item 5). Columns the user resized, or restored from the saved state, stay.
            autoSizeStrategy={{ type: "fitCellContents", scaleUpToFitGridWidth: true, continuous: true }}
            rowSelection={
              onSelectionChange
                ? { mode: "multiRow", checkboxes: true, headerCheckbox: true, enableClickSelection: false }
                : undefined
            }
            onSelectionChanged={(e: SelectionChangedEvent<Row>) => onSelectionChange?.(e.api.getSelectedRows())}
            onGridReady={(e) => {
              apiRef.current = e.api;
              if (saved.columns?.length) e.api.applyColumnState({ state: saved.columns, applyOrder: true });
              captureColumns(false);
              setShown(e.api.getDisplayedRowCount());
            }}
            onModelUpdated={(e) => setShown(e.api.getDisplayedRowCount())}
            onColumnMoved={(e) => e.finished && captureColumns(true)}
            // A width the user chose is saved; the automatic sizing (flex, fit to contents) is redone on each visit.
            onColumnResized={(e) => e.finished && e.source === "uiColumnResized" && captureColumns(true)}
            onColumnVisible={() => captureColumns(true)}
          />
        </Suspense>
      </div>
      <div className={classes.footer} data-testid="grid-footer">
        <span>{footerText(shown, rows.length)}</span>
      </div>
    </section>
  );
}

/** While AG Grid's code loads: the grid's box (same height, so nothing moves), marked busy. */
/** A toolbar button that opens a menu of `children` (closed on a choice unless `closeOnSelect` is false). */
function ToolbarMenu({
  label,
  closeOnSelect = true,
  children,
}: {
  label: string;
  closeOnSelect?: boolean;
  children: ReactNode;
}) {
  return (
    <Menu.Root closeOnSelect={closeOnSelect}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm">
          {label}
        </Button>
      </Menu.Trigger>
      <Menu.Content>{children}</Menu.Content>
    </Menu.Root>
  );
}

/** A menu item with a check mark before it while `checked`. */
function CheckItem({
  value,
  checked,
  onSelect,
  children,
}: {
  value: string;
  checked: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <Menu.Item value={value} onSelect={onSelect}>
      <span className={dataGrid().menuCheck} aria-hidden>
        {checked && <CheckIcon width={14} height={14} />}
      </span>
      {children}
    </Menu.Item>
  );
}

function GridPlaceholder() {
  return <div aria-busy="true" style={{ height: "100%" }} />;
}

function readStorage(gridKey: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(gridKey));
  } catch {
    return null;
  }
}

/**
 * A plain DOM link cell (no React renderer per row). Clicks stay in the single-page app through `navigate`.
 * Use as `cellRenderer: linkCell((row) => `/holding/${row.id}`, navigate)`.
 */
export function linkCell<Row>(href: (row: Row) => string, navigate: (to: string) => void) {
  return class LinkCell implements ICellRendererComp<Row> {
    private anchor = document.createElement("a");
    init(params: ICellRendererParams<Row>) {
      this.render(params);
      this.anchor.style.color = "#2b4c7e";
      this.anchor.style.fontWeight = "600";
      this.anchor.addEventListener("click", (event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(this.anchor.getAttribute("href") ?? "/");
      });
    }
    getGui() {
      return this.anchor;
    }
    refresh(params: ICellRendererParams<Row>) {
      this.render(params);
      return true;
    }
    private render(params: ICellRendererParams<Row>) {
      this.anchor.textContent = params.valueFormatted ?? String(params.value ?? "");
      this.anchor.href = params.data ? href(params.data) : "#";
    }
  };
}

export type { ColDef } from "ag-grid-community";
export { datedFileName } from "./data-grid-state.ts";
