// Tokens on the embedded chain through the real screens (issue 16): the issuer sets up a token on the fund's First
// Close round (two screens: the form with the spec's messages, the review, FINISH), edits it, deploys it while
// offline (queued, shown Pending), reconnects and watches Deploying then Deployed arrive live, mints the round's
// holding (Kim Family Trust's 25,000 units) and reads the Stakeholder Ledger with its block number; the investor
// reads it all again offline after a reload; the investor sees the token in /wallet with its balance; a viewer of
// the issuer sees the token and no Edit, Deploy or Mint. Then Swap Chain to a second chain, ethereum-rinkeby,
// configured (LL_CHAIN_ETHEREUM_RINKEBY_RPC_URL and _KEY) to a stand-in node over JSON-RPC (tests/helpers/evm-node.ts):
// Deploying then Deployed there with the explorer link, Mint again, and the Stakeholder Ledger, the investor's wallet
// and the investor's addresses follow the new chain; the investor enters its own Tezos address offline (pending, then
// saved) and reads its addresses offline after a reload.
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type EvmNode, startEvmNode } from "../helpers/evm-node.ts";
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

const poll = <T>(fn: () => T | Promise<T>, timeout = 30_000) => expect.poll(fn, { timeout, interval: 100 });

let e2e: E2E;
let node: EvmNode;
const contexts: BrowserContext[] = [];
const SECOND_CHAIN = "ethereum-rinkeby";
let savedEnv: Record<string, string | undefined> = {};

async function context(): Promise<BrowserContext> {
  const created = await newContext(e2e.browser, e2e.url);
  contexts.push(created);
  return created;
}

beforeAll(async () => {
  // the second chain is configured before the server starts (it reads LL_CHAIN_* at start)
  node = await startEvmNode();
  const env = node.env(SECOND_CHAIN);
  savedEnv = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  e2e = await startE2E();
}, 600_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((created) => created.close()));
});
afterAll(async () => {
  await e2e?.close();
  await node?.close();
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await e2e.server.server.db.query<T>(sql, params);
  if (!rows[0]) throw new Error(`no row: ${sql}`);
  return rows[0];
}

const text = async (locator: Locator) => ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();

async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole("dialog").getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/**
 * Holds the chain's job runner (its wake-ups are kept, not run) until `release`: the embedded chain deploys in a
 * fraction of a second, faster than a device's pull, so the test makes the chain the slow side to see Deploying.
 */
async function holdChain(): Promise<{ release(): void }> {
  const runner = await e2e.server.server.chain.runner();
  const kick = runner.kick.bind(runner);
  const waiting = new Set<string>();
  runner.kick = (chain: string) => {
    waiting.add(chain);
  };
  return {
    release() {
      runner.kick = kick;
      for (const chain of waiting) kick(chain);
    },
  };
}

const TOKEN_NAME = "Northwind Fund Token";

describe("tokens on the embedded chain", () => {
  it("sets up, deploys (live), mints and reads the ledger; the investor's wallet and a viewer agree", async () => {
    const round = await one<{ id: string }>("select id from app_public.rounds where name = 'First Close'");
    const path = `/asset-class/${round.id}/token`;

    // The issuer opens the round's token view: no token yet, Setup Token offered.
    const issuerCtx = await context();
    const issuer = await signIn(issuerCtx, "issuer@demo.test");
    await waitForPath(issuer, "/dashboard");
    await serviceWorkerReady(issuer);
    await issuer.goto(path);
    const info = issuer.getByTestId("token-information");
    await info.getByText("No token has been set up for this round yet.").waitFor({ timeout: 30_000 });
    await issuer.setViewportSize({ width: 1440, height: 900 });
    await screenshot(issuer, "tokens-empty");
    expect(await info.getByRole("button", { name: "Deploy" }).count()).toBe(0);
    // closed without saving, focus is back on Setup Token (issue 37 finding 6)
    const setup = info.getByRole("button", { name: "Setup Token" });
    await setup.click();
    await issuer.getByRole("dialog", { name: "Setup Token" }).waitFor();
    await issuer.keyboard.press("Escape");
    await issuer.getByRole("dialog").waitFor({ state: "detached" });
    await poll(() => setup.evaluate((button) => button === document.activeElement)).toBe(true);
    await setup.click();

    // Screen 1, the form: every message of spec part 2 section 5.
    const dialog = issuer.getByRole("dialog");
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByText("Token name is required.").waitFor();
    await dialog.getByText("Token symbol is required.").waitFor();
    await dialog.getByText("Chain is required.").waitFor();
    await dialog.getByLabel("Name").fill("x".repeat(41));
    await dialog.getByLabel("Symbol").fill("S".repeat(41));
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByText("Token name must be less than 40 characters.").waitFor();
    await dialog.getByText("Token symbol must be less than 40 characters.").waitFor();
    await dialog.getByLabel("Name").fill(TOKEN_NAME);
    await dialog.getByLabel("Symbol").fill("NWF");
    await chooseOption(issuer, "Chain", "Ethereum (Ledgerline private network)");
    await issuer.setViewportSize({ width: 390, height: 844 });
    await screenshot(issuer, "tokens-setup-form-phone");
    await issuer.setViewportSize({ width: 1440, height: 900 });
    await screenshot(issuer, "tokens-setup-form");
    await dialog.getByRole("button", { name: "Next" }).click();

    // Screen 2, the review; FINISH saves it.
    const review = dialog.getByTestId("token-review");
    expect(await text(review.getByTestId("review-name"))).toBe(TOKEN_NAME);
    expect(await text(review.getByTestId("review-symbol"))).toBe("NWF");
    expect(await text(review.getByTestId("review-chain"))).toBe("Ethereum (Ledgerline private network) (ETH)");
    await screenshot(issuer, "tokens-setup-review");
    await issuer.setViewportSize({ width: 390, height: 844 });
    await screenshot(issuer, "tokens-setup-review-phone");
    await issuer.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole("button", { name: "FINISH" }).click();
    await dialog.waitFor({ state: "detached" });

    await poll(() => text(info.getByTestId("token-name"))).toBe(TOKEN_NAME);
    await poll(() => text(info.getByTestId("token-status"))).toBe("Not Deployed");
    await poll(() =>
      one<{ n: number }>("select count(*)::int as n from app_public.tokens where name = $1", [TOKEN_NAME]).then(
        (r) => r.n,
      ),
    ).toBe(1);

    // Edit while not deployed: the symbol changes on the server; focus is back on Edit once the dialog closes.
    const edit = info.getByRole("button", { name: "Edit" });
    await edit.click();
    await issuer.getByRole("dialog", { name: "Edit Token" }).waitFor();
    await dialog.getByLabel("Symbol").fill("NWFT");
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByRole("button", { name: "FINISH" }).click();
    await dialog.waitFor({ state: "detached" });
    await poll(() => edit.evaluate((button) => button === document.activeElement)).toBe(true);
    await poll(() => text(info.getByTestId("token-symbol"))).toBe("NWFT");
    await poll(() =>
      one<{ symbol: string }>("select symbol from app_public.tokens where name = $1", [TOKEN_NAME]).then(
        (r) => r.symbol,
      ),
    ).toBe("NWFT");

    // Deploy offline: "Deploy Token?", queued and shown pending; nothing reaches the server.
    await setOffline(issuerCtx, true);
    await info.getByRole("button", { name: "Deploy" }).click();
    await issuer.getByRole("alertdialog", { name: "Deploy Token?" }).getByRole("button", { name: "Deploy" }).click();
    await info.getByTestId("pending-mark").filter({ hasText: "Pending sync" }).waitFor();
    expect(await info.getByRole("button", { name: "Deploy" }).count()).toBe(0);
    const stillHere = await one<{ status: string }>(
      "select c.status from app_public.contracts c join app_public.tokens t on t.id = c.token_id where t.name = $1",
      [TOKEN_NAME],
    );
    expect(stillHere.status).toBe("not_deployed");

    // Back online: the command goes out and the contract's states arrive live, Deploying then Deployed.
    const chain = await holdChain();
    await setOffline(issuerCtx, false);
    await poll(() => text(info.getByTestId("token-status"))).toMatch(/^Deploying/);
    await info.getByTestId("token-live").waitFor();
    chain.release();
    await poll(() => text(info.getByTestId("token-status")), 60_000).toBe("Deployed");
    const address = await text(info.getByTestId("token-contract-address"));
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // The private network has no explorer: the address is shown, not linked.
    expect(await info.getByTestId("token-explorer-link").count()).toBe(0);
    expect(await info.getByRole("button", { name: "Edit" }).count()).toBe(0);

    // Mint the round's holding: Issuing, then Issued with the ledger read from the chain.
    await info.getByRole("button", { name: "Mint" }).click();
    const mint = issuer.getByRole("dialog", { name: "Mint" });
    await mint.getByRole("cell", { name: "Kim Family Trust", exact: true }).waitFor();
    await mint.getByRole("button", { name: "Mint 1 holding" }).click();
    const ledger = issuer.getByTestId("stakeholder-ledger");
    const row = ledger.getByTestId("ledger-row").filter({ hasText: "Kim Family Trust" });
    await row.waitFor({ timeout: 60_000 });
    expect(await text(row.getByTestId("ledger-amount"))).toBe("25,000");
    expect(await text(row.getByTestId("ledger-block"))).toMatch(/^\d+$/);
    expect(await text(row.getByTestId("ledger-address"))).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await poll(() => text(info.getByTestId("token-status")), 60_000).toBe("Issued");
    expect(await text(ledger.getByTestId("ledger-units"))).toBe("25,000");
    await issuer.setViewportSize({ width: 1440, height: 900 });
    await screenshot(issuer, "tokens-view-desktop");
    await issuer.setViewportSize({ width: 390, height: 844 });
    await screenshot(issuer, "tokens-view-phone");

    // Offline, after a reload: the token and its ledger from the replicas.
    await setOffline(issuerCtx, true);
    await issuer.reload();
    await issuer.getByTestId("token-offline").waitFor({ timeout: 30_000 });
    await poll(() => text(info.getByTestId("token-status"))).toBe("Issued");
    await poll(() => ledger.getByTestId("ledger-item").filter({ hasText: "Kim Family Trust" }).count()).toBe(1);
    await setOffline(issuerCtx, false);

    // The investor: the token in the wallet with the balance the chain holds.
    const investor = await signIn(await context(), "investor2@demo.test");
    await waitForPath(investor, "/portfolio");
    await investor.goto("/wallet");
    const card = investor
      .getByTestId("wallet-card")
      .filter({ has: investor.getByRole("heading", { name: TOKEN_NAME }) });
    await card.waitFor({ timeout: 30_000 });
    expect(await text(card.getByTestId("wallet-amount"))).toBe("25,000 NWFT");
    await investor.setViewportSize({ width: 1440, height: 900 });
    await screenshot(investor, "tokens-wallet");
    await investor.setViewportSize({ width: 390, height: 844 });
    await screenshot(investor, "tokens-wallet-phone");

    // A viewer of the issuer: the token and its ledger, no Edit, Deploy, Mint or Swap Chain.
    const viewer = await signIn(await context(), "issuer-viewer@demo.test");
    await viewer.goto(path);
    const viewerInfo = viewer.getByTestId("token-information");
    await poll(() => text(viewerInfo.getByTestId("token-name"))).toBe(TOKEN_NAME);
    await viewer.getByTestId("ledger-row").filter({ hasText: "Kim Family Trust" }).waitFor({ timeout: 30_000 });
    for (const name of ["Edit", "Deploy", "Mint", "Swap Chain", "Setup Token"]) {
      expect(await viewerInfo.getByRole("button", { name }).count()).toBe(0);
    }

    // Swap Chain to Ethereum Rinkeby: a new contract deployed through the configured node, Deploying then Deployed.
    await issuer.setViewportSize({ width: 1440, height: 900 });
    const heldSwap = await holdChain();
    await info.getByRole("button", { name: "Swap Chain" }).click();
    const swap = issuer.getByRole("dialog", { name: "Swap Chain" });
    await swap.getByRole("button", { name: "Swap Chain" }).click();
    await swap.getByText("Chain is required.").waitFor();
    await swap.getByRole("combobox", { name: "New chain" }).click();
    // the current chain is not offered; Tezos is listed disabled with its reason
    expect(
      await issuer.getByRole("option", { name: "Ethereum (Ledgerline private network)", exact: true }).count(),
    ).toBe(0);
    await issuer.getByRole("option", { name: "Ethereum Rinkeby", exact: true }).click();
    expect(await text(swap.getByTestId("chain-unavailable"))).toMatch(
      /^Tezos mainnet is not available on this server\. Ask your platform administrator/,
    );
    await screenshot(issuer, "tokens-swap-chain");
    await swap.getByRole("button", { name: "Swap Chain" }).click();
    await swap.waitFor({ state: "detached" });
    await poll(() => text(info.getByTestId("token-status"))).toMatch(/^Deploying/);
    expect(await text(info.getByTestId("token-chain"))).toBe("Ethereum Rinkeby (ETH)");
    heldSwap.release();
    await poll(() => text(info.getByTestId("token-status")), 60_000).toBe("Deployed");
    const swappedAddress = await text(info.getByTestId("token-contract-address"));
    expect(swappedAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(swappedAddress.toLowerCase()).not.toBe(address.toLowerCase());
    expect(await info.getByTestId("token-explorer-link").getAttribute("href")).toBe(
      `https://rinkeby.etherscan.io/address/${swappedAddress}`,
    );
    // the contract is on the configured node, reached over its JSON-RPC
    expect(
      ((await node.chain.request("eth_getCode", [swappedAddress.toLowerCase(), "latest"])) as string).length,
    ).toBeGreaterThan(1000);
    // the old chain's entries left the ledger (the old contract keeps its balances on its own chain)
    await ledger.getByText("No investors with issued holdings found.").waitFor({ timeout: 30_000 });

    // Mint again on the new chain: the ledger reads the new chain (its name as the status, no block column).
    await info.getByRole("button", { name: "Mint" }).click();
    await mint.getByRole("button", { name: "Mint 1 holding" }).click();
    const swappedRow = ledger.getByTestId("ledger-row").filter({ hasText: "Kim Family Trust" });
    await swappedRow.waitFor({ timeout: 60_000 });
    await poll(() => text(info.getByTestId("token-status")), 60_000).toBe("Issued");
    expect(await text(swappedRow.getByTestId("ledger-amount"))).toBe("25,000");
    expect(await text(swappedRow)).toContain("Ethereum Rinkeby");
    expect(await ledger.getByTestId("ledger-block").count()).toBe(0);
    const rinkebyHolder = await text(swappedRow.getByTestId("ledger-address"));
    await screenshot(issuer, "tokens-swapped-desktop");
    await issuer.setViewportSize({ width: 390, height: 844 });
    await screenshot(issuer, "tokens-swapped-phone");

    // The investor's wallet follows: the balance on the new chain, and its custodial address there.
    await investor.reload();
    await poll(() => text(card.getByTestId("wallet-amount")), 30_000).toBe("25,000 NWFT");
    await poll(() => text(card), 30_000).toContain("Ethereum Rinkeby");
    const addressRow = investor.locator(`[data-testid="wallet-address"][data-chain="${SECOND_CHAIN}"]`);
    await poll(() => text(addressRow.getByTestId("wallet-address-value")), 30_000).toBe(rinkebyHolder);
    expect(await text(addressRow.getByTestId("wallet-address-kind"))).toBe("Custodial (held by the platform)");
    expect(await text(addressRow.getByTestId("wallet-address-status"))).toBe("1 holding issued");

    // The investor enters its own Tezos address offline: checked (the server's messages), queued, shown pending,
    // then saved once back online.
    const investorCtx = investor.context();
    const tezosRow = investor.locator('[data-testid="wallet-address"][data-chain="tezos-mainnet"]');
    expect(await text(tezosRow.getByTestId("wallet-address-value"))).toBe("None yet");
    await setOffline(investorCtx, true);
    // (closed without saving, focus goes back to the button that opened it: issue 37 finding 6)
    const useOwn = tezosRow.getByRole("button", { name: "Use my own address" });
    await useOwn.click();
    const own = investor.getByRole("dialog", { name: "Use my own address" });
    await own.waitFor();
    await investor.keyboard.press("Escape");
    await own.waitFor({ state: "detached" });
    await poll(() => useOwn.evaluate((button) => button === document.activeElement)).toBe(true);
    await useOwn.click();
    await own.getByLabel("Address").fill("tz1Pqem14eGhyv7UnVC9roH2ewSnNM5SF6m7");
    await own.getByRole("button", { name: "Save" }).click();
    await own.getByText("Address must be a Tezos address (tz1, tz2, tz3 or KT1) with a valid checksum.").waitFor();
    await own.getByLabel("Address").fill("tz1Pqem14eGhyv7UnVC9roH2ewSnNM5SF6m6");
    await own.getByRole("button", { name: "Save" }).click();
    await own.waitFor({ state: "detached" });
    await tezosRow.getByTestId("pending-mark").filter({ hasText: "Pending sync" }).waitFor();
    expect(await text(tezosRow.getByTestId("wallet-address-value"))).toBe("tz1Pqem14eGhyv7UnVC9roH2ewSnNM5SF6m6");
    await investor.setViewportSize({ width: 1440, height: 900 });
    await screenshot(investor, "tokens-wallet-addresses");
    await setOffline(investorCtx, false);
    await poll(() => tezosRow.getByTestId("pending-mark").count(), 30_000).toBe(0);
    expect(await text(tezosRow.getByTestId("wallet-address-kind"))).toBe("Your own address");
    expect(await text(tezosRow.getByTestId("wallet-address-status"))).toBe("Not used yet");
    await poll(() =>
      one<{ address: string }>(
        "select b.address from app_public.blockchain_addresses b join app_public.accounts a on a.id = b.account_id where a.email = 'investor2@demo.test' and b.chain = 'tezos-mainnet'",
      ).then((r) => r.address),
    ).toBe("tz1Pqem14eGhyv7UnVC9roH2ewSnNM5SF6m6");
    // Readable offline after a reload: the addresses come from the device's replica.
    await setOffline(investorCtx, true);
    await investor.reload();
    await poll(() => text(tezosRow.getByTestId("wallet-address-value")), 30_000).toBe(
      "tz1Pqem14eGhyv7UnVC9roH2ewSnNM5SF6m6",
    );
    expect(await text(addressRow.getByTestId("wallet-address-value"))).toBe(rinkebyHolder);
    await investor.setViewportSize({ width: 390, height: 844 });
    await screenshot(investor, "tokens-wallet-addresses-phone");
    await setOffline(investorCtx, false);
  });

  it("shows each demo round's real token (the one holding its units), offers the others, and never Mint 0 holdings", async () => {
    // Issue 37 finding 2: the Seed round holds Emma's 200,000 units in the Northwind Seed Token, beside a newer token on
    // the product's test chain; Tranche A holds her 25 in the Green Note Token, beside the newer Green Note Rewards.
    const seed = await one<{ id: string }>(
      "select round_id as id from app_public.tokens where name = 'Northwind Seed Token'",
    );
    const tranche = await one<{ id: string }>(
      "select round_id as id from app_public.tokens where name = 'Green Note Token'",
    );
    const page = await signIn(await context(), "issuer@demo.test");
    await waitForPath(page, "/dashboard");
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto(`/asset-class/${seed.id}/token`);
    const info = page.getByTestId("token-information");
    await poll(() => text(info.getByTestId("token-name"))).toBe("Northwind Seed Token");
    expect(await text(info.getByTestId("token-contract-address"))).not.toContain("hawkContract1Nw");
    const ledger = page.getByTestId("stakeholder-ledger");
    await poll(() => text(ledger)).toContain("Emma Lawson");
    // the round's other token, a button away
    const others = page.getByTestId("round-tokens");
    await poll(() => text(others)).toContain("Northwind Hawknet Token");
    await screenshot(page, "tokens-demo-seed");
    await others.getByRole("button", { name: "Show Northwind Hawknet Token" }).click();
    await poll(() => text(info.getByTestId("token-name"))).toBe("Northwind Hawknet Token");
    await others.getByRole("button", { name: "Show Northwind Seed Token" }).click();
    await poll(() => text(info.getByTestId("token-name"))).toBe("Northwind Seed Token");
    // Mint offers Jordan Blake's holding, not yet minted; closed by Escape, focus is back on Mint
    const mintButton = info.getByRole("button", { name: "Mint" });
    await mintButton.click();
    const mint = page.getByRole("dialog", { name: "Mint" });
    await mint.getByRole("button", { name: /^Mint \d+ holdings?$/ }).waitFor();
    expect(await mint.getByRole("button", { name: "Mint 0 holdings" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await mint.waitFor({ state: "detached" });
    await poll(() => mintButton.evaluate((button) => button === document.activeElement)).toBe(true);

    await page.goto(`/asset-class/${tranche.id}/token`);
    await poll(() => text(info.getByTestId("token-name"))).toBe("Green Note Token");
    await poll(() => text(ledger)).toContain("Emma Lawson");
    await poll(() => text(others)).toContain("Green Note Rewards");
    // every holding of Tranche A is minted: the dialog says so, with Close and no "Mint 0 holdings"
    await info.getByRole("button", { name: "Mint" }).click();
    await mint.getByText("No holdings to mint: every holding of this round is already issued.").waitFor();
    expect(await mint.getByRole("button", { name: /^Mint \d/ }).count()).toBe(0);
    await mint.getByRole("button", { name: "Close", exact: true }).first().click();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "tokens-demo-tranche-phone");

    // the issuer's viewer reads that the view is read-only
    const viewer = await signIn(await context(), "issuer-viewer@demo.test");
    await viewer.goto(`/asset-class/${tranche.id}/token`);
    await poll(() => text(viewer.getByTestId("token-information").getByTestId("token-name"))).toBe("Green Note Token");
    expect(await text(viewer.getByTestId("token-read-only"))).toContain("only owners and admins");
  });
});
