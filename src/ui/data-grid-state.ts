// Pure parts of the DataGrid: density, the footer text, the row cap and the saved column state (no React, no grid).

export type Density = "compact" | "standard" | "comfortable";

/** Row heights from the spec (px). */
export const ROW_HEIGHTS: Record<Density, number> = { compact: 36, standard: 54, comfortable: 67 };
export const DENSITIES: readonly Density[] = ["compact", "standard", "comfortable"];
export const DEFAULT_DENSITY: Density = "compact";

/** Grids refuse to show more rows than this (spec: row cap 50,000). */
export const GRID_ROW_CAP = 50_000;
export const GRID_ROW_CAP_ERROR = "Error: Viewing over 50,000 rows is not supported. Please filter results.";

/** The footer: '1 - n of total' ("0 - 0 of 0" when empty). */
export function footerText(shown: number, total: number): string {
  return `${shown === 0 ? 0 : 1} - ${shown.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`;
}

/** One column as saved: its position is its index in the list. */
export interface SavedColumn {
  colId: string;
  width?: number;
  hide?: boolean;
}

interface SavedGridState {
  density: Density;
  columns?: SavedColumn[];
}

export function storageKey(gridKey: string): string {
  return `ll.grid.${gridKey}`;
}

export function parseSavedState(raw: string | null): SavedGridState {
  if (!raw) return { density: DEFAULT_DENSITY };
  try {
    const value = JSON.parse(raw) as Partial<SavedGridState>;
    const density = DENSITIES.includes(value.density as Density) ? (value.density as Density) : DEFAULT_DENSITY;
    const columns = Array.isArray(value.columns)
      ? value.columns.filter((c): c is SavedColumn => typeof c?.colId === "string")
      : undefined;
    return { density, columns };
  } catch {
    return { density: DEFAULT_DENSITY };
  }
}

/** Local storage, cleared when full (spec: "Local storage is cleared when it is full"). */
export function saveState(storage: Storage, gridKey: string, state: SavedGridState): void {
  const text = JSON.stringify(state);
  try {
    storage.setItem(storageKey(gridKey), text);
  } catch {
    storage.clear();
    try {
      storage.setItem(storageKey(gridKey), text);
    } catch {
      // Storage unavailable (private mode): the grid still works, it just forgets.
    }
  }
}

/** Export file names carry the day: holdings_2026_11_22. */
export function datedFileName(prefix: string, day: Date): string {
  const y = day.getFullYear();
  const m = String(day.getMonth() + 1).padStart(2, "0");
  const d = String(day.getDate()).padStart(2, "0");
  return `${prefix}_${y}_${m}_${d}`;
}
