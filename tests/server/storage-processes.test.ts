// Files across servers: two server instances (started in this test process, each with its own connections, as
// separate processes would have) on one PostgreSQL with object storage (the S3 stand-in), as a load balancer would
// send a device's requests to either. (tests/server/multiprocess.test.ts runs real child processes.) The upload location comes from one process, the file goes to
// the bucket, the other confirms it and serves the download.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PgCluster, pgClusterAvailable, startPgCluster } from "../helpers/pg-cluster.ts";
import { type S3StandIn, startS3StandIn } from "../helpers/s3.ts";
import { makeClient, startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

describe.runIf(pgClusterAvailable)("files on object storage across two servers on one PostgreSQL", () => {
  let cluster: PgCluster;
  let s3: S3StandIn;
  let one: TestServer;
  let two: TestServer;

  beforeAll(async () => {
    cluster = await startPgCluster();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("create database ledgerline_storage_processes");
    await admin.end();
    s3 = await startS3StandIn();
    const storage = {
      kind: "s3" as const,
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    };
    const databaseUrl = cluster.urlFor("ledgerline_storage_processes");
    one = await startTestServer({ databaseUrl, seedDemo: true, storage });
    two = await startTestServer({ databaseUrl, seedDemo: false, storage });
  }, 120_000);
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await s3?.close();
    await cluster?.stop();
  });

  /** The same session (cookie) against the other process. */
  function onOther(client: TestClient): TestClient {
    const other = makeClient(two.url);
    const realFetch = other.fetch;
    return {
      ...other,
      fetch: (path, init = {}) => {
        const headers = new Headers(init.headers);
        headers.set("cookie", `ll_session=${client.session}`);
        return realFetch(path, { ...init, headers });
      },
    } as TestClient;
  }

  it("a location from one server, the file in the bucket, confirmed and downloaded through the other", async () => {
    const issuer = one.client();
    expect((await issuer.signIn("issuer@demo.test")).status).toBe(200);
    const { rows } = await one.server.db.query<{ id: string; security: string }>(
      `select a.id, (select s.id from app_public.securities s where s.name = 'Northwind Series A Preferred Stock') as security
         from app_public.accounts a where a.name = 'Northwind Renewables, Inc.'`,
    );
    expect((await issuer.selectAccount(rows[0]!.id)).status).toBe(303);
    const located = await issuer.graphql<{
      makeFileLocation: { fileLocation: { url: string; fields: Record<string, string> } };
    }>(`mutation { makeFileLocation(input: { fileName: "Across.pdf" }) { fileLocation { url fields } } }`);
    const where = located.data!.makeFileLocation.fileLocation;
    expect(where.url).toBe(`${s3.endpoint}/${s3.bucket}`);
    const made = await issuer.graphql<{ makeSecurityDocument: { documentUpload: { documentId: string } } }>(
      `mutation make($securityId: UUID!, $fileKey: UUID) { makeSecurityDocument(input: { name: "Across",
         securityId: $securityId, extension: "pdf", fileKey: $fileKey }) { documentUpload { documentId } } }`,
      { securityId: rows[0]!.security, fileKey: where.fields.key },
    );
    expect(made.errors).toBeUndefined();
    const documentId = made.data!.makeSecurityDocument.documentUpload.documentId;

    const form = new FormData();
    for (const [name, value] of Object.entries(where.fields)) form.set(name, value);
    form.set("file", new Blob(["%PDF-1.4 across"]), "Across.pdf");
    expect((await fetch(where.url, { method: "POST", body: form })).status).toBe(204);

    const other = onOther(issuer);
    const confirmed = await other.fetch(`/api/v2/uploads/${where.fields.key}/complete`, { method: "POST" });
    expect(confirmed.status).toBe(200);
    const download = await other.fetch(`/api/v2/documents/${documentId}/download`);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe("%PDF-1.4 across");
    // And through the first too: neither server holds the file.
    const again = await issuer.fetch(`/api/v2/documents/${documentId}/download`);
    expect(await again.text()).toBe("%PDF-1.4 across");
  });
});
