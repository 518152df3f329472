// What a signed mint job writes, for every chain (jobs.ts for EVM chains, tezos.ts for Tezos): the job's nonce, raw
// transaction, hash and address, and the holding's address on the chain shown at once, pending until its mint is in
// a block.
import type { Sql } from "../db/database.ts";

export interface SignedJob {
  id: string;
  nonce: number;
  raw: string;
  hash: string;
  /** the address minted to, and its blockchain_addresses row */
  address: string;
  addressId: string;
}

/** Records the signed jobs inside the caller's transaction (nothing when there are none). */
export async function recordSignedJobs(tx: Sql, signed: readonly SignedJob[]): Promise<void> {
  if (signed.length === 0) return;
  await tx.query(
    `update app_private.chain_jobs j set status = 'signed', nonce = x.nonce, raw_tx = x.raw, tx_hash = x.hash,
            address = x.address, updated_on = now()
       from jsonb_to_recordset($1::jsonb) as x(id uuid, nonce bigint, raw text, hash text, address text)
      where j.id = x.id`,
    [JSON.stringify(signed)],
  );
  await tx.query(
    `insert into app_public.holding_blockchain_addresses (holding_id, blockchain_address_id, status, chain, tx_hash)
     select j.holding_id, x.address_id, 'pending', j.chain, x.hash
       from jsonb_to_recordset($1::jsonb) as x(id uuid, hash text, address_id uuid)
       join app_private.chain_jobs j on j.id = x.id
     on conflict (holding_id, blockchain_address_id)
       do update set status = 'pending', tx_hash = excluded.tx_hash, failure = null, block_number = null`,
    [JSON.stringify(signed.map((s) => ({ id: s.id, hash: s.hash, address_id: s.addressId })))],
  );
}
