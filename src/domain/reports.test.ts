import { describe, expect, it } from "vitest";
import { capTableCsv, contactsCsv, reportDay } from "./reports.ts";

describe("report CSVs", () => {
  it("writes the cap table sorted, quoted and with exact decimals", () => {
    const text = capTableCsv([
      {
        investor: "Zed, Inc.",
        investorEmail: "z@x.io",
        asset: "A",
        round: "Seed",
        security: "S",
        units: "100.5",
        purchasePrice: "0.5",
        issuedOn: "2024-01-02",
      },
      {
        investor: "Ann",
        investorEmail: "a@x.io",
        asset: "A",
        round: "Seed",
        security: "S",
        units: "3",
        purchasePrice: "0.5",
        issuedOn: "2024-01-02",
      },
    ]);
    expect(text).toBe(
      "Investor,Investor Email,Asset,Round,Security,Units,Purchase Price,Issued On\r\n" +
        "Ann,a@x.io,A,Seed,S,3,0.5,2024-01-02\r\n" +
        '"Zed, Inc.",z@x.io,A,Seed,S,100.5,0.5,2024-01-02\r\n',
    );
  });

  it("guards against spreadsheet formulas", () => {
    expect(contactsCsv([{ contactName: "=cmd()", accountName: "B", email: "b@x.io" }])).toContain("'=cmd()");
  });

  it("writes days in UTC", () => {
    expect(reportDay("2024-02-10T00:00:00+00:00")).toBe("2024-02-10");
    expect(reportDay(null)).toBe("");
  });
});
