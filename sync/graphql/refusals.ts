// Every generated update and delete by key (updateXById, updateXByRoundId, deleteXById, ...) that finds no row -
// the id does not exist, or row-level security hides the row or refuses to change it - answers LL404
// '<Thing> not found.' instead of a null payload, so neither a GraphQL client nor the command endpoint (which would
// log the command as accepted) takes "nothing happened" for success. One wrap of the generated plans, no
// per-mutation code: a mutation added later is covered by the same hook.
import { lambda, object, type Step } from "postgraphile/grafast";

const NOT_FOUND_CODE = "LL404";

/** 'TrancheBondDatum' -> 'Tranche bond datum' */
function label(typeName: string): string {
  const words = typeName.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

class CodedGraphqlError extends Error {
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.code = code;
  }
}

function notFoundMessage(typeName: string): string {
  return `${label(typeName)} not found.`;
}

/** A resource's name (the collection PostgreSQL's "No values were deleted in collection 'x'" names) -> its message. */
const notFoundByCollection = new Map<string, string>();

/** The coded refusal for @dataplan/pg's "No values were updated/deleted in collection '...'" error, or null. */
export function noRowRefusal(message: string): string | null {
  const match = /^No values were (?:updated|deleted) in collection '([^']*)'/.exec(message);
  if (!match) return null;
  return notFoundByCollection.get(match[1] ?? "") ?? "Not found.";
}

export const AffectedRowPlugin: GraphileConfig.Plugin = {
  name: "LedgerlineAffectedRowPlugin",
  version: "1.0.0",
  schema: {
    hooks: {
      GraphQLObjectType_fields_field(field, build, context) {
        const { scope } = context;
        if (!scope.isRootMutation) return field;
        const mutationScope = scope as { isPgUpdateMutation?: boolean; isPgDeleteMutation?: boolean };
        if (!mutationScope.isPgUpdateMutation && !mutationScope.isPgDeleteMutation) return field;
        const resource = (
          scope as { pgFieldResource?: { name: string; codec: Parameters<typeof build.inflection.tableType>[0] } }
        ).pgFieldResource;
        const original = field.plan;
        if (!resource || !original) return field;
        const message = notFoundMessage(build.inflection.tableType(resource.codec));
        notFoundByCollection.set(resource.name, message);
        const plan: typeof original = (...planArgs) => {
          const $payload = original(...planArgs) as Step & { getStepForKey(key: string): Step };
          const $row = $payload.getStepForKey("result");
          // Delete answers with an error of its own when nothing matched (mapped in errors.ts); update with null.
          const $affected = lambda($row, (row: unknown) => {
            if (row == null) throw new CodedGraphqlError(message, NOT_FOUND_CODE);
            return true;
          });
          return object({ result: $row, affected: $affected });
        };
        return { ...field, plan };
      },
    },
  },
};
