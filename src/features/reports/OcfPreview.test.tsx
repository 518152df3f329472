// The OCF import card's counts of corporate actions (docs/OCF.md "Splits and conversions"): the preview's figures and
// the import's answer name the splits and the conversions the server counted, in words like the other counts.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OcfPreview } from "./OcfPreview.tsx";
import type { Preview } from "./ocf-import-request.ts";
import { OCF_TEXT } from "./strings.ts";

const preview: Preview = {
  issuer: "Acme Robotics, Inc.",
  asOf: "2026-01-31",
  stakeholders: { total: 5, matchedContacts: 2, newContacts: 3 },
  stockClasses: [],
  financings: [],
  issuances: 3,
  units: "1000",
  cancellations: 0,
  transfers: 1,
  repurchases: 0,
  splits: 2,
  conversions: 1,
  vestingTerms: 0,
  problems: [],
  errors: 0,
};

/** The preview's facts as "label: value" lines. */
function facts(html: string): string[] {
  return [...html.matchAll(/<dt[^>]*>(.*?)<\/dt><dd[^>]*>(.*?)<\/dd>/g)].map(
    ([, label, value]) => `${label?.replace(/<[^>]+>/g, "")}: ${value?.replace(/<[^>]+>/g, "")}`,
  );
}

describe("the OCF import card", () => {
  it("shows the preview's splits and conversions beside the other counts", () => {
    const lines = facts(renderToStaticMarkup(<OcfPreview preview={preview} newIssuer={false} />));
    expect(lines).toContain("Transfers: 1");
    expect(lines).toContain("Splits: 2");
    expect(lines).toContain("Conversions: 1");
    // a preview from a server before them reads 0
    const older = facts(
      renderToStaticMarkup(
        <OcfPreview preview={{ ...preview, splits: undefined, conversions: undefined }} newIssuer={false} />,
      ),
    );
    expect(older).toContain("Splits: 0");
  });

  it("names the splits and conversions an import recorded, and nothing when it recorded none", () => {
    expect(OCF_TEXT.imported(3, 5, 1, 2, 1)).toBe(
      "Imported 3 issuances for 5 stakeholders in 1 stock class, with 2 splits and 1 conversion.",
    );
    expect(OCF_TEXT.imported(3, 5, 1, 0, 2)).toBe(
      "Imported 3 issuances for 5 stakeholders in 1 stock class, with 2 conversions.",
    );
    expect(OCF_TEXT.imported(3, 5, 1)).toBe("Imported 3 issuances for 5 stakeholders in 1 stock class.");
  });
});
