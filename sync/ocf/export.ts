// Export of an issuer's cap table as an Open Cap Format 1.2.0 package (a zip of .ocf.json files with a manifest).
// Read in the caller's transaction (the server runs it as the session's account: role app_user, row-level
// security), written file by file into a streaming zip: transactions in files of at most 10,000 items.
//
// Mapping (docs/OCF.md): the issuer account -> the manifest's issuer; investors (its contacts and holders) ->
// stakeholders; equity assets -> stock classes; rounds of equity assets with issued holdings -> financings;
// holdings of equity assets -> stock issuances (quantity from the holding's issuance ledger entries, price, date,
// stakeholder, class, vesting terms); negative ledger entries -> stock transfers (when the same transaction credits
// other holdings), repurchases (a redemption's) or cancellations; a split -> TX_STOCK_CLASS_SPLIT with its cash in
// lieu as repurchases, a note's conversion -> TX_CONVERTIBLE_ISSUANCE and TX_CONVERTIBLE_CONVERSION (actions-export.ts);
// every transaction in the order it happened; vesting schedules -> vesting terms. Numbers are PostgreSQL numeric text
// (trim_scale), never JavaScript numbers. Debt and fund assets have no OCF schema: they are listed in the
// manifest's comments and the summary.

import { formatNumber } from "../../src/domain/format.ts";
import type { Sql } from "../db/database.ts";
import { AT, conversions, eventKey, exactSplits, type OcfEvent } from "./actions-export.ts";
import { considerationText } from "./consideration.ts";
import { OCF_VERSION, type OcfObject } from "./validate.ts";
import { type ZipSink, ZipWriter } from "./zip.ts";

export const TRANSACTIONS_PER_FILE = 10_000;

export interface OcfExportSummary {
  issuer: string;
  stakeholders: number;
  stockClasses: number;
  financings: number;
  issuances: number;
  cancellations: number;
  transfers: number;
  /** redemptions (buybacks) and a split's cash in lieu as TX_STOCK_REPURCHASE */
  repurchases: number;
  /** splits written as TX_STOCK_CLASS_SPLIT (the others are in the ledger's form: issuance units, cancellations) */
  splits: number;
  /** notes converted: TX_CONVERTIBLE_CONVERSION (each with its TX_CONVERTIBLE_ISSUANCE) */
  conversions: number;
  vestingTerms: number;
  /** what OCF cannot express, one sentence each */
  omitted: string[];
  /** the cap table's units by stock class id (for the check that issuances add up to it) */
  capTable: Record<string, string>;
  files: { filepath: string; md5: string }[];
}

/** OCF's default_id_prefix for a class: the initials of its name. */
export function idPrefix(name: string): string {
  const initials = name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase())
    .join("");
  return `${initials || "S"}-`;
}

const EQUITY_HOLDINGS = `
  select h.id, h.investor_id, h.round_id, h.distribution_id, a.id as class_id, h.amount, h.issued_on,
         coalesce(h.purchase_price, r.price) as price, h.created_on
    from app_public.holdings h
    join app_public.rounds r on r.id = h.round_id
    join app_public.assets a on a.id = r.asset_id
   where a.issuer_id = $1 and a.type = 'equity'
     and h.investor_id not in (select al.owner_id from app_public.allocations al)`;

interface IssuerRow {
  name: string;
  email: string | null;
  formation_date: string | null;
  country: string | null;
}

async function issuerObject(tx: Sql, issuerId: string): Promise<OcfObject & { legal_name: string }> {
  const { rows } = await tx.query<IssuerRow>(
    `select a.name, a.email,
            coalesce((select p.formation_date from app_private.account_personal_among(array[a.id]) p),
                     (a.created_on at time zone 'UTC')::date)::text as formation_date,
            (select c.alpha2 from app_public.countries c where c.id = a.jurisdiction_id) as country
       from app_public.accounts a where a.id = $1`,
    [issuerId],
  );
  const row = rows[0];
  if (!row) throw new Error("issuer not found");
  return {
    object_type: "ISSUER",
    id: issuerId,
    legal_name: row.name,
    formation_date: row.formation_date ?? "1970-01-01",
    country_of_formation: row.country ?? "US",
    ...(row.email ? { email: { email_type: "BUSINESS", email_address: row.email } } : {}),
  };
}

async function stakeholders(tx: Sql, issuerId: string): Promise<OcfObject[]> {
  const { rows } = await tx.query<{ id: string; name: string; email: string | null; institution: boolean }>(
    `with ids as (
       select c.investor_id as id from app_public.customers c where c.account_id = $1
       union select x.investor_id from (${EQUITY_HOLDINGS}) x
       union select h.investor_id from app_public.holdings h
         join app_public.rounds r on r.id = h.round_id join app_public.assets a on a.id = r.asset_id
        where a.issuer_id = $1 and h.investor_id not in (select al.owner_id from app_public.allocations al)
     )
     select acc.id, acc.name, coalesce(acc.email, (select c.email from app_public.customers c
              where c.account_id = $1 and c.investor_id = acc.id limit 1)) as email,
            coalesce(t.is_individual = false, false) as institution
       from ids join app_public.accounts acc on acc.id = ids.id
       left join app_public.investor_account_types t on t.type = acc.investor_type
      order by lower(acc.name), acc.email, acc.id`,
    [issuerId],
  );
  return rows.map((r) => ({
    object_type: "STAKEHOLDER",
    id: r.id,
    name: { legal_name: r.name },
    stakeholder_type: r.institution ? "INSTITUTION" : "INDIVIDUAL",
    ...(r.email
      ? {
          contact_info: {
            emails: [{ email_type: r.institution ? "BUSINESS" : "PERSONAL", email_address: r.email }],
          },
        }
      : {}),
  }));
}

async function stockClasses(tx: Sql, issuerId: string): Promise<OcfObject[]> {
  const { rows } = await tx.query<{ id: string; name: string; authorized: string }>(
    `select a.id, a.name, trim_scale(a.authorized_total)::text as authorized
       from app_public.assets a where a.issuer_id = $1 and a.type = 'equity' order by a.name, a.id`,
    [issuerId],
  );
  return rows.map((r) => ({
    object_type: "STOCK_CLASS",
    id: r.id,
    name: r.name,
    class_type: /prefer/i.test(r.name) ? "PREFERRED" : "COMMON",
    default_id_prefix: idPrefix(r.name),
    initial_shares_authorized: r.authorized,
    votes_per_share: "1",
    seniority: "1",
  }));
}

async function financings(tx: Sql, issuerId: string): Promise<OcfObject[]> {
  const { rows } = await tx.query<{ id: string; name: string; date: string; ids: string[] }>(
    `select r.id, r.name, (r.opens_on at time zone 'UTC')::date::text as date, array_agg(x.id order by x.id) as ids
       from (${EQUITY_HOLDINGS}) x join app_public.rounds r on r.id = x.round_id
      group by r.id order by r.opens_on, r.name, r.id`,
    [issuerId],
  );
  return rows.map((r) => ({ object_type: "FINANCING", id: r.id, name: r.name, date: r.date, issuance_ids: r.ids }));
}

/** Vesting terms id for a monthly schedule (one object per distinct cliff and length). */
export function vestingTermsId(periods: number, cliff: number): string {
  return `vesting-${periods}-months-cliff-${cliff}`;
}

export function vestingTermsObject(periods: number, cliff: number): OcfObject {
  const monthly = (occurrences: number, relativeTo: string) => ({
    id: "monthly",
    description: `1/${periods} each month`,
    portion: { numerator: "1", denominator: String(periods) },
    trigger: {
      type: "VESTING_SCHEDULE_RELATIVE",
      period: { length: 1, type: "MONTHS", occurrences, day_of_month: "VESTING_START_DAY_OR_LAST_DAY_OF_MONTH" },
      relative_to_condition_id: relativeTo,
    },
    next_condition_ids: [],
  });
  const start = (next: string) => ({
    id: "vesting-start",
    quantity: "0",
    trigger: { type: "VESTING_START_DATE" },
    next_condition_ids: [next],
  });
  const conditions =
    cliff > 0 && cliff < periods
      ? [
          start("cliff"),
          {
            id: "cliff",
            description: `${cliff}/${periods} at the ${cliff}-month cliff`,
            portion: { numerator: String(cliff), denominator: String(periods) },
            trigger: {
              type: "VESTING_SCHEDULE_RELATIVE",
              period: {
                length: cliff,
                type: "MONTHS",
                occurrences: 1,
                day_of_month: "VESTING_START_DAY_OR_LAST_DAY_OF_MONTH",
              },
              relative_to_condition_id: "vesting-start",
            },
            next_condition_ids: ["monthly"],
          },
          monthly(periods - cliff, "cliff"),
        ]
      : [start("monthly"), monthly(periods, "vesting-start")];
  return {
    object_type: "VESTING_TERMS",
    id: vestingTermsId(periods, cliff),
    name: `${periods} months monthly, ${cliff}-month cliff`,
    description: `Vests monthly over ${periods} months from the vesting start, with a cliff of ${cliff} month${cliff === 1 ? "" : "s"}.`,
    allocation_type: "CUMULATIVE_ROUNDING",
    vesting_conditions: conditions,
  };
}

interface IssuanceRow {
  id: string;
  investor_id: string;
  class_id: string;
  class_name: string;
  quantity: string;
  price: string;
  date: string;
  at: string;
  periods: number | null;
  cliff: number | null;
}

async function omitted(tx: Sql, issuerId: string): Promise<string[]> {
  // a note's holdings that converted are written as convertibles (actions-export.ts), not counted here
  const { rows } = await tx.query<{ name: string; type: string; holdings: number; units: string; converted: number }>(
    `select a.name, a.type, count(h.id) filter (where not h.converted)::int as holdings,
            coalesce(trim_scale(sum(h.amount) filter (where not h.converted)), 0)::text as units,
            count(h.id) filter (where h.converted)::int as converted
       from app_public.assets a
       left join app_public.rounds r on r.asset_id = a.id
       left join (select h.*, exists (select 1 from app_public.ledger_entries le
                                        join app_public.transactions t on t.id = le.transaction_id
                                       where le.holding_id = h.id and le.amount < 0
                                         and t.chain_data ->> 'kind' = 'conversion') as converted
                    from app_public.holdings h) h on h.round_id = r.id
        and h.investor_id not in (select al.owner_id from app_public.allocations al)
      where a.issuer_id = $1 and a.type <> 'equity'
      group by a.id order by a.name`,
    [issuerId],
  );
  return rows
    .filter((r) => r.holdings > 0 || r.converted === 0)
    .map(
      (r) =>
        `Not exported: ${r.type} asset "${r.name}" with ${r.holdings} holding${r.holdings === 1 ? "" : "s"} ` +
        `(${formatNumber(r.units)} units): ${r.type === "debt" ? "OCF 1.2.0 has no schema for plain debt" : "OCF 1.2.0 has no schema for fund or LLC units"}.`,
    );
}

/**
 * Writes the package to sink (zip chunks as they are made) and returns its summary. The caller's transaction
 * decides what is visible (run it as the issuer's session).
 */
export async function writeOcfPackage(
  tx: Sql,
  issuerId: string,
  sink: ZipSink,
  now: Date = new Date(),
  /** awaited after each page of issuances: lets a slow reader of the zip hold the export back */
  drained: () => Promise<void> = () => Promise.resolve(),
): Promise<OcfExportSummary> {
  const zip = new ZipWriter(sink);
  const files: { type: string; filepath: string; md5: string }[] = [];
  const writeItems = (filepath: string, fileType: string, items: Iterable<OcfObject>) => {
    const file = zip.file(filepath);
    file.write(`{"file_type":${JSON.stringify(fileType)},"items":[`);
    let first = true;
    for (const item of items) {
      file.write(first ? "\n" : ",\n");
      file.write(JSON.stringify(item));
      first = false;
    }
    file.write("\n]}\n");
    files.push({ type: fileType, filepath, md5: file.end() });
  };

  const issuer = await issuerObject(tx, issuerId);
  const people = await stakeholders(tx, issuerId);
  writeItems("Stakeholders.ocf.json", "OCF_STAKEHOLDERS_FILE", people);
  const classes = await stockClasses(tx, issuerId);
  writeItems("StockClasses.ocf.json", "OCF_STOCK_CLASSES_FILE", classes);
  // notes that converted are convertibles of OCF: their rounds are financings too
  const converted = await conversions(tx, issuerId);
  const rounds = [...(await financings(tx, issuerId)), ...converted.financings];
  writeItems("Financings.ocf.json", "OCF_FINANCINGS_FILE", rounds);

  // Transactions in files of TRANSACTIONS_PER_FILE items, in the order they happened (below).
  const vesting = new Map<string, OcfObject>();
  const capTable = new Map<string, string>();
  {
    const { rows } = await tx.query<{ class_id: string; units: string }>(
      `select x.class_id, trim_scale(sum(x.amount))::text as units from (${EQUITY_HOLDINGS}) x group by x.class_id`,
      [issuerId],
    );
    for (const r of rows) capTable.set(r.class_id, r.units);
    for (const c of classes) if (!capTable.has(c.id)) capTable.set(c.id, "0");
  }
  const prefixes = new Map(classes.map((c) => [c.id, String(c.default_id_prefix)]));
  let issuances = 0;
  let cancellations = 0;
  let transfers = 0;
  let repurchases = 0;
  let splitCount = 0;
  let conversionCount = 0;
  let fileNumber = 0;
  let current: ReturnType<ZipWriter["file"]> | null = null;
  let inFile = 0;
  const txItem = (item: OcfObject) => {
    if (!current || inFile >= TRANSACTIONS_PER_FILE) {
      if (current) {
        current.write("\n]}\n");
        files.push({ type: "OCF_TRANSACTIONS_FILE", filepath: transactionsName(fileNumber), md5: current.end() });
      }
      fileNumber += 1;
      current = zip.file(transactionsName(fileNumber));
      current.write(`{"file_type":"OCF_TRANSACTIONS_FILE","items":[`);
      inFile = 0;
    }
    current.write(inFile === 0 ? "\n" : ",\n");
    current.write(JSON.stringify(item));
    inFile += 1;
  };
  // Every transaction in the order it happened (the day, then the time the product recorded it), so a split and
  // another transaction of the same day keep their order: issuances in pages (keyset on that order), merged with
  // the rest (negative ledger entries, splits, conversions), which are read whole.
  const splits = await exactSplits(tx, issuerId, EQUITY_HOLDINGS);
  const others: OcfEvent[] = [...splits.events, ...converted.events];
  {
    // A negative entry is a transfer when the same transaction credits other holdings, a repurchase when its
    // transaction is a redemption (docs/CORPORATE-ACTIONS.md), else a cancellation; the entries of a split written
    // as TX_STOCK_CLASS_SPLIT are that split.
    const { rows } = await tx.query<{
      id: string;
      kind: string | null;
      holding_id: string;
      quantity: string;
      date: string;
      at: string;
      resulting: string[] | null;
      reason: string | null;
      price: string | null;
      consideration: string | null;
    }>(
      `select le.id, le.holding_id, trim_scale(-le.amount)::text as quantity,
              coalesce(t.chain_data ->> 'date', (t.created_on at time zone 'UTC')::date::text) as date,
              ${AT("le.created_on")} as at,
              t.chain_data ->> 'kind' as kind, t.chain_data ->> 'reason' as reason, trim_scale((t.chain_data ->> 'price_per_unit')::numeric)::text as price,
              t.chain_data ->> 'consideration_text' as consideration,
              (select array_agg(distinct o.holding_id order by o.holding_id) from app_public.ledger_entries o
                where o.transaction_id = le.transaction_id and o.amount > 0 and o.holding_id is not null
                  and o.holding_id <> le.holding_id) as resulting
         from app_public.ledger_entries le join app_public.transactions t on t.id = le.transaction_id
        where le.amount < 0 and le.holding_id in (select x.id from (${EQUITY_HOLDINGS}) x)
          and not (le.transaction_id = any($2::uuid[]))
        order by le.id`,
      [issuerId, splits.transactionIds],
    );
    for (const r of rows) {
      const key = eventKey(r.date, r.at, 1, r.id);
      if (r.resulting?.length) {
        // An approved transfer recorded its reason and price; an imported one keeps the text it came with.
        const consideration = r.consideration ?? considerationText(r.reason, r.price);
        others.push({
          key,
          items: [
            {
              object_type: "TX_STOCK_TRANSFER",
              id: r.id,
              security_id: r.holding_id,
              date: r.date,
              quantity: r.quantity,
              resulting_security_ids: r.resulting,
              ...(consideration ? { consideration_text: consideration } : {}),
            },
          ],
        });
        continue;
      }
      if (r.kind === "redemption") {
        others.push({
          key,
          items: [
            {
              object_type: "TX_STOCK_REPURCHASE",
              id: r.id,
              security_id: r.holding_id,
              date: r.date,
              quantity: r.quantity,
              price: { amount: r.price ?? "0", currency: "USD" },
            },
          ],
        });
        continue;
      }
      others.push({
        key,
        items: [
          {
            object_type: "TX_STOCK_CANCELLATION",
            id: r.id,
            security_id: r.holding_id,
            date: r.date,
            quantity: r.quantity,
            reason_text: "Cancelled in the Ledgerline ledger.",
          },
        ],
      });
    }
  }
  others.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  let next = 0;
  const writeOthersBefore = (key: string | null) => {
    while (next < others.length && (key === null || (others[next] as OcfEvent).key < key)) {
      for (const item of (others[next] as OcfEvent).items) {
        txItem(item);
        switch (item.object_type) {
          case "TX_STOCK_TRANSFER":
            transfers += 1;
            break;
          case "TX_STOCK_REPURCHASE":
            repurchases += 1;
            break;
          case "TX_STOCK_CANCELLATION":
            cancellations += 1;
            break;
          case "TX_STOCK_CLASS_SPLIT":
            splitCount += 1;
            break;
          case "TX_CONVERTIBLE_CONVERSION":
            conversionCount += 1;
            break;
        }
      }
      next += 1;
    }
  };
  // An issuance's units: those it was issued with (its positive ledger entries outside the splits written as
  // TX_STOCK_CLASS_SPLIT, plus what it holds beyond its ledger entries: a holding written without them).
  let cursor: [string, string, string] = [
    "0001-01-01",
    "0001-01-01T00:00:00.000000",
    "00000000-0000-0000-0000-000000000000",
  ];
  for (;;) {
    const { rows } = await tx.query<IssuanceRow>(
      `select x.id, x.investor_id, x.class_id, x.date, x.at,
              trim_scale(x.amount
                - coalesce((select sum(le.amount) from app_public.ledger_entries le where le.holding_id = x.id), 0)
                + coalesce((select sum(le.amount) from app_public.ledger_entries le
                             where le.holding_id = x.id and le.amount > 0
                               and not (le.transaction_id = any($5::uuid[]))), 0))::text as quantity,
              trim_scale(coalesce(x.price, 0))::text as price,
              coalesce(vd.periods, va.periods) as periods, coalesce(vd.cliff, va.cliff) as cliff
         from (select e.*, (e.issued_on at time zone 'UTC')::date::text as date, ${AT("e.created_on")} as at
                 from (${EQUITY_HOLDINGS}) e) x
         left join app_public.distributions d on d.id = x.distribution_id
         left join app_public.vesting_schedules vd on vd.distribution_id = d.id
         left join app_public.vesting_schedules va on va.allocation_id = d.allocation_id
        where (x.date, x.at, x.id) > ($2::text, $3::text, $4::uuid)
        order by x.date, x.at, x.id limit ${TRANSACTIONS_PER_FILE}`,
      [issuerId, cursor[0], cursor[1], cursor[2], splits.transactionIds],
    );
    for (const r of rows) {
      writeOthersBefore(eventKey(r.date, r.at, 0, r.id));
      let vestingId: string | undefined;
      if (r.periods != null && r.cliff != null) {
        vestingId = vestingTermsId(r.periods, r.cliff);
        if (!vesting.has(vestingId)) vesting.set(vestingId, vestingTermsObject(r.periods, r.cliff));
      }
      txItem({
        object_type: "TX_STOCK_ISSUANCE",
        id: r.id,
        security_id: r.id,
        custom_id: `${prefixes.get(r.class_id) ?? "S-"}${r.id.slice(0, 8).toUpperCase()}`,
        stakeholder_id: r.investor_id,
        stock_class_id: r.class_id,
        date: r.date,
        quantity: r.quantity,
        share_price: { amount: r.price, currency: "USD" },
        security_law_exemptions: [],
        stock_legend_ids: [],
        ...(vestingId ? { vesting_terms_id: vestingId } : {}),
      });
      issuances += 1;
    }
    await drained();
    const last = rows[rows.length - 1];
    if (rows.length < TRANSACTIONS_PER_FILE || !last) break;
    cursor = [last.date, last.at, last.id];
  }
  writeOthersBefore(null);
  if (current) {
    (current as ReturnType<ZipWriter["file"]>).write("\n]}\n");
    files.push({
      type: "OCF_TRANSACTIONS_FILE",
      filepath: transactionsName(fileNumber),
      md5: (current as ReturnType<ZipWriter["file"]>).end(),
    });
  }
  const terms = [...vesting.values()].sort((a, b) => a.id.localeCompare(b.id));
  writeItems("VestingTerms.ocf.json", "OCF_VESTING_TERMS_FILE", terms);

  const notes = await omitted(tx, issuerId);
  const list = (type: string) => files.filter((f) => f.type === type).map(({ filepath, md5 }) => ({ filepath, md5 }));
  const manifest = {
    ocf_version: OCF_VERSION,
    file_type: "OCF_MANIFEST_FILE",
    issuer,
    as_of: now.toISOString().slice(0, 10),
    generated_at: now.toISOString(),
    comments: [`Exported by Ledgerline from the cap table of ${issuer.legal_name}. Amounts in USD.`, ...notes],
    stock_plans_files: [],
    stock_legend_templates_files: [],
    stock_classes_files: list("OCF_STOCK_CLASSES_FILE"),
    vesting_terms_files: list("OCF_VESTING_TERMS_FILE"),
    valuations_files: [],
    transactions_files: list("OCF_TRANSACTIONS_FILE"),
    stakeholders_files: list("OCF_STAKEHOLDERS_FILE"),
    financings_files: list("OCF_FINANCINGS_FILE"),
    documents_files: [],
  };
  const manifestFile = zip.file("Manifest.ocf.json");
  manifestFile.write(`${JSON.stringify(manifest, null, 2)}\n`);
  manifestFile.end();
  zip.end();
  return {
    issuer: issuer.legal_name,
    stakeholders: people.length,
    stockClasses: classes.length,
    financings: rounds.length,
    issuances,
    cancellations,
    transfers,
    repurchases,
    splits: splitCount,
    conversions: conversionCount,
    vestingTerms: terms.length,
    omitted: notes,
    capTable: Object.fromEntries(capTable),
    files: files.map(({ filepath, md5 }) => ({ filepath, md5 })),
  };
}

function transactionsName(n: number): string {
  return `Transactions-${String(n).padStart(3, "0")}.ocf.json`;
}

/** The summary without the package (the reports page shows it next to the download). */
export async function ocfExportSummary(tx: Sql, issuerId: string): Promise<OcfExportSummary> {
  return writeOcfPackage(tx, issuerId, () => {});
}
