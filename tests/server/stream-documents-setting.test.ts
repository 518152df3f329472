// LL_STREAM_DOCUMENTS (docs/SERVER.md "The change in the stream"): all, none, or read model names; anything else stops
// the start with a message that says what the setting takes.
import { describe, expect, it } from "vitest";
import { parseStreamDocuments, readConfig } from "../../sync/config.ts";

describe("LL_STREAM_DOCUMENTS", () => {
  it("reads all, none and a list of read models; all when unset", () => {
    expect(readConfig({}).streamDocumentModels).toBe("all");
    expect(readConfig({ LL_STREAM_DOCUMENTS: "" }).streamDocumentModels).toBe("all");
    expect(parseStreamDocuments("all")).toBe("all");
    expect(parseStreamDocuments(" ALL ")).toBe("all");
    expect(parseStreamDocuments("none")).toEqual([]);
    expect(parseStreamDocuments("customers, holdings")).toEqual(["customers", "holdings"]);
  });

  it("refuses anything else with a message naming the setting", () => {
    for (const value of ["customers;drop", "holdings,", "all models"])
      expect(() => parseStreamDocuments(value), value).toThrow(
        /LL_STREAM_DOCUMENTS must be all, none, or read model names separated by commas/,
      );
  });
});
