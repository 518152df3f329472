// A transfer request's documents with the client bypassed (issue 32 item 1, docs/TRANSFERS.md "Documents"): the holder
// names files by the device's slot keys in requestTransfer, the command arriving before one file and after the other;
// whoever reads the request (the holder, the transferee, the security's issuer and its viewer) reads their names and
// downloads them once uploaded; another investor, another issuer's account, a broker not managing the round and a
// request's stranger key get 404, a signed-out caller 401. A refused file's slot stays refused when the request arrives.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const ids = new Map<string, string>();

interface SignedIn {
  client: TestClient;
  accountId: string;
}

async function as(email: string, accountName: string): Promise<SignedIn> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  const accountId = ids.get(accountName) ?? "";
  expect((await client.selectAccount(accountId)).status).toBe(303);
  return { client, accountId };
}

const KEYED = `mutation location($fileName: String!, $key: UUID) {
  makeFileLocation(input: { fileName: $fileName, key: $key }) { fileLocation { url fields } } }`;
const REQUEST = `mutation request($input: RequestTransferInput!) { requestTransfer(input: $input) { transfer { id } } }`;
const DOCUMENTS = "query documents($id: UUID!) { transferById(id: $id) { documents } }";

interface Location {
  url: string;
  fields: { key: string };
}

async function location(who: SignedIn, fileName: string, key: string): Promise<Location> {
  const answer = await who.client.graphql<{ makeFileLocation: { fileLocation: Location } }>(KEYED, { fileName, key });
  expect(answer.errors).toBeUndefined();
  return answer.data!.makeFileLocation.fileLocation;
}

function upload(who: SignedIn, where: Location, name: string, content: string) {
  const form = new FormData();
  form.set("key", where.fields.key);
  form.set("file", new Blob([content]), name);
  return who.client.fetch(where.url, { method: "POST", body: form });
}

const documentsOf = async (who: SignedIn, id: string) =>
  (await who.client.graphql<{ transferById: { documents: unknown[] } | null }>(DOCUMENTS, { id })).data?.transferById
    ?.documents ?? null;
const download = (who: SignedIn | TestClient, id: string, key: string) =>
  ("client" in who ? who.client : who).fetch(`/api/v2/documents/transfers/${id}/${key}`);

let jordan: SignedIn;
let transferId: string;
const later = crypto.randomUUID();
const early = crypto.randomUUID();

beforeAll(async () => {
  t = await startTestServer();
  for (const row of (await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts"))
    .rows)
    ids.set(row.name, row.id);
  jordan = await as("multi@demo.test", "Jordan Blake");
});
afterAll(async () => {
  await t?.close();
});

describe("a transfer request's documents", () => {
  it("named by the holder's keys, read and downloaded by whoever reads the request", async () => {
    const [holding] = (
      await t.server.db.query<{ id: string }>(
        `select h.id from app_public.holdings h join app_public.rounds r on r.id = h.round_id
          where h.investor_id = $1 and r.name = 'Seed' order by h.created_on limit 1`,
        [ids.get("Jordan Blake")],
      )
    ).rows;
    // One file is uploaded before the request arrives, the other after it.
    expect(
      (await upload(jordan, await location(jordan, "Gift letter.pdf", early), "Gift letter.pdf", "%PDF early")).status,
    ).toBe(201);
    transferId = crypto.randomUUID();
    const requested = await jordan.client.graphql(REQUEST, {
      input: {
        id: transferId,
        holdingId: holding!.id,
        units: "10",
        reason: "gift",
        transfereeId: ids.get("Kim Family Trust"),
        documentKeys: [later, early],
      },
    });
    expect(requested.errors).toBeUndefined();
    expect(await documentsOf(jordan, transferId)).toEqual([
      { key: later, name: "Transfer document.pdf", uploaded: false },
      { key: early, name: "Gift letter.pdf", uploaded: true },
    ]);
    // the file that comes after the request gives the slot its own name
    const where = await location(jordan, "Stock power.pdf", later);
    expect(await documentsOf(jordan, transferId)).toEqual([
      { key: later, name: "Stock power.pdf", uploaded: false },
      { key: early, name: "Gift letter.pdf", uploaded: true },
    ]);
    expect((await download(jordan, transferId, later)).status).toBe(409);
    expect((await upload(jordan, where, "Stock power.pdf", "%PDF later")).status).toBe(201);

    const issuer = await as("issuer@demo.test", "Northwind Renewables, Inc.");
    const viewer = await as("issuer-viewer@demo.test", "Northwind Renewables, Inc.");
    const kim = await as("investor2@demo.test", "Kim Family Trust");
    for (const reader of [jordan, issuer, viewer, kim]) {
      expect(await documentsOf(reader, transferId)).toEqual([
        { key: later, name: "Stock power.pdf", uploaded: true },
        { key: early, name: "Gift letter.pdf", uploaded: true },
      ]);
      const file = await download(reader, transferId, later);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("application/pdf");
      expect(file.headers.get("content-disposition")).toContain('filename="Stock power.pdf"');
      expect(await file.text()).toBe("%PDF later");
      expect(await (await download(reader, transferId, early)).text()).toBe("%PDF early");
    }
  });

  it("is not found for who does not read the request, or for a key that is not the request's", async () => {
    const emma = await as("investor@demo.test", "Emma Lawson");
    const broker = await as("broker@demo.test", "Harborview Capital Markets LLC");
    for (const stranger of [emma, broker]) {
      expect(await documentsOf(stranger, transferId)).toBeNull();
      const answer = await download(stranger, transferId, later);
      expect(answer.status).toBe(404);
      expect((await answer.json()).errors[0].message).toBe("Document not found");
    }
    // a key of the holder's own that the request does not name
    const other = crypto.randomUUID();
    expect((await upload(jordan, await location(jordan, "Other.pdf", other), "Other.pdf", "%PDF other")).status).toBe(
      201,
    );
    expect((await download(jordan, transferId, other)).status).toBe(404);
    expect((await download(t.client(), transferId, later)).status).toBe(401);
  });

  it("a file the server refused before the request arrived stays refused", async () => {
    const [holding] = (
      await t.server.db.query<{ id: string }>(
        `select h.id from app_public.holdings h join app_public.rounds r on r.id = h.round_id
          where h.investor_id = $1 and r.name = 'Seed' order by h.created_on limit 1`,
        [ids.get("Jordan Blake")],
      )
    ).rows;
    const refused = crypto.randomUUID();
    process.env.UPLOAD_MAX_BYTES = "1024";
    try {
      const where = await location(jordan, "Huge.pdf", refused);
      expect((await upload(jordan, where, "Huge.pdf", "x".repeat(8_000))).status).toBe(413);
    } finally {
      delete process.env.UPLOAD_MAX_BYTES;
    }
    const id = crypto.randomUUID();
    const requested = await jordan.client.graphql(REQUEST, {
      input: {
        id,
        holdingId: holding!.id,
        units: "1",
        reason: "gift",
        transfereeId: ids.get("Kim Family Trust"),
        documentKeys: [refused],
      },
    });
    expect(requested.errors).toBeUndefined();
    expect(await documentsOf(jordan, id)).toEqual([{ key: refused, name: "Huge.pdf", uploaded: false }]);
    const { rows } = await t.server.db.query<{ status: string }>(
      "select status from app_private.upload_slots where key = $1",
      [refused],
    );
    expect(rows[0]?.status).toBe("failed");
  });
});
