// The demo data's two documents (sync/seed/demo.ts, their files from sync/seed/demo-files.ts) download for the
// issuer that uploaded them and for the investor they are shared with, through the app's own download route
// (Document.downloadUrl = /api/v2/documents/<id>/download): on an in-memory database with its temporary files
// directory (every test server), and on the embedded default (a persisted data directory with "files" beside it),
// where a database seeded before the seed wrote files (the files gone) gets them back at the next start.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { signInAs } from "../sync/harness.ts";

const root = mkdtempSync(join(tmpdir(), "ledgerline-demo-documents-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const DEMO_DOCUMENTS = [
  { name: "Series A Offering Memorandum", file: "Series A Offering Memorandum.pdf" },
  { name: "Seed round share statement", file: "Seed round share statement.pdf" },
];

/** Signs in as the demo issuer and as Emma, lists their documents and downloads each demo document by its URL. */
async function downloadsOfTheDemoDocuments(t: TestServer) {
  const answers: Record<string, unknown>[] = [];
  for (const [email, type] of [
    ["issuer@demo.test", "issuer"],
    ["investor@demo.test", "investor"],
  ] as const) {
    const { client } = await signInAs(t.client(), email, type);
    const listed = await client.graphql<{ allDocuments: { nodes: { name: string; downloadUrl: string | null }[] } }>(
      "{ allDocuments(orderBy: NAME_ASC) { nodes { name downloadUrl } } }",
    );
    expect(listed.errors).toBeUndefined();
    const nodes = listed.data?.allDocuments.nodes ?? [];
    for (const { name, file } of DEMO_DOCUMENTS) {
      const document = nodes.find((n) => n.name === name);
      expect(document?.downloadUrl, `${email} sees ${name}`).toMatch(/^\/api\/v2\/documents\/[0-9a-f-]{36}\/download$/);
      const response = await client.fetch(document?.downloadUrl ?? "");
      const body = Buffer.from(await response.arrayBuffer());
      answers.push({
        email,
        name,
        status: response.status,
        type: response.headers.get("content-type"),
        disposition: response.headers.get("content-disposition")?.startsWith(`attachment; filename="${file}"`),
        // a real PDF, titled as the row names it
        pdf: body.subarray(0, 5).toString("latin1") === "%PDF-" && (await PDFDocument.load(body)).getTitle() === name,
        size: body.length > 500 && body.length === Number(response.headers.get("content-length")),
      });
    }
  }
  return answers;
}

const expected = (["issuer@demo.test", "investor@demo.test"] as const).flatMap((email) =>
  DEMO_DOCUMENTS.map(({ name }) => ({
    email,
    name,
    status: 200,
    type: "application/pdf",
    disposition: true,
    pdf: true,
    size: true,
  })),
);

describe("the demo data's documents", () => {
  it("download as PDFs on an in-memory database (its temporary files directory)", async () => {
    const t = await startTestServer();
    try {
      expect(await downloadsOfTheDemoDocuments(t)).toEqual(expected);
    } finally {
      await t.close();
    }
  }, 60_000);

  it("download on the embedded default, and come back at the next start when the files are missing", async () => {
    const dataDir = join(root, "pglite");
    const first = await startTestServer({ dataDir });
    try {
      expect(first.server.seeded).toBe(true);
      expect(await downloadsOfTheDemoDocuments(first)).toEqual(expected);
    } finally {
      await first.close();
    }
    // a database seeded before the seed wrote the files: the rows are there, the files are not
    rmSync(join(root, "files", "demo"), { recursive: true });
    const second = await startTestServer({ dataDir });
    try {
      expect(second.server.seeded).toBe(false);
      expect(await downloadsOfTheDemoDocuments(second)).toEqual(expected);
    } finally {
      await second.close();
    }
  }, 120_000);
});
