// A cap table line as the database reads it (snake case, nulls for what is not linked) and as the CSV writers take
// it (src/domain/reports.ts): one mapping for today's cap table (reports.ts) and the register as of a day
// (register.ts), so both files name and fill their columns alike.
import { utcDay } from "../../src/domain/register.ts";
import type { CapTableLine } from "../../src/domain/reports.ts";

export interface CapTableRow {
  investor: string | null;
  investor_email: string | null;
  asset: string | null;
  round: string | null;
  security: string | null;
  units: string;
  purchase_price: string | null;
  issued_on: string | Date | null;
}

export function toCapTableLine(r: CapTableRow): CapTableLine {
  return {
    investor: r.investor ?? "",
    investorEmail: r.investor_email ?? "",
    asset: r.asset ?? "",
    round: r.round ?? "",
    security: r.security ?? "",
    units: r.units,
    purchasePrice: r.purchase_price ?? "",
    issuedOn: utcDay(r.issued_on),
  };
}
