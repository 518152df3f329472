// The register's downloads (issue 32 item 3, docs/REGISTER.md), answered under /api/v2/reports/ by reports.ts:
//   cap-table?asOf=yyyy-mm-dd   the cap table as of a day, rebuilt from the ledger (without asOf: today's holdings)
//   purchasers?asOf=...         the schedule of purchasers as of a day (default today)
//   position?asOf=...&investor= a holder's position as of a day (an investor's own; staff name the investor)
//   control                     the issuer's control report: authorized, issued, outstanding per security
// Every read runs as the session (role app_user, its claims): the SQL functions are security invoker, so row-level
// security decides what each account sees, as for today's reports. The files are written by src/domain/register.ts.
import type { CsvText } from "../../src/domain/csv.ts";
import {
  type ControlLine,
  controlCsv,
  parseAsOf,
  purchasersCsv,
  type RegisterLine,
  registerCapTableCsv,
  utcDay,
} from "../../src/domain/register.ts";
import type { Sql } from "../db/database.ts";
import { type CapTableRow, toCapTableLine } from "./cap-table-rows.ts";

export type RegisterAnswer =
  | { ok: true; fileName: string; csv: CsvText }
  | { ok: false; status: number; code: string; message: string };

/** The reports this module makes; cap-table only when an as-of date is asked for. */
export function isRegisterReport(name: string, params: URLSearchParams): boolean {
  return (
    name === "purchasers" || name === "position" || name === "control" || (name === "cap-table" && params.has("asOf"))
  );
}

/** Account types that may ask for a report (the rows they get are decided by row-level security). */
export function registerReaders(name: string): readonly string[] {
  if (name === "control") return ["issuer"];
  if (name === "position") return ["issuer", "broker", "investor"];
  return ["issuer", "broker"];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface LineRow extends CapTableRow {
  paid_on: string | Date | null;
}

function toLine(r: LineRow): RegisterLine {
  return { ...toCapTableLine(r), paidOn: r.paid_on instanceof Date ? utcDay(r.paid_on) : (r.paid_on ?? "") };
}

const LINE_COLUMNS = `investor, investor_email, asset, round, security, trim_scale(units)::text as units,
  purchase_price::text as purchase_price, issued_on, paid_on::text as paid_on`;

export async function registerLines(tx: Sql, asOf: string, investorId?: string | null): Promise<RegisterLine[]> {
  const { rows } =
    investorId === undefined
      ? await tx.query<LineRow>(`select ${LINE_COLUMNS} from app_public.register_cap_table($1::date)`, [asOf])
      : await tx.query<LineRow>(`select ${LINE_COLUMNS} from app_public.register_position($1::date, $2::uuid)`, [
          asOf,
          investorId,
        ]);
  return rows.map(toLine);
}

export async function controlLines(tx: Sql): Promise<ControlLine[]> {
  const { rows } = await tx.query<{
    security: string | null;
    authorized: string;
    issued: string;
    outstanding: string;
    holdings: string;
    cap_table: string;
    tokenized_holdings: string | null;
    on_chain: string | null;
  }>(
    `select security, trim_scale(authorized)::text as authorized, trim_scale(issued)::text as issued,
            trim_scale(outstanding)::text as outstanding, trim_scale(holdings)::text as holdings,
            trim_scale(cap_table)::text as cap_table, trim_scale(tokenized_holdings)::text as tokenized_holdings,
            trim_scale(on_chain)::text as on_chain
       from app_public.register_control()`,
  );
  return rows.map((r) => ({
    security: r.security ?? "",
    authorized: r.authorized,
    issued: r.issued,
    outstanding: r.outstanding,
    holdings: r.holdings,
    capTable: r.cap_table,
    tokenizedHoldings: r.tokenized_holdings,
    onChain: r.on_chain,
  }));
}

const fileDay = (day: string) => day.replaceAll("-", "_");

/** Makes one register report as the session (`tx` already runs as it); a bad date or holder is a 422 answer. */
export async function registerReport(
  tx: Sql,
  name: string,
  params: URLSearchParams,
  today: string,
): Promise<RegisterAnswer> {
  if (name === "control")
    return { ok: true, fileName: `control_${fileDay(today)}.csv`, csv: controlCsv(await controlLines(tx)) };
  const asOf = parseAsOf(params.has("asOf") ? params.get("asOf") : today, today);
  if (!asOf.ok) return { ok: false, status: 422, code: "LL422", message: asOf.message };
  if (name === "cap-table")
    return {
      ok: true,
      fileName: `cap_table_${fileDay(asOf.day)}.csv`,
      csv: registerCapTableCsv(await registerLines(tx, asOf.day)),
    };
  if (name === "purchasers")
    return {
      ok: true,
      fileName: `schedule_of_purchasers_${fileDay(asOf.day)}.csv`,
      csv: purchasersCsv(await registerLines(tx, asOf.day)),
    };
  const investor = params.get("investor");
  if (investor !== null && !UUID.test(investor))
    return { ok: false, status: 422, code: "LL422", message: "Choose a holder." };
  return {
    ok: true,
    fileName: `position_${fileDay(asOf.day)}.csv`,
    csv: registerCapTableCsv(await registerLines(tx, asOf.day, investor)),
  };
}
