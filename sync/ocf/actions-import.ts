// The corporate actions of an OCF import (docs/OCF.md "Splits and conversions"): the package's stock transactions
// replayed in the order they happened, so that a TX_STOCK_CLASS_SPLIT becomes a split as this product records one
// (every holding of the class rounded down to whole units, the fraction paid as cash in lieu, a ledger entry per
// changed holding) and each holding ends with the units the package gives it; the split's cash in lieu
// repurchases (actions-export.ts writes them) are the split's, not redemptions; a TX_CONVERTIBLE_CONVERSION and
// its TX_CONVERTIBLE_ISSUANCE become a note holding converted into the stock issuance it resulted in. Pure: the
// plan's rows, applied by import.ts.
import { parseCashInLieu, parseConversionDescription, parseSplitComment } from "./actions-export.ts";
import { add, compare, type Fraction, floor, fromDecimal, mul, sub, toDecimal, truncate, ZERO } from "./rational.ts";
import { inOrder, type OcfObject, type OcfProblem } from "./validate.ts";

export interface PlanSplit {
  key: string;
  class_key: string;
  date: string;
  ratio_new: number;
  ratio_old: number;
  price: string;
  seq: number;
}
export interface PlanSplitLine {
  split_key: string;
  issuance_key: string;
  before: string;
  after: string;
  fraction: string;
  cash: string;
}
export interface PlanDebtRound {
  key: string;
  name: string;
  date: string;
}
export interface PlanConvertible {
  key: string;
  person_key: string;
  round_key: string;
  units: string;
  investment: string;
  date: string;
  seq: number;
}
export interface PlanConversion {
  key: string;
  /** conversions of one day, note round, target and terms are one action, as convertRound records them */
  group_key: string;
  convertible_key: string;
  date: string;
  seq: number;
  price: string | null;
  ratio: string | null;
  /** the stock issuance it resulted in (its ledger entry is in the conversion's transaction) */
  to_issuance_key: string | null;
}

export interface ActionsPlan {
  /** the units each stock issuance's security ends with, by security id */
  remaining: Map<string, string>;
  /** the order of every transaction in the package (the import records them in it) */
  seq: Map<string, number>;
  /** repurchases that are a split's cash in lieu (not redemptions) */
  cashInLieu: Set<string>;
  /** the conversion each resulting stock security came from, by security id */
  conversionOf: Map<string, string>;
  splits: PlanSplit[];
  splitLines: PlanSplitLine[];
  debtRounds: PlanDebtRound[];
  convertibles: PlanConvertible[];
  conversions: PlanConversion[];
  problems: OcfProblem[];
}

const MAX_RATIO = 1_000_000n;

function decimal(value: unknown): Fraction | null {
  return typeof value === "string" && /^[+-]?[0-9]+(\.[0-9]+)?$/.test(value) ? fromDecimal(value) : null;
}

/** A split ratio as this product's two whole numbers (kept as written when they are whole, else reduced). */
export function wholeRatio(ratio: unknown): [number, number] | null {
  const value = ratio as { numerator?: unknown; denominator?: unknown } | undefined;
  const numerator = decimal(value?.numerator);
  const denominator = decimal(value?.denominator);
  if (!numerator || !denominator || numerator.n <= 0n || denominator.n <= 0n) return null;
  let n: bigint;
  let d: bigint;
  if (numerator.d === 1n && denominator.d === 1n) [n, d] = [numerator.n, denominator.n];
  else {
    const q = mul(numerator, { n: denominator.d, d: denominator.n });
    [n, d] = [q.n, q.d];
  }
  if (n > MAX_RATIO || d > MAX_RATIO || n === d) return null;
  return [Number(n), Number(d)];
}

function roundCents(value: Fraction): string {
  // half up, for the positive amounts of cash in lieu
  return toDecimal(truncate(add(value, { n: 1n, d: 200n }), 2), 2) ?? "0";
}

export function planActions(objects: { file: string; item: OcfObject }[]): ActionsPlan {
  const problems: OcfProblem[] = [];
  const ordered = inOrder(objects);
  const seq = new Map(ordered.map((o, index) => [o.item.id, index]));
  const classOf = new Map<string, string>();
  const issuanceOf = new Map<string, string>();
  const convertibleOf = new Map<string, { file: string; item: OcfObject }>();
  for (const entry of objects) {
    const { item } = entry;
    if (item.object_type === "TX_STOCK_ISSUANCE") {
      classOf.set(String(item.security_id), String(item.stock_class_id));
      issuanceOf.set(String(item.security_id), item.id);
    }
    if (item.object_type === "TX_CONVERTIBLE_ISSUANCE") convertibleOf.set(String(item.security_id), entry);
  }

  // A split's cash in lieu: our repurchase text, tied to the next split of its class (the fraction in shares before
  // the split) or the one before it (in shares after).
  const splitPositions = ordered
    .map((o, index) => ({ o, index }))
    .filter(({ o }) => o.item.object_type === "TX_STOCK_CLASS_SPLIT");
  const cashInLieu = new Set<string>();
  const cashOf = new Map<string, Map<string, { when: "before" | "after"; quantity: Fraction; cash: string }>>();
  ordered.forEach(({ item }, index) => {
    if (item.object_type !== "TX_STOCK_REPURCHASE") return;
    const text = parseCashInLieu(item.consideration_text);
    const quantity = decimal(item.quantity);
    const classId = classOf.get(String(item.security_id));
    if (!text || !quantity || !classId) return;
    const candidates = splitPositions.filter(
      ({ o, index: at }) => o.item.stock_class_id === classId && (text.when === "before" ? at > index : at < index),
    );
    const split = text.when === "before" ? candidates[0] : candidates[candidates.length - 1];
    if (!split) return;
    const bySecurity = cashOf.get(split.o.item.id) ?? new Map();
    bySecurity.set(String(item.security_id), { when: text.when, quantity, cash: text.cash });
    cashOf.set(split.o.item.id, bySecurity);
    cashInLieu.add(item.id);
  });

  const units = new Map<string, Fraction>();
  const splits: PlanSplit[] = [];
  const splitLines: PlanSplitLine[] = [];
  for (const { file, item } of ordered) {
    const security = String(item.security_id);
    switch (item.object_type) {
      case "TX_STOCK_ISSUANCE":
        units.set(security, decimal(item.quantity) ?? ZERO);
        break;
      case "TX_STOCK_CANCELLATION":
      case "TX_STOCK_TRANSFER":
      case "TX_STOCK_REPURCHASE":
        if (!cashInLieu.has(item.id))
          units.set(security, sub(units.get(security) ?? ZERO, decimal(item.quantity) ?? ZERO));
        break;
      case "TX_STOCK_CLASS_SPLIT": {
        const ratio = wholeRatio(item.split_ratio);
        if (!ratio) {
          problems.push({
            file,
            objectId: item.id,
            message:
              "Its split ratio cannot be imported: a split here is two different whole numbers from 1 to 1,000,000, such as 2 for 1.",
            severity: "error",
          });
          break;
        }
        const [ratioNew, ratioOld] = ratio;
        const factor: Fraction = { n: BigInt(ratioNew), d: BigInt(ratioOld) };
        const price = parseSplitComment(item.comments) ?? "0";
        const paid = cashOf.get(item.id);
        let rounded = false;
        for (const [id, before] of units) {
          if (classOf.get(id) !== item.stock_class_id || compare(before, ZERO) <= 0) continue;
          // this product's rule: whole units, rounded down; the fraction (6 decimals, down) paid at the price
          const after = floor(mul(before, factor));
          const fraction = truncate(
            mul(sub(mul(before, { n: BigInt(ratioNew), d: 1n }), mul(after, { n: BigInt(ratioOld), d: 1n })), {
              n: 1n,
              d: BigInt(ratioOld),
            }),
            6,
          );
          const cash = paid?.get(id);
          const packageUnits = cash
            ? cash.when === "before"
              ? mul(sub(before, cash.quantity), factor)
              : sub(mul(before, factor), cash.quantity)
            : mul(before, factor);
          if (compare(packageUnits, after) !== 0) rounded = true;
          splitLines.push({
            split_key: item.id,
            issuance_key: issuanceOf.get(id) ?? id,
            before: toDecimal(before) ?? "0",
            after: toDecimal(after) ?? "0",
            fraction: toDecimal(fraction) ?? "0",
            cash: cash?.cash ?? roundCents(mul(fraction, fromDecimal(price))),
          });
          units.set(id, after);
        }
        if (rounded) {
          problems.push({
            file,
            objectId: item.id,
            message:
              "The split leaves fractions of a share the package pays no cash in lieu for: each holding is rounded down to whole units, as splits are here.",
            severity: "warning",
          });
        }
        splits.push({
          key: item.id,
          class_key: String(item.stock_class_id),
          date: String(item.date),
          ratio_new: ratioNew,
          ratio_old: ratioOld,
          price,
          seq: seq.get(item.id) ?? 0,
        });
        break;
      }
    }
  }
  const remaining = new Map<string, string>();
  for (const [id, value] of units) remaining.set(id, toDecimal(value) ?? toDecimal(truncate(value, 6)) ?? "0");

  // Conversions of notes: the convertible issuance, its round (the financing that lists it, else one round of
  // imported notes), the conversion and the stock issuance it resulted in.
  const financingOf = new Map<string, OcfObject>();
  for (const { item } of objects) {
    if (item.object_type !== "FINANCING") continue;
    for (const id of (item.issuance_ids as string[] | undefined) ?? [])
      if (!financingOf.has(id)) financingOf.set(id, item);
  }
  const debtRounds = new Map<string, PlanDebtRound>();
  const convertibles: PlanConvertible[] = [];
  const conversions: PlanConversion[] = [];
  const conversionOf = new Map<string, string>();
  for (const { file, item } of ordered) {
    if (item.object_type !== "TX_CONVERTIBLE_CONVERSION") continue;
    const note = convertibleOf.get(String(item.security_id));
    if (!note) continue; // a reference problem already
    const issuance = note.item;
    if (convertibles.some((c) => c.key === issuance.id)) {
      problems.push({
        file,
        objectId: item.id,
        message: "A note converts once here: this second conversion of it is not imported.",
        severity: "warning",
      });
      continue;
    }
    const investment = String((issuance.investment_amount as { amount?: string } | undefined)?.amount ?? "0");
    const units = typeof item.quantity_converted === "string" ? item.quantity_converted : investment;
    const financing = financingOf.get(issuance.id);
    const roundKey = financing ? financing.id : "notes:imported";
    if (!debtRounds.has(roundKey)) {
      debtRounds.set(roundKey, {
        key: roundKey,
        name: financing ? String(financing.name) : "Notes (imported)",
        date: financing ? String(financing.date) : String(issuance.date),
      });
    }
    convertibles.push({
      key: issuance.id,
      person_key: String(issuance.stakeholder_id),
      round_key: roundKey,
      units,
      investment,
      date: String(issuance.date),
      seq: seq.get(issuance.id) ?? 0,
    });
    const trigger = ((issuance.conversion_triggers as Record<string, unknown>[] | undefined) ?? []).find(
      (t) => t.trigger_id === item.trigger_id,
    );
    const mechanism = (trigger?.conversion_right as { conversion_mechanism?: Record<string, unknown> } | undefined)
      ?.conversion_mechanism;
    const terms = parseConversionDescription(mechanism?.custom_conversion_description);
    const resulting = ((item.resulting_security_ids as string[] | undefined) ?? []).map((id) => {
      conversionOf.set(id, item.id);
      return issuanceOf.get(id) ?? id;
    });
    conversions.push({
      key: item.id,
      group_key: [item.date, roundKey, terms.price, terms.ratio].join("|"),
      convertible_key: issuance.id,
      date: String(item.date),
      seq: seq.get(item.id) ?? 0,
      price: terms.price,
      ratio: terms.ratio,
      to_issuance_key: resulting[0] ?? null,
    });
  }
  return {
    remaining,
    seq,
    cashInLieu,
    conversionOf,
    splits,
    splitLines,
    debtRounds: [...debtRounds.values()],
    convertibles,
    conversions,
    problems,
  };
}
