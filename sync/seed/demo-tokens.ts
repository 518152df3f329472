// Demo tokens on the embedded chain (spec part 2: tokens, wallet, Tokenized; docs/CHAIN.md "Demo tokens"). The seed
// sets the tokens up as the commands do and runs the product's own chain job runner (sync/chain/jobs.ts) on the
// embedded chain `ethereum-ledgerline`, so their contracts, balances, cap table entries and Tokenized marks are what
// the chain says:
// - Seed round: the Crypto token Northwind Seed Token (precision 2, prices), deployed; Emma Lawson's
//   (investor@demo.test) and the Kim Family Trust's seed holdings minted to custodial addresses; Jordan Blake's
//   holding is left for a user to Mint.
// - Tranche A: the Green Note Token (precision 0), deployed, Emma's 25 minted; the Green Note Rewards token,
//   deployed with nothing minted (Emma holds none: hidden in the wallet).
// - Series B: a token set up and not deployed (a user can try Deploy).
// - The product's own test chain (ledgerlinen-hawknet, which the server does not reach): a token row with a position
//   of Emma's and a trade address on her Tranche A holding, both hidden (the wallet and Tokenized ignore that chain).
// When the server reaches ethereum-ledgerline through an RPC URL (a real network), the demo deploys nothing: its
// tokens stay set up, not deployed. Idempotent: does nothing once the first demo token exists.
import type { Database, Sql } from "../db/database.ts";

export const DEMO_CRYPTO_TOKEN = "Northwind Seed Token";
export const DEMO_SECURITY_TOKEN = "Green Note Token";
export const DEMO_HIDDEN_CHAIN_TOKEN = "Northwind Hawknet Token";
export const DEMO_ZERO_TOKEN = "Green Note Rewards";
/** Set up on the Series B round, not deployed. */
export const DEMO_UNDEPLOYED_TOKEN = "Northwind Series B Token";

const CHAIN = "ethereum-ledgerline";
const TEST_CHAIN = "ledgerlinen-hawknet";

interface Holding {
  id: string;
  round_id: string;
  investor_id: string;
}

async function one<T>(tx: Sql, text: string, params: unknown[]): Promise<T> {
  const { rows } = await tx.query<T>(text, params);
  const row = rows[0];
  if (!row) throw new Error(`demo tokens: no row from ${text}`);
  return row;
}

/** A token with its contract, not deployed (Setup Token); `order` keeps the round's tokens in a fixed order. */
async function token(
  tx: Sql,
  roundId: string,
  fields: { name: string; symbol: string; type: string; precision: number; prices: [string, string, string] | null },
  chain: string,
  order: number,
): Promise<{ tokenId: string; contractId: string }> {
  const [buy, sell, spot] = fields.prices ?? [null, null, null];
  const { id } = await one<{ id: string }>(
    tx,
    `insert into app_public.tokens (round_id, name, symbol, type, status, total, precision, coinbase_buy_price_usd,
       coinbase_sell_price_usd, coinbase_spot_price_usd, created_on)
     values ($1, $2, $3, $4, 'not_deployed', 10000000, $5, $6, $7, $8, now() + make_interval(secs => $9)) returning id`,
    [roundId, fields.name, fields.symbol, fields.type, fields.precision, buy, sell, spot, order],
  );
  const contract = await one<{ id: string }>(
    tx,
    `insert into app_public.contracts (token_id, chain, status, created_on)
     values ($1, $2, 'not_deployed', now() + make_interval(secs => $3)) returning id`,
    [id, chain, order],
  );
  return { tokenId: id, contractId: contract.id };
}

/** Deploy, as deployContract does: the contract and token go deploying and a deploy job is queued. */
async function queueDeploy(tx: Sql, made: { tokenId: string; contractId: string }): Promise<void> {
  await tx.query("update app_public.contracts set status = 'deploying' where id = $1", [made.contractId]);
  await tx.query("update app_public.tokens set status = 'deploying' where id = $1", [made.tokenId]);
  await tx.query("insert into app_private.chain_jobs (kind, chain, contract_id) values ('deploy', $1, $2)", [
    CHAIN,
    made.contractId,
  ]);
}

/** Mint, as tokenizeHoldings does: one mint job per holding, the contract and token issuing. */
async function queueMint(tx: Sql, made: { tokenId: string; contractId: string }, holdings: string[]): Promise<void> {
  await tx.query(
    `insert into app_private.chain_jobs (kind, chain, contract_id, holding_id, amount)
     select 'mint', $1, $2, h.id, h.amount from app_public.holdings h where h.id = any ($3::uuid[]) and h.amount > 0`,
    [CHAIN, made.contractId, holdings],
  );
  await tx.query("update app_public.contracts set status = 'issuing' where id = $1", [made.contractId]);
  await tx.query("update app_public.tokens set status = 'issuing' where id = $1", [made.tokenId]);
}

/**
 * Opens the embedded chain and the product's job runner; `work` gets `run`, which runs the queued chain jobs until
 * none is open (and throws when one failed).
 */
async function withChainJobs(db: Database, work: (run: () => Promise<void>) => Promise<void>): Promise<void> {
  const [{ chainConnections }, { openBackend }, { JobRunner }] = await Promise.all([
    import("../chain/chains.ts"),
    import("../chain/provider.ts"),
    import("../chain/jobs.ts"),
  ]);
  const connection = chainConnections().find((c) => c.chain === CHAIN);
  if (!connection) throw new Error(`demo tokens: no ${CHAIN} connection`);
  const backend = await openBackend(db, connection);
  const runner = new JobRunner({ db, backend: async () => backend });
  const run = async () => {
    const deadline = Date.now() + 120_000;
    for (;;) {
      runner.kick(CHAIN);
      await runner.idle();
      const { rows } = await db.query<{ open: number }>(
        "select count(*)::int as open from app_private.chain_jobs where chain = $1 and status in ('queued', 'signed')",
        [CHAIN],
      );
      if ((rows[0]?.open ?? 0) === 0) break;
      if (Date.now() > deadline) throw new Error("demo tokens: chain jobs still open after 120 s");
    }
    const { rows: failed } = await db.query<{ failure: string }>(
      "select failure from app_private.chain_jobs where chain = $1 and status = 'failed' limit 1",
      [CHAIN],
    );
    if (failed[0]) throw new Error(`demo tokens: a chain job failed: ${failed[0].failure}`);
  };
  try {
    await work(run);
  } finally {
    await runner.stop();
    await backend.embedded?.settle();
    backend.close();
  }
}

export async function seedDemoTokens(db: Database): Promise<void> {
  // A database migrated only part of the way (the upgrade and before/after tests seed an older schema) has no chain
  // tables yet: its tokens stay set up, as with a configured RPC node.
  const { rows: schema } = await db.query<{ chain: boolean }>(
    `select to_regclass('app_private.chain_jobs') is not null
        and exists (select 1 from information_schema.columns
                     where table_schema = 'app_private' and table_name = 'chain_blocks' and column_name = 'tx_hashes')
        as chain`,
  );
  const embedded =
    schema[0]?.chain === true &&
    (await import("../chain/chains.ts")).chainConnections().some((c) => c.chain === CHAIN && c.enabled && !c.rpcUrl);
  const queued = await db.transaction(async (tx) => {
    const exists = await tx.query("select 1 from app_public.tokens where name = $1", [DEMO_CRYPTO_TOKEN]);
    if (exists.rows.length > 0) return false;
    // Emma's issued holdings: the equity seed round first, then the green note (amount order: 200000, 25).
    const { rows: holdings } = await tx.query<Holding>(
      `select h.id, h.round_id, h.investor_id from app_public.holdings h
         join app_public.accounts a on a.id = h.investor_id
       where a.email = 'investor@demo.test' and a.type = 'investor' order by h.amount desc, h.id`,
    );
    const [seed, notes] = holdings;
    if (!seed || !notes) return false;
    const emma = seed.investor_id;
    const { rows: kim } = await tx.query<{ id: string }>(
      `select h.id from app_public.holdings h join app_public.accounts a on a.id = h.investor_id
        where a.email = 'investor2@demo.test' and h.round_id = $1`,
      [seed.round_id],
    );

    const crypto = await token(
      tx,
      seed.round_id,
      { name: DEMO_CRYPTO_TOKEN, symbol: "NWST", type: "Crypto", precision: 2, prices: ["1.25", "1.20", "1.2225"] },
      CHAIN,
      0,
    );
    const security = await token(
      tx,
      notes.round_id,
      { name: DEMO_SECURITY_TOKEN, symbol: "NWGN", type: "Security", precision: 0, prices: null },
      CHAIN,
      0,
    );
    const zero = await token(
      tx,
      notes.round_id,
      { name: DEMO_ZERO_TOKEN, symbol: "NWGR", type: "Utility", precision: 0, prices: null },
      CHAIN,
      1,
    );
    const seriesB = await one<{ id: string }>(
      tx,
      `select r.id from app_public.rounds r join app_public.assets a on a.id = r.asset_id
        where r.name = 'Series B' and a.id = (select asset_id from app_public.rounds where id = $1)`,
      [seed.round_id],
    );
    await token(
      tx,
      seriesB.id,
      { name: DEMO_UNDEPLOYED_TOKEN, symbol: "NWSB", type: "Security", precision: 0, prices: null },
      CHAIN,
      0,
    );

    // The product's own test chain: rows only (hidden in the wallet, never Tokenized).
    const hidden = await token(
      tx,
      seed.round_id,
      { name: DEMO_HIDDEN_CHAIN_TOKEN, symbol: "NWHK", type: "Crypto", precision: 0, prices: ["2", "2", "2"] },
      TEST_CHAIN,
      1,
    );
    await tx.query("update app_public.contracts set status = 'deployed', contract_address = $2 where id = $1", [
      hidden.contractId,
      "hawkContract1Nw",
    ]);
    await tx.query("update app_public.tokens set status = 'deployed' where id = $1", [hidden.tokenId]);
    const hawknet = await one<{ id: string }>(
      tx,
      "insert into app_public.blockchain_addresses (account_id, address, chain) values ($1, $2, $3) returning id",
      [emma, "hawk1qz8v3lm2e0x7r4n6k5c9s2d1f0g8h7j6t5p4", TEST_CHAIN],
    );
    await tx.query(
      "insert into app_public.cap_table_entries (token_id, investor_id, blockchain_address_id, amount) values ($1, $2, $3, 300)",
      [hidden.tokenId, emma, hawknet.id],
    );
    await tx.query(
      "insert into app_public.holding_blockchain_addresses (holding_id, blockchain_address_id, status, chain) values ($1, $2, 'trade', $3)",
      [notes.id, hawknet.id, TEST_CHAIN],
    );

    if (!embedded) return false;
    for (const made of [crypto, security, zero]) await queueDeploy(tx, made);
    return { crypto, security, holdings: { seed: [seed.id, ...kim.map((h) => h.id)], notes: [notes.id] } };
  });
  if (!queued) return;
  await withChainJobs(db, async (run) => {
    await run();
    await db.transaction(async (tx) => {
      await queueMint(tx, queued.crypto, queued.holdings.seed);
      await queueMint(tx, queued.security, queued.holdings.notes);
    });
    await run();
  });
}
