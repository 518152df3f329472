import { describe, expect, it } from "vitest";
import { codeError, codeMatches, hashCode, IN_PERSON_TEXT, inPersonText, mayHostInPerson } from "./in-person.ts";

describe("the host's code", () => {
  it("is 4 to 6 digits", () => {
    expect(codeError("1234")).toBeNull();
    expect(codeError("123456")).toBeNull();
    for (const bad of ["", "123", "1234567", "12a4", " 1234", "12.4"])
      expect(codeError(bad)).toBe(IN_PERSON_TEXT.codeRule);
  });

  it("is kept as a salted hash that only the same code matches", async () => {
    const kept = await hashCode("4821");
    expect(kept.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(kept.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(kept)).not.toContain("4821");
    expect(await codeMatches("4821", kept)).toBe(true);
    expect(await codeMatches("4822", kept)).toBe(false);
    expect(await codeMatches("48210", kept)).toBe(false);
    // another salt, another hash for the same code
    expect((await hashCode("4821")).hash).not.toBe(kept.hash);
    const salt = new Uint8Array(16);
    expect((await hashCode("4821", salt)).hash).toBe((await hashCode("4821", new Uint8Array(16))).hash);
  });
});

describe("a step done in person", () => {
  it("names the host and the device's time, then the server's time once received", () => {
    const done = new Date(2026, 10, 29, 14, 5).toISOString();
    const received = new Date(2026, 10, 29, 16, 40).toISOString();
    expect(inPersonText({ hostName: "Ben Broker", hostAccountName: "Field Brokers", doneAtDevice: done })).toBe(
      "Done with Ben Broker (Field Brokers) on Nov 29 2026 2:05pm",
    );
    expect(inPersonText({ hostName: "Ben Broker", doneAtDevice: done, receivedAt: received })).toBe(
      "Done with Ben Broker on Nov 29 2026 2:05pm, received Nov 29 2026 4:40pm",
    );
  });
});

describe("who may host an in-person session, as the server decides", () => {
  const owner = (accountType: string, role = "account_admin") => ({ accountId: "me", accountType, role });
  it("the allocation's broker or issuer, and the round's issuer on a broker's allocation; never a viewer", () => {
    expect(mayHostInPerson(owner("broker"), { ownerId: "me" }, { issuerId: "issuer" })).toBe(true);
    expect(mayHostInPerson(owner("issuer", "account_owner"), { ownerId: "me" }, { issuerId: "me" })).toBe(true);
    // the round's issuer on a broker's allocation
    expect(mayHostInPerson(owner("issuer"), { ownerId: "broker" }, { issuerId: "me" })).toBe(true);
    // not theirs
    expect(mayHostInPerson(owner("broker"), { ownerId: "other" }, { issuerId: "issuer" })).toBe(false);
    expect(mayHostInPerson(owner("issuer"), { ownerId: "broker" }, { issuerId: "another issuer" })).toBe(false);
    expect(mayHostInPerson(owner("issuer"), { ownerId: "broker" }, null)).toBe(false);
    // a viewer, an investor, an agent
    expect(mayHostInPerson(owner("issuer", "account_viewer"), { ownerId: "broker" }, { issuerId: "me" })).toBe(false);
    expect(mayHostInPerson(owner("broker", "account_viewer"), { ownerId: "me" }, null)).toBe(false);
    expect(mayHostInPerson(owner("investor"), { ownerId: "me" }, { issuerId: "me" })).toBe(false);
    expect(mayHostInPerson(owner("agent"), { ownerId: "me" }, { issuerId: "me" })).toBe(false);
  });
});
