// The command catalogue, shared by the device and the server (docs/REPLICATION.md "Commands"): every command the
// device sends through its outbox, with the valibot schema of its variables (generated from schema.graphql:
// inputs.ts) and the pending effect it has on the local read models (effects.ts). The outbox checks a command
// against its schema before storing it (src/data/outbox.ts) and the command endpoint checks it again before running
// it (sync/replication/commands.ts): both answer a wrong shape with LL422 naming the field. Screens send commands
// through useCommand (src/data/hooks.tsx), typed from here: a misspelt name or a wrong variable type does not compile.
import * as v from "valibot";
import {
  type CommandEffect,
  conventionalEffect,
  deleteDocumentEffect,
  type EffectOf,
  makeCustomerEffect,
  makeDistributionEffect,
  makeIssuerAccountEffect,
  makeRoundEffect,
  updateTrancheEffect,
} from "./effects.ts";
import { VARIABLES } from "./inputs.ts";
import { COMMAND_NAMES, type CommandName } from "./names.ts";

export type { CommandEffect } from "./effects.ts";
export { COMMAND_NAMES, type CommandName } from "./names.ts";

/** The variables a command takes, as its schema types them (what a screen passes). */
export type CommandVariables<N extends CommandName> = v.InferInput<(typeof VARIABLES)[N]>;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/**
 * The variables of exactly one command: a call with a union of names (`kind === "a" ? "makeX" : "makeY"`) would take
 * either command's variables for both, so it does not compile; such a screen calls each name on its own line.
 */
export type VariablesOf<N extends CommandName> = [N] extends [UnionToIntersection<N>] ? CommandVariables<N> : never;

/**
 * A command's pending effect: "convention" for a CRUD-named mutation of a read model's type (effects.ts), a function
 * for a custom mutation, null when the overlay shows nothing (the screen shows the queued command itself).
 */
type Effect = EffectOf | "convention" | null;

interface CommandEntry<N extends CommandName> {
  variables: (typeof VARIABLES)[N];
  effect: Effect;
}

const EFFECTS: { [N in CommandName]: Effect } = {
  // shown by the screens that list them (ImportStatus, the allocation's import status)
  bulkAllocation: null,
  bulkCustomers: null,
  // the onboarding steps lay the outbox over the steps themselves (features/onboarding/use-step-commands.ts)
  completeChildStep: null,
  completeParentStep: null,
  completeStep: null,
  createAllocation: "convention",
  // notes, qualifications and preferences: the cards overlay their queued children (features/allocations)
  createAllocationAnnotation: null,
  createAllocationEmailPreference: null,
  createAllocationQualification: null,
  createAsset: "convention",
  createBrokerAllocation: "convention",
  createDistributionAnnotation: null,
  createDistributionCustomField: null,
  createDistributionPayment: null,
  createDistributionPrice: null,
  createSecurity: "convention",
  createVendorDefaultEmailPreference: null,
  createVestingSchedule: null,
  deleteAllocationQualificationById: null,
  deleteDistributionCustomFieldById: null,
  deleteDistributionPaymentById: null,
  deleteDistributionQualificationById: null,
  deleteHoldingDocument: deleteDocumentEffect,
  deleteSecurityDocument: deleteDocumentEffect,
  // token commands: the token view shows the queued command itself (features/tokens)
  deployContract: null,
  makeAllocationOfferingLink: null,
  makeBlockchainAddress: null,
  makeCustomer: makeCustomerEffect,
  makeDistribution: makeDistributionEffect,
  makeDistributionQualifications: null,
  makeDividendPayment: null,
  makeIssuerAccount: makeIssuerAccountEffect,
  makeRound: makeRoundEffect(false),
  makeTaRequestDistributionIssuances: null,
  makeToken: null,
  makeTranche: makeRoundEffect(true),
  swapTokenChain: null,
  tokenizeHoldings: null,
  // account settings (features/settings): the accounts replica shows the change at once; addresses are no read
  // model, the settings panel overlays its queued address changes itself
  updateAccountById: "convention",
  updateAddressById: null,
  updateAllocationById: "convention",
  updateAllocationEmailPreferenceById: null,
  updateAllocationQualificationById: null,
  updateAssetById: "convention",
  updateBrokerAllocationById: "convention",
  updateCustomerById: "convention",
  updateDistributionById: "convention",
  updateDistributionCustomFieldById: null,
  updateDistributionPaymentById: null,
  updateDistributionQualificationOrder: null,
  updateRoundById: "convention",
  updateSecurityById: "convention",
  updateTrancheBondDatumByRoundId: updateTrancheEffect,
  updateVendorDefaultEmailPreferenceById: null,
  updateVestingScheduleById: null,
  // e-signature (features/signing, docs/SIGNING.md): the signing screens overlay their queued commands themselves
  addMappedSigningTemplateToQualifications: null,
  createMappedSigningTemplate: null,
  createMappedSigningTemplateQuestionSet: null,
  createSigningTemplate: null,
  deleteMappedSigningTemplateById: null,
  deleteMappedSigningTemplateQuestionSetById: null,
  docusignSyncTemplateList: null,
  updateMappedSigningTemplateById: null,
  updateSigningFieldById: null,
  updateSigningRoleById: null,
  // payments and integrations (features/payments, features/integrations): the screens show the queued command
  confirmPaymentFunds: null,
  createAccountIntegration: null,
  createPaymentTrade: null,
  mapPaymentInstrument: null,
  mapPaymentIssuer: null,
  northCapitalSync: null,
  cancelPaymentTrade: null,
  unwindPaymentTrade: null,
  // the admin console (features/admin): its screens read the server and show the queued command themselves
  createAssetType: null,
  createInvestorAccountType: null,
  deleteReferenceType: null,
  makeFormDefinition: null,
  updateAssetTypeByType: null,
  updateDocumentSharingAllowedShareById: null,
  editDocumentSharingOption: null,
  makeDocumentSharingOption: null,
  // a qualification of a form definition (features/allocations QualificationsCard): the card shows the queued command
  makeFormQualification: null,
  setAssetTypeAccountingType: null,
  // question sets (features/questions): sets and questions by the convention; a set's questions overlay their joins
  createOnboardingQuestion: "convention",
  createOnboardingQuestionJoin: null,
  createOnboardingQuestionSet: "convention",
  deleteOnboardingQuestionJoinById: null,
  updateOnboardingQuestionById: "convention",
  updateOnboardingQuestionSetById: "convention",
  // delegates (features/delegates): an invitation has no row yet; a transfer ends the sessions, then the pull shows it
  makeDelegate: null,
  transferOwnership: null,
  updateUsersAccountById: "convention",
  resendDelegateInvitation: null,
  revokeDelegateInvitation: null,
};

export const COMMANDS: { readonly [N in CommandName]: CommandEntry<N> } = Object.fromEntries(
  COMMAND_NAMES.map((name) => [name, { variables: VARIABLES[name], effect: EFFECTS[name] }]),
) as { [N in CommandName]: CommandEntry<N> };

export function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}

/**
 * The pending effect of a stored command: the catalogue's, or for a mutation outside it (a command stored by an
 * older version of the app) the CRUD convention's.
 */
export function commandEffect(mutation: string, variables: Record<string, unknown>): CommandEffect | null {
  const effect = isCommandName(mutation) ? COMMANDS[mutation].effect : "convention";
  if (effect === null) return null;
  return effect === "convention" ? conventionalEffect(mutation, variables) : effect(variables);
}

/** A wrong shape: the field (dotted path in the variables, "" for the variables themselves) and the message. */
export interface CommandProblem {
  field: string;
  message: string;
}

/** The first problem of the command's variables against its schema, null when they fit (or the name is unknown). */
export function commandProblem(mutation: string, variables: unknown): CommandProblem | null {
  if (!isCommandName(mutation)) return null;
  const result = v.safeParse(COMMANDS[mutation].variables as v.GenericSchema, variables, { abortEarly: true });
  if (result.success) return null;
  const issue = result.issues[0];
  const field = (issue.path ?? []).map((item) => String(item.key)).join(".");
  const what =
    issue.type === "strict_object" && issue.expected === "never"
      ? "is not a field of this command"
      : issue.received === "undefined" && issue.kind === "schema" && issue.expected?.startsWith('"')
        ? "is required"
        : issue.message;
  return { field, message: `Invalid ${mutation}: ${field || "variables"} ${what}.` };
}

/** A command refused before it is stored or run: its variables do not fit the catalogue's schema (LL422). */
export class InvalidCommandError extends Error {
  readonly code = "LL422";
  readonly field: string;
  constructor(problem: CommandProblem) {
    super(problem.message);
    this.name = "InvalidCommandError";
    this.field = problem.field;
  }
}

/** Throws InvalidCommandError when the variables do not fit the command's schema; an unknown name throws too. */
export function assertCommand(mutation: string, variables: unknown): void {
  if (!isCommandName(mutation)) throw new InvalidCommandError({ field: "", message: `Unknown command: ${mutation}` });
  const problem = commandProblem(mutation, variables);
  if (problem) throw new InvalidCommandError(problem);
}
