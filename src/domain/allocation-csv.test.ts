import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { isCsvFileName, parseAllocationCsv } from "./allocation-csv.ts";
import { VARIABLES } from "./commands/inputs.ts";
import { decodeTextFile } from "./text-file.ts";

describe("allocation CSV import", () => {
  it("accepts .csv files only", () => {
    expect(isCsvFileName("cap-table.CSV")).toBe(true);
    expect(isCsvFileName("cap-table.xlsx")).toBe(false);
  });

  it("reads rows", () => {
    expect(parseAllocationCsv("Email,Amount,Contact Name\na@x.io,100,Ann\nb@x.io,2.5,\n")).toEqual({
      ok: true,
      rows: [
        { row: 2, email: "a@x.io", amount: "100", name: "Ann" },
        { row: 3, email: "b@x.io", amount: "2.5", name: null },
      ],
    });
  });

  it("reports every bad row (numbers with commas, missing email, zero)", () => {
    const result = parseAllocationCsv('Email,Amount\na@x.io,"1,000"\n,5\nc@x.io,0\n');
    expect(result).toEqual({
      ok: false,
      errors: [
        "Row 2: Numbers must not contain commas.",
        "Row 3: Email is required.",
        "Row 4: Amount must be greater than 0.",
      ],
    });
  });

  it("names a row with more cells than the header instead of throwing", () => {
    expect(() => parseAllocationCsv("Email,Amount,Contact Name\na@x.io,5,Ann,extra,more\n")).not.toThrow();
    expect(parseAllocationCsv("Email,Amount,Contact Name\na@x.io,5,Ann\nb@x.io,5,Bo,extra,more\n")).toEqual({
      ok: false,
      errors: ["Row 3: The row has 5 cells but the header has 3."],
    });
  });

  it("takes trailing empty cells (a spreadsheet's separators) as no extra cells", () => {
    const parsed = parseAllocationCsv("Email,Amount,Contact Name\na@x.io,5,Ann,,\nb@x.io,6,,,\n");
    expect(parsed).toMatchObject({ ok: true, rows: [{ email: "a@x.io" }, { email: "b@x.io", name: null }] });
  });

  it("refuses an email twice in another letter case, naming the second row", () => {
    expect(parseAllocationCsv("Email,Amount\nAda@X.io,5\nbo@x.io,1\nada@x.IO,7\n")).toEqual({
      ok: false,
      errors: ["Row 4: This email appears more than once in the file."],
    });
  });

  it("names missing required cells, bad numbers and an unclosed quote, row by row (blank lines counted)", () => {
    const result = parseAllocationCsv(
      'Email,Amount,Contact Name\na@x.io\n\nb@x.io,1e3\nc@x.io,-5\nd@x.io,abc\n"e@x.io,5\n',
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        "Row 2: Amount is required.",
        "Row 4: Amount must be greater than 0.",
        "Row 5: Amount must be greater than 0.",
        "Row 6: Amount must be greater than 0.",
        "Row 7: A quoted cell is never closed.",
        "Row 7: Amount is required.",
      ],
    });
  });

  it("a header without the columns, an empty file", () => {
    expect(parseAllocationCsv("Mail,Sum\na@x.io,5\n")).toEqual({
      ok: false,
      errors: ["The file needs the columns Email, Amount, Contact Name."],
    });
    expect(parseAllocationCsv("Email,Amount\n\n")).toEqual({ ok: false, errors: ["The file has no rows."] });
    expect(parseAllocationCsv("")).toMatchObject({ ok: false });
  });

  it("reads a Latin-1 file's names correctly once decoded, and a UTF-8 file with its mark", () => {
    const latin1 = Uint8Array.from([..."Email,Amount,Contact Name\nf@x.io,5,François\n"].map((c) => c.charCodeAt(0)));
    const decoded = decodeTextFile(latin1);
    expect(decoded.ok && decoded.encoding).toBe("windows-1252");
    expect(decoded.ok && parseAllocationCsv(decoded.text)).toEqual({
      ok: true,
      rows: [{ row: 2, email: "f@x.io", amount: "5", name: "François" }],
    });
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("Email,Amount\nz@x.io,1\n")]);
    const utf8 = decodeTextFile(bom);
    expect(utf8.ok && parseAllocationCsv(utf8.text)).toEqual({
      ok: true,
      rows: [{ row: 2, email: "z@x.io", amount: "1", name: null }],
    });
  });

  it("reads rows the API's typed input takes (bulkAllocation's rows), which refuses a wrongly typed field", () => {
    const parsed = parseAllocationCsv("Email,Amount,Contact Name\na@x.io,5,Ada\nb@x.io,2.5,\n");
    if (!parsed.ok) throw new Error(parsed.errors.join("\n"));
    const rows = parsed.rows.map((row, n) => ({ ...row, id: `00000000-0000-4000-8000-00000000000${n}` }));
    const variables = (sent: unknown[]) => ({ input: { allocationId: rows[0]?.id, fileName: "a.csv", rows: sent } });
    expect(v.safeParse(VARIABLES.bulkAllocation, variables(rows)).issues).toBeUndefined();
    const wrong: Array<[string, unknown]> = [
      ["amount", { units: 5 }],
      ["row", "2"],
      ["row", 2.5],
      ["email", 5],
      ["name", ["Ada"]],
      ["id", 7],
      ["notes", "an unknown field"],
    ];
    for (const [field, value] of wrong) {
      const result = v.safeParse(VARIABLES.bulkAllocation, variables([{ ...rows[0], [field]: value }]));
      expect(result.success, field).toBe(false);
      expect(
        result.issues?.map((issue) => v.getDotPath(issue)),
        field,
      ).toEqual([`input.rows.0.${field}`]);
    }
  });
});
