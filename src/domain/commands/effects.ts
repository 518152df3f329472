// What a queued command does to the local read models while it waits in the outbox (the pending overlay,
// src/data/pending.ts): the row it creates, the patch it applies, the row it deletes. The catalogue
// (catalogue.ts) names each command's effect; a mutation named by PostGraphile's CRUD convention
// (createX(input: {x: {id, ...}}), updateXById(input: {id, patch}), deleteXById(input: {id})) on one of
// ENTITY_MODELS' types has the conventional effect. Pure functions over the stored variables (which may come from an
// older version of the app, so every field is checked).

/** The read models a command's effect can touch (src/data/models; pending.ts checks they are read models). */
export type EffectModel =
  | "accounts"
  | "allocations"
  | "assets"
  | "broker_allocations"
  | "customers"
  | "distributions"
  | "documents"
  | "holdings"
  | "onboarding_question_sets"
  | "onboarding_questions"
  | "rounds"
  | "securities"
  | "transactions"
  | "users_accounts";

export interface CommandEffect {
  model: EffectModel;
  id: string;
  kind: "create" | "update" | "delete";
  fields: Record<string, unknown>;
}

export type EffectOf = (variables: Record<string, unknown>) => CommandEffect | null;

/** GraphQL type names (createX, updateXById) -> read model. */
const ENTITY_MODELS: Record<string, EffectModel> = {
  Account: "accounts",
  Allocation: "allocations",
  Asset: "assets",
  BrokerAllocation: "broker_allocations",
  Customer: "customers",
  Distribution: "distributions",
  Document: "documents",
  Holding: "holdings",
  OnboardingQuestion: "onboarding_questions",
  OnboardingQuestionSet: "onboarding_question_sets",
  Round: "rounds",
  Security: "securities",
  Transaction: "transactions",
  UsersAccount: "users_accounts",
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const inputOf = (variables: Record<string, unknown>) => (isRecord(variables.input) ? variables.input : null);

/** The effect of a mutation named by the CRUD convention (null for any other name or shape). */
export function conventionalEffect(mutation: string, variables: Record<string, unknown>): CommandEffect | null {
  const input = inputOf(variables);
  if (!input) return null;
  const match = /^(create|update|delete)([A-Z][A-Za-z0-9]*?)(ById)?$/.exec(mutation);
  const model = match?.[2] ? ENTITY_MODELS[match[2]] : undefined;
  if (!match || !model) return null;
  const verb = match[1];
  if (verb === "create" && !match[3]) {
    const entityKey = match[2]!.charAt(0).toLowerCase() + match[2]!.slice(1);
    const fields = input[entityKey];
    if (!isRecord(fields) || typeof fields.id !== "string") return null;
    return { model, id: fields.id, kind: "create", fields };
  }
  if (match[3] && typeof input.id === "string") {
    if (verb === "update")
      return { model, id: input.id, kind: "update", fields: isRecord(input.patch) ? input.patch : {} };
    if (verb === "delete") return { model, id: input.id, kind: "delete", fields: {} };
  }
  return null;
}

/** A custom creating mutation whose input carries the new row's id (the client passes it): the row of `model`. */
function createdRow(model: EffectModel, fields: (input: Record<string, unknown>) => Record<string, unknown>): EffectOf {
  return (variables) => {
    const input = inputOf(variables);
    if (!input || typeof input.id !== "string") return null;
    return { model, id: input.id, kind: "create", fields: fields(input) };
  };
}

// The custom creating mutations of the core chain.
export const makeCustomerEffect = createdRow("customers", (input) => ({
  email: input.email,
  name: input.name ?? null,
  status: "active",
}));

export const makeDistributionEffect = createdRow("distributions", (input) => ({
  allocationId: input.allocationId,
  amount: input.amount == null ? null : String(input.amount),
  name: input.name ?? null,
  // What the server will make (make_distribution inserts 'open', shown as Onboarding): a queued invitation
  // reads the same before and after it reaches the server.
  status: "open",
  locked: false,
  investor: { email: input.accountEmail, name: input.name ?? null },
}));

/** makeRound / makeTranche: a pending round (a tranche with its term and coupon). */
export function makeRoundEffect(tranche: boolean): EffectOf {
  return (variables) => {
    const { term, coupon, ...round } = inputOf(variables) ?? {};
    if (typeof round.id !== "string") return null;
    const trancheBondData = tranche ? { term, coupon } : null;
    return { model: "rounds", id: round.id, kind: "create", fields: { ...round, managedUnits: "0", trancheBondData } };
  };
}

/** A tranche edit shows its new term and coupon on the round. */
export const updateTrancheEffect: EffectOf = (variables) => {
  const input = inputOf(variables) ?? {};
  if (typeof input.roundId !== "string") return null;
  return { model: "rounds", id: input.roundId, kind: "update", fields: { trancheBondData: input.patch ?? {} } };
};

/**
 * makeSecurityDocument / makeHoldingDocument (a file queued on the device, src/data/file-queue.ts): the document's
 * row, "In Progress" until its file is uploaded.
 */
export function makeDocumentEffect(type: "security" | "holding"): EffectOf {
  return (variables) => {
    const input = inputOf(variables) ?? {};
    if (typeof input.id !== "string" || typeof input.name !== "string") return null;
    const target = type === "security" ? input.securityId : input.holdingId;
    return {
      model: "documents",
      id: input.id,
      kind: "create",
      fields: {
        id: input.id,
        name: input.name,
        type,
        extension: typeof input.extension === "string" ? input.extension.toLowerCase() : null,
        uploadStatus: "pending",
        securityId: type === "security" ? target : null,
        holdingId: type === "holding" ? target : null,
        // the sharings' names are the server's (document_sharing_allowed_shares): shown once synced
        sharings: [],
      },
    };
  };
}

/** deleteSecurityDocument / deleteHoldingDocument: the document's row marked deleted. */
export const deleteDocumentEffect: EffectOf = (variables) => {
  const input = inputOf(variables) ?? {};
  return typeof input.documentId === "string"
    ? { model: "documents", id: input.documentId, kind: "delete", fields: {} }
    : null;
};

/** makeIssuerAccount(companyName, companyEmail, id): a broker's new fully managed issuer account. */
export const makeIssuerAccountEffect = createdRow("accounts", (input) => ({
  name: input.companyName,
  email: input.companyEmail,
  type: "issuer",
  setup: false,
  managedPending: true,
}));

/**
 * setAccountLogo(accountId, fileKey, fileName): the account's logo on the device while the command waits. A new
 * image shows from the device's own copy (the file queue) until the server has it, so the old address goes at once;
 * a removal (no fileKey) shows the initials at once.
 */
export const setAccountLogoEffect: EffectOf = (variables) => {
  const input = inputOf(variables) ?? {};
  if (typeof input.accountId !== "string") return null;
  const logoKey = typeof input.fileKey === "string" ? input.fileKey : null;
  return { model: "accounts", id: input.accountId, kind: "update", fields: { logoKey, logoUrl: null } };
};

/** setAccountLogoLink(accountId, link): the address the account's logo links to (an empty link removes it). */
export const setAccountLogoLinkEffect: EffectOf = (variables) => {
  const input = inputOf(variables) ?? {};
  if (typeof input.accountId !== "string" || typeof input.link !== "string") return null;
  return { model: "accounts", id: input.accountId, kind: "update", fields: { logoLink: input.link.trim() || null } };
};
