import { describe, expect, it } from "vitest";
import { checkStatementDate, STATEMENT_DATE_TEXT, statementUrl } from "./portfolio-downloads.ts";

describe("checkStatementDate", () => {
  const today = "2026-11-29";
  it("accepts a real day up to today", () => {
    expect(checkStatementDate("2025-01-01", today)).toEqual({ ok: true, date: "2025-01-01" });
    expect(checkStatementDate(" 2026-11-29 ", today)).toEqual({ ok: true, date: "2026-11-29" });
    expect(checkStatementDate("2024-02-29", today)).toEqual({ ok: true, date: "2024-02-29" });
  });
  it("refuses empty, garbage, impossible, too early and future days with their text", () => {
    expect(checkStatementDate("", today)).toEqual({ ok: false, message: STATEMENT_DATE_TEXT.required });
    expect(checkStatementDate(null, today)).toEqual({ ok: false, message: STATEMENT_DATE_TEXT.required });
    for (const bad of ["yesterday", "2025-1-01", "01/02/2025", "2025-02-30", "2023-02-29", "2025-13-01", "2025-06-31"])
      expect(checkStatementDate(bad, today)).toEqual({ ok: false, message: STATEMENT_DATE_TEXT.format });
    expect(checkStatementDate("1899-12-31", today)).toEqual({ ok: false, message: STATEMENT_DATE_TEXT.tooEarly });
    expect(checkStatementDate("2026-11-30", today)).toEqual({ ok: false, message: STATEMENT_DATE_TEXT.future });
  });
  it("makes the statement's address", () => {
    expect(statementUrl("2025-01-01")).toBe("/api/v2/portfolio/statement.pdf?asOf=2025-01-01");
  });
});
