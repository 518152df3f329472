// The issuer's "Record Dividend" form on a holding: the client's checks give the server's own texts
// (make_dividend_payment, sync/database/holdings/10_holdings.sql), and queued makeDividendPayment commands read back as
// rows. Pure: no React, no clock (the caller passes today).
import { commandListEffect } from "../../domain/commands/catalogue.ts";
import { toString as decimalText, isPositive, parseDecimal, quantityError } from "../../domain/decimal.ts";
import { dateRangeError } from "../../domain/limits.ts";
import { MESSAGES } from "../../domain/messages.ts";

interface DividendInput {
  /** as typed: "1,250.50" */
  amount: string;
  /** ISO day (YYYY-MM-DD) from the DateInput, null while incomplete */
  paidOn: string | null;
}

/** makeDividendPayment's input, ready to queue. */
export interface DividendPayment {
  id: string;
  holdingId: string;
  amount: string;
  paidOn: string;
}

export type DividendErrors = Partial<Record<"amount" | "paidOn", string>>;

type DividendCheck = { ok: true; amount: string; paidOn: string } | { ok: false; errors: DividendErrors };

/**
 * The server compares paid_on with its current_date (UTC), so the client's "today" is the UTC day too: a day the
 * form accepts is never refused later for being in the future.
 */
export function utcToday(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function checkDividend(input: DividendInput, today: string): DividendCheck {
  const errors: DividendErrors = {};
  const text = input.amount.trim();
  const amount = text === "" ? null : parseDecimal(text);
  if (text === "") errors.amount = MESSAGES.dividendAmountRequired;
  else if (!amount || !isPositive(amount)) errors.amount = MESSAGES.dividendAmountPositive;
  else if (quantityError(amount, "money")) errors.amount = quantityError(amount, "money") ?? undefined;
  if (!input.paidOn) errors.paidOn = MESSAGES.dividendPaidOnRequired;
  else if (dateRangeError(input.paidOn)) errors.paidOn = dateRangeError(input.paidOn) ?? undefined;
  else if (input.paidOn.slice(0, 10) > today) errors.paidOn = MESSAGES.dividendPaidOnFuture;
  if (errors.amount || errors.paidOn || !amount || !input.paidOn) return { ok: false, errors };
  return { ok: true, amount: decimalText(amount), paidOn: input.paidOn.slice(0, 10) };
}

/** A queued dividend's input (variables.input: a command of the pending list "holding.dividends"), or null when it is not one for `holdingId`. */
export function dividendOfCommand(
  command: { mutation: string; variables?: unknown },
  holdingId: string,
): DividendPayment | null {
  if (commandListEffect(command.mutation)?.list !== "holding.dividends") return null;
  const input = (command.variables as { input?: Partial<DividendPayment> } | undefined)?.input;
  if (!input || input.holdingId !== holdingId || typeof input.id !== "string") return null;
  return {
    id: input.id,
    holdingId,
    amount: String(input.amount ?? ""),
    paidOn: String(input.paidOn ?? ""),
  };
}
