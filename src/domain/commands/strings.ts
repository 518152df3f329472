// What each command of the catalogue is, as the user who made it would say it ("Add contact Ann Lee"), built from
// its input: the sync review lists queued and refused changes by these (src/features/sync/SyncIndicator.tsx). Every
// command has one: the map is typed over the catalogue's names, so a new command does not compile without it.
import { formatNumber } from "../format.ts";
import type { CommandName } from "./names.ts";

type Input = Record<string, unknown>;
type Describe = (input: Input) => string;

/** A present number as the screens show it ("12,000.00"); null otherwise. */
function amountText(value: unknown): string | null {
  const said = text(value);
  if (said === null) return null;
  return formatNumber(said) || said;
}

/** A present, non-empty value as text; null otherwise. */
function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const said = String(value).trim();
  return said === "" ? null : said;
}

/** The nested record of a create command (`input.contact`...), or {}. */
function part(input: Input, key: string): Input {
  const value = input[key];
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Input) : {};
}

/** `base` followed by the first of the named values present ("Add contact Ann Lee"; "Add contact" without one). */
function named(base: string, ...values: unknown[]): string {
  const name = values.map(text).find((value) => value !== null);
  return name ? `${base} ${name}` : base;
}

/** An edit: "Edit contact Ann Lee" when the patch names it, else "Edit contact". */
const edit =
  (what: string, ...fields: string[]) =>
  (input: Input) => {
    const patch = part(input, "patch");
    return named(`Edit ${what}`, ...fields.map((field) => patch[field]));
  };

const count = (value: unknown, one: string, many = `${one}s`) => {
  const n = Array.isArray(value) ? value.length : 0;
  return `${n} ${n === 1 ? one : many}`;
};

const units = (amount: unknown) => (amountText(amount) ? `${amountText(amount)} units` : null);

// (a record of strings too: a description may land before its command's name in names.ts)
export const COMMAND_DESCRIPTIONS: { readonly [N in CommandName]: Describe } & Readonly<Record<string, Describe>> = {
  bulkAllocation: (input) => named("Import investors from", input.fileName),
  bulkCustomers: (input) =>
    text(input.fileName) ? named("Import contacts from", input.fileName) : `Import ${count(input.contacts, "contact")}`,
  completeChildStep: () => "Complete an onboarding step",
  confirmPaymentFunds: () => "Confirm the funds of a payment",
  cancelPaymentTrade: () => "Cancel a payment",
  unwindPaymentTrade: () => "Refund a payment",
  completeParentStep: () => "Complete an onboarding step",
  completeStep: () => "Complete an onboarding step",
  createAccountIntegration: () => "Connect an integration",
  createAllocation: (input) => named("Add allocation", part(input, "allocation").name),
  createAllocationAnnotation: () => "Add a note to an allocation",
  createAllocationEmailPreference: () => "Set an allocation's mail preference",
  createAllocationQualification: () => "Add a qualification to an allocation",
  createAsset: (input) => named("Add asset", part(input, "asset").name),
  createBrokerAllocation: (input) => named("Add broker allocation", part(input, "brokerAllocation").name),
  createDistributionAnnotation: () => "Add a note to a distribution",
  createDistributionCustomField: (input) => named("Add field", part(input, "distributionCustomField").name),
  createDistributionPayment: (input) => {
    const amount = amountText(part(input, "distributionPayment").amount);
    return amount ? `Record a payment of ${amount}` : "Record a payment";
  },
  createDistributionPrice: (input) => named("Set the price to", amountText(part(input, "distributionPrice").price)),
  createPaymentTrade: () => "Start a payment for an investment",
  createSecurity: (input) => named("Add security", part(input, "security").name),
  createVendorDefaultEmailPreference: () => "Set the default mail preference",
  createVestingSchedule: () => "Add a vesting schedule",
  deleteAllocationQualificationById: () => "Remove a qualification from an allocation",
  deleteDistributionCustomFieldById: () => "Remove a field from a distribution",
  deleteDistributionPaymentById: () => "Remove a payment",
  deleteDistributionQualificationById: () => "Remove a qualification from a distribution",
  deleteHoldingDocument: () => "Delete a holding document",
  deleteSecurityDocument: () => "Delete a security document",
  deployContract: () => "Deploy a token contract",
  makeAllocationOfferingLink: (input) => named("Create offering link", input.name, input.agentEmail),
  makeBlockchainAddress: (input) => named("Add wallet address", input.address),
  makeCustomer: (input) => named("Add contact", input.name, input.email),
  makeDistribution: (input) => {
    const who = text(input.name) ?? text(input.accountEmail);
    const amount = units(input.amount);
    return [who ? `Invite ${who}` : "Invite an investor", amount && `for ${amount}`].filter(Boolean).join(" ");
  },
  makeDistributionQualifications: (input) => `Add ${count(input.vendorQualificationIds, "qualification")}`,
  makeDividendPayment: (input) => {
    const amount = amountText(input.amount);
    return amount ? `Record a dividend of ${amount}` : "Record a dividend";
  },
  makeIssuerAccount: (input) => named("Add issuer", input.companyName, input.companyEmail),
  makeRound: (input) => named("Create round", input.name),
  mapPaymentInstrument: () => "Link a round to its payment instrument",
  mapPaymentIssuer: () => "Link the issuer to its payment account",
  northCapitalSync: () => "Sync with North Capital",
  createAssetType: (input) => named("Add asset type", part(input, "assetType").name),
  createInvestorAccountType: (input) => named("Add investor account type", part(input, "investorAccountType").type),
  deleteReferenceType: (input) => named("Delete type", input.key),
  makeFormDefinition: (input) => named("Save form", input.name, input.key),
  updateAssetTypeByType: edit("asset type", "name"),
  updateDocumentSharingAllowedShareById: edit("sharing option", "name"),
  editDocumentSharingOption: (input) => named("Edit sharing option", input.name),
  makeDocumentSharingOption: (input) => named("Add sharing option", input.name),
  makeFormQualification: (input) => named("Add form qualification", input.name, input.formKey),
  setAssetTypeAccountingType: (input) => named("Set accounting type of", input.type, input.accountingType),
  createOnboardingQuestion: (input) => named("Add question", part(input, "onboardingQuestion").name),
  createOnboardingQuestionJoin: () => "Add a question to a question set",
  createOnboardingQuestionSet: (input) => named("Create question set", part(input, "onboardingQuestionSet").name),
  deleteOnboardingQuestionJoinById: () => "Remove a question from a question set",
  updateOnboardingQuestionById: (input) => named("Edit question", part(input, "patch").name),
  updateOnboardingQuestionSetById: (input) => named("Edit question set", part(input, "patch").name),
  addMappedSigningTemplateToQualifications: () => "Add a signing template to the qualifications",
  createMappedSigningTemplate: (input) => named("Create mapped template", input.name),
  createMappedSigningTemplateQuestionSet: () => "Attach a question set to a mapped template",
  createSigningTemplate: (input) => named("Add signing template", input.name),
  deleteMappedSigningTemplateById: () => "Delete a mapped template",
  deleteMappedSigningTemplateQuestionSetById: () => "Remove a question set from a mapped template",
  docusignSyncTemplateList: () => "Sync the signing template list",
  updateMappedSigningTemplateById: edit("mapped template", "name"),
  updateSigningFieldById: () => "Map a signing field",
  updateSigningRoleById: () => "Map a signing role",
  makeDelegate: (input) =>
    named("Add delegate", [text(input.firstName), text(input.lastName)].filter(Boolean).join(" "), input.email),
  transferOwnership: (input) => named("Transfer ownership to", input.email),
  updateUsersAccountById: () => "Edit a delegate",
  resendDelegateInvitation: () => "Resend a delegate invitation",
  revokeDelegateInvitation: () => "Revoke a delegate invitation",
  makeTaRequestDistributionIssuances: (input) => `Request issuance of ${count(input.distributionIds, "distribution")}`,
  makeToken: (input) => named("Create token", input.name, input.symbol),
  makeTranche: (input) => named("Create tranche", input.name),
  swapTokenChain: (input) => named("Move token to", input.chain),
  tokenizeHoldings: (input) => `Tokenize ${count(input.holdingIds, "holding")}`,
  updateAccountById: () => "Edit account details",
  updateAddressById: () => "Edit an address",
  updateAllocationById: edit("allocation", "name"),
  updateAllocationEmailPreferenceById: () => "Change an allocation's mail preference",
  updateAllocationQualificationById: () => "Change an allocation's qualification",
  updateAssetById: edit("asset", "name"),
  updateBrokerAllocationById: edit("broker allocation", "name"),
  updateCustomerById: edit("contact", "name", "email"),
  updateDistributionById: edit("distribution", "name"),
  updateDistributionCustomFieldById: edit("field", "name"),
  updateDistributionPaymentById: (input) => {
    const amount = amountText(part(input, "patch").amount);
    return amount ? `Change a payment to ${amount}` : "Change a payment";
  },
  updateDistributionQualificationOrder: () => "Reorder a distribution's qualifications",
  updateRoundById: edit("round", "name"),
  updateSecurityById: edit("security", "name"),
  updateTrancheBondDatumByRoundId: () => "Edit a tranche's bond terms",
  updateVendorDefaultEmailPreferenceById: () => "Change the default mail preference",
  updateVestingScheduleById: () => "Edit a vesting schedule",
};

/** "makeCustomer" -> "Make customer": the last resort for a command stored by another version of the app. */
function spokenName(mutation: string): string {
  const words = mutation.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a stored command is, from its mutation and variables (`{ input }`), as the user would say it. */
export function describeCommand(mutation: string, variables: unknown): string {
  const raw = (variables as { input?: unknown } | null | undefined)?.input;
  const input = typeof raw === "object" && raw !== null && !Array.isArray(raw) ? (raw as Input) : {};
  const describe = Object.hasOwn(COMMAND_DESCRIPTIONS, mutation) ? COMMAND_DESCRIPTIONS[mutation as CommandName] : null;
  if (!describe) return spokenName(mutation);
  try {
    return describe(input);
  } catch {
    return spokenName(mutation);
  }
}
