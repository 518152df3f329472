import { describe, expect, it } from "vitest";
import { csvField, GRID_CSV_EXPORT_PARAMS, gridCsvCell, gridCsvHeader, neutraliseCsvCell, toCsv } from "./csv.ts";
import { capTableCsv, contactsCsv } from "./reports.ts";

/** Cells a spreadsheet would evaluate (OWASP CSV injection), each with what the file must say instead. */
const FORMULA_PAYLOADS: readonly (readonly [string, string])[] = [
  ['=HYPERLINK("http://evil.example","x")', '\'=HYPERLINK("http://evil.example","x")'],
  ["=1+1", "'=1+1"],
  ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
  ["-1+1+cmd|' /C calc'!A0", "'-1+1+cmd|' /C calc'!A0"],
  ["-2+3", "'-2+3"],
  ["@SUM(1)", "'@SUM(1)"],
  ["\t=1+1", "'\t=1+1"],
  ["\r=1+1", "'\r=1+1"],
  ["\n=1+1", "'\n=1+1"],
  [" =1+1", "' =1+1"],
  ["\u00a0@SUM(1)", "'\u00a0@SUM(1)"],
  ["＝1+1", "'＝1+1"],
  ["＋1+1", "'＋1+1"],
  ["－1+1", "'－1+1"],
  ["＠SUM(1)", "'＠SUM(1)"],
  ["-", "'-"],
  ["-5-5", "'-5-5"],
  ["-5e3", "'-5e3"],
  ["-$1,23", "'-$1,23"],
];

/** Figures as the product writes them: kept exactly, so they stay numbers in a spreadsheet. */
const FIGURES = [
  "-5",
  "-1.25",
  "0",
  "12",
  "100.5",
  "-0.5",
  "-.5",
  "1,234.50",
  "-1,234.50",
  "-$12.00",
  "$1,234.50",
  "-12.5%",
];

describe("neutraliseCsvCell (the one neutralising function)", () => {
  it.each(FORMULA_PAYLOADS)("neutralises %j", (payload, expected) => {
    expect(neutraliseCsvCell(payload)).toBe(expected);
  });

  it.each(FIGURES)("keeps the figure %j", (figure) => {
    expect(neutraliseCsvCell(figure)).toBe(figure);
  });

  it("keeps ordinary text and writes non-strings as text", () => {
    for (const text of ["Ada Byron", "a-b@x.io", "Zed, Inc.", "2024-01-02", "N/A", ""]) {
      expect(neutraliseCsvCell(text)).toBe(text);
    }
    expect(neutraliseCsvCell(-5)).toBe("-5");
    expect(neutraliseCsvCell(null)).toBe("");
    expect(neutraliseCsvCell(undefined)).toBe("");
  });

  it("quotes as RFC 4180 asks, after neutralising", () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField("-1,234.50")).toBe('"-1,234.50"');
    expect(csvField("a\r\nb")).toBe('"a\r\nb"');
    expect(toCsv(["A", "B"], [["-5", "-2+3"]])).toBe("A,B\r\n-5,'-2+3\r\n");
  });
});

describe("device-made exports (src/domain/reports.ts)", () => {
  it.each(FORMULA_PAYLOADS)(
    "the cap table and contacts files neutralise %j in every text column",
    (payload, expected) => {
      const capTable = capTableCsv([
        {
          investor: payload,
          investorEmail: payload,
          asset: payload,
          round: payload,
          security: payload,
          units: "-5",
          purchasePrice: "-1.25",
          issuedOn: "2024-01-02",
        },
      ]);
      const cell = csvField(payload);
      expect(cell).toContain(expected.replaceAll('"', '""'));
      expect(capTable.split("\r\n")[1]).toBe(`${[cell, cell, cell, cell, cell].join(",")},-5,-1.25,2024-01-02`);
      const contacts = contactsCsv([{ contactName: payload, accountName: payload, email: payload }]);
      expect(contacts.split("\r\n")[1]).toBe([cell, cell, cell].join(","));
    },
  );
});

describe("grid exports (src/ui/DataGrid.tsx: GRID_CSV_EXPORT_PARAMS)", () => {
  const column = (useValueFormatterForExport?: boolean) => ({ getColDef: () => ({ useValueFormatterForExport }) });

  it("the grid's Export is given the one neutralising function for cells and headers", () => {
    expect(GRID_CSV_EXPORT_PARAMS.processCellCallback).toBe(gridCsvCell);
    expect(GRID_CSV_EXPORT_PARAMS.processHeaderCallback).toBe(gridCsvHeader);
  });

  it.each(FORMULA_PAYLOADS)("processCellCallback neutralises %j, raw or formatted", (payload, expected) => {
    const raw = { value: payload, column: column(), formatValue: (v: unknown) => v as string };
    expect(gridCsvCell(raw)).toBe(expected);
    // A valueFormatter that returns a payload (a name shown as it is) is neutralised too.
    const formatted = { value: "x", column: column(), formatValue: () => payload };
    expect(gridCsvCell(formatted)).toBe(expected);
    const unformatted = { value: payload, column: column(false), formatValue: () => "ignored" };
    expect(gridCsvCell(unformatted)).toBe(expected);
  });

  it("processCellCallback writes the formatted figure as the grid shows it", () => {
    const money = { value: "-12", column: column(), formatValue: () => "-$12.00" };
    expect(gridCsvCell(money)).toBe("-$12.00");
    const empty = { value: null, column: column(), formatValue: (v: unknown) => v as string };
    expect(gridCsvCell(empty)).toBe("");
  });

  it("processHeaderCallback neutralises the header text", () => {
    const api = { getDisplayNameForColumn: (c: string) => c };
    expect(gridCsvHeader({ column: "@SUM(1)", api })).toBe("'@SUM(1)");
    expect(gridCsvHeader({ column: "Units", api })).toBe("Units");
  });
});
