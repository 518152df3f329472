// The app shell in a real browser against the real server: sign-in per account type, guards, account switching,
// terms, logout and offline start.
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type E2E,
  HOMES,
  mainNavLabels,
  newContext,
  screenshot,
  serviceWorkerReady,
  setOffline,
  signIn,
  startE2E,
  waitForPath,
} from "./app.ts";

/** expect.poll with a timeout that suits a real browser loading pages. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

let e2e: E2E;
const contexts: BrowserContext[] = [];

async function context(): Promise<BrowserContext> {
  const created = await newContext(e2e.browser, e2e.url);
  contexts.push(created);
  return created;
}

async function openAccountMenu(page: Page): Promise<void> {
  await page.getByTestId("account-menu").click();
  await page.getByRole("menu").waitFor();
}

async function menuItems(page: Page): Promise<string[]> {
  return (await page.getByRole("menuitem").allTextContents()).map((text) => text.trim());
}

beforeAll(async () => {
  e2e = await startE2E();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((created) => created.close()));
});

afterAll(async () => {
  await e2e?.close();
});

describe("sign-in lands on the home of the account type with its top-bar links", () => {
  const cases = [
    {
      email: "issuer@demo.test",
      type: "Issuer",
      home: HOMES.issuer,
      links: ["Dashboard", "Assets", "Securities", "Capitalization", "Accreditations", "Reports", "Contacts"],
    },
    {
      email: "broker@demo.test",
      type: "Broker",
      home: HOMES.broker,
      links: ["Dashboard", "Assets", "Capitalization", "Accreditations", "Reports", "Contacts"],
    },
    {
      email: "investor@demo.test",
      type: "Investor",
      home: HOMES.investor,
      links: ["Portfolio", "Wallet", "Documents"],
    },
    {
      email: "agent@demo.test",
      type: "Agent",
      home: HOMES.agent,
      links: ["Distributions", "Transfer requests", "Contacts"],
    },
    { email: "ats@demo.test", type: "ATS", home: HOMES.ats, links: ["Securities", "Contacts"] },
    { email: "admin@demo.test", type: "Admin", home: HOMES.admin, links: ["Forms", "Reports", "Types"] },
  ];

  for (const { email, type, home, links } of cases) {
    it(`${email} -> ${home}`, async () => {
      const page = await signIn(await context(), email);
      await waitForPath(page, home);
      expect(await mainNavLabels(page)).toEqual(links);
      await poll(() => page.getByTestId("account-menu").textContent()).toContain(type);
      // The home's own link is highlighted (admin's home has none: highlight uses the second segment).
      const current = page.getByRole("navigation", { name: "Main" }).locator('[aria-current="page"]');
      if (type === "Admin") expect(await current.count()).toBe(0);
      else expect((await current.textContent())?.trim()).toBe(links[0]);
      await screenshot(page, `home-${type.toLowerCase()}`);
    });
  }
});

describe("guards", () => {
  it("sends another account type to its own home and keeps allowed routes", async () => {
    const page = await signIn(await context(), "investor@demo.test");
    await waitForPath(page, "/portfolio");
    await page.goto("/dashboard");
    await waitForPath(page, "/portfolio");
    await page.goto("/contacts");
    await waitForPath(page, "/portfolio");
    await page.goto("/wallet");
    await waitForPath(page, "/wallet");
    await page.getByRole("heading", { name: "Wallet", level: 1 }).waitFor();
    const active = page.getByRole("navigation", { name: "Main" }).locator('[aria-current="page"]');
    expect(await active.textContent()).toBe("Wallet");
    // Investors see the investors' support centre.
    expect(await page.getByTestId("support-center").getAttribute("href")).toContain("investors");
  });

  it("redirects /settings to /settings/account and shows the tabs of the type", async () => {
    const page = await signIn(await context(), "issuer@demo.test");
    await waitForPath(page, "/dashboard");
    // "/" (the installed app's start URL) leads to the home of the account; so does the logo.
    await page.goto("/");
    await waitForPath(page, "/dashboard");
    await page.goto("/settings");
    await waitForPath(page, "/settings/account");
    const tabs = page.getByRole("navigation", { name: "Settings" }).getByRole("link");
    await tabs.first().waitFor();
    // (Activity: the account's audit trail, issue 19)
    expect(await tabs.allTextContents()).toEqual(["Account", "Delegates", "Integrations", "Activity"]);
    await page.getByRole("link", { name: "Home" }).click();
    await waitForPath(page, "/dashboard");
    // Qualification answers are for investors only.
    await page.goto("/settings/qualification-answers");
    await waitForPath(page, "/dashboard");
    expect(await page.getByTestId("support-center").getAttribute("href")).not.toContain("investors");
  });

  it("sends unknown paths and signed-out visitors to /login", async () => {
    const visitor = await (await context()).newPage();
    await visitor.goto("/dashboard");
    await waitForPath(visitor, "/login");
    await visitor.goto("/no/such/page");
    await waitForPath(visitor, "/login");
    await poll(() => visitor.getByRole("link", { name: "Sign in / Sign up" }).getAttribute("href")).toBe(
      "/authenticate/login",
    );
    await visitor.goto("/login?next=%2Fwallet");
    expect(await visitor.getByRole("link", { name: "Sign in / Sign up" }).getAttribute("href")).toBe(
      "/authenticate/login?next=%2Fwallet",
    );
    await screenshot(visitor, "login");

    const page = await signIn(await context(), "broker@demo.test");
    await waitForPath(page, "/dashboard");
    await page.goto("/definitely-not-a-route");
    await waitForPath(page, "/login");
    await page.goto("/settings/no-such-tab");
    await waitForPath(page, "/login");
  });

  it("keeps the claim page open without a session", async () => {
    const page = await (await context()).newPage();
    await page.goto("/account/claim?status=invalid-token");
    await poll(() => page.getByTestId("claim").textContent()).toContain(
      "Invalid token, contact support for help claiming your account.",
    );
    await page.goto("/account/claim?status=used");
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Account has already been claimed!");
    await page.goto("/account/claim?status=expired-token&email_id=00000000-0000-0000-0000-000000000000");
    await page.getByRole("button", { name: "Claiming token expired, click to resend token!" }).waitFor();
    await screenshot(page, "claim-expired");
  });
});

describe("accounts", () => {
  it("lets a user with several accounts pick one and switch to another", async () => {
    const page = await signIn(await context(), "multi@demo.test");
    await waitForPath(page, "/account-role");
    await page.getByRole("heading", { name: "Select Account" }).waitFor();
    const cards = page.getByTestId("account-card");
    await cards.first().waitFor();
    const names = await page.getByTestId("account-name").allTextContents();
    expect(names).toHaveLength(3);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
    expect(await page.getByTestId("account-role").allTextContents()).toEqual(
      expect.arrayContaining(["account admin", "account viewer", "account owner"]),
    );
    expect(
      await page.getByRole("link", { name: "Don't see your account? Click here to claim!" }).getAttribute("href"),
    ).toBe("/account/claim");
    await screenshot(page, "account-selection");

    await page.goto("/account-role?role=investor");
    await poll(() => cards.count()).toBe(1);
    expect(await page.getByTestId("account-type").allTextContents()).toEqual(["Investor"]);

    await page.goto("/account-role?role=issuer,broker");
    await poll(() => cards.count()).toBe(2);
    await cards.filter({ hasText: "Issuer" }).click();
    await waitForPath(page, "/dashboard");
    expect(await mainNavLabels(page)).toContain("Securities");

    await openAccountMenu(page);
    expect(await menuItems(page)).toEqual(["Switch Role", "Settings", "Support", "Logout"]);
    await page.getByRole("menuitem", { name: "Switch Role" }).click();
    await waitForPath(page, "/account-role");
    await cards.filter({ hasText: "Investor" }).click();
    await waitForPath(page, "/portfolio");
    expect(await mainNavLabels(page)).toEqual(["Portfolio", "Wallet", "Documents"]);
  });

  it("shows pending terms instead of the selection and continues after I AGREE", async () => {
    const page = await signIn(await context(), "terms@demo.test");
    await waitForPath(page, "/account-role");
    await page.getByRole("heading", { name: "Terms of Service", exact: true }).waitFor();
    expect(await page.getByTestId("account-card").count()).toBe(0);
    expect((await page.getByTestId("terms-agreement").textContent())?.length).toBeGreaterThan(20);
    // Sanitized: no script survives into the page.
    expect(await page.getByTestId("terms-agreement").locator("script").count()).toBe(0);
    await screenshot(page, "terms");
    await page.getByRole("button", { name: "I AGREE" }).click();
    await waitForPath(page, "/portfolio");
    // Accepted terms are not asked again.
    await page.goto("/account-role");
    await page.getByRole("heading", { name: "Select Account" }).waitFor();
  });

  it("logout clears the stored account and the local databases, then signs out", async () => {
    const page = await signIn(await context(), "issuer@demo.test");
    await waitForPath(page, "/dashboard");
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.open("ll-test-replica");
          request.onsuccess = () => {
            request.result.close();
            resolve();
          };
          request.onerror = () => reject(request.error);
        }),
    );
    // The URL says /dashboard as soon as the server redirects; the app stores the session once it has loaded it.
    await poll(() => page.evaluate(() => localStorage.getItem("ll.session") ?? "")).toContain("issuer");
    const localNames = () =>
      page.evaluate(async () =>
        (await indexedDB.databases())
          .map((d) => d.name ?? "")
          .filter((name) => name.startsWith("ll-") || name.startsWith("rxdb-dexie-ll-")),
      );
    // The replicas the app opened for this account (Dexie names them rxdb-dexie-ll-...) are there before logout.
    await poll(async () => (await localNames()).some((name) => name.startsWith("rxdb-dexie-ll-"))).toBe(true);
    await openAccountMenu(page);
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await waitForPath(page, "/login");
    await page.waitForLoadState("load");
    expect(await page.evaluate(() => localStorage.getItem("ll.session"))).toBeNull();
    expect(await localNames()).toEqual([]);
    await page.goto("/dashboard");
    await waitForPath(page, "/login");
  });
});

describe("PWA", () => {
  it("is installable in Chromium: manifest, icons and a service worker that controls the page", async () => {
    const page = await signIn(await context(), "agent@demo.test");
    await waitForPath(page, "/distributions");
    await serviceWorkerReady(page);
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(manifestHref).toBeTruthy();
    const manifest = await page.evaluate(async (href) => (await fetch(href ?? "")).json(), manifestHref);
    expect(manifest).toMatchObject({ name: "Ledgerline", short_name: "Ledgerline", display: "standalone" });
    const icons = manifest.icons as { src: string; sizes: string; purpose?: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose ?? "any"}`)).toEqual(
      expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
    );
    for (const icon of icons) {
      const response = await page.request.get(icon.src);
      expect(response.headers()["content-type"]).toContain("image/png");
    }
    // Browsers ask for /favicon.ico on their own (tabs, bookmarks): an icon, not a 404.
    const favicon = await page.request.get("/favicon.ico");
    expect([favicon.status(), favicon.headers()["content-type"]]).toEqual([200, "image/x-icon"]);
    await page.reload();
    await poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    // Test contexts are incognito, which Chromium never offers to install; every other criterion must hold.
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
  });
});

describe("developer pages", () => {
  it("runs a GraphQL operation and a websocket subscription with the session", async () => {
    const page = await signIn(await context(), "broker@demo.test");
    await waitForPath(page, "/dashboard");
    await page.goto("/test/graphql");
    await page.getByRole("button", { name: "Run" }).click();
    await poll(() => page.getByTestId("graphql-result").textContent()).toContain('"currentAccount"');
    expect(await page.getByTestId("graphql-result").textContent()).toContain('"type": "broker"');
    await page.goto("/test/ws");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await poll(() => page.getByText("open", { exact: true }).count()).toBe(1);
  });
});

describe("updates", () => {
  it("offers a new version and reloads into it when no command waits in the outbox", async () => {
    const page = await signIn(await context(), "ats@demo.test");
    await waitForPath(page, "/securities");
    await serviceWorkerReady(page);
    await page.reload();
    await poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect(await page.getByTestId("update-prompt").count()).toBe(0);

    // Publish a new version: any byte change of sw.js is a new service worker.
    appendFileSync(join(e2e.servedDir, "sw.js"), "\n// next version\n");
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const prompt = page.getByTestId("update-prompt");
    await poll(() => prompt.textContent()).toContain("A new version of Ledgerline is available.");
    await screenshot(page, "update-prompt");

    await page.evaluate(() => sessionStorage.setItem("before-update", "yes"));
    await page.evaluate(() => {
      (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
    });
    await prompt.getByRole("button", { name: "Update" }).click();
    // The page reloads into the new version (the window object is new, the tab's session storage stays).
    await poll(() => page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false)).toBe(
      false,
    );
    expect(await page.evaluate(() => sessionStorage.getItem("before-update"))).toBe("yes");
    await waitForPath(page, "/securities");
    expect(await page.getByTestId("update-prompt").count()).toBe(0);
  });
});

describe("updates with queued changes", () => {
  it("holds the update while the outbox holds a command and installs it once the command is sent", async () => {
    const ctx = await context();
    const page = await signIn(ctx, "issuer@demo.test");
    await waitForPath(page, "/dashboard");
    await serviceWorkerReady(page);
    await page.goto("/contacts");
    await page.getByRole("button", { name: "Add contact" }).waitFor();
    await poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    appendFileSync(join(e2e.servedDir, "sw.js"), "\n// version with queued changes\n");
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const prompt = page.getByTestId("update-prompt");
    await prompt.getByRole("button", { name: "Update" }).waitFor();

    // A change made offline waits in the outbox.
    await setOffline(ctx, true);
    await page.getByRole("button", { name: "Add contact" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Contact Name").fill("Update Ulla");
    await dialog.getByLabel("Email").fill(`update-${Date.now()}@demo.test`);
    await dialog.getByRole("button", { name: "Add contact" }).click();
    await dialog.waitFor({ state: "detached" });

    await page.evaluate(() => {
      (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
    });
    await prompt.getByRole("button", { name: "Update" }).click();
    await poll(() => prompt.textContent()).toContain("Your offline changes are still being sent.");
    await page.waitForTimeout(6000);
    expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);
    await screenshot(page, "update-held");

    // Back online the command is sent, and then the held update installs and reloads the page.
    await setOffline(ctx, false);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false), {
        timeout: 40_000,
        interval: 250,
      })
      .toBe(false);
    await waitForPath(page, "/contacts");
  });
});

describe("offline", () => {
  it("reloads offline into the shell with the last account, and a lapsed session goes to /login when back online", async () => {
    const ctx = await context();
    const page = await signIn(ctx, "investor@demo.test");
    await waitForPath(page, "/portfolio");
    // The service worker installs on the first visit and precaches the app shell.
    await serviceWorkerReady(page);
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const request = indexedDB.open("ll-offline-outbox");
          request.onsuccess = () => {
            request.result.close();
            resolve();
          };
        }),
    );
    const accountName = (await page.getByTestId("account-menu").textContent()) ?? "";

    await setOffline(ctx, true);
    await page.reload();
    await waitForPath(page, "/portfolio");
    await page.getByRole("status").filter({ hasText: "Offline" }).waitFor();
    expect(await page.getByTestId("account-menu").textContent()).toBe(accountName);
    await page.goto("/wallet");
    await page.getByRole("heading", { name: "Wallet", level: 1 }).waitFor();
    await screenshot(page, "offline-wallet");

    // The session ends elsewhere while this device is offline (straight to the server: this context's link is cut).
    const response = await ctx.request.get(`${e2e.url}/authenticate/logout`, { maxRedirects: 0 });
    expect(response.status()).toBe(303);
    await setOffline(ctx, false);
    await waitForPath(page, "/login");
    // Local data survives a lapsed session (only Logout deletes it).
    const names = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
    expect(names).toContain("ll-offline-outbox");
  });
});
