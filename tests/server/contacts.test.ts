// Contacts through the real server with the client bypassed: makeCustomer, updateCustomerById and bulkCustomers
// (all or nothing, every bad row named), and who may write (issuer and broker owners and admins only: never a
// viewer, an agent or an ats account) - spec part 1 sections 2.10 and 5.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importRowErrors, parseContactsCsv } from "../../src/domain/contacts.ts";
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
  const id = accountIds.get(accountName);
  if (!id) throw new Error(`demo account ${accountName} not found`);
  expect((await client.selectAccount(id)).status).toBe(303);
  return client;
}

async function contactsOf(accountName: string): Promise<Array<{ email: string; name: string | null }>> {
  const { rows } = await t.server.db.query<{ email: string; name: string | null }>(
    "select email, name from app_public.customers where account_id = $1 order by email",
    [accountIds.get(accountName)],
  );
  return rows;
}

const BULK = `mutation bulk($contacts: JSON!) { bulkCustomers(input: { contacts: $contacts }) { customers { id email name } } }`;
const MAKE = `mutation make($id: UUID, $email: String!, $name: String) {
  makeCustomer(input: { id: $id, email: $email, name: $name }) { customer { id email name } } }`;
const UPDATE = `mutation update($id: UUID!, $patch: CustomerPatch!) {
  updateCustomerById(input: { id: $id, patch: $patch }) { customer { id email name } } }`;

let unique = 0;
const fresh = (tag: string) => `${tag}-${Date.now()}-${++unique}@contacts.test`;

describe("bulkCustomers", () => {
  it("imports a clean file whole, with the ids the client made", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const rows = [
      { row: 2, id: crypto.randomUUID(), name: "Ada Byron", email: fresh("ada") },
      { row: 3, id: crypto.randomUUID(), name: "Alan Turing", email: ` ${fresh("alan")} ` },
    ];
    const result = await issuer.graphql<{
      bulkCustomers: { customers: Array<{ id: string; email: string; name: string }> };
    }>(BULK, { contacts: rows });
    expect(result.errors).toBeUndefined();
    expect(result.data?.bulkCustomers.customers.map((c) => c.id)).toEqual(rows.map((r) => r.id));
    // trimmed on the way in
    expect(result.data?.bulkCustomers.customers[1]?.email).toBe(rows[1]?.email.trim());
    const stored = (await contactsOf(ISSUER)).map((c) => c.email);
    for (const row of rows) expect(stored).toContain(row.email.trim());
    // the investor account of a new email exists (setup not done) and is the contact's account
    const { rows: investors } = await t.server.db.query<{ type: string; setup: boolean }>(
      "select a.type, a.setup from app_public.customers c join app_public.accounts a on a.id = c.investor_id where c.id = $1",
      [rows[0]?.id],
    );
    expect(investors).toEqual([{ type: "investor", setup: false }]);
  });

  it("refuses a file with bad rows as a whole, naming every bad row with the spec's messages", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const before = await contactsOf(ISSUER);
    const good = fresh("good");
    const existing = before[0]?.email;
    expect(existing).toBeTruthy();
    const result = await issuer.graphql(BULK, {
      contacts: [
        { row: 2, name: "Good Row", email: good },
        { row: 3, name: "", email: fresh("noname") },
        { row: 4, name: "No Email", email: "  " },
        { row: 5, name: "Bad Email", email: "not-an-email" },
        { row: 6, name: "Twice", email: good.toUpperCase() },
        { row: 7, name: "Already", email: existing },
      ],
    });
    expect(result.errors?.[0]?.extensions?.code).toBe("LL422");
    expect(result.errors?.[0]?.message.split("\n")).toEqual([
      "Row 3: Contact Name is required.",
      "Row 4: Email is required.",
      "Row 5: Please enter a valid email address.",
      "Row 6: This email appears more than once in the file.",
      "Row 7: A contact with this email already exists.",
    ]);
    // nothing half-imported: not even the good first row
    expect(await contactsOf(ISSUER)).toEqual(before);
  });

  it("refuses an empty file", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const result = await issuer.graphql(BULK, { contacts: [] });
    expect(result.errors?.[0]).toMatchObject({ message: "The file has no contacts.", extensions: { code: "LL422" } });
  });

  it("is refused to a viewer, an agent and an ats account, and writes nothing", async () => {
    for (const [email, account] of [
      ["issuer-viewer@demo.test", ISSUER],
      ["agent@demo.test", "Keystone Transfer Agents"],
      ["ats@demo.test", "Meridian Alternative Exchange"],
    ] as const) {
      const client = await as(email, account);
      const address = fresh("refused");
      const result = await client.graphql(BULK, { contacts: [{ row: 2, name: "Refused", email: address }] });
      expect(result.errors?.[0]?.extensions?.code, email).toBe("LL403");
      const { rows } = await t.server.db.query("select 1 from app_public.customers where email = $1", [address]);
      expect(rows, email).toEqual([]);
    }
  });

  it("is allowed to a broker for its own list", async () => {
    const broker = await as("broker@demo.test", BROKER);
    const address = fresh("broker");
    const result = await broker.graphql(BULK, { contacts: [{ row: 2, name: "Broker Contact", email: address }] });
    expect(result.errors).toBeUndefined();
    expect((await contactsOf(BROKER)).map((c) => c.email)).toContain(address);
    expect((await contactsOf(ISSUER)).map((c) => c.email)).not.toContain(address);
  });
});

const LOCATION = `mutation location($fileName: String!) {
  makeFileLocation(input: { fileName: $fileName }) { fileLocation { url fields } } }`;
const BULK_FILE = `mutation bulkFile($fileName: String!) {
  bulkCustomers(input: { fileName: $fileName }) { customers { id email name } } }`;

/** The spec's upload flow: makeFileLocation, then the multipart POST; returns the key bulkCustomers takes. */
async function uploadFile(client: TestClient, name: string, content: string): Promise<string> {
  const located = await client.graphql<{
    makeFileLocation: { fileLocation: { url: string; fields: { key: string } } };
  }>(LOCATION, { fileName: name });
  expect(located.errors).toBeUndefined();
  const where = located.data!.makeFileLocation.fileLocation;
  const form = new FormData();
  form.set("key", where.fields.key);
  form.set("file", new Blob([content]), name);
  expect((await client.fetch(where.url, { method: "POST", body: form })).status).toBe(201);
  return where.fields.key;
}

describe("bulkCustomers(fileName): the CSV uploaded first, read and checked by the server", () => {
  it("imports a clean file whole: quoted cells, quotes inside a cell, CRLF, blank lines, any column order", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const ada = fresh("file-ada");
    const alan = fresh("file-alan");
    const key = await uploadFile(
      issuer,
      "contacts.csv",
      `\uFEFFEmail,Contact Name\r\n${ada},"Byron, Ada"\r\n\r\n"${alan}",Alan "The" Turing\r\n`,
    );
    const result = await issuer.graphql<{ bulkCustomers: { customers: Array<{ email: string; name: string }> } }>(
      BULK_FILE,
      { fileName: key },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.bulkCustomers.customers.map((c) => [c.name, c.email])).toEqual([
      ["Byron, Ada", ada],
      ['Alan "The" Turing', alan],
    ]);
    const stored = (await contactsOf(ISSUER)).map((c) => c.email);
    expect(stored).toEqual(expect.arrayContaining([ada, alan]));
  });

  it("refuses a file with bad rows as a whole, naming each bad row with the rows form's messages", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const before = await contactsOf(ISSUER);
    const good = fresh("file-good");
    const existing = before[0]?.email;
    const csv = [
      "Contact Name,Email",
      `Good Row,${good}`,
      `,${fresh("file-noname")}`,
      "No Email,  ",
      "Bad Email,not-an-email",
      `Twice,${good.toUpperCase()}`,
      `Already,${existing}`,
    ].join("\n");
    const key = await uploadFile(issuer, "bad.csv", csv);
    const result = await issuer.graphql(BULK_FILE, { fileName: key });
    expect(result.errors?.[0]?.extensions?.code).toBe("LL422");
    const expected = [
      "Row 3: Contact Name is required.",
      "Row 4: Email is required.",
      "Row 5: Please enter a valid email address.",
      "Row 6: This email appears more than once in the file.",
      "Row 7: A contact with this email already exists.",
    ];
    expect(result.errors?.[0]?.message.split("\n")).toEqual(expected);
    // the same file parsed on the device and sent as rows gets the very same answer
    const rows = await issuer.graphql(BULK, { contacts: parseContactsCsv(csv).rows });
    expect(rows.errors?.[0]?.message.split("\n")).toEqual(expected);
    expect(importRowErrors(parseContactsCsv(csv).rows, [existing!])).toEqual(expected);
    // nothing half-imported
    expect(await contactsOf(ISSUER)).toEqual(before);
  });

  it("refuses files that are not a contacts CSV with the device's texts", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    for (const [name, content, message] of [
      [
        "columns.csv",
        "First,Last\nAda,Byron\n",
        "The file needs a header row with the columns Contact Name and Email.",
      ],
      ["empty.csv", "Contact Name,Email\n\n", "The file has no contacts."],
      ["binary.csv", "Contact Name,Email\nA\u0000da,ada@x.test\n", "The file could not be read as CSV."],
      ["contacts.txt", "Contact Name,Email\nAda,ada@x.test\n", "Only CSV files can be imported."],
    ] as const) {
      const key = await uploadFile(issuer, name, content);
      const result = await issuer.graphql(BULK_FILE, { fileName: key });
      expect(result.errors?.[0], name).toMatchObject({ message, extensions: { code: "LL422" } });
    }
  });

  it("refuses a file another account uploaded, an unknown name and a location whose file never arrived", async () => {
    const broker = await as("broker@demo.test", BROKER);
    const address = fresh("file-other");
    const brokersFile = await uploadFile(broker, "broker.csv", `Contact Name,Email\nOther,${address}\n`);
    const issuer = await as("issuer@demo.test", ISSUER);
    const stolen = await issuer.graphql(BULK_FILE, { fileName: brokersFile });
    expect(stolen.errors?.[0]).toMatchObject({ message: "Operation not allowed", extensions: { code: "LL403" } });
    const { rows } = await t.server.db.query("select 1 from app_public.customers where email = $1", [address]);
    expect(rows).toEqual([]);

    const unknown = await issuer.graphql(BULK_FILE, { fileName: crypto.randomUUID() });
    expect(unknown.errors?.[0]?.extensions?.code).toBe("LL404");
    const plainName = await issuer.graphql(BULK_FILE, { fileName: "contacts.csv" });
    expect(plainName.errors?.[0]?.extensions?.code).toBe("LL404");

    const located = await issuer.graphql<{ makeFileLocation: { fileLocation: { fields: { key: string } } } }>(
      LOCATION,
      { fileName: "later.csv" },
    );
    const notYet = await issuer.graphql(BULK_FILE, {
      fileName: located.data!.makeFileLocation.fileLocation.fields.key,
    });
    expect(notYet.errors?.[0]).toMatchObject({
      message: "The file has not been uploaded yet.",
      extensions: { code: "LL409" },
    });

    // the broker itself imports its file
    const own = await broker.graphql(BULK_FILE, { fileName: brokersFile });
    expect(own.errors).toBeUndefined();
    expect((await contactsOf(BROKER)).map((c) => c.email)).toContain(address);
  });

  it("is refused to a viewer (who cannot get an upload location either) and takes one form at a time", async () => {
    const viewer = await as("issuer-viewer@demo.test", ISSUER);
    expect((await viewer.graphql(LOCATION, { fileName: "x.csv" })).errors?.[0]?.extensions?.code).toBe("LL403");
    expect((await viewer.graphql(BULK_FILE, { fileName: crypto.randomUUID() })).errors?.[0]?.extensions?.code).toBe(
      "LL403",
    );
    const issuer = await as("issuer@demo.test", ISSUER);
    const key = await uploadFile(issuer, "both.csv", `Contact Name,Email\nBoth,${fresh("both")}\n`);
    const both = await issuer.graphql(
      `mutation both($fileName: String!, $contacts: JSON!) {
        bulkCustomers(input: { fileName: $fileName, contacts: $contacts }) { customers { id } } }`,
      { fileName: key, contacts: [{ row: 2, name: "Both", email: fresh("both") }] },
    );
    expect(both.errors?.[0]?.extensions?.code).toBe("LL422");
  });
});

describe("makeCustomer and updateCustomerById", () => {
  it("refuses a blank or whitespace name with the form's text, and creates nothing", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    for (const name of [undefined, "", "   "]) {
      const email = fresh("blank");
      const result = await issuer.graphql(MAKE, { email, name });
      expect(result.errors?.[0], JSON.stringify(name)).toMatchObject({
        message: "Contact Name is required.",
        extensions: { code: "LL422" },
      });
      const { rows } = await t.server.db.query("select 1 from app_public.customers where email = $1", [email]);
      expect(rows).toEqual([]);
    }
    // the name is checked first, as the form does
    const both = await issuer.graphql(MAKE, { email: "", name: " " });
    expect(both.errors?.[0]?.message).toBe("Contact Name is required.");
    const trimmed = await issuer.graphql<{ makeCustomer: { customer: { name: string } } }>(MAKE, {
      email: fresh("trim"),
      name: "  Ada Byron ",
    });
    expect(trimmed.data?.makeCustomer.customer.name).toBe("Ada Byron");
  });

  it("creates with the client's id and edits name and email with the spec's messages", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const id = crypto.randomUUID();
    const email = fresh("make");
    const made = await issuer.graphql<{ makeCustomer: { customer: { id: string } } }>(MAKE, {
      id,
      email,
      name: "Grace Hopper",
    });
    expect(made.errors).toBeUndefined();
    expect(made.data?.makeCustomer.customer.id).toBe(id);

    const renamed = await issuer.graphql<{ updateCustomerById: { customer: { name: string } } }>(UPDATE, {
      id,
      patch: { name: "  Grace B. Hopper " },
    });
    expect(renamed.errors).toBeUndefined();
    expect(renamed.data?.updateCustomerById.customer.name).toBe("Grace B. Hopper");

    for (const [patch, code, message] of [
      [{ name: " " }, "LL422", "Contact Name is required."],
      [{ email: "" }, "LL422", "Email is required."],
      [{ email: "nope" }, "LL422", "Please enter a valid email address."],
    ] as const) {
      const result = await issuer.graphql(UPDATE, { id, patch });
      expect(result.errors?.[0], JSON.stringify(patch)).toMatchObject({ message, extensions: { code } });
    }
    const other = (await contactsOf(ISSUER)).find((c) => c.email !== email)?.email;
    const duplicate = await issuer.graphql(UPDATE, { id, patch: { email: other?.toUpperCase() } });
    expect(duplicate.errors?.[0]).toMatchObject({
      message: "A contact with this email already exists.",
      extensions: { code: "LL409" },
    });
    expect((await contactsOf(ISSUER)).find((c) => c.email === email)?.name).toBe("Grace B. Hopper");
  });

  it("refuses makeCustomer and edits to a viewer, an agent and an ats account", async () => {
    const { rows } = await t.server.db.query<{ id: string }>(
      "select id from app_public.customers where account_id = $1 order by created_on limit 1",
      [accountIds.get(ISSUER)],
    );
    const contactId = rows[0]?.id;
    for (const [email, account] of [
      ["issuer-viewer@demo.test", ISSUER],
      ["agent@demo.test", "Keystone Transfer Agents"],
      ["ats@demo.test", "Meridian Alternative Exchange"],
    ] as const) {
      const client = await as(email, account);
      const made = await client.graphql(MAKE, { email: fresh("nope"), name: "Nope" });
      expect(made.errors?.[0]?.extensions?.code, email).toBe("LL403");
      const edited = await client.graphql(UPDATE, { id: contactId, patch: { name: "Changed by someone" } });
      expect(edited.errors?.length, email).toBeGreaterThan(0);
    }
    const { rows: after } = await t.server.db.query<{ name: string }>(
      "select name from app_public.customers where id = $1",
      [contactId],
    );
    expect(after[0]?.name).not.toBe("Changed by someone");
  });

  it("a viewer still reads the contact list", async () => {
    const viewer = await as("issuer-viewer@demo.test", ISSUER);
    const result = await viewer.graphql<{ allCustomers: { totalCount: number } }>("{ allCustomers { totalCount } }");
    expect(result.errors).toBeUndefined();
    expect(result.data?.allCustomers.totalCount).toBe((await contactsOf(ISSUER)).length);
  });
});

describe("GET /api/v2/example/download/contacts.csv", () => {
  it("downloads an example the import accepts as it is", async () => {
    const response = await t.client().fetch("/api/v2/example/download/contacts.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="contacts.csv"');
    const parsed = parseContactsCsv(await response.text());
    expect(parsed.fileError).toBeNull();
    expect(parsed.rows.length).toBeGreaterThan(0);
    expect(importRowErrors(parsed.rows, [])).toEqual([]);

    const issuer = await as("broker@demo.test", BROKER);
    const imported = await issuer.graphql(BULK, { contacts: parsed.rows });
    expect(imported.errors).toBeUndefined();
  });

  it("answers 404 for other names", async () => {
    expect((await t.client().fetch("/api/v2/example/download/passwords.csv")).status).toBe(404);
    expect((await t.client().fetch("/api/v2/example/download/../graphql")).status).not.toBe(200);
  });
});
