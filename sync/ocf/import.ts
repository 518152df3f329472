// Import of an Open Cap Format 1.2.0 package into an issuer: read the zip (streamed, limits enforced while
// reading, see zip.ts), check the manifest (version, listed files present, md5), validate every object like the
// official validator plus the reference checks (validate.ts), map it onto the issuer (stakeholders matched to the
// issuer's contacts, then to investor accounts, by e-mail), preview, and on confirmation apply it in the caller's
// transaction, all or nothing: assets and securities from stock classes, rounds with an allocation from financings,
// and per issuance a closed, issued distribution, its holding and its ledger entry in the round's import
// transaction (chain_data.source = 'ocf-import'); cancellations are negative ledger entries in a transaction of
// their date, repurchases the same in a redemption's transaction of their date and price; splits and notes' conversions
// as the product records them (actions-import.ts, actions-apply.ts); vesting terms become vesting schedules of the
// distributions.
import type { Sql } from "../db/database.ts";
import { applyConversionActions, applyNotes, applySplits } from "./actions-apply.ts";
import {
  type PlanConversion,
  type PlanConvertible,
  type PlanDebtRound,
  type PlanSplit,
  type PlanSplitLine,
  planActions,
} from "./actions-import.ts";
import { parseConsideration } from "./consideration.ts";
import { vestingTermsId } from "./export.ts";
import { fromDecimal, sub, toDecimal } from "./rational.ts";
import {
  compareDecimal,
  FILE_LISTS,
  OCF_VERSION,
  type OcfObject,
  type OcfProblem,
  referenceProblems,
  sumDecimals,
  validateFile,
  validateManifest,
} from "./validate.ts";
import {
  OCF_LIMITS,
  OcfPackageError,
  parseEntry,
  printableName,
  readZip,
  unsafeNameReason,
  type ZipLimits,
} from "./zip.ts";

export { OcfPackageError } from "./zip.ts";

export interface OcfPackage {
  manifestFile: string;
  manifest: Record<string, unknown> | null;
  objects: { file: string; item: OcfObject }[];
  problems: OcfProblem[];
}

const MANIFEST_TYPE = "OCF_MANIFEST_FILE";

function normalisePath(path: string): string {
  return path.replace(/^(\.\/)+/, "");
}

/**
 * The manifest's file references must be plain relative paths, like the zip's own names (zip.ts refuses those):
 * a reference with a .. segment, an absolute path, a backslash, a drive letter or a control character refuses the
 * package, naming the reference and why.
 */
function refuseUnsafeReferences(manifestFile: string, manifest: Record<string, unknown>): void {
  for (const key of Object.values(FILE_LISTS)) {
    const list = manifest[key];
    if (!Array.isArray(list)) continue;
    for (const ref of list as { filepath?: unknown }[]) {
      if (typeof ref?.filepath !== "string") continue;
      const reason = unsafeNameReason(ref.filepath);
      if (reason) {
        throw new OcfPackageError(
          `The manifest refers to the file ${JSON.stringify(printableName(ref.filepath))} in ${key}, an unsafe file name: ${reason}. The package is refused.`,
          manifestFile,
        );
      }
    }
  }
}

/** Reads and validates a package; structural failures (limits, not a zip, unsafe names) throw OcfPackageError. */
export async function readOcfPackage(
  source: AsyncIterable<Uint8Array>,
  limits: ZipLimits = OCF_LIMITS,
): Promise<OcfPackage> {
  const entries = (await readZip(source, limits)).filter((e) => !e.name.endsWith("/"));
  const problems: OcfProblem[] = [];
  const parsed = new Map<string, unknown>();
  for (const entry of entries) {
    if (!entry.name.toLowerCase().endsWith(".json")) continue;
    try {
      parsed.set(entry.name, parseEntry(entry));
    } catch (error) {
      problems.push({ file: entry.name, objectId: null, message: (error as Error).message, severity: "error" });
    }
  }
  const manifests = [...parsed].filter(([, v]) => (v as { file_type?: unknown })?.file_type === MANIFEST_TYPE);
  if (manifests.length !== 1) {
    problems.push({
      file: manifests.length ? manifests.map(([n]) => n).join(", ") : "Manifest.ocf.json",
      objectId: null,
      message: manifests.length
        ? "The package has more than one manifest."
        : "The package has no manifest (a file with file_type OCF_MANIFEST_FILE).",
      severity: "error",
    });
    return { manifestFile: "", manifest: null, objects: [], problems };
  }
  const [manifestFile, manifestValue] = manifests[0] as [string, Record<string, unknown>];
  refuseUnsafeReferences(manifestFile, manifestValue);
  if (manifestValue.ocf_version !== OCF_VERSION) {
    problems.push({
      file: manifestFile,
      objectId: null,
      message: `ocf_version is ${JSON.stringify(manifestValue.ocf_version ?? null)}; only OCF ${OCF_VERSION} packages can be imported.`,
      severity: "error",
    });
    return { manifestFile, manifest: manifestValue, objects: [], problems };
  }
  problems.push(...validateManifest(manifestValue, manifestFile));
  const base = manifestFile.includes("/") ? manifestFile.slice(0, manifestFile.lastIndexOf("/") + 1) : "";
  const byName = new Map(entries.map((e) => [normalisePath(e.name), e]));
  const listed = new Set<string>([manifestFile]);
  const objects: { file: string; item: OcfObject }[] = [];
  for (const [fileType, key] of Object.entries(FILE_LISTS)) {
    const list = manifestValue[key];
    if (!Array.isArray(list)) continue;
    for (const ref of list as { filepath?: unknown; md5?: unknown }[]) {
      if (typeof ref?.filepath !== "string") continue;
      const name = normalisePath(base + ref.filepath);
      const entry = byName.get(name);
      if (!entry) {
        problems.push({
          file: ref.filepath,
          objectId: null,
          message: `The manifest lists ${ref.filepath}, which is missing from the package.`,
          severity: "error",
        });
        continue;
      }
      listed.add(entry.name);
      if (typeof ref.md5 === "string" && ref.md5.toLowerCase() !== entry.md5) {
        problems.push({
          file: entry.name,
          objectId: null,
          message: `md5 mismatch: the manifest says ${ref.md5}, the file's is ${entry.md5}.`,
          severity: "error",
        });
        continue;
      }
      const content = parsed.get(entry.name) as { file_type?: unknown; items?: unknown } | undefined;
      if (!content) continue; // parse problem already reported
      if (content.file_type !== fileType) {
        problems.push({
          file: entry.name,
          objectId: null,
          message: `file_type is ${String(content.file_type)}, the manifest lists it as ${fileType}.`,
          severity: "error",
        });
        continue;
      }
      const fileProblems = validateFile(content, entry.name);
      problems.push(...fileProblems);
      for (const item of (content.items as OcfObject[]) ?? []) {
        if (item && typeof item === "object" && typeof item.id === "string") objects.push({ file: entry.name, item });
      }
    }
  }
  for (const entry of entries) {
    if (!listed.has(entry.name)) {
      problems.push({
        file: entry.name,
        objectId: null,
        message: "Not listed in the manifest: ignored.",
        severity: "warning",
      });
    }
  }
  problems.push(...referenceProblems({ objects }));
  return { manifestFile, manifest: manifestValue, objects, problems };
}

// ---------------------------------------------------------------------------------------------------------------
// Mapping

interface PlanPerson {
  key: string;
  name: string;
  email: string | null;
  institution: boolean;
}
interface PlanClass {
  key: string;
  name: string;
  authorized: string;
}
interface PlanRound {
  key: string;
  name: string;
  date: string;
  class_key: string;
  price: string;
  total: string;
}
interface PlanIssuance {
  key: string;
  person_key: string;
  class_key: string;
  round_key: string;
  quantity: string;
  remaining: string;
  price: string;
  date: string;
  periods: number | null;
  cliff: number | null;
  /** the transfer this issuance resulted from (its ledger entry is in the transfer's transaction) */
  transfer_key: string | null;
  /** the conversion of a note it resulted from (its ledger entry is in the conversion's transaction) */
  conversion_key: string | null;
  /** its place in the package's order of transactions (the import records them in that order) */
  seq: number;
}
interface PlanCancellation {
  issuance_key: string;
  quantity: string;
  date: string;
  /** a repurchase's price per unit (it becomes a redemption); null for a cancellation */
  price: string | null;
  seq: number;
}
interface PlanTransfer {
  key: string;
  from_key: string;
  quantity: string;
  date: string;
  /** the package's consideration_text, kept as it came; reason and price read from it (sync/ocf/consideration.ts) */
  consideration: string | null;
  reason: string | null;
  price_per_unit: string | null;
  seq: number;
}

export interface OcfImportPlan {
  people: PlanPerson[];
  classes: PlanClass[];
  rounds: PlanRound[];
  issuances: PlanIssuance[];
  cancellations: PlanCancellation[];
  transfers: PlanTransfer[];
  splits: PlanSplit[];
  splitLines: PlanSplitLine[];
  debtRounds: PlanDebtRound[];
  convertibles: PlanConvertible[];
  conversions: PlanConversion[];
}

export interface OcfPreview {
  issuer: string | null;
  asOf: string | null;
  stakeholders: { total: number; matchedContacts: number; newContacts: number };
  stakeholderSample: { name: string; email: string | null; match: "contact" | "new" }[];
  stockClasses: { name: string; authorized: string; issuances: number; units: string }[];
  financings: { name: string; date: string; issuances: number; units: string }[];
  issuances: number;
  units: string;
  cancellations: number;
  transfers: number;
  repurchases: number;
  /** stock class splits (their cash in lieu is theirs, not counted as repurchases) */
  splits: number;
  /** notes converted into stock */
  conversions: number;
  vestingTerms: number;
  problems: OcfProblem[];
  errors: number;
}

const SUPPORTED = new Set([
  "STAKEHOLDER",
  "STOCK_CLASS",
  "FINANCING",
  "VESTING_TERMS",
  "TX_STOCK_ISSUANCE",
  "TX_STOCK_CANCELLATION",
  "TX_STOCK_TRANSFER",
  "TX_STOCK_REPURCHASE",
  "TX_STOCK_CLASS_SPLIT",
  "TX_CONVERTIBLE_ISSUANCE",
  "TX_CONVERTIBLE_CONVERSION",
]);

/** Reads a monthly schedule (cliff and length in months) from vesting conditions, or null. */
function monthlySchedule(item: OcfObject): { periods: number; cliff: number } | null {
  const conditions = (item.vesting_conditions as Record<string, unknown>[] | undefined) ?? [];
  let cliff = 0;
  let monthly = 0;
  for (const c of conditions) {
    const trigger = c.trigger as { type?: string; period?: { length?: number; type?: string; occurrences?: number } };
    if (trigger?.type === "VESTING_START_DATE") continue;
    if (trigger?.type !== "VESTING_SCHEDULE_RELATIVE" || trigger.period?.type !== "MONTHS") return null;
    const { length = 0, occurrences = 0 } = trigger.period;
    if (occurrences === 1 && length > 1 && cliff === 0 && monthly === 0) cliff = length;
    else if (length === 1) monthly += occurrences;
    else return null;
  }
  if (monthly === 0 && cliff === 0) return null;
  return { periods: cliff + monthly, cliff };
}

function emailOf(item: OcfObject): string | null {
  const info = item.contact_info as { emails?: { email_address?: string }[] } | undefined;
  const primary = item.primary_contact as { emails?: { email_address?: string }[] } | undefined;
  const email = info?.emails?.[0]?.email_address ?? primary?.emails?.[0]?.email_address;
  return email && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) ? email.trim().toLowerCase() : null;
}

/** Maps a validated package onto an import plan; objects OCF allows but this product cannot hold are warnings. */
export function mapPackage(pkg: OcfPackage): { plan: OcfImportPlan; problems: OcfProblem[] } {
  const problems: OcfProblem[] = [];
  const plan: OcfImportPlan = {
    people: [],
    classes: [],
    rounds: [],
    issuances: [],
    cancellations: [],
    transfers: [],
    splits: [],
    splitLines: [],
    debtRounds: [],
    convertibles: [],
    conversions: [],
  };
  // notes that converted are imported with their conversion; a convertible that did not is not
  const convertedNotes = new Set(
    pkg.objects
      .filter((o) => o.item.object_type === "TX_CONVERTIBLE_CONVERSION")
      .map((o) => String(o.item.security_id)),
  );
  const vesting = new Map<string, { periods: number; cliff: number } | null>();
  const financingOf = new Map<string, OcfObject>();
  for (const { file, item } of pkg.objects) {
    if (
      !SUPPORTED.has(item.object_type) ||
      (item.object_type === "TX_CONVERTIBLE_ISSUANCE" && !convertedNotes.has(String(item.security_id)))
    ) {
      problems.push({
        file,
        objectId: item.id,
        message: `${item.object_type} is not imported: this product has no place for it.`,
        severity: "warning",
      });
      continue;
    }
    if (item.object_type === "VESTING_TERMS") {
      const schedule = monthlySchedule(item);
      vesting.set(item.id, schedule);
      if (!schedule) {
        problems.push({
          file,
          objectId: item.id,
          message: "Only monthly vesting (with an optional cliff) can be imported: its issuances get no schedule.",
          severity: "warning",
        });
      }
    }
    if (item.object_type === "FINANCING") {
      for (const id of (item.issuance_ids as string[]) ?? []) if (!financingOf.has(id)) financingOf.set(id, item);
    }
  }
  // The units each security ends with (the transactions replayed in order, splits as this product makes them:
  // actions-import.ts), the issuance of each security, and the transfer each resulting security came from: all
  // known before the issuances are mapped, whatever the objects' order.
  const actions = planActions(pkg.objects);
  problems.push(...actions.problems);
  Object.assign(plan, {
    splits: actions.splits,
    splitLines: actions.splitLines,
    debtRounds: actions.debtRounds,
    convertibles: actions.convertibles,
    conversions: actions.conversions,
  });
  const issuanceKeyBySecurity = new Map<string, string>();
  const transferOf = new Map<string, string>();
  for (const { item } of pkg.objects) {
    if (item.object_type === "TX_STOCK_ISSUANCE") issuanceKeyBySecurity.set(String(item.security_id), item.id);
    if (item.object_type === "TX_STOCK_TRANSFER") {
      for (const id of (item.resulting_security_ids as string[] | undefined) ?? []) transferOf.set(id, item.id);
    }
  }
  const classes = new Map<string, OcfObject>();
  const roundPrices = new Map<string, string>();
  const roundTotals = new Map<string, string[]>();
  const roundClass = new Map<string, string>();
  for (const { file, item } of pkg.objects) {
    switch (item.object_type) {
      case "STAKEHOLDER": {
        const name = (item.name as { legal_name?: string })?.legal_name?.trim() || item.id;
        plan.people.push({
          key: item.id,
          name,
          email: emailOf(item),
          institution: item.stakeholder_type === "INSTITUTION",
        });
        break;
      }
      case "STOCK_CLASS": {
        classes.set(item.id, item);
        break;
      }
      case "TX_STOCK_ISSUANCE": {
        if (typeof item.stakeholder_id !== "string") {
          problems.push({ file, objectId: item.id, message: "The issuance names no stakeholder.", severity: "error" });
          break;
        }
        const financing = financingOf.get(item.id);
        const roundKey = financing ? financing.id : `class:${String(item.stock_class_id)}`;
        const quantity = String(item.quantity);
        const remaining = actions.remaining.get(String(item.security_id)) ?? quantity;
        if (compareDecimal(remaining, "0") < 0) {
          problems.push({
            file,
            objectId: item.id,
            message: `Cancellations of ${toDecimal(sub(fromDecimal(quantity), fromDecimal(remaining))) ?? remaining} exceed the issued ${quantity}.`,
            severity: "error",
          });
        }
        const price = String((item.share_price as { amount?: string })?.amount ?? "0");
        const schedule = typeof item.vesting_terms_id === "string" ? vesting.get(item.vesting_terms_id) : null;
        if (!roundPrices.has(roundKey)) roundPrices.set(roundKey, price);
        const totals = roundTotals.get(roundKey) ?? [];
        totals.push(quantity);
        roundTotals.set(roundKey, totals);
        if (!roundClass.has(roundKey)) roundClass.set(roundKey, String(item.stock_class_id));
        else if (roundClass.get(roundKey) !== String(item.stock_class_id)) {
          problems.push({
            file,
            objectId: item.id,
            message: "Its financing has issuances of several stock classes; a round here has one: it joins the first.",
            severity: "warning",
          });
        }
        plan.issuances.push({
          key: item.id,
          person_key: item.stakeholder_id,
          class_key: roundClass.get(roundKey) ?? String(item.stock_class_id),
          round_key: roundKey,
          quantity,
          remaining,
          price,
          date: String(item.date),
          periods: schedule?.periods ?? null,
          cliff: schedule?.cliff ?? null,
          transfer_key: transferOf.get(String(item.security_id)) ?? null,
          conversion_key: actions.conversionOf.get(String(item.security_id)) ?? null,
          seq: actions.seq.get(item.id) ?? 0,
        });
        break;
      }
      case "TX_STOCK_TRANSFER": {
        const consideration = typeof item.consideration_text === "string" ? item.consideration_text : null;
        const terms = consideration ? parseConsideration(consideration) : null;
        plan.transfers.push({
          key: item.id,
          from_key: issuanceKeyBySecurity.get(String(item.security_id)) ?? String(item.security_id),
          quantity: String(item.quantity),
          date: String(item.date),
          consideration,
          reason: terms?.reason ?? null,
          price_per_unit: terms?.pricePerUnit ?? null,
          seq: actions.seq.get(item.id) ?? 0,
        });
        break;
      }
      case "TX_STOCK_CANCELLATION":
      case "TX_STOCK_REPURCHASE":
        if (actions.cashInLieu.has(item.id)) break; // the split's cash in lieu (planActions)
        plan.cancellations.push({
          issuance_key: issuanceKeyBySecurity.get(String(item.security_id)) ?? String(item.security_id),
          quantity: String(item.quantity),
          date: String(item.date),
          price:
            item.object_type === "TX_STOCK_REPURCHASE"
              ? String((item.price as { amount?: string } | undefined)?.amount ?? "0")
              : null,
          seq: actions.seq.get(item.id) ?? 0,
        });
        break;
    }
  }
  for (const item of classes.values()) {
    const authorized = String(item.initial_shares_authorized);
    const issued = sumDecimals(plan.issuances.filter((i) => i.class_key === item.id).map((i) => i.quantity));
    plan.classes.push({
      key: item.id,
      name: String(item.name),
      authorized: /^[0-9]+(\.[0-9]+)?$/.test(authorized) ? authorized : issued,
    });
  }
  const financings = new Map(
    pkg.objects.filter((o) => o.item.object_type === "FINANCING").map((o) => [o.item.id, o.item]),
  );
  for (const [key, totals] of roundTotals) {
    const financing = financings.get(key);
    const classKey = roundClass.get(key) ?? "";
    const className = String(classes.get(classKey)?.name ?? "Imported");
    const dates = plan.issuances.filter((i) => i.round_key === key).map((i) => i.date);
    plan.rounds.push({
      key,
      name: financing ? String(financing.name) : `${className} (imported)`,
      date: financing ? String(financing.date) : (dates.sort()[0] ?? new Date().toISOString().slice(0, 10)),
      class_key: classKey,
      price: roundPrices.get(key) ?? "0",
      total: sumDecimals(totals),
    });
  }
  return { plan, problems };
}

// ---------------------------------------------------------------------------------------------------------------
// Preview and apply (in the caller's transaction, as the database owner after the caller checked the session)

export async function previewImport(tx: Sql, issuerId: string | null, pkg: OcfPackage): Promise<OcfPreview> {
  const { plan, problems: mapProblems } = mapPackage(pkg);
  const problems = [...pkg.problems, ...mapProblems];
  // The issuer's own contacts only (run as the session): whether an investor account exists elsewhere is not shown.
  // For a new issuer (issuerId null, an admin's import), the investor accounts with the e-mail are the matches.
  const emails = plan.people.map((p) => p.email).filter((e): e is string => !!e);
  const { rows } = await tx.query<{ email: string }>(
    issuerId
      ? `select distinct lower(c.email) as email from app_public.customers c
          where c.account_id = $1 and lower(c.email) = any($2::text[])`
      : `select distinct lower(a.email) as email from app_public.accounts a
          where $1::uuid is null and a.type = 'investor' and lower(a.email) = any($2::text[])`,
    [issuerId, emails],
  );
  const contacts = new Set(rows.map((r) => r.email));
  const matches = plan.people.map((p) => ({
    name: p.name,
    email: p.email,
    match: p.email && contacts.has(p.email) ? ("contact" as const) : ("new" as const),
  }));
  const issuer = (pkg.manifest?.issuer as { legal_name?: string } | undefined)?.legal_name ?? null;
  return {
    issuer,
    asOf: typeof pkg.manifest?.as_of === "string" ? pkg.manifest.as_of : null,
    stakeholders: {
      total: matches.length,
      matchedContacts: matches.filter((m) => m.match === "contact").length,
      newContacts: matches.filter((m) => m.match === "new").length,
    },
    stakeholderSample: matches.slice(0, 50),
    stockClasses: plan.classes.map((c) => {
      const issued = plan.issuances.filter((i) => i.class_key === c.key);
      return {
        name: c.name,
        authorized: c.authorized,
        issuances: issued.length,
        units: sumDecimals(issued.map((i) => i.remaining)),
      };
    }),
    financings: plan.rounds.map((r) => {
      const issued = plan.issuances.filter((i) => i.round_key === r.key);
      return {
        name: r.name,
        date: r.date,
        issuances: issued.length,
        units: sumDecimals(issued.map((i) => i.quantity)),
      };
    }),
    issuances: plan.issuances.length,
    units: sumDecimals(plan.issuances.map((i) => i.remaining)),
    cancellations: plan.cancellations.filter((c) => c.price === null).length,
    transfers: plan.transfers.length,
    repurchases: plan.cancellations.filter((c) => c.price !== null).length,
    splits: plan.splits.length,
    conversions: plan.conversions.length,
    vestingTerms: pkg.objects.filter((o) => o.item.object_type === "VESTING_TERMS").length,
    problems: problems.slice(0, 500),
    errors: problems.filter((p) => p.severity === "error").length,
  };
}

export interface OcfImportResult {
  stakeholders: number;
  createdAccounts: number;
  stockClasses: number;
  rounds: number;
  issuances: number;
  cancellations: number;
  transfers: number;
  repurchases: number;
  splits: number;
  conversions: number;
}

const BATCH = 10_000;

async function load(tx: Sql, table: string, columns: string, rows: object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.query(`insert into ${table} select * from jsonb_to_recordset($1::jsonb) as x(${columns})`, [
      JSON.stringify(rows.slice(i, i + BATCH)),
    ]);
  }
}

/**
 * Applies the package to the issuer in the caller's transaction (which must be allowed to write the ledger: the
 * server checks the session's authority first). Throws OcfPackageError when the package has errors.
 */
export async function applyImport(tx: Sql, issuerId: string, pkg: OcfPackage): Promise<OcfImportResult> {
  const { plan, problems } = mapPackage(pkg);
  const errors = [...pkg.problems, ...problems].filter((p) => p.severity === "error");
  if (errors.length) {
    const first = errors[0] as OcfProblem;
    throw new OcfPackageError(
      `The package has ${errors.length} problem${errors.length === 1 ? "" : "s"}: ${first.message}`,
      first.file,
    );
  }
  await tx.exec(`
    create temp table ocf_people (key text, name text, email text, institution boolean, investor_id uuid,
                                  created boolean default false) on commit drop;
    create temp table ocf_classes (key text, name text, authorized numeric, asset_id uuid default gen_random_uuid(),
                                   security_id uuid default gen_random_uuid()) on commit drop;
    create temp table ocf_rounds (key text, name text, date date, class_key text, price numeric, total numeric,
                                  round_id uuid default gen_random_uuid(), allocation_id uuid default gen_random_uuid(),
                                  transaction_id uuid default gen_random_uuid()) on commit drop;
    create temp table ocf_issuances (key text, person_key text, class_key text, round_key text, quantity numeric,
                                     remaining numeric, price numeric, date date, periods int, cliff int,
                                     transfer_key text, conversion_key text, seq int,
                                     distribution_id uuid default gen_random_uuid(),
                                     holding_id uuid default gen_random_uuid()) on commit drop;
    create temp table ocf_cancellations (issuance_key text, quantity numeric, date date, price numeric, seq int)
      on commit drop;
    create temp table ocf_transfers (key text, from_key text, quantity numeric, date date, consideration text,
                                     reason text, price_per_unit numeric, seq int,
                                     transaction_id uuid default gen_random_uuid()) on commit drop;
    create temp table ocf_splits (key text, class_key text, date date, ratio_new int, ratio_old int, price numeric,
                                  seq int, transaction_id uuid default gen_random_uuid(),
                                  action_id uuid default gen_random_uuid()) on commit drop;
    create temp table ocf_split_lines (split_key text, issuance_key text, before numeric, after numeric,
                                       fraction numeric, cash numeric) on commit drop;
    create temp table ocf_debt_rounds (key text, name text, date date, asset_id uuid default gen_random_uuid(),
                                       security_id uuid default gen_random_uuid(),
                                       round_id uuid default gen_random_uuid(),
                                       transaction_id uuid default gen_random_uuid()) on commit drop;
    create temp table ocf_convertibles (key text, person_key text, round_key text, units numeric, investment numeric,
                                        date date, seq int, holding_id uuid default gen_random_uuid()) on commit drop;
    create temp table ocf_conversions (key text, group_key text, convertible_key text, date date, seq int,
                                       price numeric, ratio numeric, to_issuance_key text, transaction_id uuid,
                                       action_id uuid) on commit drop;
  `);
  await load(
    tx,
    "ocf_people (key, name, email, institution)",
    "key text, name text, email text, institution boolean",
    plan.people,
  );
  await load(tx, "ocf_classes (key, name, authorized)", "key text, name text, authorized numeric", plan.classes);
  await load(
    tx,
    "ocf_rounds (key, name, date, class_key, price, total)",
    "key text, name text, date date, class_key text, price numeric, total numeric",
    plan.rounds,
  );
  await load(
    tx,
    "ocf_issuances (key, person_key, class_key, round_key, quantity, remaining, price, date, periods, cliff, transfer_key, conversion_key, seq)",
    "key text, person_key text, class_key text, round_key text, quantity numeric, remaining numeric, price numeric, date date, periods int, cliff int, transfer_key text, conversion_key text, seq int",
    plan.issuances,
  );
  await load(
    tx,
    "ocf_cancellations",
    "issuance_key text, quantity numeric, date date, price numeric, seq int",
    plan.cancellations,
  );
  await load(
    tx,
    "ocf_transfers (key, from_key, quantity, date, consideration, reason, price_per_unit, seq)",
    "key text, from_key text, quantity numeric, date date, consideration text, reason text, price_per_unit numeric, seq int",
    plan.transfers,
  );
  await load(
    tx,
    "ocf_splits (key, class_key, date, ratio_new, ratio_old, price, seq)",
    "key text, class_key text, date date, ratio_new int, ratio_old int, price numeric, seq int",
    plan.splits,
  );
  await load(
    tx,
    "ocf_split_lines",
    "split_key text, issuance_key text, before numeric, after numeric, fraction numeric, cash numeric",
    plan.splitLines,
  );
  await load(tx, "ocf_debt_rounds (key, name, date)", "key text, name text, date date", plan.debtRounds);
  await load(
    tx,
    "ocf_convertibles (key, person_key, round_key, units, investment, date, seq)",
    "key text, person_key text, round_key text, units numeric, investment numeric, date date, seq int",
    plan.convertibles,
  );
  await load(
    tx,
    "ocf_conversions (key, group_key, convertible_key, date, seq, price, ratio, to_issuance_key)",
    "key text, group_key text, convertible_key text, date date, seq int, price numeric, ratio numeric, to_issuance_key text",
    plan.conversions,
  );
  // one transaction and action per group of conversions (a day, a note round, the terms), as convertRound records
  await tx.exec(`
    update ocf_conversions c set transaction_id = g.transaction_id, action_id = g.action_id
      from (select group_key, gen_random_uuid() as transaction_id, gen_random_uuid() as action_id
              from ocf_conversions group by group_key) g
     where g.group_key = c.group_key;
  `);
  await tx.exec("analyze ocf_issuances; analyze ocf_people;");

  // Row triggers (replication audiences, timestamps, mail, onboarding) would run once per imported row and grow
  // with the issuer's data. As superuser (embedded PGlite, or a superuser DATABASE_URL) they are skipped for the
  // bulk inserts and their effect that matters here, the replication change log, is recorded set-based below (as
  // sync/seed/scale.ts does); new allocations carry a "send no invitation mail" preference and no qualifications,
  // so the mail and onboarding triggers would have done nothing. Otherwise the triggers run as usual.
  const { rows: roles } = await tx.query<{ super: boolean }>(
    "select rolsuper as super from pg_roles where rolname = current_user",
  );
  const bulk = roles[0]?.super === true;
  if (bulk) await tx.query("set local session_replication_role = replica");

  // Stakeholders: the issuer's contact with that e-mail, else the investor account with it, else a new account.
  await tx.query(
    `update ocf_people p set investor_id = c.investor_id from app_public.customers c
      where c.account_id = $1 and p.email is not null and lower(c.email) = p.email`,
    [issuerId],
  );
  await tx.exec(`
    update ocf_people p set investor_id = a.id from app_public.accounts a
     where p.investor_id is null and p.email is not null and a.type = 'investor' and lower(a.email) = p.email;
    -- several stakeholders with one new e-mail become one account
    update ocf_people p set investor_id = f.id, created = true
      from (select email, gen_random_uuid() as id from ocf_people where investor_id is null and email is not null
            group by email) f
     where p.investor_id is null and p.email = f.email;
    update ocf_people set investor_id = gen_random_uuid(), created = true where investor_id is null;
    insert into app_public.accounts (id, type, name, email, contact_name, investor_type)
    select distinct on (investor_id) investor_id, 'investor', left(name, 200), email, left(name, 200),
           case when institution then 'Corporation' else 'Individual' end
      from ocf_people where created order by investor_id, key;
  `);
  await tx.query(
    `insert into app_public.customers (account_id, investor_id, email, name)
     select distinct on (p.investor_id) $1::uuid, p.investor_id, p.email, left(p.name, 200) from ocf_people p
      where p.email is not null
        and not exists (select 1 from app_public.customers c where c.account_id = $1 and c.investor_id = p.investor_id)
        and not exists (select 1 from app_public.customers c where c.account_id = $1 and lower(c.email) = p.email)
      order by p.investor_id, p.key`,
    [issuerId],
  );
  // Classes -> equity assets with a security; financings -> closed rounds with a closed allocation.
  await tx.query(
    `insert into app_public.securities (id, issuer_id, name, total)
     select security_id, $1, left(name, 200), authorized from ocf_classes;
     `,
    [issuerId],
  );
  await tx.query(
    `insert into app_public.assets (id, issuer_id, name, type, status, authorized_total)
     select asset_id, $1, left(name, 200), 'equity', 'active', authorized from ocf_classes`,
    [issuerId],
  );
  await tx.exec(`
    insert into app_public.rounds (id, asset_id, name, opens_on, closes_on, status, total, terms_url, price, security_id)
    select r.round_id, c.asset_id, left(r.name, 200), r.date::timestamptz, r.date::timestamptz, 'closed', r.total,
           'urn:ocf-import:' || left(r.key, 150), r.price, c.security_id
      from ocf_rounds r join ocf_classes c on c.key = r.class_key;
  `);
  await tx.query(
    `insert into app_public.allocations (id, round_id, owner_id, name, status, opens_on, closes_on)
     select r.allocation_id, r.round_id, $1, left(r.name, 200), 'closed', r.date::timestamptz, r.date::timestamptz
       from ocf_rounds r;
     `,
    [issuerId],
  );
  await tx.exec(`
    -- imported issuances send no invitation mail
    insert into app_public.allocation_email_preferences (allocation_id, send_distribution)
    select allocation_id, false from ocf_rounds;
    insert into app_public.distributions (id, allocation_id, investor_id, name, amount, status, locked,
                                          issuance_status, purchase_price)
    select i.distribution_id, r.allocation_id, p.investor_id, left(p.name, 200), i.quantity, 'closed', true,
           'issued', i.price
      from ocf_issuances i join ocf_rounds r on r.key = i.round_key join ocf_people p on p.key = i.person_key
     where i.quantity > 0;
    insert into app_public.vesting_schedules (distribution_id, cliff, periods, duration, automatic, starts_on)
    select i.distribution_id, i.cliff, i.periods, 'month', true, i.date::timestamptz
      from ocf_issuances i where i.periods is not null and i.quantity > 0;
  `);
  await tx.query(
    `insert into app_public.transactions (id, issuer_id, round_id, chain_data)
     select r.transaction_id, $1, r.round_id,
            jsonb_build_object('source', 'ocf-import', 'paid_on', r.date::timestamptz, 'date', r.date::text)
       from ocf_rounds r`,
    [issuerId],
  );
  if (plan.conversions.length) await applyNotes(tx, issuerId);
  await tx.exec(`
    -- each recorded at its place in the package's order (a microsecond apart), so the next export writes the
    -- transactions of one day in the same order
    insert into app_public.holdings (id, security_id, round_id, investor_id, distribution_id, amount, purchase_price,
                                     issued_on, created_on)
    select i.holding_id, c.security_id, r.round_id, p.investor_id,
           case when i.quantity > 0 then i.distribution_id end, i.remaining, i.price, i.date::timestamptz,
           now() + i.seq * interval '1 microsecond'
      from ocf_issuances i join ocf_rounds r on r.key = i.round_key join ocf_classes c on c.key = r.class_key
      join ocf_people p on p.key = i.person_key;
    insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount, created_on)
    select coalesce(x.transaction_id, v.transaction_id, r.transaction_id), i.holding_id, p.investor_id, i.quantity,
           now() + i.seq * interval '1 microsecond'
      from ocf_issuances i join ocf_rounds r on r.key = i.round_key join ocf_people p on p.key = i.person_key
      left join ocf_transfers x on x.key = i.transfer_key
      left join ocf_conversions v on v.key = i.conversion_key;
  `);
  if (plan.splits.length) await applySplits(tx, issuerId);
  if (plan.conversions.length) await applyConversionActions(tx, issuerId);
  if (plan.transfers.length) {
    // a transfer: one transaction debiting the source holding and crediting the holdings it resulted in, its
    // chain_data as an approval writes it (docs/TRANSFERS.md): both sides' holdings and investors (the receiving
    // side when there is one), the reason and price from the consideration, and that text as it came
    await tx.query(
      `insert into app_public.transactions (id, issuer_id, round_id, chain_data, created_on)
       select x.transaction_id, $1, r.round_id,
              jsonb_strip_nulls(jsonb_build_object(
                'source', 'ocf-import', 'kind', 'transfer', 'date', x.date::text, 'paid_on', x.date::timestamptz,
                'reason', x.reason, 'price_per_unit', trim_scale(x.price_per_unit)::text,
                'consideration_text', x.consideration,
                'from_holding_id', i.holding_id, 'from_investor_id', p.investor_id,
                'to_holding_id', case when d.n = 1 then d.holding_id end,
                'to_investor_id', case when d.n = 1 then d.investor_id end)),
              now() + x.seq * interval '1 microsecond'
         from ocf_transfers x join ocf_issuances i on i.key = x.from_key join ocf_rounds r on r.key = i.round_key
         join ocf_people p on p.key = i.person_key
         cross join lateral (
           select count(*) as n, min(o.holding_id::text) as holding_id, min(q.investor_id::text) as investor_id
             from ocf_issuances o join ocf_people q on q.key = o.person_key where o.transfer_key = x.key) d`,
      [issuerId],
    );
    await tx.exec(`
      insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount, created_on)
      select x.transaction_id, i.holding_id, p.investor_id, -x.quantity, now() + x.seq * interval '1 microsecond'
        from ocf_transfers x join ocf_issuances i on i.key = x.from_key join ocf_people p on p.key = i.person_key;
    `);
  }
  if (plan.cancellations.length) {
    await tx.query(
      `with days as (
         select d.date, d.price, gen_random_uuid() as id from (select distinct date, price from ocf_cancellations) d
       ), txs as (
         -- a repurchase is a redemption at its price (the export writes it back as TX_STOCK_REPURCHASE)
         insert into app_public.transactions (id, issuer_id, chain_data)
         select id, $1, jsonb_strip_nulls(jsonb_build_object(
                  'source', 'ocf-import', 'kind', case when price is null then 'cancellation' else 'redemption' end,
                  'date', date::text, 'paid_on', date::timestamptz, 'price_per_unit', trim_scale(price)::text))
           from days returning id
       )
       insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount, created_on)
       select d.id, i.holding_id, p.investor_id, -x.quantity, now() + x.seq * interval '1 microsecond'
         from ocf_cancellations x join days d on d.date = x.date and d.price is not distinct from x.price
         join ocf_issuances i on i.key = x.issuance_key join ocf_people p on p.key = i.person_key
        where (select count(*) from txs) >= 0`,
      [issuerId],
    );
  }
  if (bulk) {
    await tx.query("set local session_replication_role = origin");
    await recordChanges(tx, issuerId);
  }
  const { rows } = await tx.query<{ people: number; created: number }>(
    "select count(distinct investor_id)::int as people, count(distinct investor_id) filter (where created)::int as created from ocf_people",
  );
  return {
    stakeholders: rows[0]?.people ?? 0,
    createdAccounts: rows[0]?.created ?? 0,
    stockClasses: plan.classes.length,
    rounds: plan.rounds.length,
    issuances: plan.issuances.length,
    cancellations: plan.cancellations.filter((c) => c.price === null).length,
    transfers: plan.transfers.length,
    repurchases: plan.cancellations.filter((c) => c.price !== null).length,
    splits: plan.splits.length,
    conversions: plan.conversions.length,
  };
}

/**
 * The change log entries the row triggers would have written for an import (sync/database/replication/): every
 * new document with the accounts that may see it, and the grants (the issuer now sees the matched investors'
 * accounts; the investors see the issuer's account and the rounds, assets and securities they hold).
 */
async function recordChanges(tx: Sql, issuerId: string): Promise<void> {
  const { rows } = await tx.query<{ exists: boolean }>(
    "select to_regclass('app_private.changes') is not null as exists",
  );
  if (!rows[0]?.exists) return;
  await tx.query(
    `with people as (select distinct investor_id, created from ocf_people),
     round_investors as (
       select i.round_key, array_agg(distinct p.investor_id) as investors
         from ocf_issuances i join ocf_people p on p.key = i.person_key group by i.round_key
     ),
     class_investors as (
       select r.class_key, array_agg(distinct p.investor_id) as investors
         from ocf_issuances i join ocf_rounds r on r.key = i.round_key join ocf_people p on p.key = i.person_key
        group by r.class_key
     )
     insert into app_private.changes (model, doc_id, audience)
     select 'accounts', p.investor_id, array[$1::uuid, p.investor_id] from people p
     union all select 'accounts', $1::uuid, array[$1::uuid] || coalesce((select array_agg(investor_id) from people), '{}')
     union all select 'customers', c.id, array[$1::uuid, c.investor_id]
       from app_public.customers c where c.account_id = $1 and c.investor_id in (select investor_id from people)
     union all select 'assets', c.asset_id, array[$1::uuid] || coalesce(ci.investors, '{}')
       from ocf_classes c left join class_investors ci on ci.class_key = c.key
     union all select 'securities', c.security_id, array[$1::uuid] || coalesce(ci.investors, '{}')
       from ocf_classes c left join class_investors ci on ci.class_key = c.key
     union all select 'rounds', r.round_id, array[$1::uuid] || coalesce(ri.investors, '{}')
       from ocf_rounds r left join round_investors ri on ri.round_key = r.key
     union all select 'allocations', r.allocation_id, array[$1::uuid] || coalesce(ri.investors, '{}')
       from ocf_rounds r left join round_investors ri on ri.round_key = r.key
     union all select 'transactions', le.transaction_id, array[$1::uuid] || array_agg(distinct le.investor_id)
       from app_public.ledger_entries le
      where le.holding_id in (select holding_id from ocf_issuances union all select holding_id from ocf_convertibles)
      group by le.transaction_id
     union all select m.model, m.id, array[$1::uuid] || coalesce(n.investors, '{}')
       from ocf_debt_rounds d
       left join (select c.round_key, array_agg(distinct p.investor_id) as investors from ocf_convertibles c
                    join ocf_people p on p.key = c.person_key group by c.round_key) n on n.round_key = d.key
       cross join lateral (values ('assets', d.asset_id), ('securities', d.security_id), ('rounds', d.round_id)) m(model, id)
     union all select 'holdings', c.holding_id, array[$1::uuid, p.investor_id]
       from ocf_convertibles c join ocf_people p on p.key = c.person_key
     union all select 'distributions', i.distribution_id, array[$1::uuid, p.investor_id]
       from ocf_issuances i join ocf_people p on p.key = i.person_key where i.quantity > 0
     union all select 'holdings', i.holding_id, array[$1::uuid, p.investor_id]
       from ocf_issuances i join ocf_people p on p.key = i.person_key`,
    [issuerId],
  );
  await tx.query(
    "select pg_notify('app_changes', json_build_object('t', m, 'x', pg_current_xact_id()::text)::text) from unnest($1::text[]) m",
    [
      [
        "accounts",
        "customers",
        "assets",
        "securities",
        "rounds",
        "allocations",
        "transactions",
        "distributions",
        "holdings",
      ],
    ],
  );
}

export { vestingTermsId };
