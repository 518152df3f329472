// What the chain code keeps in the database (migration 1010, docs/CHAIN.md): the embedded chain's blocks and the
// signing keys the server holds (operator and custodial investor keys), sealed with the key that encrypts answers at
// rest (app_private.seal / unseal: sync/database/onboarding/30_step_answers.sql, key from sync/db/encryption-key.ts).
import type { Database, Sql } from "../db/database.ts";
import type { BlockStore, StoredBlock } from "./embedded.ts";

export function blockStore(db: Database, chain: string): BlockStore {
  return {
    async loadBlocks(): Promise<StoredBlock[]> {
      const { rows } = await db.query<{ number: string | number; rlp: Uint8Array }>(
        "select number, rlp from app_private.chain_blocks where chain = $1 order by number",
        [chain],
      );
      return rows.map((row) => ({ number: Number(row.number), rlp: new Uint8Array(row.rlp) }));
    },
    async saveBlock(block) {
      await db.query(
        `insert into app_private.chain_blocks (chain, number, hash, rlp, transactions) values ($1, $2, $3, $4, $5)`,
        // a Buffer: node-postgres sends it as bytea (a plain Uint8Array it would not)
        [chain, block.number, block.hash, Buffer.from(block.rlp), block.transactions],
      );
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
