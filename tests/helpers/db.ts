// Test databases: every test gets its own database, started from a template that was migrated (and optionally
// seeded with the demo data) once, so a test costs a database start, not a migration.
// PGlite: the template is a dumpDataDir() tarball loaded with `new PGlite({ loadDataDir })`, kept on disk in the
// temp dir under a key of the migrations' and the demo seed's contents, so test processes share it.
// PostgreSQL (when the server binaries exist): one throwaway cluster per process, `create database ... template`.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";
import pg from "pg";
import { type Database, type Sql, wrapPglite, wrapPool } from "../../sync/db/database.ts";
import { ENCRYPTION_KEY_SETTING } from "../../sync/db/encryption-key.ts";
import { CODE_DIR, MIGRATIONS_DIR, migrate } from "../../sync/db/migrate.ts";
import { seedDemo } from "../../sync/seed/demo.ts";
import { type PgCluster, pgClusterAvailable, startPgCluster } from "./pg-cluster.ts";

export interface TestDbOptions {
  /** Seed the demo data (sync/seed/demo.ts). Default false: migrations only. */
  demo?: boolean;
}

type TemplateKind = "empty" | "migrated" | "demo";
/** The key the demo template's seed seals its chain keys with (tests of a template database unseal nothing). */
const TEMPLATE_ENCRYPTION_KEY = "test-template-encryption-key";
const pgliteTemplates = new Map<TemplateKind, Promise<Blob>>();
const TEMPLATE_DIR = join(tmpdir(), "ledgerline-test-templates");

// Everything the template's contents depend on: the PGlite version, the migrations and code files, the demo seed.
function templateKey(kind: TemplateKind): string {
  const hash = createHash("sha256").update(kind);
  const pglitePackage = fileURLToPath(new URL("../../node_modules/@electric-sql/pglite/package.json", import.meta.url));
  hash.update(readFileSync(pglitePackage));
  if (kind !== "empty") {
    for (const name of readdirSync(MIGRATIONS_DIR).sort()) {
      hash.update(name).update(readFileSync(join(MIGRATIONS_DIR, name)));
    }
    const codeFiles = readdirSync(CODE_DIR, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .sort();
    for (const path of codeFiles) hash.update(path).update(readFileSync(path));
  }
  if (kind === "demo") {
    // seedDemo runs every demo-*.ts file in sync/seed/.
    const seedDir = fileURLToPath(new URL("../../sync/seed/", import.meta.url));
    for (const name of readdirSync(seedDir)
      .filter((file) => file.startsWith("demo"))
      .sort()) {
      hash.update(name).update(readFileSync(join(seedDir, name)));
    }
    // the demo tokens are deployed and minted on the embedded chain by the chain code (sync/seed/demo-tokens.ts)
    const chainDir = fileURLToPath(new URL("../../sync/chain/", import.meta.url));
    for (const entry of readdirSync(chainDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .sort()) {
      hash.update(entry).update(readFileSync(entry));
    }
  }
  return hash.digest("hex").slice(0, 16);
}

async function buildPgliteTemplate(kind: TemplateKind): Promise<Blob> {
  const pglite = new PGlite({ extensions: { pgcrypto } });
  try {
    await pglite.waitReady;
    const db = wrapPglite(pglite);
    if (kind !== "empty") await migrate(db);
    if (kind === "demo") {
      await db.query("select set_config($1, $2, false)", [ENCRYPTION_KEY_SETTING, TEMPLATE_ENCRYPTION_KEY]);
      await seedDemo(db);
    }
    return await pglite.dumpDataDir("none");
  } finally {
    await pglite.close();
  }
}

// A new PGlite runs initdb and the migrations (seconds); loading a dumped data directory is much faster.
function pgliteTemplate(kind: TemplateKind): Promise<Blob> {
  let template = pgliteTemplates.get(kind);
  if (!template) {
    template = (async () => {
      const file = join(TEMPLATE_DIR, `${kind}-${templateKey(kind)}.tar`);
      try {
        return new Blob([readFileSync(file)]);
      } catch {
        // not built yet (or being built by another process: building it twice is harmless)
      }
      const blob = await buildPgliteTemplate(kind);
      try {
        mkdirSync(TEMPLATE_DIR, { recursive: true });
        const stale = readdirSync(TEMPLATE_DIR).filter((name) => name.startsWith(`${kind}-`) && name.endsWith(".tar"));
        for (const name of stale) rmSync(join(TEMPLATE_DIR, name), { force: true });
        const partial = `${file}.${process.pid}.partial`;
        writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
        renameSync(partial, file);
      } catch (error) {
        // The disk cache only saves time; a test never fails because of it.
        console.warn(`test template cache not written: ${(error as Error).message}`);
      }
      return blob;
    })();
    pgliteTemplates.set(kind, template);
  }
  return template;
}

async function pgliteFrom(kind: TemplateKind): Promise<Database & { pglite: PGlite }> {
  const pglite = new PGlite({ loadDataDir: await pgliteTemplate(kind), extensions: { pgcrypto } });
  await pglite.waitReady;
  return wrapPglite(pglite);
}

/** A fresh, migrated in-memory PGlite database. Close it (an open PGlite delays the process exit). */
export function createTestDb(options: TestDbOptions = {}): Promise<Database & { pglite: PGlite }> {
  return pgliteFrom(options.demo ? "demo" : "migrated");
}

/** A fresh in-memory PGlite database with nothing in it. */
export function createEmptyTestDb(): Promise<Database & { pglite: PGlite }> {
  return pgliteFrom("empty");
}

let cluster: Promise<PgCluster> | undefined;

/** The process's throwaway PostgreSQL cluster, started on first use. */
function theCluster(): Promise<PgCluster> {
  cluster ??= startPgCluster();
  return cluster;
}
const postgresTemplates = new Map<boolean, Promise<string>>();
let databaseCounter = 0;

async function postgresTemplate(demo: boolean): Promise<string> {
  let template = postgresTemplates.get(demo);
  if (!template) {
    template = (async () => {
      const server = await theCluster();
      const name = demo ? "template_demo" : "template_migrated";
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      // the demo seed seals the chain keys it creates (sync/seed/demo-tokens.ts): its connections carry a key
      const pool = new pg.Pool({
        connectionString: server.urlFor(name),
        max: 2,
        options: `-c ${ENCRYPTION_KEY_SETTING}=${TEMPLATE_ENCRYPTION_KEY}`,
      });
      const db = wrapPool(pool);
      try {
        await migrate(db);
        if (demo) await seedDemo(db);
      } finally {
        await pool.end();
      }
      return name;
    })();
    postgresTemplates.set(demo, template);
  }
  return template;
}

/** A fresh, migrated database on a throwaway PostgreSQL cluster (only when pgClusterAvailable). */
export async function createPostgresTestDb(options: TestDbOptions = {}): Promise<Database & { pool: pg.Pool }> {
  const template = await postgresTemplate(options.demo ?? false);
  const server = await theCluster();
  const name = `test_${process.pid}_${++databaseCounter}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  return wrapPool(new pg.Pool({ connectionString: server.urlFor(name), max: 4 }));
}

/** An empty database (no migrations) on the process's throwaway PostgreSQL cluster. */
export async function createEmptyPostgresDb(): Promise<Database & { pool: pg.Pool }> {
  const server = await theCluster();
  const name = `empty_${process.pid}_${++databaseCounter}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return wrapPool(new pg.Pool({ connectionString: server.urlFor(name), max: 4 }));
}

/** Stops the process's PostgreSQL cluster, if one was started (call in afterAll). */
export async function stopTestClusters(): Promise<void> {
  const started = cluster;
  cluster = undefined;
  postgresTemplates.clear();
  if (started) await (await started).stop();
}

export interface TestTarget {
  name: "pglite" | "postgres";
  /** A fresh migrated database (with the demo data when asked). */
  create(options?: TestDbOptions): Promise<Database>;
  /** A fresh database with nothing in it (migration tests). */
  createEmpty(): Promise<Database>;
}

/** PGlite always; real PostgreSQL too when its binaries are installed. For describe.each. */
export const testTargets: TestTarget[] = [
  { name: "pglite", create: createTestDb, createEmpty: createEmptyTestDb },
  ...(pgClusterAvailable
    ? [{ name: "postgres" as const, create: createPostgresTestDb, createEmpty: createEmptyPostgresDb }]
    : []),
];

export interface Claims {
  userId?: string | null;
  accountId?: string | null;
  accountType?: string | null;
  role?: string | null;
  sessionId?: string | null;
}

/**
 * Runs fn in a transaction as an API request would: the session settings set locally and `set local role
 * app_user`, so row-level security applies. The transaction commits when fn resolves.
 */
export function asAccount<T>(db: Database, claims: Claims, fn: (tx: Sql) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(
      `select set_config('jwt.claims.user_id', $1, true), set_config('jwt.claims.account_id', $2, true),
              set_config('jwt.claims.account_type', $3, true), set_config('jwt.claims.role', $4, true),
              set_config('jwt.claims.session_id', $5, true)`,
      [
        claims.userId ?? "",
        claims.accountId ?? "",
        claims.accountType ?? "",
        claims.role ?? "",
        claims.sessionId ?? "",
      ],
    );
    await tx.query("set local role app_user");
    return fn(tx);
  });
}

class Rollback {
  readonly value: unknown;
  constructor(value: unknown) {
    this.value = value;
  }
}

/** Like asAccount, but always rolls back: for write tests that share one database. */
export async function rollbackAs<T>(db: Database, claims: Claims, fn: (tx: Sql) => Promise<T>): Promise<T> {
  try {
    await asAccount(db, claims, async (tx) => {
      throw new Rollback(await fn(tx));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value as T;
    throw error;
  }
  throw new Error("unreachable: rollbackAs always rolls back");
}

/**
 * The claims a demo user gets after selecting one of their accounts (by account type when they have several).
 * Without an accountType and with several memberships, the first by account name is used.
 */
export async function demoClaims(db: Database, email: string, accountType?: string): Promise<Required<Claims>> {
  const { rows } = await db.query<{ user_id: string; account_id: string; type: string; role: string }>(
    `select e.user_id, a.id as account_id, a.type, ua.role
       from app_public.user_emails e
       join app_public.users_accounts ua on ua.user_id = e.user_id
       join app_public.accounts a on a.id = ua.account_id
      where lower(e.email) = lower($1) and ($2::text is null or a.type = $2)
      order by a.name`,
    [email, accountType ?? null],
  );
  const row = rows[0];
  if (!row) throw new Error(`no demo membership for ${email}${accountType ? ` (${accountType})` : ""}`);
  return { userId: row.user_id, accountId: row.account_id, accountType: row.type, role: row.role, sessionId: null };
}
