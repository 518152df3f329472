// Delegates in a real browser against the real server (spec part 2 settings; docs/PERMISSIONS.md "Delegates"):
//  - the owner adds a delegate (Viewer) by email: the invitation is listed as pending among the delegates; the owner
//    resends it (a new link) and revokes another one; the new link, opened after signing up, makes them a member who
//    signs in with that role (the Delegates tab read-only) and the invitation leaves the list;
//  - the owner suspends them: the delegate's open browser leaves the account's screens and drops its local data
//    within seconds;
//  - a suspension made while the delegate is offline takes effect when her browser is back online;
//  - the owner transfers the ownership to an admin: both browsers must sign in again; the old owner is an admin and
//    no longer sees Transfer Ownership, the new owner does.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, newContext, pathOf, resultsDir, setOffline, signIn, startE2E, waitForPath } from "./app.ts";
import { expectPeopleText } from "./visible-text.ts";

const poll = <T>(fn: () => T | Promise<T>, timeout = 30_000) => expect.poll(fn, { timeout, interval: 200 });
const SHOTS = process.env.LL_SHOTS_DIR ?? resultsDir;

let e2e: E2E;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  e2e = await startE2E();
  mkdirSync(SHOTS, { recursive: true });
}, 600_000);
afterAll(async () => {
  await Promise.all(contexts.splice(0).map((created) => created.close()));
  await e2e?.close();
});

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await e2e.server.server.db.query<T>(sql, params);
  if (!rows[0]) throw new Error(`no row: ${sql}`);
  return rows[0];
}

async function context(): Promise<BrowserContext> {
  const created = await newContext(e2e.browser, e2e.url);
  contexts.push(created);
  return created;
}

/** Signed in and acting as the issuer account, on the Delegates tab. */
async function delegatesAs(ctx: BrowserContext, email: string, issuerId: string): Promise<Page> {
  const page = await signIn(ctx, email);
  await page.goto(`/authenticate/role/${issuerId}`);
  await waitForPath(page, "/dashboard");
  await page.goto("/settings/delegates");
  await waitForPath(page, "/settings/delegates");
  return page;
}

const row = (page: Page, email: string) => page.getByTestId("delegate-row").filter({ hasText: email });

/** The names of this page's IndexedDB databases of the given account. */
const accountDatabases = (page: Page, accountId: string) =>
  page.evaluate(
    async (id) => (await indexedDB.databases()).map((d) => d.name ?? "").filter((name) => name.includes(id)),
    accountId,
  );

/** The owner sets a delegate's status through the edit form. */
async function setStatus(owner: Page, email: string, status: "Active" | "Suspended"): Promise<void> {
  await row(owner, email).getByRole("button", { name: "Edit" }).click();
  const edit = owner.getByTestId("delegate-form");
  await edit.getByRole("combobox", { name: "Status" }).click();
  await owner.getByRole("option", { name: status }).click();
  await edit.getByRole("button", { name: "Save" }).click();
  await edit.waitFor({ state: "detached" });
  await poll(() => row(owner, email).textContent()).toContain(status);
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of [
    ["desktop", { width: 1440, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(300);
    await expectPeopleText(page, `delegates ${name} (${size})`);
    await page.screenshot({ path: join(SHOTS, `delegates-${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe("delegates", () => {
  it("invite, claim and sign in with the role; suspension empties the delegate's browser; transfer of ownership", async () => {
    const issuerId = (
      await one<{ id: string }>("select id from app_public.accounts where name = 'Northwind Renewables, Inc.'")
    ).id;
    const delegateEmail = `dana-${Date.now()}@e2e.test`;

    // The owner adds a delegate who has no sign-in yet.
    const ownerCtx = await context();
    const owner = await delegatesAs(ownerCtx, "issuer@demo.test", issuerId);
    await row(owner, "issuer@demo.test").waitFor();
    await shoot(owner, "list");
    await owner.getByRole("button", { name: "Add Delegate" }).click();
    const form = owner.getByTestId("delegate-form");
    await form.getByRole("button", { name: "Add Delegate" }).click();
    await form.getByText("First name is required.").waitFor();
    await form.getByText("Role is required.").waitFor();
    await form.getByLabel("First Name").fill("Dana");
    await form.getByLabel("Last Name").fill("Delegate");
    await form.getByLabel("Email").fill(delegateEmail);
    await form.getByRole("combobox", { name: "Role" }).click();
    await owner.getByRole("option", { name: "Viewer" }).click();
    await shoot(owner, "add-form");
    await form.getByRole("button", { name: "Add Delegate" }).click();
    await form.waitFor({ state: "detached" });

    // Pending among the delegates until claimed; the owner resends it (a new link: the old one stops working).
    const invitation = owner.getByTestId("invitation-row").filter({ hasText: delegateEmail });
    await poll(() => invitation.getAttribute("data-status")).toBe("pending");
    expect(await invitation.textContent()).toContain("Viewer");
    const mails = async () =>
      (
        await e2e.server.server.db.query(
          "select 1 from app_private.mail_outbox where to_address = $1 and kind = 'delegate_invitation'",
          [delegateEmail],
        )
      ).rows.length;
    await poll(mails).toBe(1);
    await invitation.getByRole("button", { name: `Resend the invitation to ${delegateEmail}` }).click();
    await poll(mails).toBe(2);
    await poll(() => invitation.count()).toBe(1);

    // Another invitation, revoked: it leaves the list.
    const rexEmail = `rex-${Date.now()}@e2e.test`;
    await owner.getByRole("button", { name: "Add Delegate" }).click();
    await form.getByLabel("First Name").fill("Rex");
    await form.getByLabel("Last Name").fill("Revoked");
    await form.getByLabel("Email").fill(rexEmail);
    await form.getByRole("combobox", { name: "Role" }).click();
    await owner.getByRole("option", { name: "Admin" }).click();
    await form.getByRole("button", { name: "Add Delegate" }).click();
    await form.waitFor({ state: "detached" });
    const rex = owner.getByTestId("invitation-row").filter({ hasText: rexEmail });
    await poll(() => rex.count()).toBe(1);
    for (const dismiss of await owner.getByRole("button", { name: "Dismiss" }).all()) await dismiss.click();
    await shoot(owner, "pending-invitations");
    owner.once("dialog", (dialog) => void dialog.accept());
    await rex.getByRole("button", { name: `Revoke the invitation to ${rexEmail}` }).click();
    await poll(() => rex.count()).toBe(0);

    // The newest invitation mail's link, opened after signing up, makes Dana a member.
    const mail = await one<{ text_body: string }>(
      `select text_body from app_private.mail_outbox where to_address = $1 and kind = 'delegate_invitation'
        order by created_on desc limit 1`,
      [delegateEmail],
    );
    const claimPath = /\/authenticate\/claim\?token=[0-9a-f]+/.exec(mail.text_body)?.[0];
    expect(claimPath).toBeTruthy();

    const danaCtx = await context();
    const dana = await danaCtx.newPage();
    await dana.goto("/authenticate/login");
    await dana.locator("#signup-first-name").fill("Dana");
    await dana.locator("#signup-last-name").fill("Delegate");
    await dana.locator("#signup-email").fill(delegateEmail);
    await dana.locator("#signup-password").fill("dana-password-1");
    await dana.getByRole("button", { name: "Create account" }).click();
    await dana.waitForURL((url) => !url.pathname.startsWith("/authenticate"), { timeout: 30_000 });
    await e2e.server.server.db.query(
      `insert into app_public.terms_acceptances (terms_id, user_id)
       select t.id, e.user_id from app_public.terms_of_service t, app_public.user_emails e
        where t.active and e.email = $1 on conflict do nothing`,
      [delegateEmail],
    );
    await dana.goto(claimPath ?? "");
    await dana.waitForURL((url) => url.pathname === "/account/claim", { timeout: 30_000 });
    await poll(() => invitation.count()).toBe(0);
    await dana.goto(`/authenticate/role/${issuerId}`);
    await waitForPath(dana, "/dashboard");
    await dana.goto("/settings/delegates");
    await row(dana, delegateEmail).waitFor();
    expect(await row(dana, delegateEmail).textContent()).toContain("Viewer");
    await dana.getByText("Only owners and admins can change delegates.").waitFor();
    expect(await dana.getByRole("button", { name: "Add Delegate" }).count()).toBe(0);
    expect(await dana.getByRole("button", { name: "Transfer Ownership" }).count()).toBe(0);
    await shoot(dana, "viewer");
    await dana.goto("/dashboard");
    await waitForPath(dana, "/dashboard");
    await poll(() => dana.getByTestId("sync-status").textContent()).toBe("Synced");
    expect((await accountDatabases(dana, issuerId)).length).toBeGreaterThan(0);

    // The owner suspends Dana: her open browser loses the account's screens and data within seconds.
    await row(owner, delegateEmail).waitFor();
    await row(owner, delegateEmail).getByRole("button", { name: "Edit" }).click();
    const edit = owner.getByTestId("delegate-form");
    await edit.getByRole("combobox", { name: "Status" }).click();
    await owner.getByRole("option", { name: "Suspended" }).click();
    await shoot(owner, "edit-form");
    await edit.getByRole("button", { name: "Save" }).click();
    await poll(() => row(owner, delegateEmail).textContent()).toContain("Suspended");
    await poll(() => new URL(dana.url()).pathname, 15_000).toBe("/account-role");
    await poll(() => accountDatabases(dana, issuerId), 15_000).toEqual([]);
    // and she cannot pick the account again
    await dana.goto(`/authenticate/role/${issuerId}`);
    await poll(() => new URL(dana.url()).pathname).not.toBe("/dashboard");

    // Reactivated, she opens the account again; suspended while she is offline, her browser drops it once back.
    await setStatus(owner, delegateEmail, "Active");
    await dana.goto(`/authenticate/role/${issuerId}`);
    await waitForPath(dana, "/dashboard");
    await poll(() => dana.getByTestId("sync-status").textContent()).toBe("Synced");
    expect((await accountDatabases(dana, issuerId)).length).toBeGreaterThan(0);
    await setOffline(danaCtx, true);
    await setStatus(owner, delegateEmail, "Suspended");
    await dana.waitForTimeout(1_500);
    expect(pathOf(dana)).toBe("/dashboard");
    await setOffline(danaCtx, false);
    await poll(() => new URL(dana.url()).pathname, 20_000).toBe("/account-role");
    await poll(() => accountDatabases(dana, issuerId), 15_000).toEqual([]);

    // The owner's row is not editable; Transfer Ownership makes the admin the owner: both sign in again.
    expect(await row(owner, "issuer@demo.test").getByRole("button", { name: "Edit" }).count()).toBe(0);
    const multiCtx = await context();
    const multi = await delegatesAs(multiCtx, "multi@demo.test", issuerId);
    await row(multi, "multi@demo.test").waitFor();
    expect(await multi.getByRole("button", { name: "Transfer Ownership" }).count()).toBe(0);

    await owner.getByRole("button", { name: "Transfer Ownership" }).click();
    const transfer = owner.getByTestId("transfer-form");
    await transfer.getByLabel("New owner's email").fill("not-an-email");
    await transfer.getByRole("button", { name: "Transfer" }).click();
    await transfer.getByText("A valid email is required.").waitFor();
    await transfer.getByLabel("New owner's email").fill("multi@demo.test");
    await shoot(owner, "transfer");
    await transfer.getByRole("button", { name: "Transfer" }).click();
    await poll(() => new URL(owner.url()).pathname, 20_000).toBe("/login");
    await poll(() => new URL(multi.url()).pathname, 20_000).toBe("/login");

    const newOwner = await delegatesAs(multiCtx, "multi@demo.test", issuerId);
    await newOwner.getByRole("button", { name: "Transfer Ownership" }).waitFor();
    await poll(() => row(newOwner, "multi@demo.test").textContent()).toContain("Owner");
    const oldOwner = await delegatesAs(ownerCtx, "issuer@demo.test", issuerId);
    await poll(() => row(oldOwner, "issuer@demo.test").textContent()).toContain("Admin");
    expect(await oldOwner.getByRole("button", { name: "Transfer Ownership" }).count()).toBe(0);
    expect(await oldOwner.getByRole("button", { name: "Add Delegate" }).count()).toBe(1);
  }, 300_000);
});
