// People's words on every screen (issue 37 finding 1): the visible text of a page (each rendered text node) and the
// visible attributes people meet (aria-label, title, placeholder, alt) hold no API identifiers: no snake_case or
// camelCase words, no SCREAMING_SNAKE settings, no JSON, no UUIDs, no chain ids (ethereum-ledgerline,
// tezos-mainnet...), no undefined / NaN / null / [object Object]. Called wherever the browser tests look at a screen:
// app.ts's screenshot(), the accessibility walk (accessibility.e2e.test.ts), and the local screenshot helpers
// (admin, signing, questions, ocf and delegates at both sizes, outbox-edit).
// A real product word that looks like one of these goes in ALLOWED with why. An operator's identifier the admin
// console shows on purpose (an asset type's key, a question type's regex) and a reference the spec shows (a
// transaction's id) are marked `data-identifier` and skipped.
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** Words that look like identifiers but are what people read. */
const ALLOWED = new Set<string>([
  "iPhone", // a device name in the Activity's device column (a browser's user agent)
  "iPad",
  "macOS",
  "eSign",
]);

const RULES: Array<{ what: string; pattern: RegExp }> = [
  { what: "snake_case", pattern: /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g },
  { what: "SCREAMING_SNAKE", pattern: /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g },
  { what: "camelCase", pattern: /\b[a-z]+[A-Z][A-Za-z0-9]*\b/g },
  { what: "JSON", pattern: /\{\s*"|"\s*:\s*["{[\d]|\[object Object\]/g },
  { what: "UUID", pattern: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi },
  {
    what: "chain id",
    pattern: /\b(?:ethereum|tezos|polygon|ledgerline)-(?:ledgerline|mainnet|rinkeby|goerli|sepolia|ghostnet)\b/gi,
  },
  { what: "missing value", pattern: /\b(?:undefined|NaN|null)\b/g },
  // a dotted key (distribution.amount, date.signed); a domain (demo.test, example.com, a website such as
  // northwind-renewables.example) is not one
  {
    what: "dotted key",
    pattern: /\b[a-z]+(?:\.[a-z][A-Za-z]*)+\b(?<!\.(?:com|io|org|net|dev|test|app|example))(?![.-]?[A-Za-z0-9])/g,
  },
];

/** A token that is an e-mail address, a web address, a file name or a wallet address is what people typed or read. */
function ignored(text: string, index: number, match: string): boolean {
  const start = text.lastIndexOf(" ", index) + 1;
  const endSpace = text.slice(index).search(/\s/);
  const token = text.slice(start, endSpace < 0 ? text.length : index + endSpace);
  if (ALLOWED.has(match)) return true;
  if (/@|:\/\/|^www\.|^0x[0-9a-f]+|^tz\d|^KT1/i.test(token)) return true;
  if (/\.(csv|tsv|pdf|png|jpe?g|json|txt|docx?|xlsx?|zip)\b/i.test(token)) return true;
  return false;
}

/** The offending words of a text, as "what: word" (empty when it reads as people's words). */
export function apiWords(text: string): string[] {
  const found = new Set<string>();
  for (const { what, pattern } of RULES) {
    for (const match of text.matchAll(pattern)) {
      if (ignored(text, match.index ?? 0, match[0])) continue;
      const around = text.slice(Math.max(0, (match.index ?? 0) - 40), (match.index ?? 0) + match[0].length + 40);
      found.add(`${what}: ${match[0]} (in "${around.replaceAll(/\s+/g, " ").trim()}")`);
    }
  }
  return [...found];
}

/** The page's visible text and visible attributes, one block each. */
export async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    // each rendered text node on its own (innerText would glue adjacent buttons' words: "Add roundEdit")
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const said = node.textContent?.trim();
      if (!parent || !said || parent.closest("script, style, noscript, [data-identifier]")) continue;
      if (parent.getClientRects().length === 0 || getComputedStyle(parent).visibility === "hidden") continue;
      parts.push(said);
    }
    for (const element of document.querySelectorAll("[aria-label], [title], [placeholder], img[alt]")) {
      const html = element as HTMLElement;
      if (html.getClientRects().length === 0) continue;
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        const value = html.getAttribute(name);
        if (value) parts.push(value);
      }
    }
    return parts.join("\n");
  });
}

/** Fails with the offending words when the screen shows an API identifier (above). */
export async function expectPeopleText(page: Page, screen = new URL(page.url()).pathname): Promise<void> {
  const found = apiWords(await visibleText(page));
  expect(found, `API words on ${screen}`).toEqual([]);
}
