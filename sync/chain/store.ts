// What the chain code keeps in the database (migrations 1010 and 1340, docs/CHAIN.md): the embedded chain's blocks
// (with their receipts), its state trie's nodes, and the
// signing keys the server holds (operator and custodial investor keys), sealed with the key that encrypts answers at
// rest (app_private.seal / unseal: sync/database/onboarding/30_step_answers.sql, key from sync/db/encryption-key.ts).
import type { Database, Sql } from "../db/database.ts";
import type { BlockStore, StoredBlock, StoredReceipt } from "./embedded.ts";

/** Trie nodes per statement: keeps one insert's parameters small. */
const NODES_PER_INSERT = 5000;

async function saveNodes(db: Sql, chain: string, nodes: Map<string, Uint8Array>): Promise<void> {
  const entries = [...nodes];
  for (let i = 0; i < entries.length; i += NODES_PER_INSERT) {
    const part = entries.slice(i, i + NODES_PER_INSERT);
    await db.query(
      `insert into app_private.chain_state_nodes (chain, key, value)
       select $1, x.key, decode(x.value, 'hex') from unnest($2::text[], $3::text[]) as x(key, value)
       on conflict do nothing`,
      [chain, part.map(([key]) => key), part.map(([, value]) => Buffer.from(value).toString("hex"))],
    );
  }
}

interface BlockRow {
  number: string | number;
  rlp: Uint8Array;
  receipts: StoredReceipt[] | null;
}

function fromRow(row: BlockRow): StoredBlock {
  return { number: Number(row.number), rlp: new Uint8Array(row.rlp), receipts: row.receipts };
}

export function blockStore(db: Database, chain: string): BlockStore {
  return {
    async loadBlocks(from = 1): Promise<StoredBlock[]> {
      const { rows } = await db.query<BlockRow>(
        "select number, rlp, receipts from app_private.chain_blocks where chain = $1 and number >= $2 order by number",
        [chain, from],
      );
      return rows.map(fromRow);
    },
    async stored() {
      const { rows } = await db.query<{ head: number | null; complete: number | null }>(
        `select max(number)::int as head, max(number) filter (where receipts is not null)::int as complete
           from app_private.chain_blocks where chain = $1`,
        [chain],
      );
      return { head: rows[0]?.head ?? 0, complete: rows[0]?.complete ?? 0 };
    },
    async loadBlock(number) {
      const { rows } = await db.query<BlockRow>(
        "select number, rlp, receipts from app_private.chain_blocks where chain = $1 and number = $2",
        [chain, number],
      );
      return rows[0] ? fromRow(rows[0]) : null;
    },
    async findBlock(hash) {
      const { rows } = await db.query<{ number: number }>(
        "select number::int from app_private.chain_blocks where chain = $1 and hash = $2",
        [chain, hash],
      );
      return rows[0]?.number ?? null;
    },
    async findTransaction(hash) {
      const { rows } = await db.query<{ number: number }>(
        "select number::int from app_private.chain_blocks where chain = $1 and tx_hashes @> array[$2::text]",
        [chain, hash],
      );
      return rows[0]?.number ?? null;
    },
    // the block, its receipts and the state nodes it wrote in one transaction: a stop in the middle keeps none of them
    async saveBlock(block) {
      await db.transaction(async (tx) => {
        if (block.nodes) await saveNodes(tx, chain, block.nodes);
        await tx.query(
          `insert into app_private.chain_blocks (chain, number, hash, rlp, transactions, state_root, receipts, tx_hashes)
           values ($1, $2, $3, $4, $5, $6, $7, $8)`,
          // a Buffer: node-postgres sends it as bytea (a plain Uint8Array it would not)
          [
            chain,
            block.number,
            block.hash,
            Buffer.from(block.rlp),
            block.transactions,
            block.stateRoot ?? null,
            block.receipts ? JSON.stringify(block.receipts) : null,
            block.txHashes ?? null,
          ],
        );
      });
    },
    async loadNode(key) {
      const { rows } = await db.query<{ value: Uint8Array }>(
        "select value from app_private.chain_state_nodes where chain = $1 and key = $2",
        [chain, key],
      );
      const value = rows[0]?.value;
      return value ? new Uint8Array(value) : undefined;
    },
    // a replayed block's state (older data), or the genesis state's nodes (number 0)
    async saveState(state) {
      await db.transaction(async (tx) => {
        await saveNodes(tx, chain, state.nodes);
        if (state.number > 0)
          await tx.query(
            `update app_private.chain_blocks set state_root = $3, receipts = $4, tx_hashes = $5
              where chain = $1 and number = $2`,
            [chain, state.number, state.stateRoot, JSON.stringify(state.receipts), state.txHashes],
          );
      });
    },
  };
}

/** The private key of an address the server holds, unsealed; null when it holds none. */
export async function keyOf(db: Sql, chain: string, address: string): Promise<string | null> {
  const { rows } = await db.query<{ key: string }>(
    `select app_private.unseal(sealed) ->> 'key' as key from app_private.chain_keys
      where chain = $1 and address = lower($2)`,
    [chain, address],
  );
  return rows[0]?.key ?? null;
}

export async function storeKey(
  db: Sql,
  key: { chain: string; address: string; privateKey: string; purpose: "operator" | "custodial"; accountId?: string },
): Promise<void> {
  await db.query(
    `insert into app_private.chain_keys (chain, address, purpose, account_id, sealed)
     values ($1, lower($2), $3, $4, app_private.seal(jsonb_build_object('key', $5::text)))`,
    [key.chain, key.address, key.purpose, key.accountId ?? null, key.privateKey],
  );
}

/** The chain's operator key held by the server, created (and sealed) on first use. */
export async function operatorKey(db: Database, chain: string, create: () => string): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('chain_operator:' || $1))", [chain]);
    const { rows } = await tx.query<{ key: string }>(
      `select app_private.unseal(sealed) ->> 'key' as key from app_private.chain_keys
        where chain = $1 and purpose = 'operator'`,
      [chain],
    );
    const existing = rows[0]?.key;
    if (existing) return existing;
    const privateKey = create();
    const { computeAddress } = await import("ethers");
    await storeKey(tx, { chain, address: computeAddress(privateKey), privateKey, purpose: "operator" });
    return privateKey;
  });
}
