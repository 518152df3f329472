// The command endpoint's direct call path (docs/REPLICATION.md "Commands"). A command whose mutation is
// PostGraphile's field for one SQL function of app_public (a custom mutation: `makeCustomer(input: {email, name,
// id})` for app_public.make_customer(email, name, id)) runs as the very statement grafast would send for it - the
// function in FROM with every argument cast to its type - without grafast's execution around it (0.3-0.6 ms of CPU
// per command: bench/diagnose-commands.ts --rounds).
//
// It is taken only when the outcome cannot differ from grafast's:
//   - the mutation field's input is exactly the function's arguments (camelCased) plus clientMutationId, its
//     answer a payload object (the command selects nothing but __typename), and the function is app_public's only
//     one of that name, volatile, not set-returning, not variadic, with IN arguments only;
//   - this command's input names every argument, with a value GraphQL would pass unchanged: a string for String
//     (text, varchar), a canonical UUID for UUID, a 32-bit integer for Int, a boolean for Boolean; no
//     clientMutationId and no other key.
// Anything else (another scalar, an enum, a list, null or a missing argument, a value GraphQL would refuse or
// convert) runs through grafast as before, so its answer and error text stay grafast's. An error of the direct
// call is handed to the same rejection mapping as grafast's (a GraphQLError with the database error as its
// originalError), and the answer's data is the same `{<mutation>: {__typename: <payload>}}`.
import {
  type GraphQLField,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isInputObjectType,
  isObjectType,
} from "postgraphile/graphql";

/** How a GraphQL scalar's value passes unchanged to the PostgreSQL type of the argument. */
const PLAIN: Record<string, { types: readonly string[]; accepts: (value: unknown) => boolean }> = {
  String: { types: ["text", "character varying"], accepts: (value) => typeof value === "string" },
  UUID: {
    types: ["uuid"],
    accepts: (value) =>
      typeof value === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value),
  },
  Int: {
    types: ["integer"],
    accepts: (value) => Number.isInteger(value) && (value as number) >= -(2 ** 31) && (value as number) < 2 ** 31,
  },
  Boolean: { types: ["boolean"], accepts: (value) => typeof value === "boolean" },
};

export interface DirectCall {
  /** The statement and its parameters for these variables, or null: this command runs through grafast. */
  statement(variables: Record<string, unknown>): { sql: string; values: string[] } | null;
  /** What grafast answers on success: {<mutation>: {__typename: <payload type>}} */
  data(): Record<string, unknown>;
}

interface FunctionRow {
  name: string;
  arg_names: string[] | null;
  arg_types: string[];
  arg_modes: string[] | null;
  retset: boolean;
  volatile: boolean;
  variadic: boolean;
}

type Query = <T>(text: string, values?: unknown[]) => Promise<T[]>;

const FUNCTIONS_SQL = `
  select p.proname as name, p.proargnames as arg_names,
         array(select format_type(t, null) from unnest(p.proargtypes::oid[]) with ordinality as a(t, i) order by i)
           as arg_types,
         p.proargmodes::text[] as arg_modes, p.proretset as retset, p.provolatile = 'v' as volatile,
         p.provariadic <> 0 as variadic
  from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'app_public' and p.proname = $1`;

function camelCase(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

/** The direct call for a mutation, or null when it must run through grafast (see the header). */
export async function directCallFor(schema: GraphQLSchema, mutation: string, query: Query): Promise<DirectCall | null> {
  const field: GraphQLField<unknown, unknown> | undefined = schema.getMutationType()?.getFields()[mutation];
  if (field?.args.length !== 1 || field.args[0]?.name !== "input") return null;
  const payload = getNamedType(field.type);
  if (!isObjectType(payload)) return null;
  const inputType = getNullableType(field.args[0].type);
  if (!isInputObjectType(inputType)) return null;
  const functionName = snakeCase(mutation);
  if (!/^[a-z_][a-z0-9_]*$/.test(functionName)) return null;
  const found = await query<FunctionRow>(FUNCTIONS_SQL, [functionName]);
  const fn = found.length === 1 ? found[0] : undefined;
  if (!fn || fn.retset || !fn.volatile || fn.variadic || fn.arg_modes) return null;
  const names = fn.arg_names ?? [];
  if (names.length !== fn.arg_types.length || names.some((name) => !name)) return null;
  const inputFields = inputType.getFields();
  const fieldNames = names.map(camelCase);
  if (Object.keys(inputFields).length !== fieldNames.length + 1 || !inputFields.clientMutationId) return null;
  const plain: Array<(typeof PLAIN)[string]> = [];
  for (const [index, fieldName] of fieldNames.entries()) {
    const inputField = inputFields[fieldName];
    if (!inputField) return null;
    const scalar = PLAIN[getNullableType(inputField.type).toString()];
    if (!scalar?.types.includes(fn.arg_types[index] ?? "")) return null;
    plain.push(scalar);
  }
  const alias = quoted(`__${functionName}__`);
  const sql = `select 1 from "app_public".${quoted(functionName)}(${fn.arg_types
    .map((type, index) => `$${index + 1}::${type}`)
    .join(", ")}) as ${alias}`;
  const allowed = new Set(fieldNames);
  return {
    statement(variables) {
      const keys = Object.keys(variables);
      if (keys.length !== 1 || keys[0] !== "input") return null;
      const input = variables.input as Record<string, unknown> | null;
      if (!input || typeof input !== "object" || Array.isArray(input)) return null;
      const inputKeys = Object.keys(input);
      if (inputKeys.length !== fieldNames.length || inputKeys.some((key) => !allowed.has(key))) return null;
      const values: string[] = [];
      for (const [index, fieldName] of fieldNames.entries()) {
        const value = input[fieldName];
        if (!plain[index]?.accepts(value)) return null;
        values.push(typeof value === "string" ? value : String(value));
      }
      return { sql, values };
    },
    data: () => ({ [mutation]: { __typename: payload.name } }),
  };
}
