// Import files tried as an outside client would (issue 13, item 15): the contacts import of an uploaded Latin-1,
// UTF-16 or undecodable file, of a file with the same e-mail twice in another letter case and of a row with more cells
// than the header; the allocation import with the same e-mail twice and with a wrongly typed row field (its rows are
// typed by app_public.allocation_row). Each refusal goes through GraphQL and the
// command endpoint, names the row, and leaves the database as it was.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const accountIds = new Map<string, string>();
const ISSUER = "Northwind Renewables, Inc.";
const BROKER = "Harborview Capital Markets LLC";

beforeAll(async () => {
  t = await startTestServer();
  const { rows } = await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts");
  for (const row of rows) accountIds.set(row.name, row.id);
});
afterAll(async () => {
  await t?.close();
});

async function as(email: string, accountName: string): Promise<TestClient> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  expect((await client.selectAccount(accountIds.get(accountName) ?? "")).status).toBe(303);
  return client;
}

let unique = 0;
const fresh = (tag: string) => `${tag}-${Date.now()}-${++unique}@imports.test`;
const latin1 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
const utf16le = (text: string) => {
  const out = new Uint8Array(2 + text.length * 2);
  out.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    out[2 + i * 2] = text.charCodeAt(i) & 0xff;
    out[3 + i * 2] = text.charCodeAt(i) >> 8;
  }
  return out;
};

const LOCATION = `mutation location($fileName: String!) {
  makeFileLocation(input: { fileName: $fileName }) { fileLocation { url fields } } }`;
const BULK_FILE = `mutation bulkFile($fileName: String!) {
  bulkCustomers(input: { fileName: $fileName }) { customers { id email name } } }`;
const BULK_ROWS = `mutation bulk($contacts: JSON!) {
  bulkCustomers(input: { contacts: $contacts }) { customers { id email name } } }`;

async function uploadBytes(client: TestClient, name: string, bytes: Uint8Array): Promise<string> {
  const located = await client.graphql<{
    makeFileLocation: { fileLocation: { url: string; fields: { key: string } } };
  }>(LOCATION, { fileName: name });
  expect(located.errors).toBeUndefined();
  const where = located.data!.makeFileLocation.fileLocation;
  const form = new FormData();
  form.set("key", where.fields.key);
  form.set("file", new Blob([bytes as BlobPart]), name);
  expect((await client.fetch(where.url, { method: "POST", body: form })).status).toBe(201);
  return where.fields.key;
}

async function contactsOf(accountName: string) {
  const { rows } = await t.server.db.query<{ email: string; name: string | null }>(
    "select email, name from app_public.customers where account_id = $1 order by email",
    [accountIds.get(accountName)],
  );
  return rows;
}

async function sendCommand(client: TestClient, accountName: string, mutation: string, variables: unknown) {
  const me = await client.graphql<{ currentUser: { id: string } }>("{ currentUser { id } }");
  const answer = await client.fetch("/api/v2/commands", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify([
      {
        key: crypto.randomUUID(),
        mutation,
        variables,
        userId: me.data?.currentUser.id,
        accountId: accountIds.get(accountName),
      },
    ]),
  });
  const { results } = (await answer.json()) as {
    results: Array<{ status: string; errorCode: string | null; errorMessage: string | null }>;
  };
  return results[0];
}

describe("contacts import: encodings", () => {
  it("imports a Latin-1 (Windows-1252) file with its names intact", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const email = fresh("francois");
    const key = await uploadBytes(issuer, "latin1.csv", latin1(`Contact Name,Email\r\nFrançois Dupré,${email}\r\n`));
    const result = await issuer.graphql<{ bulkCustomers: { customers: Array<{ email: string; name: string }> } }>(
      BULK_FILE,
      { fileName: key },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.bulkCustomers.customers).toMatchObject([{ email, name: "François Dupré" }]);
    const stored = (await contactsOf(ISSUER)).find((c) => c.email === email);
    expect(stored?.name).toBe("François Dupré");
    expect(stored?.name).not.toContain("\ufffd");
  });

  it("imports a UTF-16 file with its mark (spreadsheet 'Unicode text', tab-separated)", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const email = fresh("zoe");
    const key = await uploadBytes(issuer, "unicode.csv", utf16le(`Contact Name\tEmail\r\nZoë Łukasz\t${email}\r\n`));
    const result = await issuer.graphql<{ bulkCustomers: { customers: Array<{ email: string; name: string }> } }>(
      BULK_FILE,
      { fileName: key },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.bulkCustomers.customers).toMatchObject([{ email, name: "Zoë Łukasz" }]);
  });

  it("refuses bytes no encoding reads cleanly, and imports nothing", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const before = await contactsOf(ISSUER);
    const bytes = Uint8Array.from([...latin1(`Contact Name,Email\nA`), 0x81, 0x8d, ...latin1(`,${fresh("bad")}\n`)]);
    const key = await uploadBytes(issuer, "garbled.csv", bytes);
    const result = await issuer.graphql(BULK_FILE, { fileName: key });
    expect(result.errors?.[0]).toMatchObject({
      message: "The file could not be read as CSV.",
      extensions: { code: "LL422" },
    });
    expect(await contactsOf(ISSUER)).toEqual(before);
  });
});

describe("contacts import: malformed rows", () => {
  it("refuses the same e-mail twice in another letter case: uploaded file, rows form and command endpoint", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const before = await contactsOf(ISSUER);
    const email = fresh("twice");
    const csv = `Contact Name,Email\nAda,${email}\nAdele,${email.toUpperCase()}\n`;
    const expected = "Row 3: This email appears more than once in the file.";
    const key = await uploadBytes(issuer, "twice.csv", latin1(csv));
    const file = await issuer.graphql(BULK_FILE, { fileName: key });
    expect(file.errors?.[0]).toMatchObject({ message: expected, extensions: { code: "LL422" } });
    const contacts = [
      { row: 2, name: "Ada", email },
      { row: 3, name: "Adele", email: email.toUpperCase() },
    ];
    const rows = await issuer.graphql(BULK_ROWS, { contacts });
    expect(rows.errors?.[0]).toMatchObject({ message: expected, extensions: { code: "LL422" } });
    const command = await sendCommand(issuer, ISSUER, "bulkCustomers", { input: { contacts } });
    expect(command).toMatchObject({ status: "rejected", errorCode: "LL422", errorMessage: expected });
    expect(await contactsOf(ISSUER)).toEqual(before);
  });

  it("refuses rows with more cells than the header, naming each", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const before = await contactsOf(ISSUER);
    const csv = `Contact Name,Email\nAda,${fresh("ok")}\nBo,${fresh("extra")},surplus\n\nCy,${fresh("cy")},,x\n`;
    const key = await uploadBytes(issuer, "extra.csv", new TextEncoder().encode(csv));
    const result = await issuer.graphql(BULK_FILE, { fileName: key });
    expect(result.errors?.[0]).toMatchObject({
      message: "Row 3: The row has 3 cells but the header has 2.\nRow 5: The row has 4 cells but the header has 2.",
      extensions: { code: "LL422" },
    });
    expect(await contactsOf(ISSUER)).toEqual(before);
  });
});

describe("allocation import (bulkAllocation)", () => {
  const BULK_ALLOCATION = `mutation bulkAllocation($allocationId: UUID!, $fileName: String!, $rows: [AllocationRowInput]!) {
    bulkAllocation(input: { allocationId: $allocationId, fileName: $fileName, rows: $rows }) { clientMutationId } }`;

  it("refuses the same e-mail twice in another letter case, naming the file's row, on both paths", async () => {
    const broker = await as("broker@demo.test", BROKER);
    const { rows: found } = await t.server.db.query<{ id: string }>(
      "select id from app_public.allocations where name = 'Harborview Placement'",
    );
    const allocationId = found[0]!.id;
    const count = async () =>
      (
        await t.server.db.query<{ n: number }>(
          "select count(*)::int as n from app_public.distributions where allocation_id = $1",
          [allocationId],
        )
      ).rows[0]?.n;
    const before = await count();
    const email = fresh("alloc");
    const rows = [
      { row: 2, id: crypto.randomUUID(), email, amount: "5", name: "Ada" },
      { row: 4, id: crypto.randomUUID(), email: email.toUpperCase(), amount: "7", name: null },
    ];
    const expected = "Row 4: This email appears more than once in the file.";
    const graphql = await broker.graphql(BULK_ALLOCATION, { allocationId, fileName: "cap-table.csv", rows });
    expect(graphql.errors?.[0]).toMatchObject({ message: expected, extensions: { code: "LL422" } });
    const command = await sendCommand(broker, BROKER, "bulkAllocation", {
      input: { allocationId, fileName: "cap-table.csv", rows },
    });
    expect(command).toMatchObject({ status: "rejected", errorCode: "LL422", errorMessage: expected });
    expect(await count()).toBe(before);
    // Without row numbers the rows are named by position after the header.
    const unnumbered = rows.map(({ row: _row, ...rest }) => ({ ...rest, id: crypto.randomUUID() }));
    const positional = await broker.graphql(BULK_ALLOCATION, {
      allocationId,
      fileName: "cap-table.csv",
      rows: unnumbered,
    });
    expect(positional.errors?.[0]?.message).toBe("Row 3: This email appears more than once in the file.");
    expect(await count()).toBe(before);
    // The same rows with two different e-mails (and the device's row numbers) are imported whole.
    const clean = [rows[0]!, { ...rows[1]!, email: fresh("alloc-other") }].map((r) => ({
      ...r,
      id: crypto.randomUUID(),
    }));
    const imported = await broker.graphql(BULK_ALLOCATION, { allocationId, fileName: "cap-table.csv", rows: clean });
    expect(imported.errors).toBeUndefined();
    expect(await count()).toBe((before ?? 0) + 2);
  });

  it("refuses a wrongly typed row field before SQL, naming the field, on both paths", async () => {
    const broker = await as("broker@demo.test", BROKER);
    const { rows: found } = await t.server.db.query<{ id: string }>(
      "select id from app_public.allocations where name = 'Harborview Placement'",
    );
    const allocationId = found[0]!.id;
    const distributions = async () =>
      (await t.server.db.query("select id from app_public.distributions where allocation_id = $1", [allocationId])).rows
        .length;
    const before = await distributions();
    const row = () => ({ row: 2, id: crypto.randomUUID(), email: fresh("typed"), amount: "5", name: "Ada" });
    // Each field typed by app_public.allocation_row: a value of another type never reaches the function. GraphQL
    // refuses it while coercing the variables; the command endpoint already by the command's generated schema.
    const wrong: Array<[string, Record<string, unknown>, RegExp, RegExp]> = [
      ["amount", { amount: { units: 5 } }, /at "rows\[0\]\.amount"; String cannot/, /rows\.0\.amount must be text/],
      ["row", { row: "two" }, /at "rows\[0\]\.row"; Int cannot represent/, /rows\.0\.row must be a whole number/],
      ["id", { id: "not-an-id" }, /^Id: not a valid id\.$/, /^Id: not a valid id\.$/],
      ["email", { email: ["a@x.test"] }, /at "rows\[0\]\.email"; String cannot/, /rows\.0\.email must be text/],
      ["name", { name: 7 }, /at "rows\[0\]\.name"; String cannot/, /rows\.0\.name must be text/],
      ["notes", { notes: "x" }, /"notes" is not defined by type "AllocationRowInput"/, /rows\.0\.notes is not a field/],
    ];
    for (const [field, change, graphqlMessage, commandMessage] of wrong) {
      const rows = [{ ...row(), ...change }];
      const graphql = await broker.graphql(BULK_ALLOCATION, { allocationId, fileName: "cap-table.csv", rows });
      expect(graphql.errors?.[0]?.extensions?.code, field).toBe("LL422");
      expect(graphql.errors?.[0]?.message, field).toMatch(graphqlMessage);
      const command = await sendCommand(broker, BROKER, "bulkAllocation", {
        input: { allocationId, fileName: "cap-table.csv", rows },
      });
      expect(command, field).toMatchObject({ status: "rejected", errorCode: "LL422" });
      expect(command?.errorMessage, field).toMatch(commandMessage);
    }
    expect(await distributions()).toBe(before);
  });
});
