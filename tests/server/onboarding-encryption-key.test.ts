// Where the server's key for encrypted step answers comes from (sync/db/encryption-key.ts): LL_ENCRYPTION_KEY wins;
// otherwise a key generated once beside the data directory, readable by its owner only, and the same on the next
// start; an in-memory database gets a fresh random key. On PostgreSQL (DATABASE_URL) every pooled connection gets
// it: an encrypted_form step completed through the API is stored sealed and read back by the issuer.
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { encryptionKeyFile, resolveEncryptionKey } from "../../sync/db/encryption-key.ts";
import { type PgCluster, pgClusterAvailable, startPgCluster } from "../helpers/pg-cluster.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the encryption key", () => {
  it("is generated once beside the data directory with 0600 permissions and reused", () => {
    const root = mkdtempSync(join(tmpdir(), "ll-key-"));
    dirs.push(root);
    const dataDir = join(root, "pglite");
    const first = resolveEncryptionKey({ dataDir }, {});
    expect(first.length).toBeGreaterThanOrEqual(40);
    const file = encryptionKeyFile(dataDir);
    expect(file).toBe(join(root, "pglite.key"));
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveEncryptionKey({ dataDir }, {})).toBe(first);
  });

  it("comes from LL_ENCRYPTION_KEY when set, and is random for an in-memory database", () => {
    expect(resolveEncryptionKey({ dataDir: "/nonexistent/never-written" }, { LL_ENCRYPTION_KEY: " from-env " })).toBe(
      "from-env",
    );
    const a = resolveEncryptionKey({ dataDir: null }, {});
    const b = resolveEncryptionKey({ dataDir: null }, {});
    expect(a).not.toBe(b);
  });
});

describe.runIf(pgClusterAvailable)("encrypted answers through the server on PostgreSQL", () => {
  let cluster: PgCluster;
  let t: TestServer;

  beforeAll(async () => {
    cluster = await startPgCluster();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("create database ledgerline_encryption_test");
    await admin.end();
    t = await startTestServer({ databaseUrl: cluster.urlFor("ledgerline_encryption_test"), seedDemo: true });
  });
  afterAll(async () => {
    await t?.close();
    await cluster?.stop();
  });

  async function as(email: string, type: string): Promise<TestClient> {
    const client = t.client();
    expect((await client.signIn(email)).status).toBe(200);
    const { rows } = await t.server.db.query<{ id: string }>(
      `select a.id from app_public.accounts a join app_public.users_accounts ua on ua.account_id = a.id
         join app_public.user_emails e on e.user_id = ua.user_id where e.email = $1 and a.type = $2`,
      [email, type],
    );
    expect((await client.selectAccount(rows[0]?.id ?? "")).status).toBe(303);
    return client;
  }

  it("stores the answers sealed and reads them back for the issuer", async () => {
    const emma = await as("investor@demo.test", "investor");
    const { rows: steps } = await t.server.db.query<{ id: string; type: string }>(
      `select s.id, s.type from app_public.steps s join app_public.processes p on p.id = s.process_id
         join app_public.distributions d on d.id = p.distribution_id
         join app_public.allocations al on al.id = d.allocation_id
         join app_public.accounts a on a.id = d.investor_id
       where a.email = 'investor@demo.test' and al.name = 'Series A Direct' and d.status = 'open'
         and s.parent_id is null order by s."order" limit 3`,
    );
    const [welcome, profile, tax] = steps;
    expect(tax?.type).toBe("encrypted_form");
    const complete = (stepId: string, blob: Record<string, unknown>) =>
      emma.graphql<{ completeStep: { step: { status: string } } }>(
        "mutation ($blob: JSON!, $stepId: UUID!) { completeStep(input: { blob: $blob, stepId: $stepId }) { step { status } } }",
        { blob, stepId },
      );
    expect((await complete(welcome?.id ?? "", {})).errors).toBeUndefined();
    const profileAnswers = { legalName: "Emma Lawson", annualIncome: "120000", accredited: "Yes", residency: "Canada" };
    expect((await complete(profile?.id ?? "", profileAnswers)).errors).toBeUndefined();
    const done = await complete(tax?.id ?? "", { taxId: "555443333" });
    expect(done.data?.completeStep.step.status).toBe("complete");

    const { rows } = await t.server.db.query<{ data: unknown; sealed: Buffer }>(
      "select data, sealed from app_private.step_submissions where step_id = $1",
      [tax?.id],
    );
    expect(rows[0]?.data).toBeNull();
    expect(rows[0]?.sealed.includes("555443333")).toBe(false);
    const issuer = await as("issuer@demo.test", "issuer");
    const answers = await issuer.graphql<{ stepAnswers: unknown }>("query ($id: UUID!) { stepAnswers(stepId: $id) }", {
      id: tax?.id,
    });
    expect(answers.data?.stepAnswers).toEqual({ taxId: "555443333" });
  });
});
