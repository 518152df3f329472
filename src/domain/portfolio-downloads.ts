// The investor's portfolio downloads (issue 35 item 2): where they are served and the one rule for a statement's
// date, shared by the server (which refuses a bad date with this text) and the screen (which says it before asking).
// Pure: "today" is passed in, as the UTC day, because the server's holdings are dated in UTC.
import { calendarDay } from "./calendar-day.ts";

export const PORTFOLIO_OFX_PATH = "/api/v2/portfolio/portfolio.ofx";
export const PORTFOLIO_STATEMENT_PATH = "/api/v2/portfolio/statement.pdf";

export const STATEMENT_DATE_TEXT = {
  required: "Choose the date of the statement.",
  format: "The statement date must be a date written as YYYY-MM-DD, such as 2025-06-30.",
  tooEarly: "The statement date must be in 1900 or later.",
  future: "The statement date cannot be in the future.",
} as const;

export type StatementDateCheck = { ok: true; date: string } | { ok: false; message: string };

/** A statement's date: a real calendar day, YYYY-MM-DD, from 1900 up to today (UTC, given as YYYY-MM-DD). */
export function checkStatementDate(text: string | null | undefined, today: string): StatementDateCheck {
  const value = (text ?? "").trim();
  if (!value) return { ok: false, message: STATEMENT_DATE_TEXT.required };
  const year = calendarDay(value)?.year;
  if (year === undefined) return { ok: false, message: STATEMENT_DATE_TEXT.format };
  if (year < 1900) return { ok: false, message: STATEMENT_DATE_TEXT.tooEarly };
  if (value > today) return { ok: false, message: STATEMENT_DATE_TEXT.future };
  return { ok: true, date: value };
}

/** The statement's address for a day (the date already checked). */
export const statementUrl = (date: string) => `${PORTFOLIO_STATEMENT_PATH}?asOf=${encodeURIComponent(date)}`;
