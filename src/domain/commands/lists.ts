// The pending lists: what a queued command changes on the device that is not one read model's row. A command's
// declaration says which list it touches, with which op, and reads the change from its input (`pendingIn`); the
// data layer (src/data/pending-lists.ts) turns the outbox into typed entries per list for the screens. A list is
// named by what a screen shows ("distribution.payments": the payments under a distribution), its ops by what the
// command does there ("add", "edit", "remove"; a batch's "import" or "issue"; a step's "complete").

/** Every pending list and the ops commands declare on it. */
export interface PendingOps {
  "allocation.notes": "add";
  "distribution.notes": "add";
  "distribution.payments": "add" | "edit" | "remove";
  "distribution.customFields": "add" | "edit" | "remove";
  "allocation.offeringLinks": "add";
  "allocation.qualifications": "add" | "edit" | "remove";
  "distribution.qualifications": "add" | "edit" | "remove";
  /** the distributions of an allocation: a CSV import's rows, a transfer agent issuance's distributions */
  "allocation.distributions": "import" | "issue";
  /** an onboarding step's completion with its answers */
  "onboarding.steps": "complete";
  /** a round's token: its setup or edit, a contract's deploy, a chain swap, the mint of holdings */
  "round.token": "setup" | "deploy" | "swap" | "mint";
  /** a contact CSV import */
  "contacts.imports": "import";
  /** a holding's dividends */
  "holding.dividends": "add";
  /** a question set's questions */
  "questionSet.questions": "add" | "remove";
  /** a delegate invitation's resend or revoke */
  "account.invitations": "resend" | "revoke";
  /** an account's addresses */
  "account.addresses": "edit";
  /** the account's default mail preference */
  "account.mailPreference": "add" | "edit";
  /** an investor's wallet addresses, by chain */
  "investor.walletAddresses": "add";
  /** an investment's payment, under its distribution */
  "distribution.paymentTrades": "add";
  /** the integrations an account connected */
  "account.integrations": "add";
  /** the payment provider's rows (issuers, instruments, trades) and their actions */
  "payments.provider": "mapIssuer" | "mapInstrument" | "sync" | "confirmFunds" | "cancel" | "unwind";
  /** the signing account's template list, synced from the provider */
  "signing.account": "sync";
  /** an account's mapped signing templates, and a mapped template's move into the qualifications */
  "signing.mappedTemplates": "add" | "edit" | "remove" | "qualify";
  /** a mapped template's roles and fields, mapped to the app's values */
  "signing.roles": "edit";
  "signing.fields": "edit";
  /** the question sets attached to a mapped template */
  "mappedTemplate.questionSets": "add" | "remove";
  /** a holding's transfer requests: a request, its cancellation */
  "holding.transfers": "add" | "cancel";
  /** the transfer requests an issuer decides */
  "security.transfers": "approve" | "reject";
  /** a security's transfer rules, and the transfer agent it names */
  "security.transferRules": "edit" | "agent";
  /** a security's corporate actions: a split or reverse split, a redemption (buyback) */
  "security.corporateActions": "split" | "redeem";
  /** a debt round's conversion into an equity round */
  "round.corporateActions": "convert";
  /** accreditation verifications: an investor's submission (parent: its step) and a reviewer's decision */
  "accreditation.verifications": "submit" | "review";
  /** how long an issuer's or broker's accreditation approvals hold */
  "account.accreditationValidity": "set";
  /** an investor's account details completed in an in-person session (by the session's id) */
  "inPerson.accountSetup": "setup";
}

export type PendingList = keyof PendingOps;

/** What a command changes in a list, read from its input; every part optional (stored inputs may be older). */
export interface PendingChange {
  /** the parent the list belongs to (a distribution's id for its payments); absent when the input does not say */
  parentId?: string;
  /** the row it adds, changes or removes */
  id?: string;
  /** the rows it marks (a batch) */
  ids?: readonly string[];
  /** the row it adds (its values) */
  row?: Record<string, unknown>;
  /** the rows it adds (a batch) */
  rows?: readonly Record<string, unknown>[];
  /** the values it changes */
  patch?: Record<string, unknown>;
}

export interface ListEffect<L extends PendingList = PendingList> {
  list: L;
  op: PendingOps[L];
  read: (input: Record<string, unknown>) => PendingChange | null;
}

/** A command's effect on a pending list: `op` on `list`, the change read from its input. */
export function pendingIn<L extends PendingList>(
  list: L,
  op: PendingOps[L],
  read: (input: Record<string, unknown>) => PendingChange | null,
): ListEffect<L> {
  return { list, op, read };
}

export function isListEffect(effect: unknown): effect is ListEffect {
  return typeof effect === "object" && effect !== null && "list" in effect;
}

// Readers of the usual input shapes, for the declarations.
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const textOf = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** A child created by PostGraphile's createX(input: {x: {id, <parentField>, ...}}) (or, with no key, the input). */
export const childOf =
  (entityKey: string | null, parentField: string) =>
  (input: Record<string, unknown>): PendingChange | null => {
    const row = entityKey === null ? input : input[entityKey];
    if (!isRecord(row) || typeof row.id !== "string") return null;
    return { parentId: textOf(row[parentField]), id: row.id, row };
  };

/** updateXById(input: {id, patch}) */
export const patchOf = (input: Record<string, unknown>): PendingChange | null =>
  typeof input.id === "string" ? { id: input.id, patch: isRecord(input.patch) ? input.patch : {} } : null;

/** deleteXById(input: {id}), or any action on one row named by `field` */
export const idOf =
  (field = "id") =>
  (input: Record<string, unknown>): PendingChange | null =>
    typeof input[field] === "string" ? { id: input[field] as string } : null;

/** A list of ids in the input (a batch marking rows). */
export const idsOf = (input: unknown): string[] =>
  Array.isArray(input) ? input.filter((id): id is string => typeof id === "string") : [];

export { isRecord, textOf };
