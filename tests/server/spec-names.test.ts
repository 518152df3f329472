// Spec names (issue 13, item 12): every field section 3 of the spec lists for an entity the API has is offered
// under the spec's name (an alias, sync/graphql/spec-names.ts, or a computed column, 0830), read from the spec
// itself so a field added there is checked too; and the new names answer with the data.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { getIntrospectionQuery, type IntrospectionQuery } from "postgraphile/graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type SignedIn, signInAs } from "../sync/harness.ts";

let t: TestServer;
let issuer: SignedIn;

beforeAll(async () => {
  t = await startTestServer();
  issuer = await signInAs(t.client(), "issuer@demo.test", "issuer");
});
afterAll(async () => {
  await t?.close();
});

/** Spec entity (as section 3 names it) -> GraphQL type. Entities with no type of their own are not listed. */
const ENTITY_TYPES: Record<string, string> = {
  UsersAccount: "UsersAccount",
  Account: "Account",
  Party: "Party",
  Address: "Address",
  Asset: "Asset",
  Round: "Round",
  "Tranche bond datum": "TrancheBondDatum",
  Security: "Security",
  Holding: "Holding",
  Document: "Document",
  Customer: "Customer",
  "Managed account": "ManagedAccount",
  "Broker allocation": "BrokerAllocation",
  BrokerAllocation: "BrokerAllocation",
  Transaction: "Transaction",
  "Ledger entry": "LedgerEntry",
  "Vendor default email preference": "VendorDefaultEmailPreference",
  Allocation: "Allocation",
  Distribution: "Distribution",
  DistributionPayment: "DistributionPayment",
  DistributionPrice: "DistributionPrice",
  "VestingSchedule (distribution) and allocation vesting schedule": "VestingSchedule",
  "Annotation (allocation or distribution)": "DistributionAnnotation",
  DistributionCustomField: "DistributionCustomField",
  VendorQualification: "VendorQualification",
  AllocationOfferingLink: "AllocationOfferingLink",
  Currency: "Currency",
  Token: "Token",
  "Cap table entry": "CapTableEntry",
  "Process (step process)": "Process",
};

/** Fields the spec lists that the API deliberately does not offer under that name on that type, and why. */
const NOT_OFFERED: Record<string, string> = {
  // Written once in account setup and stored encrypted; what may be read is taxShort (the last four).
  "Party.taxId": "write-only (account setup); taxShort is the readable part",
  // Primary or mailing is a property of the link between an account or party and an address.
  "Address.type": "on the link: accountAddresses { type address } / partyAddresses { type address }",
  // The paragraph on Holding describes 'a round on a holding' after the holding's own fields: checked on Round.
  "Holding.name": "a round's field (Round.name)",
  "Holding.unitValue": "a round's field (Round.unitValue)",
  "Holding.price": "a round's field (Round.price)",
  "Holding.total": "a round's field (Round.total)",
  "Holding.totalCapitalDeployed": "a round's field (Round.totalCapitalDeployed)",
  "Holding.termsUrl": "a round's field (Round.termsUrl)",
  "Holding.asset": "a round's field (Round.asset)",
};

/** Top-level comma-separated items of a field list (parentheses hold sub-fields). */
function topLevel(list: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of list) {
    if (char === "(") depth++;
    if (char === ")") depth--;
    if ((char === "," || char === ";") && depth === 0) {
      items.push(current.trim());
      current = "";
    } else current += char;
  }
  items.push(current.trim());
  return items;
}

const SPEC_FILES = ["part1-shell-accounts-assets-securities.md", "part2-rounds-onboarding-tokens-settings.md"];
/** The product's specification, beside the repository where it is checked out (not part of a clone). */
const SPEC_DIR = join(import.meta.dirname, "../../../shared/spec");

/**
 * Section 3 of a spec part, as kept in tests/fixtures (a clone alone must run the suite): the copy is checked
 * against the specification itself below whenever that is beside the repository.
 */
function specSection3(file: string): string {
  const text = readFileSync(join(import.meta.dirname, "../fixtures", `spec-section-3-${file}`), "utf8");
  return text.split(/^## 3\. /m)[1] ?? "";
}

/** Every `- Entity: field, field (...), ...` of section 3 of both parts, as [entity, camelCase fields]. */
function specFields(): Array<[string, string[]]> {
  const found: Array<[string, string[]]> = [];
  for (const file of SPEC_FILES) {
    const section = specSection3(file);
    for (const line of section.split("\n")) {
      const match = /^- ([^:]+): (.*)$/.exec(line);
      if (!match?.[1] || !match[2]) continue;
      const fields = topLevel(match[2])
        .map((item) =>
          item
            .replace(/\s*\(.*$/s, "")
            .replace(/\.$/, "")
            .trim(),
        )
        .filter((item) => /^[a-z][A-Za-z0-9]*$/.test(item));
      found.push([match[1].trim(), fields]);
    }
  }
  return found;
}

describe("spec names in the GraphQL API", () => {
  it("reads section 3 from tests/fixtures, a copy equal to the specification wherever that is beside the clone", () => {
    for (const file of SPEC_FILES) {
      expect(specSection3(file), file).toMatch(/^- Account: /m);
      if (!existsSync(SPEC_DIR)) continue;
      const spec = readFileSync(join(SPEC_DIR, file), "utf8");
      const section = spec.split(/^## 3\. /m)[1]?.split(/^## 4\. /m)[0] ?? "";
      expect(specSection3(file), file).toBe(section);
    }
  });

  it("offers every field section 3 lists for an entity the API has", async () => {
    const answer = await issuer.client.graphql<IntrospectionQuery>(getIntrospectionQuery());
    const types = new Map(
      (answer.data?.__schema.types ?? []).map((type) => [
        type.name,
        new Set("fields" in type && type.fields ? type.fields.map((field) => field.name) : []),
      ]),
    );
    const entries = specFields();
    expect(entries.length).toBeGreaterThan(30);
    const missing: string[] = [];
    let checked = 0;
    for (const [entity, fields] of entries) {
      const typeName = ENTITY_TYPES[entity];
      if (!typeName) continue;
      const offered = types.get(typeName);
      expect(offered, typeName).toBeDefined();
      for (const field of fields) {
        checked++;
        if (!offered?.has(field) && !NOT_OFFERED[`${typeName}.${field}`]) missing.push(`${typeName}.${field}`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(150);
  });

  it("answers the spec's names with the same data as the generated ones", async () => {
    const assets = await issuer.client.graphql<{
      allAssets: { nodes: Array<{ assetType: unknown; assetTypeByType: unknown }> };
    }>(
      "{ allAssets(first: 3) { nodes { assetType { type accountingType } assetTypeByType { type accountingType } } } }",
    );
    expect(assets.errors).toBeUndefined();
    expect(assets.data?.allAssets.nodes.length).toBeGreaterThan(0);
    for (const node of assets.data?.allAssets.nodes ?? []) expect(node.assetTypeByType).toEqual(node.assetType);

    const tokens = await issuer.client.graphql<{
      allTokens: { nodes: Array<Record<string, string | null>> };
    }>(
      `{ allTokens { nodes { coinbaseBuyPriceUsd coinbaseBuyPriceUSD coinbaseSellPriceUsd coinbaseSellPriceUSD
           coinbaseSpotPriceUsd coinbaseSpotPriceUSD round { token { id } } } } }`,
    );
    expect(tokens.errors).toBeUndefined();
    for (const node of tokens.data?.allTokens.nodes ?? []) {
      expect(node.coinbaseBuyPriceUSD).toBe(node.coinbaseBuyPriceUsd);
      expect(node.coinbaseSellPriceUSD).toBe(node.coinbaseSellPriceUsd);
      expect(node.coinbaseSpotPriceUSD).toBe(node.coinbaseSpotPriceUsd);
    }

    const distributions = await issuer.client.graphql<{
      allDistributions: {
        nodes: Array<{
          id: string;
          qualificationsComplete: boolean;
          payments: { totalCount: number };
          distributionPayments: { totalCount: number };
          vestingSchedule: { currentPeriod: number; periods: number } | null;
          process: {
            currentStepId: string | null;
            currentStep: { id: string } | null;
            shortSteps: { nodes: Array<{ order: number }> };
          } | null;
        }>;
      };
    }>(
      `{ allDistributions { nodes { id qualificationsComplete payments { totalCount } distributionPayments { totalCount }
           vestingSchedule { currentPeriod periods } process { currentStepId currentStep { id } shortSteps { nodes { order } } } } } }`,
    );
    expect(distributions.errors).toBeUndefined();
    const nodes = distributions.data?.allDistributions.nodes ?? [];
    expect(nodes.length).toBeGreaterThan(0);
    const { rows } = await t.server.db.query<{ id: string; complete: boolean }>(
      `select d.id, not exists (select 1 from app_public.distribution_qualifications q where q.distribution_id = d.id
          and (not exists (select 1 from app_public.steps s where s.distribution_qualification_id = q.id)
               or exists (select 1 from app_public.steps s where s.distribution_qualification_id = q.id and s.status <> 'complete'))) as complete
         from app_public.distributions d where d.id = any($1::uuid[])`,
      [nodes.map((node) => node.id)],
    );
    const complete = new Map(rows.map((row) => [row.id, row.complete]));
    for (const node of nodes) {
      expect(node.qualificationsComplete).toBe(complete.get(node.id));
      expect(node.payments.totalCount).toBe(node.distributionPayments.totalCount);
      if (node.vestingSchedule) {
        expect(node.vestingSchedule.currentPeriod).toBeGreaterThanOrEqual(0);
        expect(node.vestingSchedule.currentPeriod).toBeLessThanOrEqual(node.vestingSchedule.periods);
      }
      if (node.process) {
        expect(node.process.currentStep?.id ?? null).toBe(node.process.currentStepId);
        const orders = node.process.shortSteps.nodes.map((step) => step.order);
        expect(orders).toEqual([...orders].sort((a, b) => a - b));
      }
    }
    expect(nodes.some((node) => node.process && node.process.shortSteps.nodes.length > 0)).toBe(true);
    expect(nodes.some((node) => node.vestingSchedule)).toBe(true);
  });

  it("offers a document's downloadUrl and a ledger entry's token", async () => {
    const documents = await issuer.client.graphql<{
      allDocuments: { nodes: Array<{ id: string; uploadStatus: string; downloadUrl: string | null }> };
    }>("{ allDocuments { nodes { id uploadStatus downloadUrl } } }");
    expect(documents.errors).toBeUndefined();
    expect(documents.data?.allDocuments.nodes.some((document) => document.downloadUrl)).toBe(true);
    for (const document of documents.data?.allDocuments.nodes ?? []) {
      expect(document.downloadUrl).toBe(
        document.uploadStatus === "uploaded" ? `/api/v2/documents/${document.id}/download` : null,
      );
    }
    // The demo has no ledger entry of a token: one of the issuer's tokens moves one unit of one of its holdings.
    await t.server.db.query(
      `with pick as (
         select t.id as token_id, h.id as holding_id, h.investor_id, r.id as round_id, a.issuer_id
           from app_public.tokens t join app_public.rounds r on r.id = t.round_id
           join app_public.assets a on a.id = r.asset_id
           join app_public.holdings h on h.round_id = r.id
          where a.issuer_id = $1 limit 1),
       tx as (insert into app_public.transactions (issuer_id, round_id) select issuer_id, round_id from pick returning id)
       insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount, token_id)
       select tx.id, pick.holding_id, pick.investor_id, 1, pick.token_id from tx, pick`,
      [issuer.accountId],
    );
    const entries = await issuer.client.graphql<{
      allLedgerEntries: { nodes: Array<{ tokenId: string | null; token: { id: string; precision: number } | null }> };
    }>("{ allLedgerEntries(first: 20) { nodes { tokenId token { id precision } } } }");
    expect(entries.errors).toBeUndefined();
    const withToken = (entries.data?.allLedgerEntries.nodes ?? []).filter((entry) => entry.tokenId);
    expect(withToken.length).toBeGreaterThan(0);
    for (const entry of withToken) expect(entry.token?.id).toBe(entry.tokenId);
  });
});
