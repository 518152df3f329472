// The GraphQL schema committed as schema.graphql (`npm run schema`, checked by tests/server/schema-committed.test.ts):
// the schema the server builds from sync/graphql/preset.ts (development mode: the whole schema; production only adds
// request validation rules), printed by graphql-js with its types and fields sorted by name.
import type { PGlite } from "@electric-sql/pglite";
import { makeSchema } from "postgraphile";
import { lexicographicSortSchema, printSchema } from "postgraphile/graphql";
import { makePgliteService } from "../db/pglite-adaptor.ts";
import { EXPOSED_SCHEMAS, makePreset } from "./preset.ts";
import { pgSettingsFromRequestContext } from "./settings.ts";

/** The printed schema of a migrated database, as the server in development mode would serve it. */
export async function printGraphqlSchema(pglite: PGlite): Promise<string> {
  const pgService = makePgliteService({
    pglite,
    schemas: EXPOSED_SCHEMAS,
    pgSettings: pgSettingsFromRequestContext,
    pgSettingsKey: "pgSettings",
  });
  try {
    const { schema } = await makeSchema(makePreset({ pgService, production: false }));
    return `${printSchema(lexicographicSortSchema(schema))}\n`;
  } finally {
    await pgService.release?.();
  }
}
