// Transfers of tokenized holdings on EVM chains (docs/TRANSFERS.md "On the chain"): an approved transfer's job
// (app_private.chain_jobs kind `transfer`, queued by approveTransfer) becomes the contract's forceTransfer(from, to,
// amount), signed by the operator (the token's transfer controller). What is checked before signing and what each
// outcome writes are here; jobs.ts signs, sends, waits and reconciles as for a mint (the same durability: signed and
// stored before it is sent, the same bytes sent again after a stop). The request row carries the chain's answer
// (queued, pending with the transaction, done with its block, failed with the reason) and the transferee's holding
// its address on the chain (pending, trade, failed), as a mint's holding does.
import { getAddress } from "ethers";
import type { Sql } from "../db/database.ts";
import { CONTRACT_NOT_DEPLOYED, type FailedJob, type JobRow, mintUnits, type SignedJob } from "./job-records.ts";

/** A transfer job ready to sign: the contract to call and forceTransfer's arguments. */
export interface ReadyTransfer {
  id: string;
  contract: string;
  from: string;
  to: string;
  units: bigint;
  /** the transferee's address row (the holding's address on the chain) */
  addressId: string;
  address: string;
}

/** Gas for one forceTransfer (about 60,000 used: two balances, two events). */
export const TRANSFER_GAS = 150_000n;

/**
 * Checks the jobs before signing: a deployed contract with code on the chain (`hasCode`), both addresses valid, the
 * units within the token's precision. What fails here is never sent.
 */
export async function prepareTransfers(
  db: Sql,
  chain: string,
  jobs: readonly JobRow[],
  hasCode: (address: string) => Promise<boolean>,
): Promise<{ ready: ReadyTransfer[]; failed: FailedJob[] }> {
  const { rows } = await db.query<{
    id: string;
    contract_address: string | null;
    precision: number;
    to_address_id: string | null;
  }>(
    `select j.id, c.contract_address, t.precision,
            (select b.id from app_public.blockchain_addresses b
              where b.account_id = h.investor_id and b.chain = j.chain and lower(b.address) = lower(j.address)
              order by b.created_on, b.id limit 1) as to_address_id
       from app_private.chain_jobs j join app_public.holdings h on h.id = j.holding_id
       join app_public.contracts c on c.id = j.contract_id join app_public.tokens t on t.id = c.token_id
      where j.id = any ($1::uuid[])`,
    [jobs.map((j) => j.id)],
  );
  const byJob = new Map(rows.map((row) => [row.id, row]));
  const code = new Map<string, boolean>();
  const ready: ReadyTransfer[] = [];
  const failed: FailedJob[] = [];
  for (const job of jobs) {
    const detail = byJob.get(job.id);
    const fail = (failure: string) => failed.push({ id: job.id, failure, addressId: detail?.to_address_id });
    if (!detail?.contract_address) {
      fail(CONTRACT_NOT_DEPLOYED);
      continue;
    }
    const contract = detail.contract_address;
    if (!code.has(contract)) code.set(contract, await hasCode(contract));
    if (!code.get(contract)) {
      fail(`There is no contract at ${contract} on ${chain}.`);
      continue;
    }
    const amount = mintUnits(job.amount, detail.precision);
    if ("failure" in amount) {
      fail(amount.failure);
      continue;
    }
    const from = evmAddress(job.from_address);
    const to = evmAddress(job.address);
    if (!from || !to || !detail.to_address_id) {
      fail(`The addresses of this transfer are not addresses on ${chain}: ${job.from_address} to ${job.address}.`);
      continue;
    }
    ready.push({
      id: job.id,
      contract,
      from,
      to,
      units: amount.units,
      addressId: detail.to_address_id,
      address: job.address ?? "",
    });
  }
  return { ready, failed };
}

function evmAddress(value: string | null | undefined): string | null {
  try {
    return value ? getAddress(value.toLowerCase()) : null;
  } catch {
    return null;
  }
}

/** The request rows of signed transfer jobs: pending with their transaction (inside the caller's transaction). */
export async function recordTransfersSigned(tx: Sql, signed: readonly SignedJob[]): Promise<void> {
  if (signed.length === 0) return;
  await tx.query(
    `update app_public.transfers t set chain_status = 'pending', chain_tx_hash = x.hash, chain_failure = null
       from jsonb_to_recordset($1::jsonb) as x(id uuid, hash text)
       join app_private.chain_jobs j on j.id = x.id
      where t.id = j.transfer_id`,
    [JSON.stringify(signed.map((s) => ({ id: s.id, hash: s.hash })))],
  );
}

/**
 * The request rows of finished transfer jobs (inside the caller's transaction): done with the block, or failed with
 * the chain's reason. The jobs and the holding's address rows are finished with the mints' (jobs.ts).
 */
export async function recordTransfersFinished(
  tx: Sql,
  outcomes: ReadonlyArray<{ id: string; ok: boolean; block: number | null; failure: string | null }>,
): Promise<void> {
  if (outcomes.length === 0) return;
  await tx.query(
    `update app_public.transfers t
        set chain_status = case when x.ok then 'done' else 'failed' end, chain_block_number = x.block,
            chain_tx_hash = coalesce(j.tx_hash, t.chain_tx_hash), chain_failure = left(x.failure, 2000)
       from jsonb_to_recordset($1::jsonb) as x(id uuid, ok boolean, block bigint, failure text)
       join app_private.chain_jobs j on j.id = x.id
      where t.id = j.transfer_id`,
    [JSON.stringify(outcomes)],
  );
}
