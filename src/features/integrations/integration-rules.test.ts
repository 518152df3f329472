import { describe, expect, it } from "vitest";
import { integrationTypesFor, manageLink, PAGE_SIZE, pageHolding, pageOf } from "./integration-rules.ts";

describe("integration rules", () => {
  it("shows investors portfolio and other accounts compliance, signing, IO and payment", () => {
    expect(integrationTypesFor("investor")).toEqual(["portfolio"]);
    expect(integrationTypesFor("issuer")).toEqual(["compliance", "signing", "ledgerlineIO", "payment"]);
    expect(integrationTypesFor("broker")).toEqual(["compliance", "signing", "ledgerlineIO", "payment"]);
  });

  it("offers Manage for signing, payment processing, LedgerlineIO and Portfolio only", () => {
    expect(manageLink("payment")).toBe("/north-capital/issuers");
    expect(manageLink("signing")).toBe("/docusign/templates");
    expect(manageLink("ledgerlineIO")).toBe("/ledgerline-io");
    expect(manageLink("portfolio")).toBe("/portfolio-connect");
    expect(manageLink("compliance")).toBeNull();
  });

  it("pages three cards at a time, keeping the page within range", () => {
    expect(PAGE_SIZE).toBe(3);
    const items = [1, 2, 3, 4];
    expect(pageOf(items, 1)).toEqual({ rows: [1, 2, 3], page: 1, pages: 2 });
    expect(pageOf(items, 2)).toEqual({ rows: [4], page: 2, pages: 2 });
    expect(pageOf(items, 9)).toEqual({ rows: [4], page: 2, pages: 2 });
    expect(pageOf([], 1)).toEqual({ rows: [], page: 1, pages: 1 });
  });

  it("finds the page holding a type (the payment provider page's link lands on Payment processing)", () => {
    const items = ["compliance", "signing", "ledgerlineIO", "payment"].map((type) => ({ type }));
    expect(pageHolding(items, "payment")).toBe(2);
    expect(pageHolding(items, "signing")).toBe(1);
    expect(pageHolding(items, undefined)).toBe(1);
    expect(pageHolding(items, "unknown")).toBe(1);
  });
});
