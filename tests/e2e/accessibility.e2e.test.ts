// Accessibility (issue 22 item 1, WCAG 2.2 AA): axe-core over every screen of every demo account type, at 1440 x 900
// and at 390 x 844 (issue 37: no screen scrolls the page sideways at either size), plus the
// states a screen opens into (the account menu, an expanded asset), with zero serious or critical violations; the
// top bar, account menu and a grid used by keyboard alone. Text that fits is not cut (item 5) at 1440 px.
// One server, one browser, one signed-in context per account.
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, resultsDir, signIn, startE2E } from "./app.ts";
import { axeFindings, type Violation } from "./axe.ts";
import { expectPeopleText } from "./visible-text.ts";

let e2e: E2E;

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await e2e.server.server.db.query<T>(text, params)).rows;
}

async function one(text: string, params: unknown[] = []): Promise<string> {
  const row = (await sql<{ id: string }>(text, params))[0];
  if (!row) throw new Error(`no row for ${text}`);
  return row.id;
}

/**
 * Waits until the screen has settled: an h1, nothing loading, and the same for half a second (a route change can
 * show the previous screen's heading, then a moment with none). A screen that never gets an h1 is checked after
 * 20 s, and axe reports it.
 */
async function settled(page: Page): Promise<void> {
  const state = () =>
    page.evaluate(() => {
      // The router (TanStack Router keeps itself on self.__TSR_ROUTER__) has finished loading this location.
      const router = (
        self as unknown as {
          __TSR_ROUTER__?: { state: { status: string; resolvedLocation?: { pathname: string } } };
        }
      ).__TSR_ROUTER__;
      const routed =
        !router || (router.state.status === "idle" && router.state.resolvedLocation?.pathname === location.pathname);
      const main = document.querySelector("main");
      const heading = main?.querySelector("h1")?.textContent ?? null;
      const loading = (main?.textContent ?? "").includes("Loading…");
      return routed && heading !== null && !loading ? `${location.pathname}|${heading}` : null;
    });
  const deadline = Date.now() + 20_000;
  let last: string | null = null;
  let same = 0;
  while (Date.now() < deadline && same < 4) {
    const now = await state().catch(() => null);
    same = now !== null && now === last ? same + 1 : 0;
    last = now;
    await page.waitForTimeout(150);
  }
}

/** Client-side navigation (the router follows popstate): keeps the local database open between screens. */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}`.startsWith(path.replace(/\/$/, "")));
  await settled(page);
}

function report(found: Array<{ screen: string; violation: Violation }>): string[] {
  return found.map(
    ({ screen, violation: v }) => `${screen}: ${v.id} (${v.impact}) ${v.help} @ ${v.targets.slice(0, 4).join(" | ")}`,
  );
}

interface Screen {
  path: string;
  /** A state to open before checking (the screen is checked before and after). */
  open?: (page: Page) => Promise<void>;
  label?: string;
}

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The page scrolls sideways (wider than the window): reported like a violation, with the element furthest out. */
async function overflow(page: Page): Promise<Violation | null> {
  const found = await page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= width) return null;
    let widest = "";
    let right = 0;
    for (const element of Array.from(document.querySelectorAll("main *, header *, footer *"))) {
      const box = element.getBoundingClientRect();
      if (box.right > width && box.right > right) {
        right = box.right;
        const testId = element.getAttribute("data-testid");
        widest = `${element.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ""} "${(element.textContent ?? "").trim().slice(0, 30)}"`;
      }
    }
    return { scrollWidth, width, widest };
  });
  if (!found) return null;
  return {
    id: "horizontal-overflow",
    impact: "serious",
    help: `the page is ${found.scrollWidth - found.width} px wider than the window`,
    targets: [found.widest],
  };
}

async function auditAccount(context: BrowserContext, email: string, screens: Screen[]): Promise<string[]> {
  const page = await signIn(context, email);
  await settled(page);
  const found: Array<{ screen: string; violation: Violation }> = [];
  const check = async (screen: string, within?: string[]) => {
    for (const violation of await axeFindings(page, { within })) found.push({ screen, violation });
    // people's words on every screen of the walk (issue 37: no API identifiers, visible-text.ts)
    await expectPeopleText(page, screen);
  };
  // The screen as it is, at 1440 x 900 and at 390 x 844 (a phone): axe's serious and critical rules, and no
  // sideways scrolling of the page, at both sizes (issue 37 findings 3 and 6).
  const checkBoth = async (screen: string) => {
    for (const [size, viewport] of [
      ["1440", DESKTOP],
      ["390", PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      if (size === "390") await page.waitForTimeout(400);
      const label = `${screen} @${size}`;
      await check(label);
      const wide = await overflow(page);
      if (wide) found.push({ screen: label, violation: wide });
    }
    await page.setViewportSize(DESKTOP);
  };
  await checkBoth(`${email} ${new URL(page.url()).pathname}`);
  // The account menu's popup, open: the top bar with it (the page under it was checked above; an open popup
  // covering part of a control is not that control's fault).
  await page.getByTestId("account-menu").click();
  await page.getByRole("menu").waitFor();
  await check(`${email} account menu`, ["header", "[role=menu]"]);
  await page.keyboard.press("Escape");
  for (const screen of screens) {
    await visit(page, screen.path);
    await checkBoth(`${email} ${screen.path}`);
    if (screen.open) {
      await screen.open(page);
      await check(`${email} ${screen.path} ${screen.label ?? "opened"}`);
    }
  }
  return report(found);
}

let ids: Record<string, string>;

/** A desktop context (1440 px) that lets the page take axe's script despite the app's Content-Security-Policy. */
function newContext(): Promise<BrowserContext> {
  return e2e.browser.newContext({
    baseURL: e2e.url,
    viewport: DESKTOP,
    serviceWorkers: "allow",
    bypassCSP: true,
  });
}

beforeAll(async () => {
  e2e = await startE2E();
  const issuer = await one("select id from app_public.accounts where slug = 'northwind-renewables'");
  const broker = await one("select id from app_public.accounts where slug = 'harborview-capital'");
  const investor = await one("select id from app_public.accounts where email = 'investor@demo.test'");
  const ats = await one("select id from app_public.accounts where slug = 'meridian-ats'");
  ids = {
    issuer,
    broker,
    investor,
    ats,
    round: await one("select id from app_public.rounds where name = 'Series A'"),
    // A round whose token is set up (its token view shows the token, its contract and the ledger).
    tokenRound: await one("select round_id as id from app_public.tokens order by created_on limit 1"),
    security: await one("select id from app_public.securities where issuer_id = $1 order by created_on limit 1", [
      issuer,
    ]),
    holding: await one("select id from app_public.holdings where investor_id = $1 order by issued_on limit 1", [
      investor,
    ]),
    transaction: await one("select id from app_public.transactions where issuer_id = $1 order by created_on limit 1", [
      issuer,
    ]),
    allocation: await one("select id from app_public.allocations where name = 'Series A Direct'"),
    distribution: await one(
      `select d.id from app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
        where d.investor_id = $1 and al.name = 'Series A Direct'`,
      [investor],
    ),
    // A built-in signing template of the issuer and a mapping of it (the signing screens; the signing e2e test makes
    // them through the screens), and a message id for /message/{id}.
    ...(await signingIds(issuer)),
    listedSecurity: await one(
      "select security_id as id from app_public.security_listings where exchange_id = $1 limit 1",
      [ats],
    ).catch(() => ""),
  };
});

afterAll(async () => {
  await e2e?.close();
});

async function signingIds(issuer: string): Promise<{ signingTemplate: string; mappedTemplate: string }> {
  const signingTemplate = await one(
    `insert into app_public.signing_templates (signing_account_id, provider_template_id, name, sync_status, synced_on,
        roles, fields)
     select s.id, 'a11y-template', 'Accessibility Agreement', 'synced', now(),
        '[{"name":"Investor"}]'::jsonb, '[{"name":"Full name","role":"Investor"}]'::jsonb
       from app_public.signing_accounts s where s.account_id = $1 returning id`,
    [issuer],
  );
  const mappedTemplate = await one(
    `insert into app_public.mapped_signing_templates (signing_template_id, account_id, name, template_updated_on)
     values ($1, $2, 'Accessibility mapping', now()) returning id`,
    [signingTemplate, issuer],
  );
  return { signingTemplate, mappedTemplate };
}

const expandFirstAsset = async (page: Page) => {
  await page
    .getByRole("button", { name: /^Show rounds of / })
    .first()
    .click();
  await page
    .getByRole("table", { name: /^Rounds of / })
    .first()
    .waitFor();
  await page.waitForTimeout(300);
};

const openSetupToken = async (page: Page) => {
  await page.getByRole("button", { name: "Setup Token" }).click();
  await page.getByRole("dialog").waitFor();
  await page.waitForTimeout(300);
};

const ALLOCATION_VIEWS = [
  "allocation",
  "invite",
  "investors",
  "distribution",
  "bulk-invite",
  "bulk-update",
  "bulk-annotate",
  "links",
  "email",
];

function vendorScreens(type: "issuer" | "broker"): Screen[] {
  return [
    { path: "/dashboard" },
    { path: "/assets", open: expandFirstAsset, label: "expanded" },
    ...(type === "issuer" ? [{ path: "/securities" }] : []),
    { path: "/capitalization" },
    { path: "/accreditations" },
    { path: "/reports" },
    { path: "/contacts" },
    { path: "/distributions" },
    { path: `/security/${ids.security}` },
    ...(type === "issuer"
      ? [
          { path: "/holdings" },
          { path: "/distributors" },
          { path: `/distributor/${ids.broker}` },
          { path: `/asset-class/${ids.round}/capital` },
          { path: `/asset-class/${ids.round}/token`, open: openSetupToken, label: "Setup Token" },
          { path: `/asset-class/${ids.tokenRound}/token` },
        ]
      : [{ path: "/issuers" }, { path: `/broker/${ids.issuer}` }, { path: `/issuer/${ids.issuer}` }]),
    { path: `/asset-class/${ids.round}/manage` },
    { path: `/holding/${ids.holding}` },
    { path: `/investor/${ids.investor}` },
    { path: "/messages" },
    { path: "/transactions" },
    { path: `/transaction/${ids.transaction}` },
    ...ALLOCATION_VIEWS.map((view) => ({ path: `/distribute-allocation/${ids.allocation}/${view}` })),
    { path: "/onboarding-questions" },
    { path: "/docusign/templates" },
    ...(type === "issuer"
      ? [
          { path: `/docusign/templates/${ids.signingTemplate}` },
          { path: `/docusign/templates/${ids.signingTemplate}/${ids.mappedTemplate}` },
          { path: `/docusign/test/${ids.signingTemplate}/${ids.mappedTemplate}` },
        ]
      : []),
    { path: "/north-capital/issuers" },
    { path: "/settings/account" },
    { path: "/settings/delegates" },
    ...(type === "issuer" ? [{ path: "/settings/activity" }] : []),
    { path: "/settings/integrations" },
    { path: `/message/${ids.issuer}` },
  ];
}

describe("axe: no serious or critical WCAG 2.2 AA violation on any screen", () => {
  const accounts: Array<{ email: string; screens: () => Screen[] }> = [
    { email: "issuer@demo.test", screens: () => vendorScreens("issuer") },
    { email: "broker@demo.test", screens: () => vendorScreens("broker") },
    {
      email: "investor@demo.test",
      screens: () => [
        { path: "/wallet" },
        { path: "/investor-documents" },
        { path: `/distribution/${ids.distribution}` },
        { path: `/offer-wall/${ids.issuer}/offering/${ids.allocation}` },
        { path: `/issuer/${ids.issuer}` },
        { path: `/broker/${ids.issuer}` },
        { path: `/asset-class/${ids.round}/manage` },
        { path: `/holding/${ids.holding}` },
        { path: "/transactions" },
        { path: `/transaction/${ids.transaction}` },
        { path: "/messages" },
        { path: "/settings/account" },
        { path: "/settings/delegates" },
        { path: "/settings/qualification-answers" },
        { path: "/settings/integrations" },
        { path: "/portfolio" },
      ],
    },
    {
      email: "agent@demo.test",
      screens: () => [
        { path: "/contacts" },
        { path: "/settings/account" },
        { path: "/settings/delegates" },
        { path: "/distributions" },
      ],
    },
    {
      email: "ats@demo.test",
      screens: () => [
        { path: "/contacts" },
        ...(ids.listedSecurity ? [{ path: `/security/${ids.listedSecurity}` }] : []),
        { path: "/settings/account" },
        { path: "/settings/delegates" },
        { path: "/securities" },
      ],
    },
    {
      email: "admin@demo.test",
      screens: () => [
        { path: "/admin" },
        { path: "/admin/forms" },
        { path: "/admin/reports" },
        { path: "/admin/types" },
        { path: "/settings/account" },
      ],
    },
    { email: "newinvestor@demo.test", screens: () => [{ path: "/account/setup" }] },
  ];

  for (const { email, screens } of accounts) {
    it(email, async () => {
      const context = await newContext();
      try {
        const found = await auditAccount(context, email, screens());
        expect(found, found.join("\n")).toEqual([]);
      } finally {
        await context.close();
      }
      // an account's walk is every screen at two sizes with axe and the text check: minutes on a loaded machine
    }, 300_000);
  }

  it("the session pages: /login and the account selection", async () => {
    const context = await newContext();
    try {
      const found: Array<{ screen: string; violation: Violation }> = [];
      const page = await context.newPage();
      await page.goto("/login");
      await page.getByRole("link", { name: "Sign in / Sign up" }).waitFor();
      for (const violation of await axeFindings(page)) found.push({ screen: "/login", violation });
      const multi = await signIn(context, "multi@demo.test");
      await multi.waitForURL((url) => url.pathname === "/account-role");
      await multi.getByRole("heading", { level: 1 }).waitFor();
      await multi.waitForTimeout(300);
      for (const violation of await axeFindings(multi)) found.push({ screen: "/account-role", violation });
      const lines = report(found);
      expect(lines, lines.join("\n")).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("keyboard alone", () => {
  const active = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return { tag: element?.tagName ?? "", text: element?.textContent?.trim() ?? "", id: element?.id ?? "" };
    });

  it("skip link, top bar, account menu and a grid", async () => {
    const context = await newContext();
    try {
      const page = await signIn(context, "issuer@demo.test");
      await settled(page);
      // From the top of the page: the skip link takes focus and is visible above the bar.
      await page.evaluate(() => {
        document.body.tabIndex = -1;
        document.body.focus();
        document.body.removeAttribute("tabindex");
      });
      await page.keyboard.press("Tab");
      expect((await active(page)).text).toBe("Skip to content");
      const skipVisible = await page.evaluate(() => {
        const link = document.activeElement as HTMLElement;
        const box = link.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return box.width > 0 && box.y >= 0 && (hit === link || link.contains(hit));
      });
      expect(skipVisible).toBe(true);
      await page.screenshot({
        path: join(resultsDir, "a11y-skip-link.png"),
        clip: { x: 0, y: 0, width: 1440, height: 120 },
      });
      // It leads to the screen's content.
      await page.keyboard.press("Enter");
      expect((await active(page)).id).toBe("main");

      // The top bar: its links by Tab, with a ring drawn inside the bar in a colour that shows on navy.
      await page.evaluate(() => {
        document.body.tabIndex = -1;
        document.body.focus();
        document.body.removeAttribute("tabindex");
      });
      for (let i = 0; i < 8 && (await active(page)).text !== "Assets"; i++) await page.keyboard.press("Tab");
      expect((await active(page)).text).toBe("Assets");
      const ring = await page.evaluate(() => {
        const link = document.activeElement as HTMLElement;
        const style = getComputedStyle(link);
        const width = Number.parseFloat(style.outlineWidth);
        const offset = Number.parseFloat(style.outlineOffset);
        const box = link.getBoundingClientRect();
        const nav = (link.closest("nav") as HTMLElement).getBoundingClientRect();
        const grow = width + offset;
        return {
          style: style.outlineStyle,
          color: style.outlineColor,
          inside:
            box.top - grow >= nav.top - 0.5 &&
            box.bottom + grow <= nav.bottom + 0.5 &&
            box.left - grow >= nav.left - 0.5 &&
            box.right + grow <= nav.right + 0.5,
        };
      });
      expect(ring).toEqual({ style: "solid", color: "rgb(255, 255, 255)", inside: true });
      await page.screenshot({
        path: join(resultsDir, "a11y-focus-ring.png"),
        clip: { x: 0, y: 0, width: 1440, height: 120 },
      });
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname === "/assets");

      // The account menu: Enter opens it, arrows move, Escape closes it and gives focus back.
      await page.getByTestId("account-menu").focus();
      await page.keyboard.press("Enter");
      const menu = page.getByRole("menu");
      await menu.waitFor();
      // The popup sits in the top bar's banner landmark, not loose at the end of the page (axe's page-level
      // region rule does not see a popup there, so it is checked here).
      expect(await menu.evaluate((el) => el.closest("header")?.tagName ?? null)).toBe("HEADER");
      await page.keyboard.press("ArrowDown");
      await expect.poll(() => menu.locator("[data-highlighted]").count()).toBe(1);
      await page.keyboard.press("Escape");
      await menu.waitFor({ state: "hidden" });
      // (the menu gives focus back once its closing has finished: slower on a loaded machine, where an arrow key's
      // late frame once moved focus into the closing popup and lost it; the poll names where focus is instead)
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const el = document.activeElement as HTMLElement | null;
              if (el?.dataset.testid === "account-menu") return "account-menu";
              return `${el?.tagName} ${el?.getAttribute("data-scope") ?? ""} ${el?.getAttribute("data-part") ?? ""}`;
            }),
          { timeout: 20_000 },
        )
        .toBe("account-menu");

      // A grid: Tab reaches its cells, arrows move between rows.
      await visit(page, "/holdings");
      await page.locator(".ag-row").first().waitFor();
      await page.getByRole("searchbox").first().focus();
      for (let i = 0; i < 10; i++) {
        if (await page.evaluate(() => Boolean(document.activeElement?.closest(".ag-row")))) break;
        await page.keyboard.press("Tab");
      }
      const rowOf = () =>
        page.evaluate(() => document.activeElement?.closest(".ag-row")?.getAttribute("row-index") ?? null);
      const first = await rowOf();
      expect(first).not.toBeNull();
      await page.keyboard.press("ArrowDown");
      expect(Number(await rowOf())).toBe(Number(first) + 1);
    } finally {
      await context.close();
    }
  });
});
