// The register as of any date (issue 32 item 3, docs/REGISTER.md): the cap table, a holder's position and the
// schedule of purchasers rebuilt from the signed amounts of the ledger, and the control report's findings. The server
// rebuilds the lines in SQL (sync/database/register/10_register.sql); the device rebuilds the same lines from its
// holdings and transactions replicas with registerPositions below, by the same rule for the day an entry counts from.
// Both write the files through these functions, so the server's download and the device's offline file are alike.
import { calendarDay } from "./calendar-day.ts";
import { type CsvText, toCsv } from "./csv.ts";
import {
  add,
  compare,
  type Decimal,
  dec,
  toString as decimalText,
  isPositive,
  mul,
  parseDecimal,
  ZERO,
} from "./decimal.ts";
import { byText, type CapTableLine, capTableCsv, HOLDING_COLUMNS, holdingCells } from "./reports.ts";

export const AS_OF_TEXT = {
  required: "As of date is required.",
  invalid: "Enter the as-of date as a calendar date, for example 2026-01-31.",
  range: "Enter a valid date between 01/01/1900 and 12/31/2199.",
  future: "As of date must not be in the future.",
} as const;

export type AsOfResult = { ok: true; day: string } | { ok: false; message: string };

/** The day after a yyyy-mm-dd day (UTC calendar arithmetic, no clock). */
function nextDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + 1)).toISOString().slice(0, 10);
}

/**
 * An as-of date as typed or sent (yyyy-mm-dd), checked as the database checks it (check_register_day): a real
 * calendar day between 1900 and 2199, not after tomorrow (one day of tolerance for time zones ahead of UTC).
 */
export function parseAsOf(text: string | null | undefined, today: string): AsOfResult {
  const value = (text ?? "").trim();
  if (!value) return { ok: false, message: AS_OF_TEXT.required };
  const year = calendarDay(value)?.year;
  if (year === undefined) return { ok: false, message: AS_OF_TEXT.invalid };
  if (year < 1900 || year > 2199) return { ok: false, message: AS_OF_TEXT.range };
  if (value > nextDay(today)) return { ok: false, message: AS_OF_TEXT.future };
  return { ok: true, day: value };
}

/** The UTC calendar day of a timestamp (an ISO string or a Date from the database driver). */
export function utcDay(value: string | Date | null | undefined): string {
  if (!value) return "";
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString().slice(0, 10);
}

/**
 * The day (UTC) a ledger entry counts from, as app_private.register_entry_day: a holding's issuance (its first entry,
 * on a transaction without a kind) from the holding's issue date; any other entry from its transaction's `date`
 * (yyyy-mm-dd) or else the day its transaction was written.
 */
export function entryDay(
  chainData: Readonly<Record<string, unknown>> | null | undefined,
  firstOfHolding: boolean,
  issuedOn: string | null | undefined,
  writtenOn: string,
): string {
  const data = chainData ?? {};
  if (firstOfHolding && !("kind" in data)) {
    const issued = utcDay(issuedOn);
    const written = utcDay(writtenOn);
    return issued && issued < written ? issued : written;
  }
  const date = data.date;
  if (typeof date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  return utcDay(writtenOn);
}

export interface RegisterTransaction {
  id: string;
  createdOn: string;
  chainData?: Readonly<Record<string, unknown>> | null;
  ledgerEntries?: readonly unknown[] | null;
}

export interface RegisterPosition {
  holdingId: string;
  investorId: string;
  units: Decimal;
  /** the issuance's payment day (chain_data.paid_on of the holding's first entry), else null */
  paidOn: string | null;
}

interface Entry {
  id: string;
  holdingId: string;
  investorId: string;
  amount: Decimal;
  createdOn: string;
  transaction: RegisterTransaction;
}

function entriesOf(transactions: readonly RegisterTransaction[]): Entry[] {
  const entries: Entry[] = [];
  for (const transaction of transactions) {
    for (const raw of transaction.ledgerEntries ?? []) {
      if (!raw || typeof raw !== "object") continue;
      const e = raw as {
        id?: unknown;
        holdingId?: unknown;
        investorId?: unknown;
        amount?: unknown;
        createdOn?: unknown;
      };
      const amount = parseDecimal(typeof e.amount === "string" ? e.amount : null);
      if (typeof e.holdingId !== "string" || typeof e.investorId !== "string" || !amount) continue;
      entries.push({
        id: typeof e.id === "string" ? e.id : "",
        holdingId: e.holdingId,
        investorId: e.investorId,
        amount,
        createdOn: typeof e.createdOn === "string" ? e.createdOn : transaction.createdOn,
        transaction,
      });
    }
  }
  return entries;
}

/**
 * Every holder's positive units per holding at the end of `asOf`, rebuilt from the ledger entries the device holds
 * (what the server's app_private.register_lines answers for the same rows). `issuedOn` gives each holding's issue date.
 */
export function registerPositions(
  transactions: readonly RegisterTransaction[],
  issuedOn: ReadonlyMap<string, string | null | undefined>,
  asOf: string,
): RegisterPosition[] {
  const byHolding = new Map<string, Entry[]>();
  for (const entry of entriesOf(transactions)) {
    const list = byHolding.get(entry.holdingId) ?? [];
    list.push(entry);
    byHolding.set(entry.holdingId, list);
  }
  const positions = new Map<string, RegisterPosition>();
  for (const [holdingId, entries] of byHolding) {
    entries.sort(
      (a, b) =>
        compareTimes(a.transaction.createdOn, b.transaction.createdOn) ||
        compareTimes(a.createdOn, b.createdOn) ||
        byText(a.id, b.id),
    );
    entries.forEach((entry, index) => {
      const first = index === 0;
      const day = entryDay(entry.transaction.chainData, first, issuedOn.get(holdingId), entry.transaction.createdOn);
      if (day > asOf) return;
      const key = `${holdingId} ${entry.investorId}`;
      const position = positions.get(key) ?? { holdingId, investorId: entry.investorId, units: ZERO, paidOn: null };
      position.units = add(position.units, entry.amount);
      const paid = entry.transaction.chainData?.paid_on;
      if (
        first &&
        !("kind" in (entry.transaction.chainData ?? {})) &&
        typeof paid === "string" &&
        /^\d{4}-\d{2}-\d{2}/.test(paid)
      )
        position.paidOn = paid.slice(0, 10);
      positions.set(key, position);
    });
  }
  return [...positions.values()].filter((p) => isPositive(p.units));
}

function compareTimes(a: string, b: string): number {
  return new Date(a).getTime() - new Date(b).getTime();
}

/** A register line: a cap table line plus what the schedule of purchasers shows. */
export interface RegisterLine extends CapTableLine {
  paidOn: string;
}

export const PURCHASERS_COLUMNS = [...HOLDING_COLUMNS, "Capital", "Paid On"] as const;

/** The cap table (and a holder's position) as of a date: the same columns as today's cap table. */
export const registerCapTableCsv = (lines: readonly RegisterLine[]): CsvText => capTableCsv(lines);

/** The schedule of purchasers as of a date: each purchase's units then held, its price, capital and payment day. */
export function purchasersCsv(lines: readonly RegisterLine[]): CsvText {
  const sorted = [...lines].sort(
    (a, b) => byText(a.paidOn, b.paidOn) || byText(a.investor, b.investor) || byText(a.round, b.round),
  );
  return toCsv(
    PURCHASERS_COLUMNS,
    sorted.map((l) => [
      ...holdingCells(l),
      l.purchasePrice ? decimalText(mul(dec(l.units), dec(l.purchasePrice))) : "",
      l.paidOn,
    ]),
  );
}

/** One security of the control report (sync/database/register/10_register.sql register_control). */
export interface ControlLine {
  security: string;
  authorized: string;
  issued: string;
  outstanding: string;
  holdings: string;
  capTable: string;
  /** null when no holding of the security is on a chain */
  tokenizedHoldings: string | null;
  /** null when no token of the security has balances */
  onChain: string | null;
}

export const CONTROL_COLUMNS = [
  "Security",
  "Authorized",
  "Issued",
  "Outstanding",
  "Holdings",
  "Cap Table",
  "Tokenized Holdings",
  "On Chain",
  "Findings",
] as const;

/** Exact units for people: thousands grouped, no trailing zeros ("25010.00" -> "25,010"). */
function units(value: string | null): string {
  const [whole = "0", fraction] = decimalText(dec(value ?? "0")).split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${fraction ? `.${fraction}` : ""}`;
}
const differs = (a: string | null, b: string | null) => compare(dec(a ?? "0"), dec(b ?? "0")) !== 0;

/** What does not reconcile in one security, in people's words; empty when everything agrees. */
export function controlFindings(line: ControlLine): string[] {
  const findings: string[] = [];
  if (compare(dec(line.outstanding), dec(line.authorized)) > 0)
    findings.push(
      `${units(line.outstanding)} units are outstanding but only ${units(line.authorized)} are authorized.`,
    );
  if (differs(line.outstanding, line.holdings))
    findings.push(
      `The ledger shows ${units(line.outstanding)} units outstanding but the holdings add up to ${units(line.holdings)}.`,
    );
  if (differs(line.capTable, line.holdings))
    findings.push(
      `The cap table shows ${units(line.capTable)} units but the holdings add up to ${units(line.holdings)} (holdings of allocation owners are not on the cap table).`,
    );
  if ((line.tokenizedHoldings !== null || line.onChain !== null) && differs(line.onChain, line.tokenizedHoldings))
    findings.push(
      `The token balances on the chain add up to ${units(line.onChain)} units but the holdings on the chain add up to ${units(line.tokenizedHoldings)}.`,
    );
  return findings;
}

export const NO_FINDINGS = "Everything agrees.";

export function controlCsv(lines: readonly ControlLine[]): CsvText {
  return toCsv(
    CONTROL_COLUMNS,
    lines.map((l) => [
      l.security,
      l.authorized,
      l.issued,
      l.outstanding,
      l.holdings,
      l.capTable,
      l.tokenizedHoldings ?? "",
      l.onChain ?? "",
      controlFindings(l).join(" ") || NO_FINDINGS,
    ]),
  );
}
