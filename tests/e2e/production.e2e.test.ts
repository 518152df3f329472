// The product as users run it (issue 36): a server process started exactly as `npm start` starts it (plain Node,
// production mode, the built app, a fresh embedded database with the demo data), and a broad smoke set against it
// with nothing of the server loaded in the test runner: sign-in and a change made offline in the browser, applied
// once; the built-in signer end to end (the sealed PDF verifies with `openssl cms -verify`); the built-in payment
// provider's sync; a token deployed and a holding minted on the embedded chain; the OCF package downloaded, previewed
// and a broken one refused; an upload and its download, and the demo's own documents. Every other browser test runs
// the server in-process; this file is what would have caught a module resolved differently under plain Node.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../helpers/browser.ts";
import { type ProductionServer, startProductionServer } from "../helpers/production-server.ts";
import { makeClient, type TestClient } from "../helpers/server.ts";
import { templatePdf, verifyWithOpenssl } from "../helpers/signing-pdf.ts";
import { newContext, screenshot, serviceWorkerReady, setOffline, signIn, snapshotBuild, waitForPath } from "./app.ts";

const poll = <T>(fn: () => T | Promise<T>, timeout = 60_000) => expect.poll(fn, { timeout, interval: 250 });

let server: ProductionServer;
let browser: Browser;
let servedDir: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  servedDir = snapshotBuild();
  server = await startProductionServer(servedDir);
  browser = await launchBrowser();
}, 600_000);
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.close();
});

/** Signed in as `email`, with the account named `accountName` selected (as the app's account switcher does). */
async function as(email: string, accountName: string): Promise<TestClient> {
  const client = makeClient(server.url);
  expect((await client.signIn(email)).status).toBe(200);
  const me = await ok<{ currentUser: { usersAccounts: { nodes: { account: { id: string; name: string } }[] } } }>(
    client,
    "{ currentUser { usersAccounts { nodes { account { id name } } } } }",
  );
  const account = me.currentUser.usersAccounts.nodes.find((n) => n.account.name === accountName)?.account;
  expect(account, `${email} belongs to ${accountName}`).toBeDefined();
  expect((await client.selectAccount(account?.id ?? "")).status).toBe(303);
  return client;
}

async function ok<T>(client: TestClient, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const r = await client.graphql<T>(query, variables);
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data as T;
}

const ISSUER = "Northwind Renewables, Inc.";

/** Uploads `bytes` the way the app does (a file location, then the multipart POST); returns the file's key. */
async function upload(client: TestClient, name: string, type: string, bytes: Uint8Array): Promise<string> {
  const located = await ok<{ makeFileLocation: { fileLocation: { url: string; fields: { key: string } } } }>(
    client,
    "mutation ($f: String!) { makeFileLocation(input: { fileName: $f }) { fileLocation { url fields } } }",
    { f: name },
  );
  const where = located.makeFileLocation.fileLocation;
  const form = new FormData();
  form.set("key", where.fields.key);
  form.set("file", new Blob([Buffer.from(bytes)], { type }), name);
  expect((await client.fetch(where.url, { method: "POST", body: form })).status).toBe(201);
  return where.fields.key;
}

describe("npm start, as a user runs it", () => {
  it("starts in production mode: no GraphiQL, the built app with its service worker", async () => {
    expect(server.output()).toContain("(production, embedded PGlite");
    const anonymous = makeClient(server.url);
    expect((await anonymous.fetch("/api/v2/graphiql")).status).toBe(404);
    const page = await anonymous.fetch("/");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await anonymous.fetch("/sw.js")).status).toBe(200);
  });

  it("signs in in the browser, keeps a change made offline and applies it once on reconnect", async () => {
    const ctx = await newContext(browser, server.url);
    contexts.push(ctx);
    const page = await signIn(ctx, "issuer@demo.test");
    await page.goto("/contacts");
    await waitForPath(page, "/contacts");
    await page.getByTestId("contact-row").first().waitFor({ timeout: 60_000 });
    await serviceWorkerReady(page);
    const status = () => page.getByTestId("sync-status").textContent();
    await poll(status).toBe("Synced");

    await setOffline(ctx, true);
    await poll(status).toBe("Offline");
    const email = `production-${Date.now()}@e2e.test`;
    await page.getByRole("button", { name: "Add contact" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Contact Name").fill("Field Felicia");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Add contact" }).click();
    await dialog.waitFor({ state: "detached" });
    await poll(status).toBe("Offline · 1 waiting");

    const issuer = await as("issuer@demo.test", ISSUER);
    const stored = async () =>
      (
        await ok<{ allCustomers: { nodes: { name: string }[] } }>(
          issuer,
          "query ($e: String!) { allCustomers(condition: { email: $e }) { nodes { name } } }",
          { e: email },
        )
      ).allCustomers.nodes;
    expect(await stored()).toEqual([]);
    await setOffline(ctx, false);
    await poll(status).toBe("Synced");
    await poll(stored).toEqual([{ name: "Field Felicia" }]);
    await screenshot(page, "production-contacts-synced");
  });

  it("signs a document with the built-in signer; the sealed PDF verifies with openssl", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const emma = await as("investor@demo.test", "Emma Lawson");
    const key = await upload(issuer, "subscription.pdf", "application/pdf", await templatePdf());
    const created = await ok<{ createSigningTemplate: { signingTemplate: { id: string } } }>(
      issuer,
      `mutation ($k: UUID!) { createSigningTemplate(input: { fileKey: $k, name: "Production Agreement" }) {
        signingTemplate { id } } }`,
      { k: key },
    );
    const templateId = created.createSigningTemplate.signingTemplate.id;
    // the server's own signing runner reads the template: nothing in this process drives it
    await poll(
      async () =>
        (
          await ok<{ signingTemplateById: { syncStatus: string } }>(
            issuer,
            "query ($id: UUID!) { signingTemplateById(id: $id) { syncStatus } }",
            { id: templateId },
          )
        ).signingTemplateById.syncStatus,
    ).toBe("synced");
    const mapped = await ok<{ createMappedSigningTemplate: { mappedSigningTemplate: { id: string } } }>(
      issuer,
      `mutation ($t: UUID!) { createMappedSigningTemplate(input: { templateId: $t, name: "Production subscription" }) {
        mappedSigningTemplate { id } } }`,
      { t: templateId },
    );
    const mappedId = mapped.createMappedSigningTemplate.mappedSigningTemplate.id;
    const parts = await ok<{
      allSigningRoles: { nodes: { id: string; name: string }[] };
      allSigningFields: { nodes: { id: string; name: string }[] };
    }>(
      issuer,
      `query ($id: UUID!) { allSigningRoles(condition: { mappedSigningTemplateId: $id }) { nodes { id name } }
        allSigningFields(condition: { mappedSigningTemplateId: $id }) { nodes { id name } } }`,
      { id: mappedId },
    );
    const role = (name: string) => parts.allSigningRoles.nodes.find((r) => r.name === name)?.id;
    const field = (name: string) => parts.allSigningFields.nodes.find((f) => f.name === name)?.id;
    const ROLE = `mutation ($id: UUID!, $p: SigningRolePatch!) { updateSigningRoleById(input: { id: $id, patch: $p }) { clientMutationId } }`;
    const FIELD = `mutation ($id: UUID!, $p: SigningFieldPatch!) { updateSigningFieldById(input: { id: $id, patch: $p }) { clientMutationId } }`;
    const TEMPLATE = `mutation ($id: UUID!, $p: MappedSigningTemplatePatch!) { updateMappedSigningTemplateById(input: { id: $id, patch: $p }) { clientMutationId } }`;
    await ok(issuer, ROLE, { id: role("Investor"), p: { mapTo: "investor" } });
    await ok(issuer, ROLE, { id: role("Issuer"), p: { mapTo: "issuer" } });
    await ok(issuer, ROLE, {
      id: role("Witness"),
      p: { mapTo: "static", toName: "Wendy Witness", toEmail: "w@x.test" },
    });
    await ok(issuer, FIELD, { id: field("Investor.name"), p: { mapTo: "investor.name" } });
    await ok(issuer, FIELD, { id: field("Investor.units"), p: { mapTo: "distribution.amount" } });
    await ok(issuer, FIELD, { id: field("company"), p: { mapTo: "static", value: "Acme Trust" } });
    await ok(issuer, TEMPLATE, { id: mappedId, p: { locked: true } });
    await ok(issuer, TEMPLATE, { id: mappedId, p: { active: true } });
    const qualification = await ok<{
      addMappedSigningTemplateToQualifications: { vendorQualification: { id: string } };
    }>(
      issuer,
      "mutation ($id: UUID!) { addMappedSigningTemplateToQualifications(input: { id: $id }) { vendorQualification { id } } }",
      { id: mappedId },
    );
    const rounds = await ok<{ allRounds: { nodes: { id: string; name: string }[] } }>(
      issuer,
      "{ allRounds(orderBy: CREATED_ON_ASC) { nodes { id name } } }",
    );
    const allocation = await ok<{ createAllocation: { allocation: { id: string } } }>(
      issuer,
      `mutation ($r: UUID!, $o: Datetime!, $c: Datetime!) { createAllocation(input: { allocation: { roundId: $r,
        name: "Production signing", status: "open", opensOn: $o, closesOn: $c } }) { allocation { id } } }`,
      {
        r: rounds.allRounds.nodes[0]?.id,
        o: new Date(Date.now() - 86_400_000).toISOString(),
        c: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      },
    );
    const allocationId = allocation.createAllocation.allocation.id;
    await ok(
      issuer,
      `mutation ($a: UUID!, $v: UUID!) { createAllocationQualification(input: { allocationQualification: {
        allocationId: $a, vendorQualificationId: $v, executeOrder: 1 } }) { clientMutationId } }`,
      { a: allocationId, v: qualification.addMappedSigningTemplateToQualifications.vendorQualification.id },
    );
    const made = await ok<{ makeDistribution: { distribution: { id: string } } }>(
      issuer,
      `mutation ($a: UUID!) { makeDistribution(input: { allocationId: $a, accountEmail: "investor@demo.test", amount: "1500" }) {
        distribution { id } } }`,
      { a: allocationId },
    );
    const distributionId = made.makeDistribution.distribution.id;
    const steps = await ok<{ allSteps: { nodes: { id: string; type: string; status: string }[] } }>(
      emma,
      `query ($d: UUID!) { allSteps(filter: { process: { distributionId: { equalTo: $d } } }) { nodes { id type status } } }`,
      { d: distributionId },
    );
    const step = steps.allSteps.nodes.find((s) => s.type === "signing");
    expect(step?.status).toBe("in_progress");

    // the investor signs in the browser, on the distribution's onboarding
    const ctx = await newContext(browser, server.url);
    contexts.push(ctx);
    const first = await signIn(ctx, "investor@demo.test");
    const page = await ctx.newPage();
    await first.close();
    await page.goto(`/distribution/${distributionId}`);
    const signing = page.getByTestId("signing-step");
    await signing.waitFor({ timeout: 60_000 });
    await poll(async () => (await signing.getByTestId("signing-values").textContent()) ?? "").toContain("Emma Lawson");
    await signing.getByText("I agree to sign this document electronically", { exact: false }).click();
    await signing.getByLabel("Type your full name to sign").fill("Emma Lawson");
    await screenshot(page, "production-signing-desktop");
    await signing.getByRole("button", { name: "Sign" }).click();
    await page.getByText("Process complete!", { exact: false }).first().waitFor({ timeout: 60_000 });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "production-signed-phone");
    const session = (await (await emma.fetch(`/api/v2/signing/steps/${step?.id}`)).json()) as {
      signed: boolean;
      signedDocumentUrl: string;
    };
    expect(session.signed).toBe(true);
    const documentUri = session.signedDocumentUrl;
    const download = await emma.fetch(documentUri);
    expect(download.status).toBe(200);
    const pdf = Buffer.from(await download.arrayBuffer());
    const certificate = readFileSync(join(server.dataDir, "..", "signing", "signing-certificate.pem"), "utf8");
    expect(verifyWithOpenssl(pdf, certificate).ok).toBe(true);
    const tampered = Buffer.from(pdf);
    tampered[200] = (tampered[200] ?? 0) ^ 0x01;
    expect(verifyWithOpenssl(tampered, certificate).ok).toBe(false);
    expect((await issuer.fetch(documentUri)).status).toBe(200);
    const after = await ok<{ allSteps: { nodes: { status: string }[] } }>(
      emma,
      `query ($id: UUID!) { allSteps(condition: { id: $id }) { nodes { status } } }`,
      { id: step?.id },
    );
    expect(after.allSteps.nodes).toEqual([{ status: "complete" }]);
  });

  it("syncs the built-in payment provider through the server's own runner", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    await ok(
      issuer,
      `mutation { createAccountIntegration(input: { integrationId: "7a000000-0000-4000-8000-000000000001" }) { clientMutationId } }`,
    );
    const accounts = await ok<{ allPaymentAccounts: { nodes: { id: string }[] } }>(
      issuer,
      "{ allPaymentAccounts { nodes { id } } }",
    );
    await ok(issuer, "mutation ($id: UUID!) { northCapitalSync(input: { id: $id }) { clientMutationId } }", {
      id: accounts.allPaymentAccounts.nodes[0]?.id,
    });
    await poll(async () =>
      (
        await ok<{ allPaymentInstruments: { nodes: { name: string }[] } }>(
          issuer,
          "{ allPaymentInstruments { nodes { name } } }",
        )
      ).allPaymentInstruments.nodes.map((n) => n.name),
    ).toContain("Series A");
    const synced = await ok<{ allPaymentAccounts: { nodes: { syncStatus: string }[] } }>(
      issuer,
      "{ allPaymentAccounts { nodes { syncStatus } } }",
    );
    expect(synced.allPaymentAccounts.nodes).toEqual([{ syncStatus: "synced" }]);
  });

  it("deploys a token and mints a holding on the embedded chain", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const contracts = await ok<{ allContracts: { nodes: { id: string; status: string; token: { name: string } }[] } }>(
      issuer,
      "{ allContracts { nodes { id status token { name } } } }",
    );
    const seriesB = contracts.allContracts.nodes.find((c) => c.token.name === "Northwind Series B Token");
    expect(seriesB?.status).not.toBe("deployed");
    await ok(issuer, "mutation ($c: UUID!) { deployContract(input: { contractId: $c }) { clientMutationId } }", {
      c: seriesB?.id,
    });
    await poll(
      async () =>
        (
          await ok<{ contractById: { status: string; contractAddress: string | null } }>(
            issuer,
            "query ($id: UUID!) { contractById(id: $id) { status contractAddress } }",
            { id: seriesB?.id },
          )
        ).contractById.status,
    ).toBe("deployed");

    const holdings = await ok<{
      allHoldings: { nodes: { id: string; round: { name: string }; investor: { name: string } }[] };
    }>(issuer, "{ allHoldings { nodes { id round { name } investor { name } } } }");
    const jordan = holdings.allHoldings.nodes.find(
      (h) => h.round.name === "Seed" && h.investor.name === "Jordan Blake",
    );
    expect(jordan).toBeDefined();
    await ok(issuer, "mutation ($h: [UUID]!) { tokenizeHoldings(input: { holdingIds: $h }) { clientMutationId } }", {
      h: [jordan?.id],
    });
    await poll(async () =>
      (
        await ok<{ allHoldingBlockchainAddresses: { nodes: { status: string }[] } }>(
          issuer,
          "query ($h: UUID!) { allHoldingBlockchainAddresses(condition: { holdingId: $h }) { nodes { status } } }",
          { h: jordan?.id },
        )
      ).allHoldingBlockchainAddresses.nodes.map((n) => n.status),
    ).toEqual(["trade"]);
    // the chain's JSON-RPC: the issuer reads the chain, an investor is refused with the reason
    const rpc = async (client: TestClient, method: string) => {
      const answer = await client.fetch("/api/v2/chain/ethereum-ledgerline", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: [] }),
      });
      return (await answer.json()) as { result?: string; error?: { message: string } };
    };
    expect((await rpc(issuer, "eth_blockNumber")).result).toMatch(/^0x[0-9a-f]+$/);
    const investor = await as("investor@demo.test", "Emma Lawson");
    expect((await rpc(investor, "eth_blockNumber")).error?.message).toContain("holders' balances are private");
  });

  it("downloads the OCF package, previews it, and refuses a broken one with its reason", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const exported = await issuer.fetch("/api/v2/reports/ocf");
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("application/zip");
    const zip = Buffer.from(await exported.arrayBuffer());
    expect(zip.subarray(0, 2).toString()).toBe("PK");
    const preview = await issuer.fetch("/api/v2/imports/ocf", {
      method: "POST",
      headers: { "content-type": "application/zip" },
      body: zip,
    });
    expect(preview.status, await preview.clone().text()).toBe(200);
    const broken = await issuer.fetch("/api/v2/imports/ocf", {
      method: "POST",
      headers: { "content-type": "application/zip" },
      body: zip.subarray(0, Math.floor(zip.length / 2)),
    });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
  });

  it("uploads a document and downloads it; the demo's own documents download", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const securities = await ok<{ allSecurities: { nodes: { id: string }[] } }>(
      issuer,
      "{ allSecurities { nodes { id } } }",
    );
    const located = await ok<{ makeFileLocation: { fileLocation: { url: string; fields: { key: string } } } }>(
      issuer,
      "mutation ($f: String!) { makeFileLocation(input: { fileName: $f }) { fileLocation { url fields } } }",
      { f: "Smoke.pdf" },
    );
    const where = located.makeFileLocation.fileLocation;
    await ok(
      issuer,
      `mutation ($s: UUID!, $k: UUID) { makeSecurityDocument(input: { name: "Smoke", securityId: $s, extension: "pdf",
        shareWith: [], fileKey: $k }) { clientMutationId } }`,
      { s: securities.allSecurities.nodes[0]?.id, k: where.fields.key },
    );
    const form = new FormData();
    form.set("key", where.fields.key);
    form.set("file", new Blob(["%PDF-1.4 smoke"], { type: "application/pdf" }), "Smoke.pdf");
    expect((await issuer.fetch(where.url, { method: "POST", body: form })).status).toBe(201);

    const documents = await ok<{ allDocuments: { nodes: { name: string; downloadUrl: string | null }[] } }>(
      issuer,
      "{ allDocuments { nodes { name downloadUrl } } }",
    );
    // the upload and the demo data's own documents
    expect(documents.allDocuments.nodes.length).toBeGreaterThanOrEqual(3);
    for (const document of documents.allDocuments.nodes) {
      expect(document.downloadUrl, document.name).not.toBeNull();
      const download = await issuer.fetch(document.downloadUrl ?? "");
      expect(download.status, `${document.name}: ${await download.clone().text()}`).toBe(200);
      const body = Buffer.from(await download.arrayBuffer());
      if (document.name === "Smoke") expect(body.toString()).toBe("%PDF-1.4 smoke");
      else expect(body.length).toBeGreaterThan(0);
    }
  });
});
