import { describe, expect, it } from "vitest";
import { commandEffect } from "./catalogue.ts";

const ACCOUNT = "00000000-0000-4000-8000-000000000019";
const KEY = "00000000-0000-4000-8000-000000000047";

describe("the logo commands' effect on the device", () => {
  it("a new image or a removal takes the old address away at once; the link shows as typed, empty removes it", () => {
    expect(commandEffect("setAccountLogo", { input: { accountId: ACCOUNT, fileKey: KEY, fileName: "a.png" } })).toEqual(
      { model: "accounts", id: ACCOUNT, kind: "update", fields: { logoKey: KEY, logoUrl: null } },
    );
    expect(commandEffect("setAccountLogo", { input: { accountId: ACCOUNT } })).toEqual({
      model: "accounts",
      id: ACCOUNT,
      kind: "update",
      fields: { logoKey: null, logoUrl: null },
    });
    expect(
      commandEffect("setAccountLogoLink", { input: { accountId: ACCOUNT, link: " https://x.example " } }),
    ).toMatchObject({
      fields: { logoLink: "https://x.example" },
    });
    expect(commandEffect("setAccountLogoLink", { input: { accountId: ACCOUNT, link: "" } })).toMatchObject({
      fields: { logoLink: null },
    });
    // stored variables of an older app without the account: nothing on the device
    expect(commandEffect("setAccountLogo", { input: { fileKey: KEY } })).toBeNull();
  });
});
