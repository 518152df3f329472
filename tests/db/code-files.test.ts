// Database code lives in code files (sync/database/<domain>/NN_name.sql), each object in exactly one of them:
// - no function, view, policy or trigger is defined in two code files;
// - every object a code file defines exists in a migrated database (the parser below finds what the files define);
// - a migration numbered from FIRST_CODE_MIGRATION on defines no function, view, policy or trigger (it changes
//   tables and data; code goes into a code file);
// - the objects still defined only in the migrations (history before the code files) are listed in
//   code-files-remainder.ts: the list can only shrink. Moving an object into a code file means removing it there.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { MIGRATIONS_DIR, readCodeFiles } from "../../sync/db/migrate.ts";
import { createTestDb } from "../helpers/db.ts";
import { type Definition, definitions } from "../helpers/sql-definitions.ts";
import { MIGRATION_ONLY } from "./code-files-remainder.ts";

const FIRST_CODE_MIGRATION = "0900";

const key = (d: Definition) => `${d.kind} ${d.name}`;

describe("database code in code files", () => {
  let db: Database;
  let inDatabase: Set<string>;
  const codeFiles = new Map<string, string[]>();

  beforeAll(async () => {
    for (const file of await readCodeFiles()) {
      for (const definition of definitions(file.sql)) {
        const files = codeFiles.get(key(definition)) ?? [];
        if (!files.includes(file.name)) files.push(file.name);
        codeFiles.set(key(definition), files);
      }
    }
    db = await createTestDb();
    const { rows } = await db.query<{ object: string }>(`
      select 'function ' || n.nspname || '.' || p.proname as object
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('app_public', 'app_private')
         and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      union
      select 'view ' || schemaname || '.' || viewname from pg_views where schemaname in ('app_public', 'app_private')
      union
      select 'policy ' || schemaname || '.' || tablename || '.' || policyname from pg_policies
      union
      select 'trigger ' || n.nspname || '.' || c.relname || '.' || t.tgname
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
       where not t.tgisinternal`);
    inDatabase = new Set(rows.map((row) => row.object));
  });

  afterAll(async () => {
    await db?.close();
  });

  it("finds what a file defines", () => {
    expect(
      definitions(`
        -- create function app_private.commented_out()
        create or replace function app_private.f(a int) returns int language sql as 'select a';
        create function app_public.g() returns void language sql as '';
        create or replace function app_public."current_user"() returns int language sql as 'select 1';
        create or replace view app_public.v as select 1;
        drop policy if exists p on app_public.t;
        create policy p on app_public.t for select using (true);
        create or replace trigger _100_x before insert on app_public.t for each row execute function app_private.f();`),
    ).toEqual([
      { kind: "function", name: "app_private.f" },
      { kind: "function", name: "app_public.g" },
      { kind: "function", name: "app_public.current_user" },
      { kind: "view", name: "app_public.v" },
      { kind: "policy", name: "app_public.t.p" },
      { kind: "trigger", name: "app_public.t._100_x" },
    ]);
  });

  it("no object is defined in two code files", () => {
    expect(codeFiles.size).toBeGreaterThan(0);
    const twice = [...codeFiles].filter(([, files]) => files.length > 1).map(([object, files]) => ({ object, files }));
    expect(twice).toEqual([]);
  });

  it("every object a code file defines is in the migrated database, under a schema-qualified name", () => {
    const missing = [...codeFiles.keys()].filter((object) => !inDatabase.has(object));
    expect(missing).toEqual([]);
  });

  it(`no migration from ${FIRST_CODE_MIGRATION} on defines a function, view, policy or trigger`, () => {
    const offending = readdirSync(MIGRATIONS_DIR)
      .filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name) && name >= FIRST_CODE_MIGRATION)
      .flatMap((name) =>
        definitions(readFileSync(join(MIGRATIONS_DIR, name), "utf8")).map((d) => `${name}: ${key(d)}`),
      );
    expect(offending).toEqual([]);
  });

  it("the objects defined only in migrations are the known remainder (a list that only shrinks)", () => {
    const migrationOnly = [...inDatabase].filter((object) => !codeFiles.has(object)).sort();
    const listed = [...MIGRATION_ONLY].sort();
    // Not in the list: a new object defined in a migration. Define it in a code file instead.
    expect(migrationOnly.filter((object) => !listed.includes(object))).toEqual([]);
    // In the list but in a code file now (or gone): remove it from code-files-remainder.ts.
    expect(listed.filter((object) => !migrationOnly.includes(object))).toEqual([]);
  });
});
