// The same commitment as the in-person session, on the investor's own phone with no network (issue 31 "Done when": "The
// same flow works for an investor on their own phone-sized device"; docs/CLIENT.md "In-person sessions"). The
// broker's allocation asks for a question set, a built-in signature and accreditation (tests/helpers/in-person-e2e.ts)
// and invites Emma Lawson, who opens the distribution on her phone (390 x 844) while online: the page keeps the signing
// step on the device although the question set is the current step. Then the network goes (the relay cut and the
// browser offline): an offline reload, she answers the question set and goes on to the signature (a completion
// waiting in the outbox counts as done offline), signs from the kept document, chooses a 2 MB photo of an ID and a PDF
// letter as evidence, a second offline reload keeps them, and she submits. Nothing reaches the server until the
// network returns; then each part arrives once, in order: the sealed PDF verifies with openssl (one changed byte
// fails), the files download intact, and after the broker's approval the issuer's replica of the distribution has
// every step complete, each once. The round's issuer is offered "Complete with the investor" on the broker's
// allocation too.
import { createHash } from "node:crypto";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evidenceDownloadPath } from "../../src/domain/accreditation.ts";
import {
  answerQuestions,
  BROKER,
  brokerRound,
  idPhoto,
  keptSigningSteps,
  LETTER,
  ok,
  rowsOf,
  signHere,
  stepsOf,
} from "../helpers/in-person-e2e.ts";
import { verifyWithOpenssl } from "../helpers/signing-pdf.ts";
import { type E2E, newContext, screenshot, serviceWorkerReady, setOffline, signIn, startE2E } from "./app.ts";

const poll = <T>(fn: () => T | Promise<T>, timeout = 30_000) => expect.poll(fn, { timeout, interval: 200 });
const PHONE = { width: 390, height: 844 };
const INVESTOR = "Emma Lawson";
const ISSUER = "Northwind Renewables, Inc.";

let e2e: E2E;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  e2e = await startE2E();
}, 600_000);
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await e2e?.close();
});

const rows = <T>(sql: string, params: unknown[] = []): Promise<T[]> => rowsOf<T>(e2e, sql, params);

describe("an investor on their own phone with no network", () => {
  it("answers, signs and gives evidence offline across two reloads; on reconnect each part arrives once", async () => {
    const { allocationId, invite } = await brokerRound(e2e);
    const distributionId = await invite("investor@demo.test", INVESTOR);
    const steps = await stepsOf(e2e, distributionId);
    expect(steps.map((s) => s.type)).toEqual(["encrypted_form", "signing", "accreditation"]);
    const signingStepId = steps[1]?.id;

    const ctx = await newContext(e2e.browser, e2e.url);
    contexts.push(ctx);
    const first = await signIn(ctx, "investor@demo.test");
    const page = await ctx.newPage();
    await first.close();
    await page.setViewportSize(PHONE);
    await page.goto(`/distribution/${distributionId}`);
    await page.getByTestId("question-set-step").waitFor({ timeout: 60_000 });
    // online, the page keeps the signing step for later, though it is not the current step yet
    await serviceWorkerReady(page);
    await poll(() => keptSigningSteps(page), 60_000).toEqual([signingStepId]);

    // no network from here; an offline reload serves the page from the device
    await setOffline(ctx, true);
    await page.reload();
    await answerQuestions(page);
    // the answers wait in the outbox and the signature comes next, from the document the device kept
    const signing = page.getByTestId("signing-offline");
    await signing.waitFor({ timeout: 30_000 });
    expect(await signing.getByTestId("signing-values").textContent()).toContain(INVESTOR);
    await signHere(page, INVESTOR);

    const accreditation = page.getByTestId("accreditation-form");
    await accreditation.waitFor({ timeout: 30_000 });
    await accreditation.getByLabel("A letter from a professional").check();
    const photo = await idPhoto(page);
    const evidence = accreditation.getByTestId("evidence-input");
    await evidence.setInputFiles({ name: "ID photo.jpg", mimeType: "image/jpeg", buffer: photo });
    await evidence.setInputFiles({ name: "CPA letter.pdf", mimeType: "application/pdf", buffer: LETTER });
    await poll(() => accreditation.getByTestId("evidence-file").count()).toBe(2);
    // a second offline reload: the answers and the signature still wait, the chosen files are still there
    await page.reload();
    const draft = page.getByTestId("accreditation-form");
    await poll(() => draft.getByTestId("evidence-file").count(), 30_000).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, "own-phone-evidence");
    await draft.getByRole("button", { name: "Submit for review" }).click();
    await page.getByTestId("accreditation-queued").waitFor({ timeout: 30_000 });
    expect((await stepsOf(e2e, distributionId)).map((s) => s.status)).not.toContain("complete");

    // reconnect: the answers, then the signature (sealed), then the submission once its files are uploaded
    await setOffline(ctx, false);
    await poll(async () => (await stepsOf(e2e, distributionId)).map((s) => s.status), 90_000).toEqual([
      "complete",
      "complete",
      "processing",
    ]);
    const verifications = await rows<{ id: string; status: string }>(
      `select a.id, a.status from app_public.accreditations a
       where a.step_id = $1`,
      [steps[2]?.id],
    );
    expect(verifications.map((v) => v.status)).toEqual(["submitted"]);
    const verificationId = verifications[0]?.id ?? "";
    const files = await rows<{ name: string; file_key: string }>(
      "select name, file_key from app_public.accreditation_evidence where accreditation_id = $1 order by position",
      [verificationId],
    );
    expect(files.map((f) => f.name)).toEqual(["ID photo.jpg", "CPA letter.pdf"]);
    await poll(
      async () =>
        (
          await rows<{ status: string }>(
            `select s.status from app_public.accreditation_evidence e
             join app_private.upload_slots s on s.key = e.file_key where e.accreditation_id = $1`,
            [verificationId],
          )
        ).map((row) => row.status),
      90_000,
    ).toEqual(["uploaded", "uploaded"]);
    const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
    for (const [file, bytes] of [
      [files[0], photo],
      [files[1], LETTER],
    ] as const) {
      const response = await page.request.get(evidenceDownloadPath(verificationId, file?.file_key ?? ""));
      expect(response.status()).toBe(200);
      expect(sha(await response.body())).toBe(sha(bytes));
    }

    // the sealed PDF: openssl verifies it, one changed byte fails
    const [sent] = await rows<{ document_uri: string }>(
      "select document_uri from app_public.sent_signing_documents where distribution_id = $1 and status = 'completed'",
      [distributionId],
    );
    const pdf = Buffer.from(await (await page.request.get(sent?.document_uri ?? "")).body());
    const certificate = e2e.server.server.signing.key.certificatePem;
    expect(verifyWithOpenssl(pdf, certificate).ok).toBe(true);
    const tampered = Buffer.from(pdf);
    tampered[200] = (tampered[200] ?? 0) ^ 0x01;
    expect(verifyWithOpenssl(tampered, certificate).ok).toBe(false);

    // the broker approves the evidence; the issuer's replica has every step complete, each once
    const [brokerAccount, issuerAccount] = await Promise.all(
      [BROKER, ISSUER].map(async (name) => {
        const [account] = await rows<{ id: string }>("select id from app_public.accounts where name = $1", [name]);
        return account?.id ?? "";
      }),
    );
    const reviewer = e2e.server.client();
    await reviewer.signIn("broker@demo.test");
    await reviewer.selectAccount(brokerAccount ?? "");
    await ok(
      reviewer,
      "mutation ($id: UUID!) { reviewAccreditation(input: { accreditationId: $id, approve: true }) { clientMutationId } }",
      { id: verificationId },
    );
    const issuer = e2e.server.client();
    await issuer.signIn("issuer@demo.test");
    await issuer.selectAccount(issuerAccount ?? "");
    const issuerSteps = async () => {
      const response = await issuer.fetch("/api/v2/pull", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: "distributions", afterTxid: "0", afterSeq: "0", limit: 1000 }),
      });
      const { documents } = (await response.json()) as {
        documents: { id: string; process?: { steps: { type: string; status: string; parentId?: string | null }[] } }[];
      };
      const document = documents.find((d) => d.id === distributionId);
      return (document?.process?.steps ?? []).filter((s) => !s.parentId).map((s) => [s.type, s.status]);
    };
    await poll(issuerSteps, 60_000).toEqual([
      ["encrypted_form", "complete"],
      ["signing", "complete"],
      ["accreditation", "complete"],
    ]);
    expect(await rows("select 1 from app_private.step_submissions where step_id = $1", [steps[0]?.id])).toHaveLength(1);
    expect(
      await rows("select 1 from app_public.sent_signing_documents where distribution_id = $1", [distributionId]),
    ).toHaveLength(1);
    expect(await rows("select 1 from app_public.accreditations where step_id = $1", [steps[2]?.id])).toHaveLength(1);

    // the round's issuer may host an in-person session on the broker's allocation too (issue 31 item 2): its
    // distribution tab offers it for an investor with open steps
    const walkIn = await invite("lee.park@walk-in.example", "Lee Park");
    const issuerContext = await newContext(e2e.browser, e2e.url);
    contexts.push(issuerContext);
    const issuerPage = await signIn(issuerContext, "issuer@demo.test");
    await issuerPage.goto(`/distribute-allocation/${allocationId}/distribution?distribution=${walkIn}`);
    await issuerPage
      .getByTestId("in-person")
      .getByRole("button", { name: "Complete with the investor" })
      .waitFor({ timeout: 60_000 });
  }, 180_000);
});
