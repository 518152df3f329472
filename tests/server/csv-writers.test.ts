// Every CSV the product writes goes through src/domain/csv.ts (toCsv / neutraliseCsvCell / GRID_CSV_EXPORT_PARAMS).
// This reads the sources of the device (src/) and the server (sync/) and fails when a new writer would bypass it:
// papaparse's unparse, a hand-joined CSV, a CSV Content-Type or Blob outside the module, an AG Grid export without
// the module's callbacks, or an AG Grid instance outside src/ui/DataGrid.tsx (and its lazy body, DataGridBody.tsx).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const MODULE = "src/domain/csv.ts";

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules") out.push(...sources(path));
    } else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      out.push(path);
    }
  }
  return out;
}

const FILES = [...sources("src"), ...sources("sync")].map((path) => ({
  path,
  text: readFileSync(join(ROOT, path), "utf8"),
}));

/** Where "text/csv" may appear outside the module, and why: none of these writes a CSV. */
const CONTENT_TYPE_EXCEPTIONS: Record<string, string> = {
  "sync/http/static.ts": "MIME type by extension for the built client's files",
  "sync/storage/limits.ts": "MIME type for a user's uploaded document, stored and served back as it was uploaded",
};

function offenders(pattern: RegExp, allowed: (path: string, match: RegExpExecArray, text: string) => boolean) {
  const found: string[] = [];
  for (const { path, text } of FILES) {
    for (const match of text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`))) {
      if (!allowed(path, match as RegExpExecArray, text)) {
        const line = text.slice(0, match.index).split("\n").length;
        found.push(`${path}:${line}: ${match[0]}`);
      }
    }
  }
  return found;
}

describe("every CSV writer goes through src/domain/csv.ts", () => {
  it("the scan sees the module and the known writers", () => {
    const paths = FILES.map((f) => relative(ROOT, join(ROOT, f.path)));
    for (const path of [MODULE, "src/domain/reports.ts", "sync/http/reports.ts", "src/ui/DataGrid.tsx"]) {
      expect(paths).toContain(path);
    }
  });

  it("no papaparse unparse (or any other CSV writer library) outside the module", () => {
    expect(
      offenders(/\bunparse\b|\bjson2csv\b|\bcsv-stringify\b|(?<!JSON\.)\bstringify\s*\(\s*\[/, (p) => p === MODULE),
    ).toEqual([]);
  });

  it("no hand-joined CSV lines (CRLF-joined text) outside the module", () => {
    // the OFX download is SGML whose lines end in CRLF (OFX 1.0.2), not CSV
    const notCsv = new Set(["sync/portfolio/ofx.ts"]);
    expect(offenders(/\.join\(\s*["'`]\\r\\n["'`]\s*\)/, (p) => p === MODULE || notCsv.has(p))).toEqual([]);
  });

  it("a CSV Content-Type or Blob only in the module (file inputs' accept and MIME tables excepted)", () => {
    const found = offenders(/text\/csv/, (path, match, text) => {
      if (path === MODULE || path in CONTENT_TYPE_EXCEPTIONS) return true;
      const lineStart = text.lastIndexOf("\n", match.index) + 1;
      return /^\s*accept=/.test(text.slice(lineStart, match.index));
    });
    expect(found).toEqual([]);
  });

  it("every AG Grid export call is given GRID_CSV_EXPORT_PARAMS", () => {
    const found = offenders(
      /\b(?:exportDataAsCsv|getDataAsCsv|exportDataAsExcel|getDataAsExcel)\s*\(([^)]*)\)/,
      (_p, m) => /\.\.\.GRID_CSV_EXPORT_PARAMS\b/.test(m[1] ?? ""),
    );
    expect(found).toEqual([]);
  });

  it("AG Grid is only used through src/ui/DataGrid.tsx (its lazy body DataGridBody.tsx), with the module's default export params", () => {
    const BODY = "src/ui/DataGridBody.tsx";
    expect(offenders(/<AgGridReact\b|\bcreateGrid\s*\(/, (p) => p === BODY)).toEqual([]);
    expect(offenders(/<DataGridBody\b/, (p) => p === "src/ui/DataGrid.tsx")).toEqual([]);
    const body = FILES.find((f) => f.path === BODY)?.text ?? "";
    // The body is one AgGridReact given every prop DataGrid passes on.
    expect(body.match(/<AgGridReact\b/g)?.length ?? 0).toBe(1);
    expect(body).toMatch(/<AgGridReact<Row>\s*\{\.\.\.props\}/);
    const grid = FILES.find((f) => f.path === "src/ui/DataGrid.tsx")?.text ?? "";
    const instances = grid.match(/<DataGridBody\b/g)?.length ?? 0;
    expect(instances).toBeGreaterThan(0);
    expect(grid.match(/defaultCsvExportParams=\{GRID_CSV_EXPORT_PARAMS\}/g)?.length ?? 0).toBe(instances);
  });
});
