// The PostGraphile preset: the stack of docs/CONVENTIONS.md "Facts the design relies on" that yields the spec's
// names (allX, xById, createX(input:{x}), updateXById(input:{id, patch}), filter with includesInsensitive and
// `...Exist`), plus the server's own paths, the LISTEN/NOTIFY subscription and the production hardening.
import { PgSimplifyInflectionPreset } from "@graphile/simplify-inflection";
import { NoSchemaIntrospectionCustomRule } from "postgraphile/graphql";
import { PostGraphileAmberPreset } from "postgraphile/presets/amber";
import { makeV4Preset } from "postgraphile/presets/v4";
import { PostGraphileConnectionFilterPreset } from "postgraphile-plugin-connection-filter";
import { GRAPHQL_PATH } from "../../src/domain/wire.ts";
import { makeChangesSubscriptionPlugin } from "./changes.ts";
import { costLimitRule, depthLimitRule, withoutSuggestionsRule } from "./depth-limit.ts";
import { makeMaskError } from "./errors.ts";
import { InputChecksPlugin } from "./input-checks.ts";
import { AffectedRowPlugin } from "./refusals.ts";
import { RequiredArgumentsPlugin } from "./required-arguments.ts";
import { RequiredValuesPlugin } from "./required-values.ts";
import { SpecNamesPlugin } from "./spec-names.ts";
import { installTextTimestamptz } from "./timestamps.ts";

export const GRAPHIQL_PATH = "/api/v2/graphiql";
export const EXPOSED_SCHEMAS = ["app_public"];

/** Production limits: deeper or larger requests are refused before they reach the database. */
export const MAX_QUERY_DEPTH = 12;
export const MAX_REQUEST_BYTES = 64 * 1024;
/** Production cost limits per operation (fragments expanded, aliases counted): the app's largest query asks for
 * under half of either (tests/server/query-cost.test.ts measures every query of src/). */
export const MAX_QUERY_COST = { fields: 600, lists: 40, mutations: 20 };

interface PresetOptions {
  pgService: NonNullable<GraphileConfig.Preset["pgServices"]>[number];
  production: boolean;
  /** The server's own plugins that need its services (the file storage's upload locations). */
  plugins?: GraphileConfig.Plugin[];
  /** The read models whose change events carry their documents (changes.ts; none by default). */
  streamDocumentModels?: readonly string[] | "all";
  /** Whether other server processes may share the database: the stream's documents are then built once across them. */
  sharedStreamBuilds?: boolean;
}

const ProductionValidationPlugin: GraphileConfig.Plugin = {
  name: "LedgerlineProductionValidationPlugin",
  version: "1.0.0",
  grafserv: {
    middleware: {
      setPreset(next, event) {
        const rules = event.validationRules.map(withoutSuggestionsRule);
        event.validationRules.splice(0, event.validationRules.length, ...rules);
        event.validationRules.push(
          NoSchemaIntrospectionCustomRule,
          depthLimitRule(MAX_QUERY_DEPTH),
          costLimitRule(MAX_QUERY_COST),
        );
        return next();
      },
    },
  },
};

export function makePreset({
  pgService,
  production,
  plugins = [],
  streamDocumentModels = [],
  sharedStreamBuilds = false,
}: PresetOptions): GraphileConfig.Preset {
  installTextTimestamptz();
  return {
    extends: [
      PostGraphileAmberPreset,
      makeV4Preset({ subscriptions: true, dynamicJson: true, setofFunctionsContainNulls: false }),
      PgSimplifyInflectionPreset,
      PostGraphileConnectionFilterPreset,
    ],
    plugins: [
      makeChangesSubscriptionPlugin({ documentModels: streamDocumentModels, sharedBuilds: sharedStreamBuilds }),
      AffectedRowPlugin,
      InputChecksPlugin,
      RequiredArgumentsPlugin,
      // Before ProductionValidationPlugin: it wraps graphql-js's rules this one finds by identity.
      RequiredValuesPlugin,
      SpecNamesPlugin,
      ...plugins,
      ...(production ? [ProductionValidationPlugin] : []),
    ],
    pgServices: [pgService],
    schema: {
      pgSimplifyAllRows: false,
      pgShortPk: false,
      connectionFilterRelations: true,
    },
    grafast: { explain: false },
    grafserv: {
      graphqlPath: GRAPHQL_PATH,
      graphiql: !production,
      graphiqlOnGraphQLGET: false,
      graphiqlPath: GRAPHIQL_PATH,
      graphiqlStaticPath: "/api/v2/ruru-static/",
      eventStreamPath: "/api/v2/graphql/stream",
      websockets: true,
      // The V4 preset re-allows form posts, which a cross-site form could send with the session cookie.
      allowedRequestContentTypes: ["application/json"],
      maxRequestLength: production ? MAX_REQUEST_BYTES : 1024 * 1024,
      maskError: makeMaskError(production),
      watch: false,
    },
  };
}
