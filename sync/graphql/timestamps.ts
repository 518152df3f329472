// timestamptz in GraphQL answers without `to_char` (issue 8, API within 1.5x of raw SQL on PostgreSQL).
//
// @dataplan/pg selects every timestamptz as `to_char(x, 'YYYY-MM-DD"T"HH24:MI:SS.USTZH:TZM')`. With offset
// pagination (allHoldings(first, offset, orderBy)) PostgreSQL evaluates the select list of every row of the table
// below the sort, so a page of 1,000 holdings formatted three timestamps for each of the 50,000 rows: about half of
// the statement's time. The plain text output (`x::text`, DateStyle ISO, fixed per request in settings.ts) is several
// times cheaper, and the same ISO string is rebuilt from it in JavaScript, only for the rows of the page.
// The answer is the same string to_char prints, character for character (tests/server/timestamps.test.ts compares
// both for dates in four time zones, with and without fractions, historical offsets with seconds, BC, year 12000).
// The codec object is patched in place (not replaced): PostGraphile maps GraphQL types and filters by its identity.
import { sql, TYPES } from "postgraphile/@dataplan/pg";

// ISO DateStyle text output: "2026-11-22 14:36:37.15+00", "1850-01-01 05:53:28+05:53:28", "0044-03-15 12:00:00+00 BC".
const PG_TEXT = /^(\d{4,}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?([+-]\d\d)(?::(\d\d))?(?::\d\d)?(?: BC)?$/;
// What to_char prints (also what a list of timestamptz still selects through @dataplan/pg's own list cast).
const TO_CHAR = /^\d{4,}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}[+-]\d\d:\d\d$/;

/** The string `to_char(x, 'YYYY-MM-DD"T"HH24:MI:SS.USTZH:TZM')` prints, from the text `x::text` prints. */
export function isoFromPgTimestamptz(text: string): string | null {
  if (TO_CHAR.test(text)) return text;
  const match = PG_TEXT.exec(text);
  if (!match) {
    // to_char of an infinite timestamp is NULL.
    if (text === "infinity" || text === "-infinity") return null;
    throw new Error(`Unexpected timestamptz text from PostgreSQL: ${JSON.stringify(text)}`);
  }
  const [, date, time, fraction = "", hours, minutes = "00"] = match;
  return `${date}T${time}.${fraction.padEnd(6, "0")}${hours}:${minutes}`;
}

let installed = false;

/** Makes @dataplan/pg select timestamptz as text and build the ISO string in JavaScript. Idempotent. */
export function installTextTimestamptz(): void {
  if (installed) return;
  installed = true;
  const codec = TYPES.timestamptz as { castFromPg?: unknown; fromPg: unknown };
  codec.castFromPg = (fragment: ReturnType<typeof sql>) => sql`(${fragment})::text`;
  codec.fromPg = isoFromPgTimestamptz;
}
