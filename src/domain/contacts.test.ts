import { describe, expect, it } from "vitest";
import { canEditContacts, checkContact, contactRow, importRowErrors, parseContactsCsv } from "./contacts.ts";
import { decodeTextFile } from "./text-file.ts";

describe("checkContact (spec part 1 section 5)", () => {
  it("trims and accepts a named contact with a valid email", () => {
    expect(checkContact({ name: "  Ada Byron ", email: " ada@example.com " })).toEqual({
      ok: true,
      value: { name: "Ada Byron", email: "ada@example.com" },
    });
  });

  it("names each bad field with the spec's message", () => {
    expect(checkContact({ name: " ", email: "" })).toEqual({
      ok: false,
      errors: { name: "Contact Name is required.", email: "Email is required." },
    });
    expect(checkContact({ name: "Ada", email: "ada@" })).toEqual({
      ok: false,
      errors: { email: "Please enter a valid email address." },
    });
  });
});

describe("canEditContacts (section 2.10)", () => {
  it("allows issuer and broker owners and admins only", () => {
    expect(canEditContacts("issuer", "account_owner")).toBe(true);
    expect(canEditContacts("broker", "account_admin")).toBe(true);
    expect(canEditContacts("issuer", "account_viewer")).toBe(false);
    expect(canEditContacts("agent", "account_owner")).toBe(false);
    expect(canEditContacts("ats", "account_owner")).toBe(false);
    expect(canEditContacts("admin", "account_owner")).toBe(false);
    expect(canEditContacts(null, null)).toBe(false);
  });
});

describe("contactRow", () => {
  it("shows the contact's name, else the investor's contact name, with the account name and email", () => {
    const investor = { name: "Kim Family Trust", contactName: "Daniel Kim" };
    expect(contactRow({ name: "Dan", email: "d@x.io", investor })).toEqual({
      contactName: "Dan",
      accountName: "Kim Family Trust",
      email: "d@x.io",
    });
    expect(contactRow({ name: null, email: "d@x.io", investor }).contactName).toBe("Daniel Kim");
    expect(contactRow({ email: "d@x.io" })).toEqual({ contactName: "", accountName: "", email: "d@x.io" });
  });
});

describe("parseContactsCsv", () => {
  it("reads the example's columns in any order, numbering rows by file line and skipping blank lines", () => {
    const csv = '\uFEFFEmail,Contact Name\r\nada@example.com, Ada Byron\r\n\r\n"turing@example.com","Turing, Alan"\r\n';
    expect(parseContactsCsv(csv)).toEqual({
      fileError: null,
      rowErrors: [],
      rows: [
        { row: 2, name: "Ada Byron", email: "ada@example.com" },
        { row: 4, name: "Turing, Alan", email: "turing@example.com" },
      ],
    });
  });

  it("accepts name/email headers and keeps short rows (their missing cells are empty)", () => {
    expect(parseContactsCsv("name,email\nOnly Name\n").rows).toEqual([{ row: 2, name: "Only Name", email: "" }]);
  });

  it("refuses a file without the columns or without rows", () => {
    expect(parseContactsCsv("first,last\nA,B\n").fileError).toBe(
      "The file needs a header row with the columns Contact Name and Email.",
    );
    expect(parseContactsCsv("Contact Name,Email\n\n").fileError).toBe("The file has no contacts.");
    expect(parseContactsCsv("").fileError).not.toBeNull();
  });
});

describe("importRowErrors", () => {
  it("names every bad row as the server does", () => {
    const rows = [
      { row: 2, name: "Good", email: "good@example.com" },
      { row: 3, name: "", email: "x@example.com" },
      { row: 4, name: "No Email", email: "" },
      { row: 5, name: "Bad", email: "bad" },
      { row: 6, name: "Twice", email: "GOOD@example.com" },
      { row: 7, name: "Known", email: "known@example.com" },
    ];
    expect(importRowErrors(rows, ["Known@Example.com"])).toEqual([
      "Row 3: Contact Name is required.",
      "Row 4: Email is required.",
      "Row 5: Please enter a valid email address.",
      "Row 6: This email appears more than once in the file.",
      "Row 7: A contact with this email already exists.",
    ]);
    expect(importRowErrors(rows.slice(0, 1), [])).toEqual([]);
  });
});

describe("contacts import: malformed files and encodings", () => {
  it("names each row with more cells than the header (the server's text)", () => {
    const parsed = parseContactsCsv("Contact Name,Email\nAda,ada@x.io\nBo,bo@x.io,extra\n\nCy,cy@x.io,,x\n");
    expect(parsed.fileError).toBeNull();
    expect(parsed.rowErrors).toEqual([
      "Row 3: The row has 3 cells but the header has 2.",
      "Row 5: The row has 4 cells but the header has 2.",
    ]);
  });

  it("takes trailing empty cells (a spreadsheet's separators) as no extra cells", () => {
    const parsed = parseContactsCsv("Contact Name,Email\nAda,ada@x.io,\nBo,bo@x.io,, \n");
    expect(parsed.rowErrors).toEqual([]);
    expect(parsed.rows.map((row) => row.email)).toEqual(["ada@x.io", "bo@x.io"]);
  });

  it("refuses the same email in another letter case", () => {
    const parsed = parseContactsCsv("Contact Name,Email\nAda,Ada@X.io\nAdele,ada@x.IO\n");
    expect(importRowErrors(parsed.rows, [])).toEqual(["Row 3: This email appears more than once in the file."]);
  });

  it("reads a Latin-1 file's names correctly once decoded", () => {
    const bytes = Uint8Array.from([..."Contact Name,Email\nFrançois Dupré,f@x.io\n"].map((c) => c.charCodeAt(0)));
    const decoded = decodeTextFile(bytes);
    expect(decoded.ok && parseContactsCsv(decoded.text).rows).toEqual([
      { row: 2, name: "François Dupré", email: "f@x.io" },
    ]);
  });
});
