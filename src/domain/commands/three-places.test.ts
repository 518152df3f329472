// A command lives in three places (docs/REPLICATION.md "Commands"): its declaration (an area's module here), its SQL
// (a function, or a table PostGraphile's CRUD mutations write, in sync/database/ or sync/migrations/, so in the
// committed sync/schema.sql and schema.graphql) and the screen that sends it (src/features, through useCommand).
// This fails when a declared command lacks one of the other two, when the API lacks a declared mutation, and when a
// feature matches mutation names instead of reading the pending lists its commands declare (src/data/pending-hooks.ts).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildSchema } from "postgraphile/graphql";
import { describe, expect, it } from "vitest";
import { COMMAND_NAMES } from "./catalogue.ts";

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
const mutations = new Set(
  Object.keys(
    buildSchema(readFileSync(root("schema.graphql"), "utf8"))
      .getMutationType()
      ?.getFields() ?? {},
  ),
);
const sql = readFileSync(root("sync/schema.sql"), "utf8").toLowerCase();

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = `${dir}/${name}`;
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
/** The features' source, tests left out (a test may name a command it does not send). */
const featureFiles = filesUnder(root("src/features"))
  .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path))
  .map((path) => ({ path: path.slice(root("").length), text: readFileSync(path, "utf8") }));

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`).replace(/^_/, "");

/** Where the command's SQL is in sync/schema.sql: its function, or the table of a CRUD mutation. */
function sqlOf(name: string): string | null {
  const fn = `function app_public.${snake(name)}(`;
  if (sql.includes(fn)) return fn;
  const crud = /^(?:create|update|delete)([A-Z][A-Za-z0-9]*?)(?:By[A-Z][A-Za-z0-9]*)?$/.exec(name);
  if (!crud?.[1]) return null;
  // the table's name is the type's, plural (PostGraphile names the type in the singular)
  const type = snake(crud[1]);
  const plurals = [type, `${type}s`, `${type}es`, type.replace(/y$/, "ies"), type.replace(/um$/, "a")];
  return plurals.map((table) => `table app_public.${table} (`).find((table) => sql.includes(table)) ?? null;
}

describe("every command is in its three places", () => {
  it.each(COMMAND_NAMES.map((name) => [name]))("%s: a mutation of the API made by SQL, sent by a screen", (name) => {
    expect(mutations.has(name), `${name} is declared but not a mutation of schema.graphql`).toBe(true);
    expect(sqlOf(name), `${name} has no function or table in sync/schema.sql`).not.toBeNull();
    const senders = featureFiles.filter((file) => file.text.includes(`"${name}"`));
    expect(senders.length, `${name} is declared but no screen under src/features sends it`).toBeGreaterThan(0);
  });

  it("no feature matches mutation names to find its pending changes", () => {
    // The sync review lists every command of the outbox and opens a form by command (features/sync), so it reads
    // the outbox itself. Every other feature reads the pending lists (or, the admin console, its sent commands by key).
    const reviewsTheOutbox = new Set(["src/features/sync/SyncIndicator.tsx", "src/features/sync/editors.tsx"]);
    const matching = featureFiles
      .filter((file) => /\buseOutbox\(|\.mutation\s*[!=]==|_MUTATIONS?\b/.test(file.text))
      .map((file) => file.path)
      .filter((path) => !reviewsTheOutbox.has(path));
    expect(matching).toEqual([]);
  });
});
