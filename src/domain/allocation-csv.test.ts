import { describe, expect, it } from "vitest";
import { isCsvFileName, parseAllocationCsv } from "./allocation-csv.ts";

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
});
