import { describe, expect, it } from "vitest";
import { API_KEY_TEXT, apiKeyError } from "./api-keys.ts";

describe("a new API key's checks (the server's texts)", () => {
  it("needs a name of at most 200 characters and a role; a personal key only reads", () => {
    expect(apiKeyError("  ", "admin", { personal: false })).toBe(API_KEY_TEXT.nameRequired);
    expect(apiKeyError("x".repeat(201), "admin", { personal: false })).toBe(API_KEY_TEXT.nameTooLong);
    expect(apiKeyError("Books", null, { personal: false })).toBe(API_KEY_TEXT.roleRequired);
    expect(apiKeyError("Books", "owner", { personal: false })).toBe(API_KEY_TEXT.roleRequired);
    expect(apiKeyError("Books", "admin", { personal: true })).toBe(API_KEY_TEXT.personalReadOnly);
    expect(apiKeyError(" Books ", "admin", { personal: false })).toBeNull();
    expect(apiKeyError("Tracker", "viewer", { personal: true })).toBeNull();
  });
});
