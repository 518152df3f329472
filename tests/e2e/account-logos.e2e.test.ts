// Account logos (issue 35 item 7): an account's admin chooses a logo in Settings while offline: it shows at once in
// Settings and in the top bar's account menu (the device's own copy) and waits; back online it uploads once. The
// logo's link is checked and saved. The account selection's card and, after picking the account, the top bar show
// the server's logo, and so does an offline reload once it was seen; an investor of the issuer sees it on the
// issuer's page, and a viewer sees it read-only in Settings. Screenshots at 1440x900 and 390x844.
import { deflateSync } from "node:zlib";
import type { BrowserContext, Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type E2E,
  newContext,
  screenshot,
  serviceWorkerReady,
  setOffline,
  signIn,
  startE2E,
  waitForPath,
} from "./app.ts";

const poll = <T>(fn: () => T | Promise<T>, timeout = 30_000) => expect.poll(fn, { timeout, interval: 150 });

let e2e: E2E;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await Promise.all(contexts.splice(0).map((created) => created.close()));
  await e2e?.close();
});

const ISSUER = "Northwind Renewables, Inc.";

/** A 96x96 PNG: a green field with a white square, drawn here so the test needs no fixture file. */
function logoPng(): Buffer {
  const size = 96;
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0); // filter: none
    for (let x = 0; x < size; x++) {
      const inner = x >= 28 && x < 68 && y >= 28 && y < 68;
      rows.push(...(inner ? [255, 255, 255] : [22, 128, 84]));
    }
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.from(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Whether the avatar shows an image the browser has actually drawn (loaded, not broken). */
const drawnImage = (avatar: Locator) =>
  avatar.evaluate((element) => {
    const image = element.querySelector("img");
    return image?.complete && image.naturalWidth > 0 ? image.getAttribute("src") : null;
  });

async function issuerRow() {
  const { rows } = await e2e.server.server.db.query<{ id: string; logo_url: string | null; logo_link: string | null }>(
    "select id, logo_url, logo_link from app_public.accounts where name = $1",
    [ISSUER],
  );
  return rows[0]!;
}

describe("account logos", () => {
  it("chosen offline in Settings, shown at once, uploaded once; then on the selection cards, the top bar and the issuer's page", async () => {
    const context = await newContext(e2e.browser, e2e.url);
    contexts.push(context);
    // multi@demo.test is an admin of the issuer and belongs to other accounts: the account selection comes first
    const page = await signIn(context, "multi@demo.test");
    await page.setViewportSize({ width: 1440, height: 900 });
    await waitForPath(page, "/account-role");
    const issuerCard = page.getByTestId("account-card").filter({ hasText: ISSUER });
    expect(await issuerCard.getByTestId("account-logo").getAttribute("data-logo")).toBe("initials");
    await issuerCard.click();
    await waitForPath(page, "/dashboard");
    await serviceWorkerReady(page);
    await page.goto("/settings/account");
    const settings = page.getByTestId("logo-settings");
    await settings.waitFor();
    expect(await settings.getByTestId("settings-logo").getAttribute("data-logo")).toBe("initials");

    // a text file named .png is refused on the device with the server's words, nothing kept
    await settings.getByTestId("logo-file").setInputFiles({
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("just some text"),
    });
    await settings.getByText("A logo must be a PNG, JPEG or WebP image.").waitFor();

    await setOffline(context, true);
    await settings.getByTestId("logo-file").setInputFiles({
      name: "Northwind mark.png",
      mimeType: "image/png",
      buffer: logoPng(),
    });
    await settings.getByTestId("logo-waiting").waitFor();
    await poll(() => drawnImage(settings.getByTestId("settings-logo"))).toMatch(/^blob:/);
    await poll(() => drawnImage(page.getByTestId("account-menu-logo"))).toMatch(/^blob:/);
    expect((await issuerRow()).logo_url).toBeNull();

    await setOffline(context, false);
    await poll(() => settings.getByTestId("logo-waiting").count(), 60_000).toBe(0);
    await poll(async () => (await issuerRow()).logo_url, 60_000).toMatch(/^\/api\/v2\/logos\//);
    const logoUrl = (await issuerRow()).logo_url;
    await poll(() => drawnImage(settings.getByTestId("settings-logo")), 60_000).toBe(logoUrl);
    const slots = await e2e.server.server.db.query(
      "select 1 from app_private.upload_slots where file_name = 'Northwind mark.png' and status = 'uploaded'",
    );
    expect(slots.rows).toHaveLength(1);

    // the logo's link: a bad address is refused with its text, a web address is saved
    const link = settings.getByLabel("Logo link");
    await link.fill("northwind dot example");
    await settings.getByRole("button", { name: "Save link" }).click();
    await settings.getByText("Logo link must be a web address such as https://example.com.").waitFor();
    await link.fill("https://northwind-renewables.example/about");
    await settings.getByRole("button", { name: "Save link" }).click();
    await poll(async () => (await issuerRow()).logo_link).toBe("https://northwind-renewables.example/about");
    await screenshot(page, "logo-settings-1440");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "logo-settings-390");
    await page.setViewportSize({ width: 1440, height: 900 });

    // the account selection's card shows the server's logo
    await page.goto("/account-role");
    await poll(() => drawnImage(issuerCard.getByTestId("account-logo"))).toBe(logoUrl);
    await screenshot(page, "logo-account-selection-1440");
    await page.setViewportSize({ width: 390, height: 844 });
    await poll(() => drawnImage(issuerCard.getByTestId("account-logo"))).toBe(logoUrl);
    await screenshot(page, "logo-account-selection-390");

    // picked again: the top bar's menu shows it and the logo links to the account's site
    await issuerCard.click();
    await waitForPath(page, "/dashboard");
    await poll(() => drawnImage(page.getByTestId("account-menu-logo"))).toBe(logoUrl);
    expect(
      await page
        .getByRole("link", { name: "Ledgerline, the account's website (opens in a new tab)" })
        .getAttribute("href"),
    ).toBe("https://northwind-renewables.example/about");
    await screenshot(page, "logo-top-bar-390");
    await page.setViewportSize({ width: 1440, height: 900 });

    // seen once, it shows offline too (the service worker kept it)
    await setOffline(context, true);
    await page.reload();
    await poll(() => drawnImage(page.getByTestId("account-menu-logo"))).toBe(logoUrl);
    await screenshot(page, "logo-top-bar-offline-1440");
    await setOffline(context, false);

    // an investor of the issuer sees it on the issuer's page
    const investorContext = await newContext(e2e.browser, e2e.url);
    contexts.push(investorContext);
    const investor = await signIn(investorContext, "investor@demo.test");
    await investor.setViewportSize({ width: 1440, height: 900 });
    await investor.goto(`/issuer/${(await issuerRow()).id}`);
    const issuerLogo = investor.getByRole("img", { name: `${ISSUER} logo` });
    await poll(() => drawnImage(issuerLogo), 60_000).toBe(logoUrl);
    await screenshot(investor, "logo-issuer-page-1440");

    // a viewer of the issuer sees the logo and its link in Settings, read-only
    const viewerContext = await newContext(e2e.browser, e2e.url);
    contexts.push(viewerContext);
    const viewer = await signIn(viewerContext, "issuer-viewer@demo.test");
    await viewer.goto("/settings/account");
    const readOnly = viewer.getByTestId("logo-settings");
    await poll(() => drawnImage(readOnly.getByTestId("settings-logo")), 60_000).toBe(logoUrl);
    await readOnly.getByText("Only owners and admins can change the logo.").waitFor();
    expect(await readOnly.getByTestId("logo-link").textContent()).toContain(
      "https://northwind-renewables.example/about",
    );
    expect(await readOnly.getByRole("button").count()).toBe(0);
  });
});
