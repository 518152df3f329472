// The arguments a custom mutation requires are non-null in the API. PostGraphile makes every argument of a function
// nullable unless the function is STRICT (which would answer null for a null argument instead of refusing it), so
// the rule is written here once, for every volatile function (a mutation) of the exposed schema, those added later
// included:
//   - an argument without a default is required (`UUID!`, `String!`, ...);
//   - an argument the function can go without has a default in SQL (`name text default null`), or, when arguments
//     after it have none, is named by a `@nullable` line of the function's comment (`comment on function
//     app_public.make_token(...) is E'@nullable round_id\n...'`; one line per argument).
// The API then refuses a missing or null required value before SQL with the field's text (required-values.ts and
// errors.ts: the spec's 'X is required' where it has one). Queries and computed columns keep PostGraphile's rule
// (nullable arguments): their callers pass optional filters as null.
import type { PgResourceParameter } from "postgraphile/@dataplan/pg";

/** The argument names a function's `@nullable` smart tags list. */
function nullableNames(tags: Record<string, unknown> | undefined): Set<string> {
  const tag = tags?.nullable;
  const values = Array.isArray(tag) ? tag : tag === undefined ? [] : [tag];
  return new Set(values.flatMap((value) => String(value).split(/[\s,]+/)).filter((name) => name !== ""));
}

function required(parameters: readonly PgResourceParameter[], tags: Record<string, unknown> | undefined) {
  const nullable = nullableNames(tags);
  return parameters.map((parameter) =>
    parameter.optional || parameter.notNull || (parameter.name !== null && nullable.has(parameter.name))
      ? parameter
      : { ...parameter, notNull: true },
  );
}

export const RequiredArgumentsPlugin: GraphileConfig.Plugin = {
  name: "LedgerlineRequiredArgumentsPlugin",
  version: "1.0.0",
  gather: {
    hooks: {
      // A function returning a table's rows: its options before PostGraphile wraps them.
      pgProcedures_functionResourceOptions(_info, event) {
        const options = event.functionResourceOptions;
        if (!options.isMutation || !options.parameters) return;
        options.parameters = required(options.parameters, options.extensions?.tags as Record<string, unknown>);
      },
      // A function returning a scalar or a composite of its own: its options as they are registered.
      pgProcedures_PgResourceOptions(_info, event) {
        const options = event.resourceOptions;
        if (typeof options !== "object" || !options.isMutation || !Array.isArray(options.parameters)) return;
        options.parameters = required(options.parameters, options.extensions?.tags as Record<string, unknown>);
      },
    },
  },
};
