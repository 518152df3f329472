// Files on S3-compatible object storage (sync/storage/s3.ts) through the local stand-in (tests/helpers/s3.ts): the
// upload location is a presigned POST to the bucket (the file never passes through the server), the server is told
// the file arrived, reads it back for downloads and imports; the POST policy refuses a file over 100 MB, another
// content type, another key, an extra field, a bad signature and an expired policy; an account logo is held to 1 MB by
// the policy and to an image by its content when the server is told it arrived.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { postFile } from "../../src/data/upload-file.ts";
import { createS3Storage } from "../../sync/storage/s3.ts";
import { type S3StandIn, startS3StandIn } from "../helpers/s3.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let s3: S3StandIn;
let t: TestServer;
const accountIds = new Map<string, string>();

const settings = () => ({
  bucket: s3.bucket,
  region: s3.region,
  endpoint: s3.endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
});

beforeAll(async () => {
  s3 = await startS3StandIn();
  t = await startTestServer({ storage: { kind: "s3", ...settings() } });
  const { rows } = await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts");
  for (const row of rows) accountIds.set(row.name, row.id);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const ISSUER = "Northwind Renewables, Inc.";

async function as(email: string, accountName: string): Promise<TestClient> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  expect((await client.selectAccount(accountIds.get(accountName)!)).status).toBe(303);
  return client;
}

const LOCATION = `mutation location($fileName: String!) {
  makeFileLocation(input: { fileName: $fileName }) { fileLocation { url fields } } }`;
const MAKE = `mutation make($name: String!, $securityId: UUID!, $extension: String!, $shareWith: [String], $fileKey: UUID) {
  makeSecurityDocument(input: { name: $name, securityId: $securityId, extension: $extension, shareWith: $shareWith, fileKey: $fileKey }) {
    documentUpload { documentId uploadStatus uploadInfo } } }`;
const BULK_FILE = `mutation bulkFile($fileName: String!) {
  bulkCustomers(input: { fileName: $fileName }) { customers { id email name } } }`;

interface Location {
  url: string;
  fields: Record<string, string>;
}

async function location(client: TestClient, fileName: string): Promise<Location> {
  const answer = await client.graphql<{ makeFileLocation: { fileLocation: Location } }>(LOCATION, { fileName });
  expect(answer.errors).toBeUndefined();
  return answer.data!.makeFileLocation.fileLocation;
}

/** The browser's POST to the bucket: the fields as handed out (changed by `edit`), the file last. No cookies. */
function post(where: Location, file: Blob, name: string, edit: (fields: Record<string, string>) => void = () => {}) {
  const fields = { ...where.fields };
  edit(fields);
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.set(field, value);
  form.set("file", file, name);
  return fetch(where.url, { method: "POST", body: form });
}

async function s3Error(response: Response): Promise<{ status: number; code: string; message: string }> {
  const xml = await response.text();
  return {
    status: response.status,
    code: /<Code>([^<]*)<\/Code>/.exec(xml)?.[1] ?? "",
    message: /<Message>([^<]*)<\/Message>/.exec(xml)?.[1] ?? "",
  };
}

const complete = (client: TestClient, key: string) =>
  client.fetch(`/api/v2/uploads/${key}/complete`, { method: "POST" });

async function securityId(name: string): Promise<string> {
  const { rows } = await t.server.db.query<{ id: string }>("select id from app_public.securities where name = $1", [
    name,
  ]);
  return rows[0]!.id;
}

async function documentStatus(id: string): Promise<string | undefined> {
  const { rows } = await t.server.db.query<{ upload_status: string }>(
    "select upload_status from app_public.documents where id = $1",
    [id],
  );
  return rows[0]?.upload_status;
}

describe("a document on object storage", () => {
  it("is uploaded to the bucket with a presigned POST, confirmed, and downloaded by whom it is shared with", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const where = await location(issuer, "Board minutes.pdf");
    const key = where.fields.key!;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    // The bucket's URL and S3's signed form fields: the device sends the file there, not to the server.
    expect(where.url).toBe(`${s3.endpoint}/${s3.bucket}`);
    expect(where.fields).toMatchObject({
      bucket: s3.bucket,
      "Content-Type": "application/pdf",
      "X-Amz-Algorithm": "AWS4-HMAC-SHA256",
    });
    expect(where.fields["X-Amz-Credential"]).toMatch(
      new RegExp(`^${s3.accessKeyId}/\\d{8}/us-east-1/s3/aws4_request$`),
    );
    const policy = JSON.parse(Buffer.from(where.fields.Policy!, "base64").toString("utf8")) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ["content-length-range", 0, 100 * 1024 * 1024],
        { key },
        { "Content-Type": "application/pdf" },
        { bucket: s3.bucket },
      ]),
    );
    // Short-lived: at most 15 minutes.
    expect(Date.parse(policy.expiration) - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000);

    const made = await issuer.graphql<{
      makeSecurityDocument: { documentUpload: { documentId: string; uploadStatus: string; uploadInfo: Location } };
    }>(MAKE, {
      name: "Board minutes",
      securityId: await securityId("Northwind Series A Preferred Stock"),
      extension: "pdf",
      shareWith: ["investor", "ats"],
      fileKey: key,
    });
    expect(made.errors).toBeUndefined();
    const { documentId, uploadStatus, uploadInfo } = made.data!.makeSecurityDocument.documentUpload;
    expect(uploadStatus).toBe("pending");
    // make*Document's own upload location is the same presigned POST of the slot.
    expect(uploadInfo.url).toBe(where.url);
    expect(uploadInfo.fields).toMatchObject({ key, "Content-Type": "application/pdf" });

    const posted = await post(where, new Blob(["%PDF-1.4 minutes"]), "Board minutes.pdf");
    expect(posted.status).toBe(204);
    expect(s3.objects.get(key)?.body.toString()).toBe("%PDF-1.4 minutes");
    expect(s3.objects.get(key)?.contentType).toBe("application/pdf");
    // The server saw nothing yet: the document waits until the device says the file is there.
    expect(await documentStatus(documentId)).toBe("pending");
    expect((await issuer.fetch(`/api/v2/documents/${documentId}/download`)).status).toBe(409);

    // Only the slot's owner can confirm it.
    const stranger = await as("ats@demo.test", "Meridian Alternative Exchange");
    expect((await complete(stranger, key)).status).toBe(404);
    const confirmed = await complete(issuer, key);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ key, size: 16 });
    expect(await documentStatus(documentId)).toBe("uploaded");
    // Confirming again changes nothing.
    expect((await complete(issuer, key)).status).toBe(200);

    const download = await issuer.fetch(`/api/v2/documents/${documentId}/download`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain('filename="Board minutes.pdf"');
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(await download.text()).toBe("%PDF-1.4 minutes");
    // Read from the bucket with the server's signed requests.
    expect(s3.requests).toEqual(
      expect.arrayContaining([
        { method: "HEAD", path: `/${s3.bucket}/${key}`, status: 200 },
        { method: "GET", path: `/${s3.bucket}/${key}`, status: 200 },
      ]),
    );
    expect((await stranger.fetch(`/api/v2/documents/${documentId}/download`)).status).toBe(200);
    const broker = await as("broker@demo.test", "Harborview Capital Markets LLC");
    expect((await broker.fetch(`/api/v2/documents/${documentId}/download`)).status).toBe(404);
    // The bucket itself is private: an unsigned GET is refused.
    expect((await s3Error(await fetch(`${s3.endpoint}/${s3.bucket}/${key}`))).code).toBe("AccessDenied");

    // The server's own upload route takes no files when they go to object storage.
    const form = new FormData();
    form.set("file", new Blob(["x"]), "x.pdf");
    expect((await issuer.fetch(`/api/v2/uploads/${key}`, { method: "POST", body: form })).status).toBe(404);
  });

  it("a file over 100 MB is refused by the policy (EntityTooLarge) and the document is marked failed", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const where = await location(issuer, "Huge.pdf");
    const key = where.fields.key!;
    const made = await issuer.graphql<{ makeSecurityDocument: { documentUpload: { documentId: string } } }>(MAKE, {
      name: "Huge",
      securityId: await securityId("Northwind Series A Preferred Stock"),
      extension: "pdf",
      fileKey: key,
    });
    const { documentId } = made.data!.makeSecurityDocument.documentUpload;
    const refused = await s3Error(await post(where, new Blob([new Uint8Array(100 * 1024 * 1024 + 1)]), "Huge.pdf"));
    expect(refused).toMatchObject({ status: 400, code: "EntityTooLarge" });
    expect(s3.objects.has(key)).toBe(false);
    // Exactly 100 MB is within the limit (the policy's range is inclusive).
    const atLimit = await location(issuer, "At limit.pdf");
    expect((await post(atLimit, new Blob([new Uint8Array(100 * 1024 * 1024)]), "At limit.pdf")).status).toBe(204);
    s3.objects.delete(atLimit.fields.key!);

    // The device reports the refusal; the server finds no file and marks the document failed.
    const confirmed = await complete(issuer, key);
    expect(confirmed.status).toBe(409);
    expect(await documentStatus(documentId)).toBe("failed");
    // Nothing to download; and the slot stays failed even if something arrives later.
    expect((await issuer.fetch(`/api/v2/documents/${documentId}/download`)).status).toBe(409);
  }, 60_000);

  it("a wrong extension is refused: no location for it, and the policy pins the slot's content type and key", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const refused = await issuer.graphql(LOCATION, { fileName: "payload.exe" });
    expect(refused.errors?.[0]?.message).toBe("Only csv, tsv, pdf, xls and txt files can be uploaded.");

    const where = await location(issuer, "Statement.pdf");
    const key = where.fields.key!;
    const exe = await s3Error(
      await post(where, new Blob(["MZ"]), "payload.exe", (f) => {
        f["Content-Type"] = "application/x-msdownload";
      }),
    );
    expect(exe).toMatchObject({ status: 403, code: "AccessDenied" });
    expect(exe.message).toContain("Policy Condition failed");
    expect(exe.message).toContain("Content-Type");
    const elsewhere = await s3Error(
      await post(where, new Blob(["%PDF"]), "Statement.pdf", (f) => {
        f.key = "00000000-0000-0000-0000-000000000000";
      }),
    );
    expect(elsewhere).toMatchObject({ status: 403, code: "AccessDenied" });
    const extra = await s3Error(
      await post(where, new Blob(["%PDF"]), "Statement.pdf", (f) => {
        f.acl = "public-read";
      }),
    );
    expect(extra).toMatchObject({
      status: 403,
      code: "AccessDenied",
      message: "Invalid according to Policy: Extra input fields: acl",
    });
    const forged = await s3Error(
      await post(where, new Blob(["%PDF"]), "Statement.pdf", (f) => {
        f["X-Amz-Signature"] = "0".repeat(64);
      }),
    );
    expect(forged).toMatchObject({ status: 403, code: "SignatureDoesNotMatch" });
    const widened = await s3Error(
      await post(where, new Blob(["%PDF"]), "Statement.pdf", (f) => {
        const policy = JSON.parse(Buffer.from(f.Policy!, "base64").toString("utf8")) as { conditions: unknown[] };
        policy.conditions = policy.conditions.filter((c) => !(Array.isArray(c) && c[0] === "content-length-range"));
        f.Policy = Buffer.from(JSON.stringify(policy)).toString("base64");
      }),
    );
    expect(widened).toMatchObject({ status: 403, code: "SignatureDoesNotMatch" });
    expect(s3.objects.has(key)).toBe(false);
    expect(s3.objects.has("00000000-0000-0000-0000-000000000000")).toBe(false);
    // As handed out, it goes through.
    expect((await post(where, new Blob(["%PDF-1.4"]), "Statement.pdf")).status).toBe(204);
  });

  it("an expired policy is refused (AccessDenied)", async () => {
    const storage = await createS3Storage(settings());
    try {
      const where = await storage.uploadLocation({
        key: "11111111-1111-4111-8111-111111111111",
        extension: "txt",
        expiresOn: new Date(Date.now() + 1_000),
      });
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const expired = await s3Error(await post(where!, new Blob(["late"]), "late.txt"));
      expect(expired).toMatchObject({
        status: 403,
        code: "AccessDenied",
        message: "Invalid according to Policy: Policy expired.",
      });
      expect(s3.objects.has("11111111-1111-4111-8111-111111111111")).toBe(false);
    } finally {
      storage.close();
    }
  });

  it("a missing object is NoSuchKey to a signed GET, and the server's storage reads it as absent; DELETE removes", async () => {
    const storage = await createS3Storage(settings());
    try {
      expect(await storage.stat("22222222-2222-4222-8222-222222222222")).toBeNull();
      expect(await storage.read("22222222-2222-4222-8222-222222222222")).toBeNull();
      expect(s3.requests.at(-1)).toMatchObject({ method: "GET", status: 404, code: "NoSuchKey" });
      s3.objects.set("33333333-3333-4333-8333-333333333333", {
        body: Buffer.from("gone soon"),
        contentType: "text/plain",
        etag: '"x"',
        lastModified: new Date(),
      });
      expect(await storage.stat("33333333-3333-4333-8333-333333333333")).toEqual({ size: 9 });
      await storage.remove("33333333-3333-4333-8333-333333333333");
      expect(s3.requests.at(-1)).toMatchObject({ method: "DELETE", status: 204 });
      expect(s3.objects.has("33333333-3333-4333-8333-333333333333")).toBe(false);
      expect(await storage.stat("33333333-3333-4333-8333-333333333333")).toBeNull();
      // A file the server makes itself (a signed PDF) is PUT with its signed payload hash.
      await storage.write("signed/44444444-4444-4444-8444-444444444444.pdf", Buffer.from("%PDF-1.7 signed"));
      expect(s3.requests.at(-1)).toMatchObject({ method: "PUT", status: 200 });
      const written = await storage.read("signed/44444444-4444-4444-8444-444444444444.pdf");
      expect(Buffer.concat(await written!.body.toArray()).toString()).toBe("%PDF-1.7 signed");
    } finally {
      storage.close();
    }
  });
});

describe("the app's upload (src/data/upload-file.ts) with object storage", () => {
  /** The page's globals: its origin is the server's, and same-origin requests carry the session cookie. */
  function asPage(client: TestClient) {
    const realFetch = globalThis.fetch;
    vi.stubGlobal("location", { origin: new URL(t.url).origin });
    vi.stubGlobal("fetch", (input: string | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), t.url);
      if (url.origin !== new URL(t.url).origin) return realFetch(url, init);
      const headers = new Headers(init.headers);
      if (!headers.has("cookie")) headers.set("cookie", `ll_session=${client.session}`);
      return realFetch(url, { ...init, headers });
    });
  }

  it("posts to the bucket, then confirms: the document is uploaded; a file over the limit is reported as too large", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const security = await securityId("Northwind Series A Preferred Stock");
    const document = async (name: string, key: string) => {
      const made = await issuer.graphql<{ makeSecurityDocument: { documentUpload: { documentId: string } } }>(MAKE, {
        name,
        securityId: security,
        extension: "pdf",
        fileKey: key,
      });
      return made.data!.makeSecurityDocument.documentUpload.documentId;
    };
    asPage(issuer);
    try {
      const where = await location(issuer, "Notice.pdf");
      const id = await document("Notice", where.fields.key!);
      const posted = await postFile(where, new File(["%PDF-1.4 notice"], "Notice.pdf"));
      expect(posted).toEqual({ ok: true, status: 200 });
      expect(s3.objects.get(where.fields.key!)?.body.toString()).toBe("%PDF-1.4 notice");
      expect(await documentStatus(id)).toBe("uploaded");

      const big = await location(issuer, "Big.pdf");
      const bigId = await document("Big", big.fields.key!);
      const refused = await postFile(big, new File([new Uint8Array(100 * 1024 * 1024 + 1)], "Big.pdf"));
      // The upload dialog shows "Error: File is larger than 100MB" for a 413.
      expect(refused).toEqual({ ok: false, status: 413 });
      expect(await documentStatus(bigId)).toBe("failed");
    } finally {
      vi.unstubAllGlobals();
    }
  }, 60_000);
});

describe("a contacts import from object storage", () => {
  it("bulkCustomers(fileName) reads the CSV the device put in the bucket", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const where = await location(issuer, "contacts.csv");
    expect(where.fields["Content-Type"]).toBe("text/csv; charset=utf-8");
    const stamp = Date.now();
    const csv = `Email,Contact Name\r\ns3-ada-${stamp}@example.test,"Byron, Ada"\r\n`;
    expect((await post(where, new Blob([csv]), "contacts.csv")).status).toBe(204);
    expect((await complete(issuer, where.fields.key!)).status).toBe(200);
    const result = await issuer.graphql<{ bulkCustomers: { customers: Array<{ email: string; name: string }> } }>(
      BULK_FILE,
      { fileName: where.fields.key },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.bulkCustomers.customers.map((c) => [c.name, c.email])).toEqual([
      ["Byron, Ada", `s3-ada-${stamp}@example.test`],
    ]);
  });

  it("the page may send files to the bucket's origin (connect-src) and nowhere else", async () => {
    const csp = (await t.client().fetch("/api/v2/ping")).headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`connect-src 'self' ${s3.endpoint};`);
  });
});

describe("an account logo on object storage", () => {
  it("the policy holds it to 1 MB, /complete refuses a text file named .png, a PNG becomes the logo served from the bucket", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
      "base64",
    );
    const large = await location(issuer, "large.png");
    expect(large.fields["Content-Type"]).toBe("image/png");
    const tooLarge = await s3Error(await post(large, new Blob([new Uint8Array(1024 * 1024 + 1)]), "large.png"));
    expect(tooLarge).toMatchObject({ status: 400, code: "EntityTooLarge" });

    const renamed = await location(issuer, "notes.png");
    expect((await post(renamed, new Blob(["plain text"]), "notes.png")).status).toBe(204);
    const refused = await complete(issuer, renamed.fields.key!);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: Array<{ message: string }> }).errors[0]?.message).toBe(
      "A logo must be a PNG, JPEG or WebP image.",
    );
    expect(s3.objects.has(renamed.fields.key!)).toBe(false);

    const logo = await location(issuer, "logo.png");
    const key = logo.fields.key!;
    expect((await post(logo, new Blob([png]), "logo.png")).status).toBe(204);
    expect((await complete(issuer, key)).status).toBe(200);
    const set = await issuer.graphql<{ setAccountLogo: { account: { logoUrl: string | null } } }>(
      `mutation set($accountId: UUID!, $fileKey: UUID!) {
        setAccountLogo(input: { accountId: $accountId, fileKey: $fileKey, fileName: "logo.png" }) { account { logoUrl } } }`,
      { accountId: accountIds.get(ISSUER), fileKey: key },
    );
    expect(set.data?.setAccountLogo.account.logoUrl).toBe(`/api/v2/logos/${key}`);
    const served = await issuer.fetch(`/api/v2/logos/${key}`);
    expect([served.status, served.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  }, 60_000);
});
