// A day written YYYY-MM-DD that is a real calendar day (2025-02-30 is not): the first check of the register's as-of
// date (register.ts) and of the portfolio statement's date (portfolio-downloads.ts); each then applies its own range
// and its own words. Pure, no clock.

export interface CalendarDay {
  year: number;
  /** 1 to 12 */
  month: number;
  day: number;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day `text` names, or null when it is not YYYY-MM-DD or no such day exists. */
export function calendarDay(text: string): CalendarDay | null {
  const match = DAY.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}
