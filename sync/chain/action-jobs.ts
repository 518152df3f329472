// Corporate actions on tokenized securities on EVM chains (docs/CORPORATE-ACTIONS.md "On the chain"): a split's,
// redemption's or conversion's job per changed holding (app_private.chain_jobs kind `action_mint` or `action_burn`,
// queued by the action's command) becomes the contract's issue(address, units) or forceBurn(address, units), signed
// by the operator (the token's issuer and transfer controller). What is checked before signing and what each outcome
// writes are here; jobs.ts signs, sends, waits and reconciles them as mints (signed and stored before sending, the
// same bytes sent again after a stop). The holding's address on the chain stays as it is: the action row carries the
// chain's answer (app_private.refresh_corporate_action_chain).
import { getAddress, id as selectorOf } from "ethers";
import type { Sql } from "../db/database.ts";
import { CONTRACT_NOT_DEPLOYED, type FailedJob, type JobRow, mintUnits, type SignedJob } from "./job-records.ts";

/** An action job ready to sign: the contract, the function and its arguments. */
export interface ReadyActionJob {
  id: string;
  contract: string;
  fn: "issue" | "forceBurn";
  address: string;
  units: bigint;
}

/** Gas for one issue or forceBurn (about 40,000-60,000 used). */
export const ACTION_GAS = 150_000n;

/** forceBurn's selector: a contract deployed before the function existed lacks it in its code. */
const FORCE_BURN = selectorOf("forceBurn(address,uint256)").slice(2, 10);

/**
 * Checks the jobs before signing: a deployed contract with code on the chain (`codeAt`, with forceBurn for a burn),
 * a valid address, the units within the token's precision. What fails here is never sent.
 */
export async function prepareActionJobs(
  db: Sql,
  chain: string,
  jobs: readonly JobRow[],
  codeAt: (address: string) => Promise<string>,
): Promise<{ ready: ReadyActionJob[]; failed: FailedJob[] }> {
  const { rows } = await db.query<{ id: string; contract_address: string | null; precision: number }>(
    `select j.id, c.contract_address, t.precision
       from app_private.chain_jobs j join app_public.contracts c on c.id = j.contract_id
       join app_public.tokens t on t.id = c.token_id
      where j.id = any ($1::uuid[])`,
    [jobs.map((j) => j.id)],
  );
  const byJob = new Map(rows.map((row) => [row.id, row]));
  const code = new Map<string, string>();
  const ready: ReadyActionJob[] = [];
  const failed: FailedJob[] = [];
  for (const job of jobs) {
    const detail = byJob.get(job.id);
    const fail = (failure: string) => failed.push({ id: job.id, failure });
    if (!detail?.contract_address) {
      fail(CONTRACT_NOT_DEPLOYED);
      continue;
    }
    const contract = detail.contract_address;
    if (!code.has(contract)) code.set(contract, await codeAt(contract));
    const bytecode = code.get(contract) ?? "0x";
    if (bytecode === "0x") {
      fail(`There is no contract at ${contract} on ${chain}.`);
      continue;
    }
    const burn = job.kind === "action_burn";
    if (burn && !bytecode.toLowerCase().includes(FORCE_BURN)) {
      fail(
        `The token's contract at ${contract} was deployed before burns through the transfer controller existed: its units cannot be burned there.`,
      );
      continue;
    }
    const amount = mintUnits(job.amount, detail.precision);
    if ("failure" in amount) {
      fail(amount.failure);
      continue;
    }
    let address: string;
    try {
      address = getAddress((job.address ?? "").toLowerCase());
    } catch {
      fail(`The holding's address ${job.address} is not an address on ${chain}.`);
      continue;
    }
    ready.push({ id: job.id, contract, fn: burn ? "forceBurn" : "issue", address, units: amount.units });
  }
  return { ready, failed };
}

/** Signed action jobs (inside the caller's transaction): the job's bytes, never the holding's address row. */
export async function recordActionJobsSigned(tx: Sql, signed: readonly SignedJob[]): Promise<void> {
  if (signed.length === 0) return;
  await tx.query(
    `update app_private.chain_jobs j set status = 'signed', nonce = x.nonce, raw_tx = x.raw, tx_hash = x.hash,
            updated_on = now()
       from jsonb_to_recordset($1::jsonb) as x(id uuid, nonce bigint, raw text, hash text) where j.id = x.id`,
    [JSON.stringify(signed.map(({ id, nonce, raw, hash }) => ({ id, nonce, raw, hash })))],
  );
}

/** Finished action jobs (inside the caller's transaction): done with the block, or failed with the chain's reason. */
export async function recordActionJobsFinished(
  tx: Sql,
  outcomes: ReadonlyArray<{ id: string; ok: boolean; block: number | null; failure: string | null }>,
): Promise<void> {
  if (outcomes.length === 0) return;
  await tx.query(
    `update app_private.chain_jobs j set status = case when x.ok then 'done' else 'failed' end,
            block_number = x.block, failure = x.failure, updated_on = now()
       from jsonb_to_recordset($1::jsonb) as x(id uuid, ok boolean, block bigint, failure text) where j.id = x.id`,
    [JSON.stringify(outcomes)],
  );
}
