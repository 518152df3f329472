// The spec's names of entity fields (spec part 1 and 2, section 3) and of calls (section 7) where the generated API
// names them otherwise: each is an alias of the generated field (same type, arguments and plan), so both names
// answer the same.
// Derived fields the API lacked are computed columns, each in the code file of its area (for example
// documents_download_url in sync/database/documents/10_documents.sql).
// tests/server/spec-names.test.ts reads section 3 of the spec and checks the schema offers every listed field.

/** GraphQL type -> spec name -> generated field. */
const SPEC_ALIASES: Record<string, Record<string, string>> = {
  Asset: { assetTypeByType: "assetType" },
  Token: {
    coinbaseBuyPriceUSD: "coinbaseBuyPriceUsd",
    coinbaseSellPriceUSD: "coinbaseSellPriceUsd",
    coinbaseSpotPriceUSD: "coinbaseSpotPriceUsd",
  },
  Account: { holdings: "holdingsByInvestorId" },
  Party: { addresses: "partyAddresses" },
  Allocation: { qualifications: "allocationQualifications", annotations: "allocationAnnotations" },
  // The spec's calls of an allocation's vesting schedule: the product keeps distributions' and allocations' schedules
  // in one table (vesting_schedules, with allocationId or distributionId), so they are its create and update.
  Mutation: {
    createAllocationsVestingSchedule: "createVestingSchedule",
    updateAllocationsVestingScheduleById: "updateVestingScheduleById",
  },
  Distribution: {
    payments: "distributionPayments",
    prices: "distributionPrices",
    annotations: "distributionAnnotations",
    qualifications: "distributionQualifications",
  },
};

/**
 * Input type -> spec name -> generated input field: the same field (type and the plan that writes its column) under
 * the spec's name. createDistributionPrice takes `currency` (the currency's id, as currencyId; spec part 2 section 7).
 */
const SPEC_INPUT_ALIASES: Record<string, Record<string, string>> = {
  DistributionPriceInput: { currency: "currencyId" },
};

/** The fields the spec names otherwise (aliases: spec name -> generated field), each the same field; null for none. */
function specNamed<F extends { description?: string | null }>(
  fields: Record<string, F>,
  aliases: Record<string, string> | undefined,
): Record<string, F> | null {
  if (!aliases) return null;
  const added: Record<string, F> = {};
  for (const [alias, original] of Object.entries(aliases)) {
    const field = fields[original];
    if (!field || fields[alias]) continue;
    added[alias] = { ...field, description: `The spec's name of \`${original}\` (the same field).` };
  }
  return added;
}

export const SpecNamesPlugin: GraphileConfig.Plugin = {
  name: "LedgerlineSpecNamesPlugin",
  version: "1.0.0",
  schema: {
    hooks: {
      GraphQLObjectType_fields(fields, build, context) {
        const added = specNamed(fields, SPEC_ALIASES[context.Self.name]);
        return added ? build.extend(fields, added, `Spec names of ${context.Self.name}`) : fields;
      },
      GraphQLInputObjectType_fields(fields, build, context) {
        const added = specNamed(fields, SPEC_INPUT_ALIASES[context.Self.name]);
        return added ? build.extend(fields, added, `Spec input names of ${context.Self.name}`) : fields;
      },
    },
  },
};
