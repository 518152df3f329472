// Allocation and distribution rules (spec part 2 sections 4, 5, 6 and 9): status options and labels, who may edit,
// the bulk-update plan, summaries, the cap table and capitalization rows. Pure: no React, no database, no clock.
import * as v from "valibot";
import { canWrite } from "./access.ts";
import { committedCapital, expectedCapital } from "./capital.ts";
import {
  add,
  type Decimal,
  dec,
  isPositive,
  parseDecimal,
  type QuantityKind,
  quantityError,
  sum,
  ZERO,
} from "./decimal.ts";
import { dateRangeError, maxText, TEXT_LIMITS } from "./limits.ts";
import { MESSAGES } from "./messages.ts";

/** The allocation edit form offers these (spec: Drafted, Active, Closed, Stale). */
export const ALLOCATION_STATUS_OPTIONS = [
  { value: "drafted", label: "Drafted" },
  { value: "active", label: "Active" },
  { value: "closed", label: "Closed" },
  { value: "stale", label: "Stale" },
] as const;

/** Bulk update offers these (spec: Drafted, Open, Closed). */
export const BULK_STATUS_OPTIONS = [
  { value: "drafted", label: "Drafted" },
  { value: "open", label: "Open" },
  { value: "closed", label: "Closed" },
] as const;

/**
 * Allocation (and round) statuses as users read them. "open" and "active" are one state (spec part 2 section 4:
 * "drafted, open/active, closed, stale"): both read "Active", the edit form's term, so one screen never mixes two.
 */
export const ALLOCATION_STATUS_LABELS: Record<string, string> = {
  drafted: "Drafted",
  open: "Active",
  active: "Active",
  closed: "Closed",
  stale: "Stale",
};

/**
 * The edit form's status options for an allocation now in `current`: the spec's four; an open allocation keeps its
 * "open" value under the Active label (saving the form must not rewrite open to active), any other status the form
 * does not offer is listed first under its own label.
 */
export function allocationStatusOptions(current: string): Array<{ value: string; label: string }> {
  const options: Array<{ value: string; label: string }> = [...ALLOCATION_STATUS_OPTIONS];
  if (current === "open") return options.map((o) => (o.value === "active" ? { value: "open", label: o.label } : o));
  if (options.some((o) => o.value === current)) return options;
  return [{ value: current, label: ALLOCATION_STATUS_LABELS[current] ?? current }, ...options];
}

/** Distribution status as users read it: open is Onboarding, closed is Pending, an issued one is Issued. */
export function distributionStatusLabel(d: {
  status: string;
  issuanceStatus?: string | null;
  locked?: boolean | null;
}): string {
  if (d.issuanceStatus === "issued") return "Issued";
  if (d.status === "open") return "Onboarding";
  if (d.status === "closed") return "Pending";
  if (d.status === "drafted") return "Invited";
  return d.status;
}

const EDITABLE_ALLOCATION_STATUSES: readonly string[] = ["drafted", "open", "active", "closed"];

interface Actor {
  accountId: string;
  role: string;
}

/** Why an allocation cannot be edited, checked in the order a user can act on: role, ownership, status. */
export type AllocationEditBlock = "viewer" | "notOwner" | "status";

export function allocationEditBlock(
  actor: Actor,
  allocation: { ownerId: string; status: string },
): AllocationEditBlock | null {
  if (!canWrite(actor.role)) return "viewer";
  if (actor.accountId !== allocation.ownerId) return "notOwner";
  if (!EDITABLE_ALLOCATION_STATUSES.includes(allocation.status)) return "status";
  return null;
}

/** Allocation editing: not a viewer, the account owns the allocation, and the status allows editing. */
export function canEditAllocation(actor: Actor, allocation: { ownerId: string; status: string }): boolean {
  return allocationEditBlock(actor, allocation) === null;
}

/** Links are editable when the owner's allocation is active. */
export function canEditLinks(actor: Actor, allocation: { ownerId: string; status: string }): boolean {
  return canEditAllocation(actor, allocation) && (allocation.status === "active" || allocation.status === "open");
}

export const PERMISSION_MESSAGES = {
  notAllowed: "Operation not allowed",
  bulkViewer: "Bulk operations cannot be performed by account viewers.",
} as const;

/** The allocation form's note when it cannot be edited: the spec's 'Operation not allowed' and the actual reason. */
export const ALLOCATION_EDIT_BLOCKED: Record<AllocationEditBlock, string> = {
  viewer: `${PERMISSION_MESSAGES.notAllowed}: account viewers cannot change allocations.`,
  notOwner: `${PERMISSION_MESSAGES.notAllowed}: only the owner of this allocation can change it.`,
  status: `${PERMISSION_MESSAGES.notAllowed}: a stale allocation cannot be changed.`,
};

interface BulkTarget {
  id: string;
  name: string | null;
  status: string;
  locked: boolean;
  investorName?: string | null;
}

interface BulkUpdatePlan {
  /** Distributions to change. */
  update: string[];
  /** Already at the target status (skipped silently). */
  skipped: string[];
  /** The spec's message per locked distribution. */
  lockedMessages: string[];
}

/** Bulk update: skip distributions already at the target status; report locked ones. */
export function planBulkUpdate(targets: readonly BulkTarget[], status: string): BulkUpdatePlan {
  const plan: BulkUpdatePlan = { update: [], skipped: [], lockedMessages: [] };
  for (const t of targets) {
    if (t.status === status) plan.skipped.push(t.id);
    else if (t.locked)
      plan.lockedMessages.push(`Cannot update status on locked distribution: ${t.name ?? t.investorName ?? t.id}`);
    else plan.update.push(t.id);
  }
  return plan;
}

/**
 * Whether a distribution came by transfer: made for a transfer request's transferee (the read model's byTransfer).
 * Its units move from another holder; the issuer neither sells nor issues them and no payment is owed on it, so a
 * round's and an allocation's totals leave it out.
 */
export const isByTransfer = (distribution: { byTransfer?: boolean | null }): boolean =>
  distribution.byTransfer === true;

/** Right-pane summary: DISTRIBUTIONS (count) and UNITS (sum of amounts) of the issuer's own, not by transfer. */
export function distributionSummary(rows: readonly { amount: string; byTransfer?: boolean | null }[]): {
  count: number;
  units: Decimal;
} {
  const sold = rows.filter((r) => !isByTransfer(r));
  return { count: sold.length, units: sum(sold.map((r) => dec(r.amount))) };
}

/** Qualification label: Finished, Not Finished, No Qualifications, Not Started, or 'n of total'. */
export function qualificationLabel(completed: number, total: number, started: boolean): string {
  if (total === 0) return "No Qualifications";
  if (completed >= total) return "Finished";
  if (!started) return "Not Started";
  if (completed === 0) return "Not Finished";
  return `${completed} of ${total}`;
}

/**
 * The label of a distribution's qualifications from its read model (0410): total = its qualifications, completed =
 * those whose steps are all complete, started = its onboarding process has left 'not_started'.
 */
export function distributionQualificationLabel(distribution: object): string {
  const d = distribution as { qualifications?: { complete?: boolean }[]; process?: { status?: string } | null };
  const list = d.qualifications ?? [];
  const started = Boolean(d.process?.status && d.process.status !== "not_started");
  return qualificationLabel(list.filter((q) => q.complete).length, list.length, started);
}

// ---- forms (valibot, with the spec's messages) ----

/** A decimal within its kind's bounds (the database's rule and text: src/domain/decimal.ts quantityError). */
const withinBounds = (kind: QuantityKind) =>
  v.check(
    (text: string) => quantityError(text, kind) === null,
    (issue) => quantityError(String(issue.input), kind) ?? "",
  );

/** A date within the database's range (1900..2199, never infinity). */
const dateInRange = () =>
  v.check(
    (text: string) => dateRangeError(text) === null,
    (issue) => dateRangeError(String(issue.input)) ?? "",
  );

const positiveAmount = (required: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(required),
    v.check((text) => parseDecimal(text) !== null, "Amount must be a number."),
    v.check((text) => {
      const value = parseDecimal(text);
      return value !== null && isPositive(value);
    }, "Amount must be greater than 0."),
    withinBounds("units"),
  );

export const InviteSchema = v.object({
  email: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty("Email is required."),
    maxText("Email", TEXT_LIMITS.email),
    v.email("Please enter a valid email address."),
  ),
  amount: positiveAmount("Amount is required."),
  name: v.optional(v.pipe(v.string(), v.trim(), maxText("Name", TEXT_LIMITS.name))),
});

const time = (text: string) => new Date(text).getTime();

export const AllocationSchema = v.pipe(
  v.object({
    name: v.pipe(v.string(), v.trim(), v.nonEmpty("Name is a required field."), maxText("Name", TEXT_LIMITS.name)),
    opensOn: v.pipe(v.string(), v.nonEmpty("Opens on is a required field."), dateInRange()),
    closesOn: v.pipe(v.string(), v.nonEmpty("Closes on is a required field."), dateInRange()),
  }),
  // Allocations close on or after the day they open (the database's rule and text, as for rounds).
  v.forward(
    v.check((allocation) => !(time(allocation.closesOn) < time(allocation.opensOn)), MESSAGES.closesBeforeOpens),
    ["closesOn"],
  ),
);

export const PaymentSchema = v.object({
  amount: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty("Payment amount is required"),
    v.check((text) => {
      const value = parseDecimal(text);
      return value !== null && isPositive(value);
    }, "Payment amount must be greater than 0."),
    withinBounds("money"),
  ),
  paidOn: v.pipe(v.string(), v.nonEmpty("Paid on is required"), dateInRange()),
});

export const NoteSchema = v.object({
  annotation: v.pipe(v.string(), v.trim(), v.nonEmpty("Note is required"), maxText("Note", TEXT_LIMITS.note)),
});

/** The first message of a failed valibot parse, per field. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path?.map((p) => String(p.key)).join(".") ?? "";
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

// ---- cap table, capitalization, capital ----

interface HoldingLike {
  id: string;
  amount: string;
  purchasePrice?: string | null;
  investorId: string;
  investor?: { name?: string | null; email?: string | null } | null;
  roundId: string;
  securityId: string;
  issuedOn?: string | null;
  distributionId?: string | null;
}

/** Cap table entries exclude zero, negative and allocation-owned entries. */
export function capTableHoldings<H extends HoldingLike>(
  holdings: readonly H[],
  allocationOwnedIds: ReadonlySet<string> = new Set(),
): H[] {
  return holdings.filter((h) => {
    const amount = parseDecimal(h.amount);
    return amount !== null && isPositive(amount) && !allocationOwnedIds.has(h.investorId);
  });
}

/** STAKEHOLDERS (distinct investors) and UNITS of a list of cap table rows. */
export function stakeholderSummary(rows: readonly { investorId: string; amount: string }[]): {
  stakeholders: number;
  units: Decimal;
} {
  return { stakeholders: new Set(rows.map((r) => r.investorId)).size, units: sum(rows.map((r) => dec(r.amount))) };
}

/** Capital raised of the schedule of purchasers: the sum of amount x purchase price. */
export function capitalRaised(rows: readonly { amount: string; purchasePrice?: string | null }[]): Decimal {
  return rows.reduce<Decimal>((total, r) => add(total, committedCapital(r.amount, r.purchasePrice ?? "0")), ZERO);
}

interface IncomingCapitalRow {
  id: string;
  units: Decimal;
  committed: Decimal;
  paidIn: Decimal;
  expected: Decimal;
  /** came by transfer: nothing committed or expected, and left out of the totals */
  byTransfer: boolean;
}

/**
 * Incoming capital of a round: committed = units x price, expected = committed - paid in. A distribution that came by
 * transfer is listed with nothing committed or expected (no payment is owed to the issuer) and left out of the totals.
 */
export function incomingCapital(
  distributions: readonly {
    id: string;
    amount: string;
    paidInCapital?: string | null;
    byTransfer?: boolean | null;
  }[],
  roundPrice: string,
): { rows: IncomingCapitalRow[]; committed: Decimal; paidIn: Decimal; expected: Decimal } {
  const rows = distributions.map((d) => {
    const byTransfer = isByTransfer(d);
    const committed = byTransfer ? ZERO : committedCapital(d.amount, roundPrice);
    const paidIn = dec(d.paidInCapital ?? "0");
    const expected = byTransfer ? ZERO : expectedCapital(committed, paidIn);
    return { id: d.id, units: dec(d.amount), committed, paidIn, expected, byTransfer };
  });
  const counted = rows.filter((r) => !r.byTransfer);
  return {
    rows,
    committed: sum(counted.map((r) => r.committed)),
    paidIn: sum(counted.map((r) => r.paidIn)),
    expected: sum(counted.map((r) => r.expected)),
  };
}
