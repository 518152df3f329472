// What a mint job's outcome writes, for every chain (jobs.ts for EVM chains, tezos.ts for Tezos): a signed job's
// nonce, raw transaction, hash and address, with the holding's address on the chain shown at once, pending until its
// mint is in a block; a job that fails before it is sent, with its reason (and, where the holding's address is known,
// that address shown failed); the contract's and token's status the mint jobs add up to. The checks both chains
// make before signing a mint are here too, with the same texts.
import { parseUnits } from "ethers";
import type { Database, Sql } from "../db/database.ts";

/** A row of app_private.chain_jobs as both chains' runners read it. */
export interface JobRow {
  id: string;
  kind: "deploy" | "mint" | "transfer" | "action_mint" | "action_burn";
  chain: string;
  contract_id: string;
  holding_id: string | null;
  address: string | null;
  amount: string | null;
  status: string;
  nonce: string | null;
  raw_tx: string | null;
  tx_hash: string | null;
  /** a transfer's: the address the units leave (`address` is where they go; sync/chain/transfer-jobs.ts) */
  from_address?: string | null;
  /** a corporate action's job (its own kinds, or a conversion's mint of a new holding; sync/chain/action-jobs.ts) */
  corporate_action_id?: string | null;
}

export interface SignedJob {
  id: string;
  nonce: number;
  raw: string;
  hash: string;
  /** the address minted to, and its blockchain_addresses row */
  address: string;
  addressId: string;
}

export interface FailedJob {
  id: string;
  failure: string;
  /** the holding's address on the chain, when the job knew it: shown failed with the reason */
  addressId?: string | null;
}

export const CONTRACT_NOT_DEPLOYED = "The token's contract is not deployed.";

/** A mint's amount in the token's smallest units, or the failure when it has more decimals than the token allows. */
export function mintUnits(
  amount: string | number | null | undefined,
  precision: number,
): { units: bigint } | { failure: string } {
  try {
    return { units: parseUnits(String(amount ?? "0"), precision) };
  } catch {
    return { failure: `The amount ${amount} has more decimals than the token's precision (${precision}).` };
  }
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
  await refreshCorporateActions(
    tx,
    signed.map((s) => s.id),
  );
}

/** Records the jobs that failed before they were sent, inside the caller's transaction (nothing when there are none). */
export async function recordFailedJobs(tx: Sql, failed: readonly FailedJob[]): Promise<void> {
  if (failed.length === 0) return;
  await tx.query(
    `update app_private.chain_jobs j set status = 'failed', failure = x.failure, updated_on = now()
       from jsonb_to_recordset($1::jsonb) as x(id uuid, failure text) where j.id = x.id`,
    [JSON.stringify(failed.map((f) => ({ id: f.id, failure: f.failure })))],
  );
  await refreshCorporateActions(
    tx,
    failed.map((f) => f.id),
  );
  const known = failed
    .filter((f) => f.addressId)
    .map((f) => ({ id: f.id, failure: f.failure, address_id: f.addressId }));
  if (known.length === 0) return;
  await tx.query(
    `insert into app_public.holding_blockchain_addresses (holding_id, blockchain_address_id, status, chain, failure)
     select j.holding_id, x.address_id, 'failed', j.chain, left(x.failure, 2000)
       from jsonb_to_recordset($1::jsonb) as x(id uuid, failure text, address_id uuid)
       join app_private.chain_jobs j on j.id = x.id
     on conflict (holding_id, blockchain_address_id)
       do update set status = 'failed', failure = excluded.failure, block_number = null`,
    [JSON.stringify(known)],
  );
}

/** A mint's outcome as it was read from its chain: in a block (`ok`) or failed, with the reason. */
export interface FinishedMint {
  id: string;
  ok: boolean;
  block: number | null;
  failure: string | null;
}

/**
 * Records mint jobs found in a block or failed, inside the caller's transaction: the job done or failed, and the
 * holding's address on the chain shown in trade or failed. EVM addresses are matched whatever their case; Tezos
 * addresses are case-sensitive (`exactAddress`).
 */
export async function recordMintsFinished(
  tx: Sql,
  mints: readonly FinishedMint[],
  { exactAddress = false }: { exactAddress?: boolean } = {},
): Promise<void> {
  const rows = JSON.stringify(mints);
  await tx.query(
    `update app_private.chain_jobs j set status = case when x.ok then 'done' else 'failed' end,
            block_number = x.block, failure = x.failure, updated_on = now()
       from jsonb_to_recordset($1::jsonb) as x(id uuid, ok boolean, block bigint, failure text) where j.id = x.id`,
    [rows],
  );
  const sameAddress = exactAddress ? "b.address = j.address" : "lower(b.address) = lower(j.address)";
  await tx.query(
    `update app_public.holding_blockchain_addresses x
        set status = case when r.ok then 'trade' else 'failed' end, block_number = r.block,
            failure = left(r.failure, 2000), tx_hash = j.tx_hash
       from jsonb_to_recordset($1::jsonb) as r(id uuid, ok boolean, block bigint, failure text)
       join app_private.chain_jobs j on j.id = r.id
       join app_public.blockchain_addresses b on b.chain = j.chain and ${sameAddress}
      where x.holding_id = j.holding_id and x.blockchain_address_id = b.id`,
    [rows],
  );
}

/**
 * Records a deploy job's outcome in one transaction: the job done or failed, the contract deployed at `address` or
 * not deployed; when the contract is its token's current one, the token's status follows, and once deployed the
 * token's ledger drops the entries on other chains' addresses (Swap Chain: the ledger follows the current chain).
 */
export async function recordDeployFinished(
  db: Database,
  job: JobRow,
  outcome: { ok: boolean; block: number | null; failure: string | null; address: string | null },
): Promise<void> {
  const { ok } = outcome;
  await db.transaction(async (tx) => {
    await tx.query(
      `update app_private.chain_jobs set status = $2, block_number = $3, failure = $4, updated_on = now() where id = $1`,
      [job.id, ok ? "done" : "failed", outcome.block, outcome.failure],
    );
    const { rows } = await tx.query<{ token_id: string; current: boolean }>(
      `update app_public.contracts c
          set status = $2, contract_address = case when $2 = 'deployed' then $3 else null end,
              block_number = $4, tx_hash = $5, failure = left($6::text, 2000)
        where c.id = $1
        returning c.token_id, c.id = (app_private.current_contract(c.token_id)).id as current`,
      [job.contract_id, ok ? "deployed" : "not_deployed", outcome.address, outcome.block, job.tx_hash, outcome.failure],
    );
    const contract = rows[0];
    if (!contract?.current) return;
    await tx.query("update app_public.tokens set status = $2 where id = $1", [
      contract.token_id,
      ok ? "deployed" : "not_deployed",
    ]);
    if (ok)
      await tx.query(
        `delete from app_public.cap_table_entries e using app_public.blockchain_addresses b
          where e.token_id = $1 and b.id = e.blockchain_address_id and b.chain <> $2`,
        [contract.token_id, job.chain],
      );
  });
}

/** An address's balance of a token as read from the chain, and the block it was read after. */
export interface ChainBalance {
  address: string;
  amount: string;
  block: number;
}

/**
 * Writes balances read from the chain into the token's ledger (cap_table_entries), one transaction: an address's
 * entry updated, or added for the address's investor. EVM addresses come lowercased and are matched whatever their
 * case; Tezos addresses are case-sensitive (`exactAddress`).
 */
export async function recordBalances(
  db: Database,
  contract: { token_id: string; chain: string },
  balances: readonly ChainBalance[],
  { exactAddress = false }: { exactAddress?: boolean } = {},
): Promise<void> {
  const sameAddress = exactAddress ? "b.address = x.address" : "lower(b.address) = x.address";
  const values = [contract.token_id, contract.chain, JSON.stringify(balances)];
  await db.transaction(async (tx) => {
    await tx.query(
      `update app_public.cap_table_entries e set amount = x.amount, block_number = x.block
         from jsonb_to_recordset($3::jsonb) as x(address text, amount numeric, block bigint)
         join app_public.blockchain_addresses b on b.chain = $2 and ${sameAddress}
        where e.token_id = $1 and e.blockchain_address_id = b.id`,
      values,
    );
    await tx.query(
      `insert into app_public.cap_table_entries (token_id, investor_id, blockchain_address_id, amount, block_number)
       select $1, b.account_id, b.id, x.amount, x.block
         from jsonb_to_recordset($3::jsonb) as x(address text, amount numeric, block bigint)
         join app_public.blockchain_addresses b on b.chain = $2 and ${sameAddress}
        where not exists (select 1 from app_public.cap_table_entries e
                           where e.token_id = $1 and e.blockchain_address_id = b.id)`,
      values,
    );
  });
}

/**
 * A contract's and its token's status from its mint jobs: issuing while mints are open; then issued when any holding
 * is minted, else deployed; failures counted.
 */
export async function updateContractStatus(db: Sql, contractId: string): Promise<void> {
  await db.query(
    `with counts as (
       select count(*) filter (where status in ('queued', 'signed')) as open,
              count(*) filter (where status = 'done') as done,
              count(*) filter (where status = 'failed') as failed,
              (array_agg(failure order by updated_on desc) filter (where status = 'failed'))[1] as last_failure
         from app_private.chain_jobs where contract_id = $1 and kind = 'mint'
     ), updated as (
       update app_public.contracts c
          set status = case when k.open > 0 then 'issuing' when k.done > 0 then 'issued' else 'deployed' end,
              failure = case when k.failed > 0
                        then left(k.failed || case when k.failed = 1 then ' holding was' else ' holdings were' end
                                  || ' not minted: ' || k.last_failure, 2000) end
         from counts k
        where c.id = $1 and c.status in ('deployed', 'issuing', 'issued')
        returning c.token_id, c.status, c.id = (app_private.current_contract(c.token_id)).id as current
     )
     update app_public.tokens t set status = u.status from updated u where t.id = u.token_id and u.current`,
    [contractId],
  );
}

/** The chain state of the corporate actions these jobs belong to (docs/CORPORATE-ACTIONS.md "On the chain"). */
export async function refreshCorporateActions(tx: Sql, jobIds: readonly string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await tx.query(
    `select app_private.refresh_corporate_action_chain(array_agg(distinct j.corporate_action_id))
       from app_private.chain_jobs j where j.id = any ($1::uuid[]) and j.corporate_action_id is not null
     having count(*) > 0`,
    [jobIds],
  );
}
