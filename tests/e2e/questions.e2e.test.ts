// Question sets in a real browser against the real server (issue 17 items 4-6): the issuer builds a question set on
// /onboarding-questions (questions created offline are queued and synced on reconnect; the unique-name and required
// texts), adds the questions in order and locks the set (its questions then cannot be edited); the set, required on
// an allocation, becomes an onboarding step for the invited investor, whose answers are checked against each
// question's regex, kept as qualification answers (/settings/qualification-answers) and filled in the next round.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type E2E, newContext, screenshot, setOffline, signIn, startE2E, waitForPath } from "./app.ts";

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 200 });
const SHOTS = process.env.LL_SHOTS_DIR;

let e2e: E2E;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  e2e = await startE2E();
}, 600_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((created) => created.close()));
});
afterAll(async () => {
  await e2e?.close();
});

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await e2e.server.server.db.query<T>(sql, params)).rows;
}

async function open(email: string, path: string): Promise<{ page: Page; context: BrowserContext }> {
  const context = await newContext(e2e.browser, e2e.url);
  contexts.push(context);
  const page = await signIn(context, email);
  await page.goto(path);
  await waitForPath(page, path);
  return { page, context };
}

/** Desktop and phone screenshots (test-results/e2e, and LL_SHOTS_DIR when set). */
async function shots(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await screenshot(page, `${name}-phone`);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `${name}-phone.png`), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS, `${name}-desktop.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function newQuestion(page: Page, fields: { name: string; type: string; description: string; error: string }) {
  await page.getByRole("button", { name: "New question" }).click();
  const dialog = page.getByRole("dialog", { name: "New question" });
  await dialog.getByLabel("Name").fill(fields.name);
  await chooseOption(page, "Type", fields.type);
  await dialog.getByLabel("Description").fill(fields.description);
  await dialog.getByLabel("Error message").fill(fields.error);
  await dialog.getByRole("button", { name: "Save" }).click();
  await dialog.waitFor({ state: "detached" });
}

describe("question sets", () => {
  it("an issuer builds and locks a set offline and online; an investor answers it and finds the answers filled next time", async () => {
    const tag = Date.now();
    const setName = `Suitability ${tag}`;
    const accredited = `Accredited ${tag}`;
    const netWorth = `Net worth ${tag}`;

    // The issuer's page: the demo set is there, with the spec's breadcrumb.
    const { page, context } = await open("issuer@demo.test", "/onboarding-questions");
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await crumbs.getByText("Question Set Management").waitFor();
    await crumbs.getByRole("link", { name: "Account Settings" }).waitFor();
    const sets = page.getByTestId("question-sets");
    await sets.getByText("Northwind Investor Qualification").waitFor();
    await page.getByRole("button", { name: "New question" }).click();
    await page.getByRole("dialog", { name: "New question" }).getByRole("button", { name: "Save" }).click();
    await page.getByRole("dialog", { name: "New question" }).getByText("Field name is required").waitFor();
    await shots(page, "questions-dialog");
    await page.getByRole("dialog", { name: "New question" }).getByRole("button", { name: "Cancel" }).click();

    // Offline: two questions and a set are queued on the device and shown as pending.
    await setOffline(context, true);
    await newQuestion(page, {
      name: accredited,
      type: "Yes / No",
      description: "Are you an accredited investor?",
      error: "Answer Yes or No.",
    });
    await newQuestion(page, {
      name: netWorth,
      type: "Amount (USD)",
      description: "Your net worth in US dollars.",
      error: "Enter an amount in dollars, like 250000.",
    });
    // the form's own checks, with the spec's texts
    await page.getByRole("button", { name: "New question" }).click();
    const dialog = page.getByRole("dialog", { name: "New question" });
    await dialog.getByLabel("Name").fill(accredited.toUpperCase());
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Questions must have a unique name.").waitFor();
    await dialog.getByText("Field type is required").waitFor();
    await dialog.getByText("Description is required").waitFor();
    await dialog.getByText("error message is required").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await sets.getByLabel("Question set name").fill("northwind investor QUALIFICATION");
    await sets.getByRole("button", { name: "Create" }).click();
    await sets.getByText("Question set names must be unique.").waitFor();
    await sets.getByLabel("Question set name").fill(setName);
    await sets.getByRole("button", { name: "Create" }).click();
    await sets.getByText(setName).waitFor();
    await poll(() => page.getByTestId("pending-mark").count()).toBeGreaterThanOrEqual(3);
    await shots(page, "questions-offline");
    expect(await rows("select 1 from app_public.onboarding_question_sets where name = $1", [setName])).toEqual([]);

    // Back online: everything reaches the server.
    await setOffline(context, false);
    await poll(
      async () =>
        (await rows("select 1 from app_public.onboarding_questions where name = any($1)", [[accredited, netWorth]]))
          .length,
    ).toBe(2);
    await poll(
      async () => (await rows("select 1 from app_public.onboarding_question_sets where name = $1", [setName])).length,
    ).toBe(1);

    // The set's questions in order, then Lock.
    await sets.getByRole("button", { name: new RegExp(setName) }).click();
    const panel = page.getByTestId("question-set");
    await panel.getByRole("heading", { name: setName }).waitFor();
    await panel.getByRole("button", { name: "Add", exact: true }).click();
    await panel.getByText("Please select a question to add.").waitFor();
    for (const name of [accredited, netWorth]) {
      await chooseOption(page, "Question to add", name);
      await panel.getByRole("button", { name: "Add", exact: true }).click();
      await panel.getByTestId("set-questions").getByText(name, { exact: true }).waitFor();
    }
    await poll(async () =>
      (
        await rows(
          `select q.name from app_public.onboarding_question_joins j join app_public.onboarding_questions q on q.id = j.question_id
       join app_public.onboarding_question_sets s on s.id = j.question_set_id where s.name = $1 order by j.execute_order`,
          [setName],
        )
      ).map((r) => (r as { name: string }).name),
    ).toEqual([accredited, netWorth]);
    await panel.getByRole("button", { name: "Lock question set" }).click();
    await panel.getByText(/This set is locked/).waitFor();
    await poll(
      async () =>
        (
          await rows<{ locked: boolean; vq: string | null }>(
            "select locked, vendor_qualification_id as vq from app_public.onboarding_question_sets where name = $1",
            [setName],
          )
        )[0]?.locked,
    ).toBe(true);
    // a question of a locked set offers no Edit
    const questions = page.getByTestId("questions");
    const row = questions.getByRole("row", { name: new RegExp(accredited) });
    await row.getByText("In a locked set").waitFor();
    expect(await row.getByRole("button", { name: "Edit" }).count()).toBe(0);
    await shots(page, "questions-issuer");

    // The issuer requires the set on two allocations of Series A and invites Kim to both.
    const [set] = await rows<{ vq: string }>(
      "select vendor_qualification_id as vq from app_public.onboarding_question_sets where name = $1",
      [setName],
    );
    const [round] = await rows<{ id: string }>("select id from app_public.rounds where name = 'Series A'");
    const issuer = e2e.server.client();
    await issuer.signIn("issuer@demo.test");
    const [northwind] = await rows<{ id: string }>(
      "select id from app_public.accounts where name = 'Northwind Renewables, Inc.'",
    );
    await issuer.selectAccount(northwind?.id ?? "");
    const distributions: string[] = [];
    for (const suffix of ["one", "two"]) {
      const allocationId = crypto.randomUUID();
      const made = await issuer.graphql(
        "mutation ($a: AllocationInput!) { createAllocation(input: { allocation: $a }) { allocation { id } } }",
        {
          a: {
            id: allocationId,
            roundId: round?.id,
            name: `Questions ${suffix} ${tag}`,
            status: "open",
            opensOn: "2026-01-01T00:00:00Z",
            closesOn: "2027-12-31T00:00:00Z",
          },
        },
      );
      expect(made.errors).toBeUndefined();
      const linked = await issuer.graphql(
        "mutation ($q: AllocationQualificationInput!) { createAllocationQualification(input: { allocationQualification: $q }) { allocationQualification { id } } }",
        { q: { allocationId, vendorQualificationId: set?.vq, executeOrder: 1 } },
      );
      expect(linked.errors).toBeUndefined();
      const invited = await issuer.graphql<{ makeDistribution: { distribution: { id: string } } }>(
        `mutation ($a: UUID!) { makeDistribution(input: { allocationId: $a, accountEmail: "investor2@demo.test", amount: "25" }) { distribution { id } } }`,
        { a: allocationId },
      );
      expect(invited.errors).toBeUndefined();
      distributions.push(invited.data?.makeDistribution.distribution.id ?? "");
    }

    // Kim answers the set on the first distribution: the regex is checked with the question's error message.
    const kim = await open("investor2@demo.test", `/distribution/${distributions[0]}`);
    const form = kim.page.getByTestId("question-set-step");
    await form.waitFor({ timeout: 30_000 });
    expect(await kim.page.getByTestId("answers-prefilled").count()).toBe(0);
    await chooseOption(kim.page, accredited, "Yes");
    await form.getByLabel(netWorth).fill("about 2 million");
    await form.getByRole("button", { name: "Submit answers" }).click();
    await form.getByText("Enter an amount in dollars, like 250000.").waitFor();
    await form.getByLabel(netWorth).fill("2000000");
    await form.getByRole("button", { name: "Submit answers" }).click();
    await poll(
      async () =>
        (
          await rows<{ status: string }>(
            `select s.status from app_public.steps s join app_public.processes p on p.id = s.process_id
       where p.distribution_id = $1`,
            [distributions[0]],
          )
        )[0]?.status,
    ).toBe("complete");

    // The answers page: a card per vendor with the questions and answers.
    await kim.page.goto("/settings/qualification-answers");
    const answers = kim.page.getByTestId("qualification-answers");
    await answers
      .getByText(
        "Your most recent answers to qualification question sets will be auto-filled in subsequent qualification rounds.",
      )
      .waitFor();
    const card = answers.getByRole("table", { name: "Qualification answers for Northwind Renewables, Inc." });
    await card.getByRole("row", { name: new RegExp(`${netWorth} 2000000`) }).waitFor({ timeout: 30_000 });
    await card.getByRole("row", { name: new RegExp(`${accredited} Yes`) }).waitFor();
    await shots(kim.page, "questions-answers");

    // The next round: the same questions arrive filled with the last answers.
    await kim.page.goto(`/distribution/${distributions[1]}`);
    const next = kim.page.getByTestId("question-set-step");
    await next.waitFor({ timeout: 30_000 });
    await next.getByTestId("answers-prefilled").waitFor();
    expect(await next.getByLabel(netWorth).inputValue()).toBe("2000000");
    expect(await kim.page.getByRole("combobox", { name: accredited }).textContent()).toContain("Yes");
    await shots(kim.page, "questions-step");
    await next.getByRole("button", { name: "Submit answers" }).click();
    await poll(
      async () =>
        (
          await rows<{ status: string }>(
            `select s.status from app_public.steps s join app_public.processes p on p.id = s.process_id
       where p.distribution_id = $1`,
            [distributions[1]],
          )
        )[0]?.status,
    ).toBe("complete");

    // A newer investor without answers sees the spec's empty text.
    const emma = await open("investor@demo.test", "/settings/qualification-answers");
    await emma.page.getByText("You have no completed qualification question sets.").waitFor();
  });
});
