import { describe, expect, it } from "vitest";
import { exchangeText } from "./exchange.ts";

const listed = { listing: { exchange: { name: "Meridian Alternative Exchange" } } };

describe("the asset table's exchange cell", () => {
  it("says nothing for a round whose security is not on the device until the securities have loaded", () => {
    expect(exchangeText("security-1", undefined, false)).toBeNull();
    expect(exchangeText("security-1", undefined, true)).toBe("Unlisted");
  });

  it("shows a security's listing, or Unlisted, as soon as the security is there", () => {
    expect(exchangeText("security-1", listed, false)).toBe("Meridian Alternative Exchange");
    expect(exchangeText("security-1", { listing: null }, false)).toBe("Unlisted");
    expect(exchangeText("security-1", { listing: null }, true)).toBe("Unlisted");
  });

  it("shows Unlisted for a round without a security", () => {
    expect(exchangeText(null, undefined, false)).toBe("Unlisted");
  });
});
