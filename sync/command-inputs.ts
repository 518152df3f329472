// Generates src/domain/commands/inputs.ts: the valibot schema of every declared command's variables (the names
// of src/domain/commands/declarations.ts), read from the committed GraphQL schema (schema.graphql), so the client's and the
// server's checks take exactly the shapes the API takes: an input object's fields (no others: GraphQL refuses an
// unknown field), required where the API's type is non-null, null or missing allowed elsewhere, lists as arrays,
// scalars as in src/domain/commands/scalars.ts. Written by `npm run schema` (sync/schema.ts) after schema.graphql;
// src/domain/commands/catalogue.test.ts fails when the committed file differs from what this generates.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  buildSchema,
  type GraphQLInputType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
} from "postgraphile/graphql";
import { COMMAND_NAMES } from "../src/domain/commands/declarations.ts";
import { SCALARS } from "../src/domain/commands/scalars.ts";

export const COMMAND_INPUTS_FILE = fileURLToPath(new URL("../src/domain/commands/inputs.ts", import.meta.url));
const SCHEMA_FILE = fileURLToPath(new URL("../schema.graphql", import.meta.url));

export function generateCommandInputs(schemaText: string = readFileSync(SCHEMA_FILE, "utf8")): string {
  const schema = buildSchema(schemaText);
  const mutations = schema.getMutationType()?.getFields() ?? {};
  /** input object type name -> its declaration, in dependency order */
  const declared = new Map<string, string>();
  const visiting = new Set<string>();

  function schemaOf(type: GraphQLInputType): string {
    if (isNonNullType(type)) return schemaOf(type.ofType);
    if (isListType(type)) return `v.array(${nullable(type.ofType)}, "must be a list")`;
    if (isScalarType(type)) {
      if (!(type.name in SCALARS)) throw new Error(`No schema for the scalar ${type.name}`);
      return `S.${type.name}`;
    }
    if (isEnumType(type)) {
      const values = type.getValues().map((value) => JSON.stringify(value.name));
      return `v.picklist([${values.join(", ")}], "must be one of ${type
        .getValues()
        .map((value) => value.name)
        .join(", ")}")`;
    }
    if (isInputObjectType(type)) {
      if (!declared.has(type.name)) {
        if (visiting.has(type.name)) throw new Error(`Recursive input type ${type.name}`);
        visiting.add(type.name);
        const fields = Object.values(type.getFields())
          .sort((a, b) => (a.name < b.name ? -1 : 1))
          .map((field) => `  ${field.name}: ${nullable(field.type, field.defaultValue !== undefined)},`);
        visiting.delete(type.name);
        declared.set(
          type.name,
          `const ${type.name} = v.strictObject(\n  {\n  ${fields.join("\n  ")}\n  },\n  "must be an object with the fields of ${type.name}",\n);`,
        );
      }
      return type.name;
    }
    throw new Error(`Unexpected input type ${String(type)}`);
  }

  /** A field's or argument's schema: required when non-null without a default, else null or missing too. */
  function nullable(type: GraphQLInputType, hasDefault = false): string {
    return isNonNullType(type) && !hasDefault ? schemaOf(type) : `v.nullish(${schemaOf(type)})`;
  }

  const entries: string[] = [];
  for (const name of [...COMMAND_NAMES].sort()) {
    const field = mutations[name];
    if (!field) throw new Error(`The command ${name} is not a mutation of schema.graphql`);
    const args = field.args.map((arg) => `${arg.name}: ${nullable(arg.type, arg.defaultValue !== undefined)}`);
    // The variables object: GraphQL ignores variables the operation does not declare.
    entries.push(`  ${name}: v.object({ ${args.join(", ")} }, "must be an object"),`);
  }
  const text = [
    "// Generated from schema.graphql by sync/command-inputs.ts (`npm run schema`): do not edit. The schema of each",
    "// declared command's variables (src/domain/commands/declarations.ts, joined in catalogue.ts).",
    'import * as v from "valibot";',
    'import { SCALARS as S } from "./scalars.ts";',
    "",
    ...declared.values(),
    "",
    "export const VARIABLES = {",
    ...entries,
    "} as const;",
    "",
  ].join("\n");
  return formatted(text);
}

/** The text as biome formats it (the repository's formatter), so the committed file is what this returns. */
function formatted(text: string): string {
  const biome = fileURLToPath(new URL("../node_modules/.bin/biome", import.meta.url));
  return execFileSync(biome, ["format", "--stdin-file-path=src/domain/commands/inputs.ts"], {
    input: text,
    encoding: "utf8",
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(COMMAND_INPUTS_FILE, generateCommandInputs());
  console.log(`wrote ${COMMAND_INPUTS_FILE}`);
}
