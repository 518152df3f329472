// Webhooks in a real browser against the real server (issue 35 item 1, docs/API.md "Webhooks"): the issuer's owner
// adds an endpoint on the LedgerlineIO page (a local receiver), copies the secret the dialog shows once, sees a
// delivery the receiver refused in the delivery log with its answer, sends it again, and the receiver gets it signed
// with that secret (verified here) while the log turns to Delivered. Offline the section says it needs the network.
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_HEADERS } from "../../src/domain/webhooks.ts";
import { type E2E, newContext, setOffline, signIn, startE2E, waitForPath } from "./app.ts";
import { axeFindings } from "./axe.ts";
import { expectPeopleText } from "./visible-text.ts";

/** axe-core's serious and critical WCAG 2.2 AA violations inside the given element (as the accessibility walk). */
const axeIds = async (page: Page, selector: string) =>
  (await axeFindings(page, { within: [selector], bestPractice: false })).map((v) => v.id);

const poll = <T>(fn: () => T | Promise<T>, timeout = 30_000) => expect.poll(fn, { timeout, interval: 200 });

interface Received {
  headers: IncomingMessage["headers"];
  body: string;
}

let e2e: E2E;
let receiver: Server;
let receiverUrl = "";
const received: Received[] = [];
const answers: number[] = [];
let context: BrowserContext | undefined;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = answers.shift() ?? 200;
      res.writeHead(status, { "content-type": "text/plain" });
      res.end(status === 200 ? "thanks" : "receiver broke");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ledgerline`;
  e2e = await startE2E();
}, 600_000);
afterAll(async () => {
  await context?.close();
  await e2e?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe("webhooks in the browser", () => {
  it("adds an endpoint, shows the secret once, logs a refused delivery and sends it again", async () => {
    const { rows } = await e2e.server.server.db.query<{ id: string }>(
      "select id from app_public.accounts where name = 'Northwind Renewables, Inc.'",
    );
    const issuerId = rows[0]?.id ?? "";
    context = await newContext(e2e.browser, e2e.url);
    const page = await signIn(context, "issuer@demo.test");
    await page.goto(`/authenticate/role/${issuerId}`);
    await waitForPath(page, "/dashboard");
    await page.goto("/ledgerline-io");
    const section = page.getByTestId("webhooks-section");
    await section.getByText("No endpoints yet.").waitFor();

    // add: a bad address is refused on the screen, then the receiver's
    await section.getByRole("button", { name: "Add endpoint" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a webhook endpoint" });
    await dialog.getByLabel("URL").fill("http://hooks.example.com/ledgerline");
    await dialog.getByText("Distribution changed").click();
    await dialog.getByRole("button", { name: "Add" }).click();
    await dialog.getByText("Enter an address that starts with https://", { exact: false }).waitFor();
    expect(await axeIds(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByLabel("URL").fill(receiverUrl);
    await dialog.getByRole("button", { name: "Add" }).click();
    const secretDialog = page.getByRole("dialog", { name: "Your signing secret" });
    const secret = (await secretDialog.getByTestId("webhook-secret").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    await expectPeopleText(page);
    await secretDialog.getByRole("button", { name: "Done" }).click();
    await section.getByText(receiverUrl).waitFor();
    await section.getByText("Distribution changed").waitFor();
    // never shown again
    expect(await page.getByText(secret).count()).toBe(0);

    // an event the receiver refuses: the log shows its answer
    answers.push(500);
    await e2e.server.server.db.query(
      `update app_public.distributions d set amount = d.amount + 1
       where d.id = (select d2.id from app_public.distributions d2
                     join app_public.allocations al on al.id = d2.allocation_id
                     where al.owner_id = $1 and not d2.locked order by d2.id limit 1)`,
      [issuerId],
    );
    await e2e.server.server.webhooks.runDue();
    expect(received).toHaveLength(1);
    const row = section.getByTestId("webhook-delivery").first();
    await poll(() => row.textContent()).toContain("Answered 500: receiver broke");
    expect(await row.textContent()).toContain("Waiting");
    await expectPeopleText(page);

    // Send again: delivered, signed with the secret the dialog showed
    await row.getByRole("button", { name: "Send again" }).click();
    await poll(() => received.length).toBe(2);
    const [first, second] = received;
    expect(second?.headers[WEBHOOK_HEADERS.id]).toBe(first?.headers[WEBHOOK_HEADERS.id]);
    const timestamp = String(second?.headers[WEBHOOK_HEADERS.timestamp]);
    const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${second?.body}`).digest("hex")}`;
    expect(second?.headers[WEBHOOK_HEADERS.signature]).toBe(expected);
    expect(JSON.parse(second?.body ?? "{}")).toMatchObject({ type: "distribution.changed" });
    await poll(() => row.textContent()).toContain("Delivered");
    expect(await row.textContent()).toContain("Answered 200: thanks");
    expect(await axeIds(page, '[data-testid="webhooks-section"]')).toEqual([]);

    // offline, the section says it needs the network
    await setOffline(context, true);
    await section.getByText("Webhooks need the network", { exact: false }).waitFor();
    await setOffline(context, false);
  });
});
