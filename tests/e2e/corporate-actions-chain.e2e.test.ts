// A tokenized security's splits in a real browser against the real server (issue 32 item 2, docs/CORPORATE-ACTIONS.md
// "On the chain"): the issuer confirms a 2-for-1 split of the security of the demo's Northwind Seed Token on its page,
// then a 1-for-3 reverse split with cash in lieu. After each, the page's holdings (the split preview's units before,
// read from the device's holdings) and total units follow, the balances on the server's own embedded chain (balanceOf, totalSupply) equal
// the tokenized holdings, and the page's "On the chain" card says the balances followed each split.
import { Interface } from "ethers";
import type { BrowserContext, Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import artifact from "../../sync/chain/contracts/LedgerlineSecurityToken.json" with { type: "json" };
import { type E2E, newContext, serviceWorkerReady, signIn, startE2E, waitForPath } from "./app.ts";

const CHAIN = "ethereum-ledgerline";
const token = new Interface(artifact.abi as never);

let e2e: E2E;
let context: BrowserContext;
let securityId: string;
let roundId: string;
let contract: string;

async function sql<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await e2e.server.server.db.query<T>(text, values)).rows as T[];
}
const text = async (locator: Locator) => ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();

beforeAll(async () => {
  e2e = await startE2E();
  const [seed] = await sql<{ round_id: string; security_id: string; contract: string }>(
    `select r.id as round_id, r.security_id, c.contract_address as contract
       from app_public.tokens k join app_public.rounds r on r.id = k.round_id
       join app_public.contracts c on c.token_id = k.id and c.chain = $1
      where k.name = 'Northwind Seed Token' and c.contract_address like '0x%'`,
    [CHAIN],
  );
  securityId = seed?.security_id ?? "";
  roundId = seed?.round_id ?? "";
  contract = seed?.contract ?? "";
});
afterAll(async () => {
  await context?.close();
  await e2e?.close();
});

async function read(fn: string, args: unknown[] = []): Promise<bigint> {
  const chain = (await e2e.server.server.chain.backend(CHAIN)).provider;
  const data = await chain.call({ to: contract, data: token.encodeFunctionData(fn, args) });
  return token.decodeFunctionResult(fn, data)[0] as bigint;
}

/** The Seed round's tokenized holdings per address (token units, 2 decimals), after the chain's jobs have run. */
async function expectChainEqualsHoldings(): Promise<void> {
  await e2e.server.server.chain.settle(60_000);
  const rows = await sql<{ address: string; units: string }>(
    `select lower(b.address) as address, (sum(h.amount) * 100)::bigint::text as units
       from app_public.holdings h
       join app_public.holding_blockchain_addresses x on x.holding_id = h.id and x.status = 'trade' and x.chain = $2
       join app_public.blockchain_addresses b on b.id = x.blockchain_address_id
      where h.round_id = $1 group by 1`,
    [roundId, CHAIN],
  );
  expect(rows.length).toBeGreaterThanOrEqual(2);
  let total = 0n;
  for (const row of rows) {
    expect(await read("balanceOf", [row.address])).toBe(BigInt(row.units));
    total += BigInt(row.units);
  }
  expect(await read("totalSupply")).toBe(total);
}

const seedUnits = async (email: string) =>
  (
    await sql<{ amount: string }>(
      `select trim_scale(h.amount)::text as amount from app_public.holdings h
         join app_public.accounts a on a.id = h.investor_id where h.round_id = $1 and a.email = $2`,
      [roundId, email],
    )
  )[0]?.amount;
const authorized = async () =>
  (
    await sql<{ total: string }>("select trim_scale(total)::text as total from app_public.securities where id = $1", [
      securityId,
    ])
  )[0]?.total ?? "";
const grouped = (units: string) => Number(units).toLocaleString("en-US");

describe("splits of a tokenized security", () => {
  it("2 for 1, then 1 for 3 with cash in lieu: the page's holdings and totals and the chain's balances follow", async () => {
    const emma = (await seedUnits("investor@demo.test")) ?? "";
    const kim = (await seedUnits("investor2@demo.test")) ?? "";
    const total = await authorized();
    context = await newContext(e2e.browser, e2e.url);
    const issuer = await signIn(context, "issuer@demo.test");
    await waitForPath(issuer, "/dashboard");
    await serviceWorkerReady(issuer);
    await issuer.goto(`/security/${securityId}`);
    const card = issuer.getByTestId("corporate-action");
    const facts = issuer.getByTestId("security-card");
    const chainCard = issuer.getByTestId("corporate-action-chain");
    /** The "On the chain" card's actions whose balances followed. */
    const followed = async () => (await text(chainCard)).split("the balances follow").length - 1;
    await card.waitFor({ timeout: 30_000 });
    // the card says the chain follows, and offers the split
    await expect.poll(() => text(card), { timeout: 30_000 }).toContain("This security is tokenized");
    await expect.poll(() => text(facts), { timeout: 30_000 }).toContain(grouped(total));

    /** Previews a split; the preview lists the device's holdings (units before and after), live as they sync. */
    const preview = async (ratioNew: string, ratioOld: string, price: string, shows: string[]) => {
      await card.getByLabel("New units").fill(ratioNew);
      await card.getByLabel("For every (units held now)").fill(ratioOld);
      await card.getByLabel("Cash in lieu price per unit").fill(price);
      await card.getByRole("button", { name: "Preview" }).click();
      const table = card.getByTestId("split-preview");
      await table.waitFor({ timeout: 10_000 });
      for (const figure of shows) await expect.poll(() => text(table), { timeout: 30_000 }).toContain(figure);
    };
    const confirm = async () => {
      await card.getByRole("button", { name: "Confirm split" }).click();
      await expect.poll(() => text(card), { timeout: 60_000 }).not.toContain("A split is waiting to sync.");
    };

    const doubled = { emma: String(Number(emma) * 2), kim: String(Number(kim) * 2) };
    await preview("2", "1", "1.25", [grouped(kim), grouped(doubled.kim), grouped(emma), grouped(doubled.emma)]);
    await confirm();
    await expect.poll(() => seedUnits("investor2@demo.test"), { timeout: 30_000 }).toBe(doubled.kim);
    await expect.poll(() => text(facts), { timeout: 30_000 }).toContain(grouped(String(Number(total) * 2)));
    await expectChainEqualsHoldings();
    await expect.poll(followed, { timeout: 30_000 }).toBe(1);

    // the next preview starts from the split's units: the page's holdings followed
    const third = {
      emma: String(Math.floor(Number(doubled.emma) / 3)),
      kim: String(Math.floor(Number(doubled.kim) / 3)),
    };
    await preview("1", "3", "3.75", [grouped(doubled.kim), grouped(third.kim), grouped(doubled.emma)]);
    await confirm();
    await expect.poll(() => seedUnits("investor2@demo.test"), { timeout: 30_000 }).toBe(third.kim);
    await expect
      .poll(() => text(facts), { timeout: 30_000 })
      .toContain(grouped(String(Math.floor((Number(total) * 2) / 3))));
    await expectChainEqualsHoldings();
    await expect.poll(followed, { timeout: 30_000 }).toBe(2);
    // and once more: the preview's units before are the reverse split's
    await preview("2", "1", "1", [grouped(third.kim), grouped(third.emma)]);
    await card.getByRole("button", { name: "Change" }).click();
  }, 180_000);
});
