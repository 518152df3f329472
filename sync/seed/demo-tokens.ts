// Demo tokens (spec part 2: tokens, wallet, Tokenized): on the rounds of Emma Lawson's (investor@demo.test) issued
// holdings, a deployed Crypto token on tezos-mainnet, a deployed non-crypto token on ethereum-ledgerline, a token
// deployed on the product's own test chain (hidden in the wallet) and a deployed token Emma holds zero of (hidden);
// Emma's holdings get trade addresses on public chains so the portfolio reads Tokenized Yes, and Daniel Kim's seed
// holding a pending one (No). Idempotent: does nothing once the first demo token exists.
import type { Database, Sql } from "../db/database.ts";

export const DEMO_CRYPTO_TOKEN = "Northwind Seed Token";
export const DEMO_SECURITY_TOKEN = "Green Note Token";
export const DEMO_HIDDEN_CHAIN_TOKEN = "Northwind Hawknet Token";
export const DEMO_ZERO_TOKEN = "Green Note Rewards";

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

async function token(
  tx: Sql,
  roundId: string,
  fields: { name: string; symbol: string; type: string; precision: number; prices: [string, string, string] | null },
  chain: string,
  contractAddress: string,
): Promise<string> {
  const [buy, sell, spot] = fields.prices ?? [null, null, null];
  const { id } = await one<{ id: string }>(
    tx,
    `insert into app_public.tokens (round_id, name, symbol, type, status, total, precision, coinbase_buy_price_usd,
       coinbase_sell_price_usd, coinbase_spot_price_usd)
     values ($1, $2, $3, $4, 'deployed', 10000000, $5, $6, $7, $8) returning id`,
    [roundId, fields.name, fields.symbol, fields.type, fields.precision, buy, sell, spot],
  );
  await tx.query(
    "insert into app_public.contracts (token_id, chain, status, contract_address) values ($1, $2, 'deployed', $3)",
    [id, chain, contractAddress],
  );
  return id;
}

async function address(tx: Sql, accountId: string, value: string, chain: string): Promise<string> {
  const { id } = await one<{ id: string }>(
    tx,
    "insert into app_public.blockchain_addresses (account_id, address, chain) values ($1, $2, $3) returning id",
    [accountId, value, chain],
  );
  return id;
}

export async function seedDemoTokens(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const exists = await tx.query("select 1 from app_public.tokens where name = $1", [DEMO_CRYPTO_TOKEN]);
    if (exists.rows.length > 0) return;
    // Emma's issued holdings: the equity seed round first, then the green note (amount order: 200000, 25).
    const { rows: holdings } = await tx.query<Holding>(
      `select h.id, h.round_id, h.investor_id from app_public.holdings h
         join app_public.accounts a on a.id = h.investor_id
       where a.email = 'investor@demo.test' and a.type = 'investor' order by h.amount desc, h.id`,
    );
    const [seed, notes] = holdings;
    if (!seed || !notes) return;
    const emma = seed.investor_id;

    const tezos = await address(tx, emma, "tz1Nw7fPq3LxRkT9vYhE2mAcZbD4uGs8JoKp", "tezos-mainnet");
    const ethereum = await address(tx, emma, "0x5aE3b1C9d04F7a28E6cB1f93D7a0c4e2B8f61d07", "ethereum-ledgerline");
    const hawknet = await address(tx, emma, "hawk1qz8v3lm2e0x7r4n6k5c9s2d1f0g8h7j6t5p4", "ledgerlinen-hawknet");

    const crypto = await token(
      tx,
      seed.round_id,
      { name: DEMO_CRYPTO_TOKEN, symbol: "NWST", type: "Crypto", precision: 2, prices: ["1.25", "1.20", "1.2225"] },
      "tezos-mainnet",
      "KT1NwSeedToKen7fPq3LxRkT9vYhE2mAcZbD4u",
    );
    const security = await token(
      tx,
      notes.round_id,
      { name: DEMO_SECURITY_TOKEN, symbol: "NWGN", type: "Security", precision: 0, prices: null },
      "ethereum-ledgerline",
      "0x9c1D7e3A5b2F40c8E6d1a7B3f9C2e5D8a0b4F611",
    );
    const hidden = await token(
      tx,
      seed.round_id,
      { name: DEMO_HIDDEN_CHAIN_TOKEN, symbol: "NWHK", type: "Crypto", precision: 0, prices: ["2", "2", "2"] },
      "ledgerlinen-hawknet",
      "hawkContract1Nw",
    );
    const zero = await token(
      tx,
      notes.round_id,
      { name: DEMO_ZERO_TOKEN, symbol: "NWGR", type: "Utility", precision: 0, prices: null },
      "ethereum-ledgerline",
      "0x0b7E2d9A4c1F83e6D5a2B0c7F1e9D3a8C6b4E200",
    );

    const entry =
      "insert into app_public.cap_table_entries (token_id, investor_id, blockchain_address_id, amount) values ($1, $2, $3, $4)";
    await tx.query(entry, [crypto, emma, tezos, "1500.756"]);
    await tx.query(entry, [crypto, emma, tezos, "500"]);
    await tx.query(entry, [security, emma, ethereum, "25"]);
    await tx.query(entry, [hidden, emma, hawknet, "300"]);
    await tx.query(entry, [zero, emma, ethereum, "0"]);

    const link =
      "insert into app_public.holding_blockchain_addresses (holding_id, blockchain_address_id, status, chain) values ($1, $2, $3, $4)";
    await tx.query(link, [seed.id, tezos, "trade", "tezos-mainnet"]);
    await tx.query(link, [notes.id, hawknet, "trade", "ledgerlinen-hawknet"]);

    // Daniel Kim's seed holding: an address still pending (not Tokenized).
    const kim = await tx.query<Holding>(
      `select h.id, h.round_id, h.investor_id from app_public.holdings h
         join app_public.accounts a on a.id = h.investor_id
       where a.email = 'investor2@demo.test' and h.round_id = $1 limit 1`,
      [seed.round_id],
    );
    const kimSeed = kim.rows[0];
    if (kimSeed) {
      const kimAddress = await address(
        tx,
        kimSeed.investor_id,
        "tz1KimDemoAddr9vYhE2mAcZbD4uGs8JoKpQ",
        "tezos-mainnet",
      );
      await tx.query(link, [kimSeed.id, kimAddress, "pending", "tezos-mainnet"]);
      await tx.query(entry, [crypto, kimSeed.investor_id, kimAddress, "4000"]);
    }
  });
}
