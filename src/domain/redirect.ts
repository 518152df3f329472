// Where `?next=` may send the browser after sign-in, account selection and claim (server and device alike).
// Browsers forgive a lot in a Location header: they drop tabs and newlines, read "\" as "/", and take a path that
// starts with "//" as another host. So a `next` is followed only when it is a plain same-origin path: it must start
// with one "/", contain no control character and no backslash (raw or as a full-width "＼"), resolve against our own
// origin to that same origin, and the path it resolves to must not itself start with "//" ("/.//evil" resolves to
// "//evil"). The answer is the resolved pathname + search + hash, never the raw text.

const PLACEHOLDER_ORIGIN = "https://ledgerline.invalid";

// C0 controls, DEL, C1 controls, and the Unicode line/paragraph separators; any backslash (ASCII or full-width).
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\\uff3c]/;

/** A same-origin path to continue to, or null when `next` is missing or could lead anywhere else. */
export function safeNextPath(next: string | null | undefined, origin: string = PLACEHOLDER_ORIGIN): string | null {
  if (typeof next !== "string" || next.length === 0 || next.length > 2048) return null;
  if (!next.startsWith("/") || next.startsWith("//") || FORBIDDEN.test(next)) return null;
  let base: URL;
  let resolved: URL;
  try {
    base = new URL(origin);
    resolved = new URL(next, base);
  } catch {
    return null;
  }
  if (resolved.origin !== base.origin || resolved.username || resolved.password) return null;
  if (resolved.pathname.startsWith("//")) return null;
  return resolved.pathname + resolved.search + resolved.hash;
}

/**
 * A query string with a hostile `next` removed (the rest kept), for the device's links that carry the current
 * query on to the server's sign-in and account-selection routes.
 */
export function withSafeNext(search: string): string {
  const params = new URLSearchParams(search);
  const next = params.get("next");
  if (next === null) return search;
  const safe = safeNextPath(next);
  if (safe === null) params.delete("next");
  else params.set("next", safe);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}
