// Document uploads and downloads through the real server with the client bypassed: the signed upload location, the
// multipart POST with its 100 MB limit (413) and file types, the document functions' checks, downloads under RLS,
// and deletion by the uploader only.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const accountIds = new Map<string, string>();

beforeAll(async () => {
  t = await startTestServer();
  const { rows } = await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts");
  for (const row of rows) accountIds.set(row.name, row.id);
});
afterAll(async () => {
  await t?.close();
});

const ISSUER = "Northwind Renewables, Inc.";

async function as(email: string, accountName: string): Promise<TestClient> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  const id = accountIds.get(accountName);
  if (!id) throw new Error(`no account ${accountName}`);
  expect((await client.selectAccount(id)).status).toBe(303);
  return client;
}

async function securityId(name: string): Promise<string> {
  const { rows } = await t.server.db.query<{ id: string }>("select id from app_public.securities where name = $1", [
    name,
  ]);
  return rows[0]!.id;
}

const LOCATION = `mutation location($fileName: String!) {
  makeFileLocation(input: { fileName: $fileName }) { fileLocation { url fields } } }`;
const MAKE = `mutation make($name: String!, $securityId: UUID!, $extension: String!, $shareWith: [String], $fileKey: UUID) {
  makeSecurityDocument(input: { name: $name, securityId: $securityId, extension: $extension, shareWith: $shareWith, fileKey: $fileKey }) {
    documentUpload { documentId uploadStatus uploadInfo } } }`;

interface Location {
  url: string;
  fields: { key: string };
}

async function location(client: TestClient, fileName: string): Promise<Location> {
  const answer = await client.graphql<{ makeFileLocation: { fileLocation: Location } }>(LOCATION, { fileName });
  expect(answer.errors).toBeUndefined();
  return answer.data!.makeFileLocation.fileLocation;
}

function upload(client: TestClient, where: Location, name: string, content: string) {
  const form = new FormData();
  form.set("key", where.fields.key);
  form.set("file", new Blob([content]), name);
  return client.fetch(where.url, { method: "POST", body: form });
}

async function documentRow(id: string) {
  const { rows } = await t.server.db.query<{ upload_status: string; file_key: string | null }>(
    "select upload_status, file_key from app_public.documents where id = $1",
    [id],
  );
  return rows[0];
}

describe("uploading a security document", () => {
  it("issuer: location, document shared with investors and the exchange, file, download by whom it is shared with", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const security = await securityId("Northwind Series A Preferred Stock");
    const where = await location(issuer, "Board minutes.pdf");
    expect(where.url).toBe(`/api/v2/uploads/${where.fields.key}`);

    const made = await issuer.graphql<{
      makeSecurityDocument: { documentUpload: { documentId: string; uploadStatus: string } };
    }>(MAKE, {
      name: "Board minutes",
      securityId: security,
      extension: "pdf",
      shareWith: ["investor", "ats"],
      fileKey: where.fields.key,
    });
    expect(made.errors).toBeUndefined();
    const { documentId, uploadStatus } = made.data!.makeSecurityDocument.documentUpload;
    expect(uploadStatus).toBe("pending");
    const { rows: sharings } = await t.server.db.query<{ to_role: string; name: string }>(
      "select to_role, name from app_public.document_sharings where document_id = $1 order by to_role",
      [documentId],
    );
    expect(sharings).toEqual([
      { to_role: "ats", name: "Trading systems" },
      { to_role: "investor", name: "Investors" },
    ]);

    // Not yet uploaded: no download.
    expect((await issuer.fetch(`/api/v2/documents/${documentId}/download`)).status).toBe(409);
    // Another signed-in user cannot use the location.
    const stranger = await as("ats@demo.test", "Meridian Alternative Exchange");
    expect((await upload(stranger, where, "Board minutes.pdf", "%PDF-1.4 hijack")).status).toBe(404);

    const posted = await upload(issuer, where, "Board minutes.pdf", "%PDF-1.4 minutes");
    expect(posted.status).toBe(201);
    expect(await documentRow(documentId)).toMatchObject({ upload_status: "uploaded", file_key: where.fields.key });
    // A location is used once.
    expect((await upload(issuer, where, "Board minutes.pdf", "again")).status).toBe(410);

    const download = await issuer.fetch(`/api/v2/documents/${documentId}/download`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain('filename="Board minutes.pdf"');
    expect(await download.text()).toBe("%PDF-1.4 minutes");
    // Shared with ats: the exchange listing the security downloads it.
    expect((await stranger.fetch(`/api/v2/documents/${documentId}/download`)).status).toBe(200);
    // Not shared with brokers: as if it did not exist.
    const broker = await as("broker@demo.test", "Harborview Capital Markets LLC");
    expect((await broker.fetch(`/api/v2/documents/${documentId}/download`)).status).toBe(404);
    // No session.
    expect((await t.client().fetch(`/api/v2/documents/${documentId}/download`)).status).toBe(401);
  });

  it("refuses other file types, shares the uploader's type may not grant, and writes by viewers", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const security = await securityId("Northwind Series A Preferred Stock");
    const exe = await issuer.graphql(LOCATION, { fileName: "setup.exe" });
    expect(exe.errors?.[0]).toMatchObject({
      message: "Only csv, tsv, pdf, xls and txt files can be uploaded.",
      extensions: { code: "LL422" },
    });
    const badExtension = await issuer.graphql(MAKE, {
      name: "Tool",
      securityId: security,
      extension: "exe",
      shareWith: [],
    });
    expect(badExtension.errors?.[0]?.extensions?.code).toBe("LL422");
    const badShare = await issuer.graphql(MAKE, {
      name: "Memo",
      securityId: security,
      extension: "pdf",
      shareWith: ["admin"],
    });
    expect(badShare.errors?.[0]).toMatchObject({
      message: "This document cannot be shared with admin.",
      extensions: { code: "LL422" },
    });

    // A txt location with an exe file posted to it: refused, slot failed.
    const where = await location(issuer, "notes.txt");
    expect((await upload(issuer, where, "notes.exe", "MZ")).status).toBe(422);

    const viewer = await as("issuer-viewer@demo.test", ISSUER);
    expect((await viewer.graphql(LOCATION, { fileName: "memo.pdf" })).errors?.[0]?.extensions?.code).toBe("LL403");
    const viewerMake = await viewer.graphql(MAKE, {
      name: "Memo",
      securityId: security,
      extension: "pdf",
      shareWith: [],
    });
    expect(viewerMake.errors?.[0]?.extensions?.code).toBe("LL403");
    const { rows } = await t.server.db.query("select 1 from app_public.documents where name in ('Tool', 'Memo')");
    expect(rows).toHaveLength(0);
  });

  it("answers 413 for a file over the limit and marks the document failed", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const security = await securityId("Northwind Series A Preferred Stock");

    // Declared too large: refused before reading the body.
    const where = await location(issuer, "huge.pdf");
    const made = await issuer.graphql<{ makeSecurityDocument: { documentUpload: { documentId: string } } }>(MAKE, {
      name: "Huge",
      securityId: security,
      extension: "pdf",
      shareWith: [],
      fileKey: where.fields.key,
    });
    const documentId = made.data!.makeSecurityDocument.documentUpload.documentId;
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(new URL(where.url, t.url), {
        method: "POST",
        headers: {
          cookie: `ll_session=${issuer.session}`,
          "content-type": "multipart/form-data; boundary=x",
          "content-length": String(101 * 1024 * 1024),
        },
      });
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.write("--x\r\n");
    });
    expect(status).toBe(413);
    expect(await documentRow(documentId)).toMatchObject({ upload_status: "failed" });

    // Streamed past the limit (lowered for the test): refused while reading.
    process.env.UPLOAD_MAX_BYTES = "1024";
    try {
      const small = await location(issuer, "big.csv");
      const posted = await upload(issuer, small, "big.csv", "x".repeat(200_000));
      expect(posted.status).toBe(413);
      expect((await posted.json()).errors[0].message).toBe("Error: File is larger than 100MB");
    } finally {
      delete process.env.UPLOAD_MAX_BYTES;
    }
  });

  it("deletes a document only by its uploader's writers", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const security = await securityId("Northwind Series A Preferred Stock");
    const made = await issuer.graphql<{ makeSecurityDocument: { documentUpload: { documentId: string } } }>(MAKE, {
      name: "To delete",
      securityId: security,
      extension: "csv",
      shareWith: ["ats"],
    });
    const documentId = made.data!.makeSecurityDocument.documentUpload.documentId;
    const DELETE = "mutation del($id: UUID!) { deleteSecurityDocument(input: { documentId: $id }) { uuid } }";
    const ats = await as("ats@demo.test", "Meridian Alternative Exchange");
    expect((await ats.graphql(DELETE, { id: documentId })).errors?.[0]?.extensions?.code).toBe("LL403");
    const viewer = await as("issuer-viewer@demo.test", ISSUER);
    expect((await viewer.graphql(DELETE, { id: documentId })).errors?.[0]?.extensions?.code).toBe("LL403");
    expect(await documentRow(documentId)).toBeDefined();
    const deleted = await issuer.graphql(DELETE, { id: documentId });
    expect(deleted.errors).toBeUndefined();
    expect(await documentRow(documentId)).toBeUndefined();
  });
});

describe("holding documents", () => {
  it("an issuer shares a holding statement with the investor, who downloads it; another investor cannot", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const { rows } = await t.server.db.query<{ id: string }>(
      `select h.id from app_public.holdings h join app_public.accounts a on a.id = h.investor_id
        where a.name = 'Emma Lawson' order by h.created_on limit 1`,
    );
    const holdingId = rows[0]!.id;
    const where = await location(issuer, "Statement.txt");
    const made = await issuer.graphql<{ makeHoldingDocument: { documentUpload: { documentId: string } } }>(
      `mutation make($holdingId: UUID!, $fileKey: UUID) {
        makeHoldingDocument(input: { name: "Statement", holdingId: $holdingId, extension: "txt", shareWith: ["investor"], fileKey: $fileKey }) {
          documentUpload { documentId } } }`,
      { holdingId, fileKey: where.fields.key },
    );
    expect(made.errors).toBeUndefined();
    const documentId = made.data!.makeHoldingDocument.documentUpload.documentId;
    expect((await upload(issuer, where, "Statement.txt", "units: 100")).status).toBe(201);

    const emma = await as("investor@demo.test", "Emma Lawson");
    const download = await emma.fetch(`/api/v2/documents/${documentId}/download`);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe("units: 100");
    const other = await as("investor2@demo.test", "Kim Family Trust");
    expect((await other.fetch(`/api/v2/documents/${documentId}/download`)).status).toBe(404);
    // An investor may not upload holding documents (no allowed shares for investors).
    const refused = await emma.graphql(
      `mutation { makeHoldingDocument(input: { name: "Mine", holdingId: "${holdingId}", extension: "txt", shareWith: [] }) {
        documentUpload { documentId } } }`,
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe("LL403");
    // The security mutation does not delete holding documents.
    const wrongType = await issuer.graphql(
      "mutation del($id: UUID!) { deleteSecurityDocument(input: { documentId: $id }) { uuid } }",
      {
        id: documentId,
      },
    );
    expect(wrongType.errors?.[0]?.extensions?.code).toBe("LL404");
    const deleted = await issuer.graphql(
      "mutation del($id: UUID!) { deleteHoldingDocument(input: { documentId: $id }) { uuid } }",
      {
        id: documentId,
      },
    );
    expect(deleted.errors).toBeUndefined();
  });
});

describe("import files", () => {
  it("keeps the text of an uploaded csv in its slot for the database's imports, never a pdf's", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const content = "Contact Name,Email\r\nAda Byron,ada@example.com\r\n";
    const csv = await location(issuer, "contacts.csv");
    expect((await upload(issuer, csv, "contacts.csv", content)).status).toBe(201);
    const pdf = await location(issuer, "scan.pdf");
    expect((await upload(issuer, pdf, "scan.pdf", "%PDF-1.4 not text for imports")).status).toBe(201);
    const { rows } = await t.server.db.query<{ key: string; status: string; content: string | null }>(
      "select key, status, content from app_private.upload_slots where key = any($1::uuid[]) order by file_name",
      [[csv.fields.key, pdf.fields.key]],
    );
    expect(rows).toEqual([
      { key: csv.fields.key, status: "uploaded", content },
      { key: pdf.fields.key, status: "uploaded", content: null },
    ]);
  });
});

describe("a file chosen offline (the device's own slot key and the content's SHA-256)", () => {
  const KEYED = `mutation location($fileName: String!, $key: UUID, $contentHash: String) {
    makeFileLocation(input: { fileName: $fileName, key: $key, contentHash: $contentHash }) { fileLocation { url fields } } }`;
  const STATUS = "query status($key: UUID!) { fileUploadStatus(key: $key) }";
  const MAKE_WITH_ID = `mutation make($name: String!, $securityId: UUID!, $fileKey: UUID, $id: UUID) {
    makeSecurityDocument(input: { name: $name, securityId: $securityId, extension: "pdf", fileKey: $fileKey, id: $id }) {
      documentUpload { documentId uploadStatus } } }`;
  const hash = (c: string) => c.repeat(64);

  async function keyed(client: TestClient, variables: Record<string, unknown>) {
    const answer = await client.graphql<{ makeFileLocation: { fileLocation: Location } }>(KEYED, variables);
    expect(answer.errors).toBeUndefined();
    return answer.data!.makeFileLocation.fileLocation;
  }
  const status = async (client: TestClient, key: string) =>
    (await client.graphql<{ fileUploadStatus: string | null }>(STATUS, { key })).data?.fileUploadStatus;

  it("the same content hash twice gives one slot, the same key always its slot; one document, uploaded once", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const security = await securityId("Northwind Series A Preferred Stock");
    const first = await keyed(issuer, { fileName: "Offline.pdf", contentHash: hash("a") });
    const again = await keyed(issuer, { fileName: "Offline.pdf", contentHash: hash("a") });
    expect(again.fields.key).toBe(first.fields.key);
    expect((await keyed(issuer, { fileName: "Offline.pdf", contentHash: hash("b") })).fields.key).not.toBe(
      first.fields.key,
    );

    // The document command reaches the server before the file, naming the key the device made.
    const key = crypto.randomUUID();
    const documentId = crypto.randomUUID();
    expect(await status(issuer, key)).toBeNull();
    const made = await issuer.graphql<{ makeSecurityDocument: { documentUpload: { uploadStatus: string } } }>(
      MAKE_WITH_ID,
      { name: "Offline minutes", securityId: security, fileKey: key, id: documentId },
    );
    expect(made.errors).toBeUndefined();
    expect(made.data!.makeSecurityDocument.documentUpload.uploadStatus).toBe("pending");
    expect(await status(issuer, key)).toBe("pending");
    // The device asks for the location (twice: the first answer was cut off): the same slot.
    const where = await keyed(issuer, { fileName: "Offline minutes.pdf", key, contentHash: hash("c") });
    expect(where.fields.key).toBe(key);
    expect((await keyed(issuer, { fileName: "Offline minutes.pdf", key, contentHash: hash("c") })).fields.key).toBe(
      key,
    );
    expect((await upload(issuer, where, "Offline minutes.pdf", "%PDF-1.4 offline")).status).toBe(201);
    expect(await status(issuer, key)).toBe("uploaded");
    // Asked again after the upload (its answer lost): still the one uploaded slot, nothing reopened.
    expect((await keyed(issuer, { fileName: "Offline minutes.pdf", key, contentHash: hash("c") })).fields.key).toBe(
      key,
    );
    expect(await status(issuer, key)).toBe("uploaded");
    const { rows } = await t.server.db.query<{ n: number }>(
      "select count(*)::int as n from app_private.upload_slots where key = $1",
      [key],
    );
    expect(rows[0]!.n).toBe(1);
    const documents = await t.server.db.query<{ id: string; upload_status: string }>(
      "select id, upload_status from app_public.documents where name = 'Offline minutes'",
    );
    expect(documents.rows).toEqual([{ id: documentId, upload_status: "uploaded" }]);
    expect(await (await issuer.fetch(`/api/v2/documents/${documentId}/download`)).text()).toBe("%PDF-1.4 offline");

    // A file queued before the document: the slot exists first, the document then takes its status.
    const earlyKey = crypto.randomUUID();
    const early = await keyed(issuer, { fileName: "Early.pdf", key: earlyKey, contentHash: hash("d") });
    expect((await upload(issuer, early, "Early.pdf", "%PDF-1.4 early")).status).toBe(201);
    const late = await issuer.graphql<{ makeSecurityDocument: { documentUpload: { uploadStatus: string } } }>(
      MAKE_WITH_ID,
      { name: "Early", securityId: security, fileKey: earlyKey, id: crypto.randomUUID() },
    );
    expect(late.data!.makeSecurityDocument.documentUpload.uploadStatus).toBe("uploaded");

    // A file refused before its document arrives (over the limit): the document says the upload failed, and the
    // device's next attempt at a file opens the slot again for both.
    process.env.UPLOAD_MAX_BYTES = "1024";
    const refusedKey = crypto.randomUUID();
    try {
      const refused = await keyed(issuer, { fileName: "Refused.csv", key: refusedKey, contentHash: hash("e") });
      expect((await upload(issuer, refused, "Refused.csv", "x".repeat(8_000))).status).toBe(413);
    } finally {
      delete process.env.UPLOAD_MAX_BYTES;
    }
    expect(await status(issuer, refusedKey)).toBe("failed");
    const refusedDocument = crypto.randomUUID();
    const after = await issuer.graphql<{ makeSecurityDocument: { documentUpload: { uploadStatus: string } } }>(
      MAKE_WITH_ID,
      { name: "Refused", securityId: security, fileKey: refusedKey, id: refusedDocument },
    );
    expect(after.errors).toBeUndefined();
    expect(after.data!.makeSecurityDocument.documentUpload.uploadStatus).toBe("failed");
    expect(await documentRow(refusedDocument)).toMatchObject({ upload_status: "failed" });
    // Another file chosen in its place (a PDF): the slot and the document take its type, and it downloads as such.
    const inPlace = await keyed(issuer, { fileName: "Refused.pdf", key: refusedKey, contentHash: hash("f") });
    expect(await documentRow(refusedDocument)).toMatchObject({ upload_status: "pending" });
    expect((await upload(issuer, inPlace, "Refused.pdf", "%PDF-1.4 in its place")).status).toBe(201);
    const { rows: refusedRows } = await t.server.db.query<{ extension: string; upload_status: string }>(
      "select extension, upload_status from app_public.documents where id = $1",
      [refusedDocument],
    );
    expect(refusedRows[0]).toEqual({ extension: "pdf", upload_status: "uploaded" });
    const download = await issuer.fetch(`/api/v2/documents/${refusedDocument}/download`);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(await download.text()).toBe("%PDF-1.4 in its place");
  });

  it("reopens a slot whose upload failed or expired; another user's key is not found; a bad hash is refused", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const key = crypto.randomUUID();
    await keyed(issuer, { fileName: "Cut.pdf", key });
    await t.server.db.query("update app_private.upload_slots set status = 'failed' where key = $1", [key]);
    expect(await status(issuer, key)).toBe("failed");
    await keyed(issuer, { fileName: "Cut.pdf", key });
    expect(await status(issuer, key)).toBe("pending");
    await t.server.db.query(
      "update app_private.upload_slots set expires_on = now() - interval '1 minute' where key = $1",
      [key],
    );
    expect(await status(issuer, key)).toBe("expired");
    const where = await keyed(issuer, { fileName: "Cut.pdf", key });
    expect((await upload(issuer, where, "Cut.pdf", "%PDF-1.4 cut")).status).toBe(201);

    const stranger = await as("ats@demo.test", "Meridian Alternative Exchange");
    const theirs = await stranger.graphql(KEYED, { fileName: "Cut.pdf", key });
    expect(theirs.errors?.[0]?.message).toBe("Upload location not found");
    expect(await status(stranger, key)).toBeNull();
    const bad = await issuer.graphql(KEYED, { fileName: "Cut.pdf", contentHash: "ABC" });
    expect(bad.errors?.[0]?.extensions?.code).toBe("LL422");
  });
});
