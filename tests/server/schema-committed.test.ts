// The committed schemas (schema.graphql, sync/schema.sql) are what `npm run schema` generates from a fresh database
// with every migration applied, so every API or database change shows in review. One PGlite, one schema build.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { generateSchemas, SCHEMA_FILES, type SchemaTexts } from "../../sync/schema.ts";

/** Where two texts first differ, with a few lines of each around it (empty when equal). */
function firstDifference(committed: string, generated: string): string {
  if (committed === generated) return "";
  const a = committed.split("\n");
  const b = generated.split("\n");
  let line = 0;
  while (line < a.length && line < b.length && a[line] === b[line]) line++;
  const around = (lines: string[]) =>
    lines
      .slice(Math.max(0, line - 2), line + 4)
      .map((text) => `    ${text}`)
      .join("\n");
  return `first difference at line ${line + 1}:\n  committed:\n${around(a)}\n  generated:\n${around(b)}`;
}

function readCommitted(path: string): string {
  try {
    return readFileSync(path, "utf8").replaceAll("\r\n", "\n");
  } catch {
    return "";
  }
}

describe("committed schemas", () => {
  let generated: SchemaTexts;

  beforeAll(async () => {
    generated = await generateSchemas();
  });

  it.each(["graphql", "sql"] as const)("%s schema file matches a freshly migrated database", (kind) => {
    const file = SCHEMA_FILES[kind];
    const difference = firstDifference(readCommitted(file.path), generated[kind].replaceAll("\r\n", "\n"));
    expect(difference === "", `${file.name} is stale: run npm run schema\n${difference}\n`).toBe(true);
  });

  it("npm run schema is the script that writes them", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    expect(pkg.scripts.schema).toBe("node sync/schema.ts");
  });

  it("the generated texts are complete", () => {
    // A check that cannot pass on an empty or truncated build: the API's roots and the tables everything hangs on.
    expect(generated.graphql).toMatch(/^type Query implements Node \{$/m);
    expect(generated.graphql).toMatch(/^type Mutation \{$/m);
    expect(generated.sql).toMatch(/^create table app_public\.accounts \($/m);
    expect(generated.sql).toMatch(/^create table app_private\.migrations \($/m);
    expect(generated.sql).toMatch(/^create policy \w+ on app_public\.accounts for select/m);
    expect(generated.sql).toMatch(/^CREATE OR REPLACE FUNCTION app_private\.current_account_id\(\)$/m);
  });
});
