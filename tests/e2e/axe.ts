// axe-core in the browser tests (issue 22 item 1, WCAG 2.2 AA): the rules every screen is held to, run on the page as
// it is now. The script is evaluated through the DevTools protocol (the app's Content-Security-Policy refuses an
// injected script tag), once per page. The accessibility walk (accessibility.e2e.test.ts) and the screens' own tests
// (accreditation, api-keys, signing, webhooks) use it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { root } from "./app.ts";

const AXE_SOURCE = readFileSync(join(root, "node_modules", "axe-core", "axe.min.js"), "utf8");

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Best-practice rules (axe rates them moderate or minor) that issue 22 found and fixed: held at zero as well. Headers
 * of expand, action and checkbox columns need a name; every popup sits in a landmark; one h1; headings in order.
 */
export const HELD_AT_ZERO = [
  "empty-table-header",
  "region",
  "page-has-heading-one",
  "heading-order",
  "landmark-one-main",
];

export interface Violation {
  id: string;
  impact: string;
  help: string;
  /** each node's CSS selector path */
  targets: string[];
}

/**
 * axe's serious and critical violations on the page (or inside the `within` selectors), and those of HELD_AT_ZERO;
 * with `bestPractice: false` the WCAG rules only.
 */
export async function axeFindings(
  page: Page,
  options: { within?: string[]; bestPractice?: boolean } = {},
): Promise<Violation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(`${AXE_SOURCE}\n;void 0`);
  const tags = options.bestPractice === false ? WCAG_TAGS : [...WCAG_TAGS, "best-practice"];
  const found = await page.evaluate(
    async ({ tags, within }) => {
      // biome-ignore lint/suspicious/noExplicitAny: axe is evaluated into the page as a global.
      const axe = (window as any).axe;
      const run = await axe.run(within ? { include: within.map((selector) => [selector]) } : document, {
        runOnly: { type: "tag", values: tags },
        resultTypes: ["violations"],
      });
      return (
        run.violations as Array<{ id: string; impact: string; help: string; nodes: Array<{ target: unknown[] }> }>
      ).map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
    },
    { tags, within: options.within ?? null },
  );
  return found.filter((v) => v.impact === "serious" || v.impact === "critical" || HELD_AT_ZERO.includes(v.id));
}

/** The findings as lines that say where: `<path>: <rule> @ <nodes>`. */
export async function axeLines(page: Page): Promise<string[]> {
  const path = new URL(page.url()).pathname;
  return (await axeFindings(page)).map((v) => `${path}: ${v.id} (${v.impact}) ${v.help} @ ${v.targets.join(" | ")}`);
}
