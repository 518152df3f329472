// `npm run schema`: regenerates the committed schemas from a fresh in-memory database with every migration applied:
// schema.graphql (the GraphQL API, sync/graphql/print-schema.ts) and sync/schema.sql (the database objects,
// sync/db/schema-dump.ts). tests/server/schema-committed.test.ts fails when either differs from what this generates.
// It then regenerates the command catalogue's variable schemas from the new schema.graphql (sync/command-inputs.ts).
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";
import { wrapPglite } from "./db/database.ts";
import { migrate } from "./db/migrate.ts";

/** The committed files, relative to the repository root, and where they are on disk. */
export const SCHEMA_FILES = {
  graphql: { name: "schema.graphql", path: fileURLToPath(new URL("../schema.graphql", import.meta.url)) },
  sql: { name: "sync/schema.sql", path: fileURLToPath(new URL("./schema.sql", import.meta.url)) },
} as const;

export interface SchemaTexts {
  graphql: string;
  sql: string;
}

/** Both schemas of a fresh, migrated in-memory PGlite (one database, one GraphQL schema build). */
export async function generateSchemas(): Promise<SchemaTexts> {
  // Grafast reads GRAPHILE_ENV when it loads: import the GraphQL side only after setting it.
  process.env.GRAPHILE_ENV ??= "development";
  const [{ printGraphqlSchema }, { dumpSqlSchema }] = await Promise.all([
    import("./graphql/print-schema.ts"),
    import("./db/schema-dump.ts"),
  ]);
  const pglite = new PGlite({ extensions: { pgcrypto } });
  try {
    await pglite.waitReady;
    const db = wrapPglite(pglite);
    await migrate(db);
    const sql = await dumpSqlSchema(db);
    const graphql = await printGraphqlSchema(pglite);
    return { graphql, sql };
  } finally {
    await pglite.close();
  }
}

if (import.meta.main) {
  const texts = await generateSchemas();
  for (const kind of ["graphql", "sql"] as const) {
    writeFileSync(SCHEMA_FILES[kind].path, texts[kind]);
    console.log(`wrote ${SCHEMA_FILES[kind].name}`);
  }
  // The command catalogue's variable schemas follow the API (src/domain/commands/inputs.ts).
  const { COMMAND_INPUTS_FILE, generateCommandInputs } = await import("./command-inputs.ts");
  writeFileSync(COMMAND_INPUTS_FILE, generateCommandInputs(texts.graphql));
  console.log("wrote src/domain/commands/inputs.ts");
}
