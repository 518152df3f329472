// The durable chain job runner (docs/CHAIN.md "Jobs"): deploys contracts, mints holdings, moves the tokens of
// approved transfers (transfer-jobs.ts) and mints or burns what corporate actions change (action-jobs.ts), queued by
// the token, transfer and corporate action commands in app_private.chain_jobs, one chain at a time, in order.
//
// Durability: a job's transaction is signed and stored with its nonce and hash (status `signed`) before it is sent.
// After a stop, `signed` jobs come first: a mined one is finished from its receipt, an unmined one is sent again (the
// same bytes, the same nonce), so a holding is minted at most once; a transaction the chain will not take any more
// (its nonce used by another) fails visibly. A holding is `trade` only once its mint is in a block.
// Reconciliation: the Transfer events of the mined transactions name the addresses whose balance changed; each one's
// balanceOf on the chain becomes its cap table entry (with the block), so the ledger is what the chain says.
import {
  type ErrorDescription,
  formatUnits,
  getAddress,
  getCreateAddress,
  hexlify,
  Interface,
  keccak256,
  randomBytes,
  Wallet,
} from "ethers";
import type { Database } from "../db/database.ts";
import { ACTION_GAS, prepareActionJobs, recordActionJobsFinished, recordActionJobsSigned } from "./action-jobs.ts";
import artifact from "./contracts/LedgerlineSecurityToken.json" with { type: "json" };
import {
  type ChainBalance,
  CONTRACT_NOT_DEPLOYED,
  type FailedJob,
  type JobRow,
  mintUnits,
  recordBalances,
  recordDeployFinished,
  recordFailedJobs,
  recordMintsFinished,
  recordSignedJobs,
  refreshCorporateActions,
  type SignedJob,
  updateContractStatus,
} from "./job-records.ts";
import type { ChainBackend } from "./provider.ts";
import type { TezosBackend } from "./tezos.ts";
import { prepareTransfers, recordTransfersFinished, recordTransfersSigned, TRANSFER_GAS } from "./transfer-jobs.ts";

export const TOKEN_INTERFACE = new Interface(artifact.abi as never);
const DEPLOY_GAS = 3_000_000n;
/** Holdings minted by one transaction (issueBatch), and its gas limit. */
const MINT_PER_TX = 100;
const MINT_BASE_GAS = 60_000n;
const MINT_GAS_PER_HOLDING = 80_000n;

interface RawReceipt {
  status: string;
  blockNumber: string;
  contractAddress: string | null;
  logs: Array<{ address: string; topics: string[]; data: string }>;
  revertData?: string | null;
}

export interface RunnerOptions {
  db: Database;
  backend(chain: string): Promise<ChainBackend>;
  /**
   * Test hook: called once a batch's transactions are signed and stored ("signed", before they are sent) and once
   * they are sent ("sent", before their receipts are read); answering "stop" stops the runner right there, as a
   * server that dies at that point.
   */
  onSigned?(jobs: number, step: "signed" | "sent"): "stop" | undefined;
  /** Mint jobs signed, sent and finished together (default 1000: ten transactions of 100 holdings). */
  batchSize?: number;
  /** How long to wait for a receipt before leaving the job for a later pass (default 120 s; the embedded chain 30 s). */
  receiptTimeoutMs?: number;
  /** Whether this process runs chain jobs now (it holds the chain runner's lock, sync/db/runner-locks.ts). */
  leads?: () => boolean;
}

/**
 * The token's refusals in words for the issuer who reads them beside a failed mint or transfer (the contract's own
 * errors and OpenZeppelin's it inherits); any other error keeps its name after a plain sentence.
 */
const REVERT_TEXTS: Record<string, (args: readonly unknown[]) => string> = {
  NotAllowlisted: ([account]) => `The address ${String(account)} is not on the token's list of allowed holders.`,
  EnforcedPause: () => "The token is paused: no units move until it is resumed.",
  AccessControlUnauthorizedAccount: ([account]) =>
    `The platform's key ${String(account)} is no longer allowed to do this on the token (its role was taken away).`,
  ERC20InsufficientBalance: ([sender, balance, needed]) =>
    `The address ${String(sender)} holds ${String(balance)} token units, fewer than the ${String(needed)} to move.`,
  ERC20InvalidReceiver: ([receiver]) => `The tokens cannot go to the address ${String(receiver)}.`,
  BatchLengthMismatch: ([accounts, amounts]) =>
    `The batch named ${String(accounts)} addresses for ${String(amounts)} amounts.`,
};

/** The chain's reason for a revert, from the revert data: a custom error in words, or Error(string). */
export function revertReason(data: string | null | undefined): string {
  if (!data || data === "0x") return "The chain refused the transaction without giving a reason.";
  let parsed: ErrorDescription | null = null;
  try {
    parsed = TOKEN_INTERFACE.parseError(data);
  } catch {
    parsed = null;
  }
  if (!parsed) return "The chain refused the transaction with a reason this server does not know.";
  if (parsed.name === "Error") return String(parsed.args[0]);
  const text = REVERT_TEXTS[parsed.name];
  return text ? text([...parsed.args]) : `The chain refused the transaction (${parsed.name}).`;
}

export class JobRunner {
  private readonly options: RunnerOptions;
  private readonly db: Database;
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  private stopped = false;

  // Woken by the chain runner (service.ts: NOTIFY chain_jobs, and every minute for a lost notification or a receipt
  // that took too long); each chain's jobs run one step at a time here, the chains beside each other.
  constructor(options: RunnerOptions) {
    this.options = options;
    this.db = options.db;
  }

  /** Runs the open jobs of every chain that has some (at start and on the slow timer). */
  async kickAll(): Promise<void> {
    if (this.stopped || !this.leads()) return;
    const { rows } = await this.db.query<{ chain: string }>(
      "select distinct chain from app_private.chain_jobs where status in ('queued', 'signed')",
    );
    for (const row of rows) this.kick(row.chain);
  }

  kick(chain: string): void {
    if (this.stopped || !this.leads()) return;
    if (this.running.has(chain)) {
      this.again.add(chain);
      return;
    }
    const run = this.loop(chain)
      .catch((error: unknown) => {
        if (!this.stopped) report(error);
      })
      .finally(() => {
        this.running.delete(chain);
        if (this.again.delete(chain)) this.kick(chain);
      });
    this.running.set(chain, run);
  }

  /** Resolves when no chain has work in progress (tests, bench). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([...this.running.values()]);
  }

  private async loop(chain: string): Promise<void> {
    while (!this.stopped && (await this.step(chain))) {
      // next step
    }
  }

  private leads(): boolean {
    return this.options.leads?.() ?? true;
  }

  private async step(chain: string): Promise<boolean> {
    // checked before every step: a process that loses the lock stops after the step in hand
    if (!this.leads()) return false;
    // Tezos chains: the same jobs through Taquito (sync/chain/tezos.ts)
    if (chain.startsWith("tezos")) {
      const { tezosStep } = await import("./tezos.ts");
      const backend = (await this.options.backend(chain)) as unknown as TezosBackend;
      return tezosStep(
        this.db,
        backend,
        {
          onSigned: (n, at) => {
            const answer = this.options.onSigned?.(n, at);
            if (answer === "stop") this.stopped = true;
            return answer;
          },
          receiptTimeoutMs: this.options.receiptTimeoutMs,
          stopped: () => this.stopped,
        },
        this.options.batchSize,
      );
    }
    const batch = this.options.batchSize ?? 1000;
    const signed = await this.db.query<JobRow>(
      `select * from app_private.chain_jobs where chain = $1 and status = 'signed' order by nonce, created_on limit $2`,
      [chain, batch],
    );
    if (signed.rows.length > 0) {
      const backend = await this.options.backend(chain);
      return this.settleSigned(backend, signed.rows);
    }
    // the queued jobs, one kind at a time in this order: a contract is deployed before its mints, a transferor's
    // tokens are minted before an approved transfer moves them, and corporate actions' mints and burns come last (a
    // transferred holding's units are where the action finds them)
    for (const stage of this.stages) {
      const queued = await this.db.query<JobRow>(
        `select * from app_private.chain_jobs where chain = $1 and status = 'queued' and kind = any($2::text[])
          order by created_on, id limit $3`,
        [chain, stage.kinds, stage.batch ? batch : 1],
      );
      if (queued.rows.length > 0) {
        await stage.sign(await this.options.backend(chain), queued.rows);
        return true;
      }
    }
    return false;
  }

  /** The queued jobs' kinds in the order they are signed, and how; a deploy goes alone. */
  private readonly stages: Array<{
    kinds: string[];
    batch: boolean;
    sign: (b: ChainBackend, jobs: JobRow[]) => Promise<void>;
  }> = [
    {
      kinds: ["deploy"],
      batch: false,
      sign: (backend, [job]) => (job ? this.signDeploy(backend, job) : Promise.resolve()),
    },
    { kinds: ["mint"], batch: true, sign: (backend, jobs) => this.signMints(backend, jobs) },
    { kinds: ["transfer"], batch: true, sign: (backend, jobs) => this.signTransfers(backend, jobs) },
    { kinds: ["action_mint", "action_burn"], batch: true, sign: (backend, jobs) => this.signActions(backend, jobs) },
  ];

  /** A corporate action's change: issue(address, units) or forceBurn(address, units), one transaction per job. */
  private async signActions(backend: ChainBackend, jobs: JobRow[]): Promise<void> {
    const { ready, failed } = await prepareActionJobs(this.db, backend.chain, jobs, (address) =>
      backend.provider.send("eth_getCode", [address.toLowerCase(), "latest"]).catch(() => "0x"),
    );
    const signed = await this.signEach(backend, ready, (job) => ({
      data: TOKEN_INTERFACE.encodeFunctionData(job.fn, [job.address, job.units]),
      gasLimit: ACTION_GAS,
      address: job.address,
      addressId: "",
    }));
    await this.db.transaction(async (tx) => {
      await recordFailedJobs(tx, failed);
      await recordActionJobsSigned(tx, signed);
      await refreshCorporateActions(
        tx,
        signed.map((s) => s.id),
      );
    });
    await this.sendSigned(backend, signed);
  }

  /** Transfer: forceTransfer(from, to, units) through the operator's controller role, one transaction per job. */
  private async signTransfers(backend: ChainBackend, jobs: JobRow[]): Promise<void> {
    const { ready, failed } = await prepareTransfers(this.db, backend.chain, jobs, async (address) => {
      const code = await backend.provider.send("eth_getCode", [address.toLowerCase(), "latest"]).catch(() => "0x");
      return code !== "0x";
    });
    const signed = await this.signEach(backend, ready, (job) => ({
      data: TOKEN_INTERFACE.encodeFunctionData("forceTransfer", [job.from, job.to, job.units]),
      gasLimit: TRANSFER_GAS,
      address: job.address,
      addressId: job.addressId,
    }));
    await this.db.transaction(async (tx) => {
      await recordFailedJobs(tx, failed);
      await recordTransfersFinished(
        tx,
        failed.map((f) => ({ id: f.id, ok: false, block: null, failure: f.failure })),
      );
      // the transferee's holding shows its address on the chain at once, pending until the transfer is in a block
      await recordSignedJobs(tx, signed);
      await recordTransfersSigned(tx, signed);
    });
    await this.sendSigned(backend, signed);
  }

  /**
   * Signs one transaction per job to its contract, with the operator's next nonces in a row: what `call` says of each
   * job (its call data, gas, and the address the job's holding is shown at).
   */
  private async signEach<T extends { id: string; contract: string }>(
    backend: ChainBackend,
    jobs: readonly T[],
    call: (job: T) => { data: string; gasLimit: bigint; address: string; addressId: string },
  ): Promise<SignedJob[]> {
    const fees = await this.fees(backend);
    const chainId = (await backend.provider.getNetwork()).chainId;
    let nonce = await this.nextNonce(backend);
    const signed: SignedJob[] = [];
    for (const job of jobs) {
      const { data, gasLimit, address, addressId } = call(job);
      const raw = await backend.operator.signTransaction({
        type: 2,
        chainId,
        nonce,
        to: job.contract.toLowerCase(),
        data,
        gasLimit,
        ...fees,
      });
      signed.push({ id: job.id, nonce, raw, hash: keccak256(raw), address, addressId });
      nonce += 1;
    }
    return signed;
  }

  /** Sends the jobs just signed and follows them to their blocks, unless the runner was told to stop. */
  private async sendSigned(backend: ChainBackend, signed: readonly SignedJob[]): Promise<void> {
    if (signed.length === 0) return;
    if (this.options.onSigned?.(signed.length, "signed") === "stop") this.stopped = true;
    if (this.stopped) return;
    const { rows } = await this.db.query<JobRow>(
      "select * from app_private.chain_jobs where id = any ($1::uuid[]) order by nonce",
      [signed.map((s) => s.id)],
    );
    await this.settleSigned(backend, rows);
  }

  private async fees(backend: ChainBackend): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
    const fee = await backend.provider.getFeeData();
    const tip = fee.maxPriorityFeePerGas ?? 0n;
    return { maxFeePerGas: fee.maxFeePerGas ?? (fee.gasPrice ?? 0n) * 2n, maxPriorityFeePerGas: tip };
  }

  private async nextNonce(backend: ChainBackend): Promise<number> {
    return backend.provider.getTransactionCount(backend.operator.address, "pending");
  }

  /** Deploy: sign and store, then send and finish (the contract's address is known from the nonce). */
  private async signDeploy(backend: ChainBackend, job: JobRow): Promise<void> {
    const { rows } = await this.db.query<{ name: string; symbol: string; precision: number }>(
      `select t.name, t.symbol, t.precision from app_public.contracts c join app_public.tokens t on t.id = c.token_id
        where c.id = $1`,
      [job.contract_id],
    );
    const token = rows[0];
    if (!token) {
      await this.db.query("update app_private.chain_jobs set status = 'failed', failure = 'gone' where id = $1", [
        job.id,
      ]);
      return;
    }
    const nonce = await this.nextNonce(backend);
    const data = `${artifact.bytecode}${TOKEN_INTERFACE.encodeDeploy([
      token.name,
      token.symbol,
      token.precision,
      backend.operator.address,
    ]).slice(2)}`;
    const raw = await backend.operator.signTransaction({
      type: 2,
      chainId: (await backend.provider.getNetwork()).chainId,
      nonce,
      data,
      gasLimit: DEPLOY_GAS,
      ...(await this.fees(backend)),
    });
    const address = getCreateAddress({ from: backend.operator.address, nonce });
    await this.db.query(
      `update app_private.chain_jobs set status = 'signed', nonce = $2, raw_tx = $3, tx_hash = $4, address = $5,
              updated_on = now() where id = $1`,
      [job.id, nonce, raw, keccak256(raw), address],
    );
    if (this.options.onSigned?.(1, "signed") === "stop") this.stopped = true;
    if (this.stopped) return;
    await this.settleSigned(backend, [
      { ...job, status: "signed", nonce: String(nonce), raw_tx: raw, tx_hash: keccak256(raw), address },
    ]);
  }

  /** Mint: each holding's investor gets an address on the chain (custodial unless registered), then one signed transfer each. */
  private async signMints(backend: ChainBackend, jobs: JobRow[]): Promise<void> {
    const { rows: details } = await this.db.query<{
      id: string;
      investor_id: string;
      contract_address: string | null;
      precision: number;
    }>(
      `select j.id, h.investor_id, c.contract_address, t.precision
         from app_private.chain_jobs j join app_public.holdings h on h.id = j.holding_id
         join app_public.contracts c on c.id = j.contract_id join app_public.tokens t on t.id = c.token_id
        where j.id = any ($1::uuid[])`,
      [jobs.map((j) => j.id)],
    );
    const byJob = new Map(details.map((d) => [d.id, d]));
    // a contract row whose address has no code on the chain (e.g. imported or demo data) mints nothing: fail visibly
    const contractAddress = details[0]?.contract_address;
    const code = contractAddress
      ? await backend.provider.send("eth_getCode", [contractAddress.toLowerCase(), "latest"]).catch(() => "0x")
      : "0x";
    if (contractAddress && code === "0x") {
      const failure = `There is no contract at ${contractAddress} on ${backend.chain}.`;
      await recordFailedJobs(
        this.db,
        jobs.map((j) => ({ id: j.id, failure })),
      );
      await updateContractStatus(this.db, jobs[0]?.contract_id ?? "");
      return;
    }
    const addresses = await this.investorAddresses(backend.chain, [...new Set(details.map((d) => d.investor_id))]);
    const fees = await this.fees(backend);
    const chainId = (await backend.provider.getNetwork()).chainId;
    let nonce = await this.nextNonce(backend);
    const signed: SignedJob[] = [];
    const failed: FailedJob[] = [];
    const ready: Array<{
      id: string;
      to: string;
      units: bigint;
      contract: string;
      address: { id: string; address: string };
    }> = [];
    // jobs of one contract only per transaction (a step's batch is one contract's jobs in practice)
    for (const job of jobs.filter((j) => j.contract_id === jobs[0]?.contract_id)) {
      const detail = byJob.get(job.id);
      const address = detail ? addresses.get(detail.investor_id) : undefined;
      if (!detail?.contract_address || !address) {
        failed.push({ id: job.id, failure: CONTRACT_NOT_DEPLOYED });
        continue;
      }
      const minted = mintUnits(job.amount, detail.precision);
      if ("failure" in minted) {
        failed.push({ id: job.id, failure: minted.failure });
        continue;
      }
      const { units } = minted;
      let to: string;
      try {
        to = getAddress(address.address.toLowerCase());
      } catch {
        failed.push({
          id: job.id,
          failure: `The investor's address ${address.address} is not an address on ${backend.chain}.`,
        });
        continue;
      }
      ready.push({ id: job.id, to, units, contract: detail.contract_address, address });
    }
    // one transaction per MINT_PER_TX holdings (all or none): the jobs of a transaction share its nonce and hash
    for (let i = 0; i < ready.length; i += MINT_PER_TX) {
      const part = ready.slice(i, i + MINT_PER_TX);
      const contract = part[0]?.contract ?? "";
      const raw = await backend.operator.signTransaction({
        type: 2,
        chainId,
        nonce,
        to: contract.toLowerCase(),
        data:
          part.length === 1
            ? TOKEN_INTERFACE.encodeFunctionData("issue", [part[0]?.to, part[0]?.units])
            : TOKEN_INTERFACE.encodeFunctionData("issueBatch", [part.map((p) => p.to), part.map((p) => p.units)]),
        gasLimit: MINT_BASE_GAS + MINT_GAS_PER_HOLDING * BigInt(part.length),
        ...fees,
      });
      const hash = keccak256(raw);
      for (const p of part)
        signed.push({ id: p.id, nonce, raw, hash, address: p.address.address, addressId: p.address.id });
      nonce += 1;
    }
    await this.db.transaction(async (tx) => {
      await recordFailedJobs(tx, failed);
      // the holding shows its address on the chain at once, pending until its mint is in a block
      await recordSignedJobs(tx, signed);
    });
    if (failed.length > 0) await updateContractStatus(this.db, jobs[0]?.contract_id ?? "");
    await this.sendSigned(backend, signed);
  }

  /** The investors' addresses on the chain: a registered one, else a new custodial key (sealed at rest). */
  private async investorAddresses(
    chain: string,
    investors: string[],
  ): Promise<Map<string, { id: string; address: string }>> {
    const result = new Map<string, { id: string; address: string }>();
    const { rows } = await this.db.query<{ account_id: string; id: string; address: string }>(
      `select distinct on (account_id) account_id, id, address from app_public.blockchain_addresses
        where chain = $1 and account_id = any ($2::uuid[]) order by account_id, created_on, id`,
      [chain, investors],
    );
    for (const row of rows) result.set(row.account_id, { id: row.id, address: row.address });
    const missing = investors.filter((i) => !result.has(i));
    if (missing.length === 0) return result;
    // new keys (a random private key each: no mnemonic, ten times faster than Wallet.createRandom), stored in one
    // statement each: the keys sealed, the addresses
    const made = missing.map((investor) => ({ investor, wallet: new Wallet(hexlify(randomBytes(32))) }));
    const keys = made.map(({ investor, wallet }) => ({
      account_id: investor,
      address: wallet.address,
      key: wallet.privateKey,
    }));
    await this.db.transaction(async (tx) => {
      await tx.query(
        `insert into app_private.chain_keys (chain, address, purpose, account_id, sealed)
         select $1, lower(x.address), 'custodial', x.account_id, app_private.seal(jsonb_build_object('key', x.key))
           from jsonb_to_recordset($2::jsonb) as x(account_id uuid, address text, key text)`,
        [chain, JSON.stringify(keys)],
      );
      const { rows: inserted } = await tx.query<{ id: string; account_id: string; address: string }>(
        `insert into app_public.blockchain_addresses (account_id, address, chain)
         select x.account_id, x.address, $1 from jsonb_to_recordset($2::jsonb) as x(account_id uuid, address text)
         returning id, account_id, address`,
        [chain, JSON.stringify(keys.map(({ account_id, address }) => ({ account_id, address })))],
      );
      for (const row of inserted) result.set(row.account_id, { id: row.id, address: row.address });
    });
    return result;
  }

  private async rawReceipt(backend: ChainBackend, hash: string): Promise<RawReceipt | null> {
    return (await backend.provider.send("eth_getTransactionReceipt", [hash])) as RawReceipt | null;
  }

  private async waitReceipt(backend: ChainBackend, hash: string): Promise<RawReceipt | null> {
    const timeout = this.options.receiptTimeoutMs ?? (backend.embedded ? 30_000 : 120_000);
    if (backend.embedded) {
      await backend.embedded.waitForTransaction(hash, timeout);
      return this.rawReceipt(backend, hash);
    }
    const deadline = Date.now() + timeout;
    for (;;) {
      const receipt = await this.rawReceipt(backend, hash);
      if (receipt || Date.now() > deadline || this.stopped) return receipt;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  /** Sends what is not mined yet (the stored bytes), waits for the receipts and finishes the jobs. */
  private async settleSigned(backend: ChainBackend, jobs: JobRow[]): Promise<boolean> {
    const receipts = new Map<string, RawReceipt>();
    const failed: Array<{ job: JobRow; failure: string }> = [];
    const byHash = new Map<string, JobRow[]>();
    for (const job of jobs) {
      if (!job.tx_hash || !job.raw_tx) continue;
      byHash.set(job.tx_hash, [...(byHash.get(job.tx_hash) ?? []), job]);
    }
    const mined = new Map<string, RawReceipt>();
    const unsendable = new Map<string, string>();
    for (const [hash, group] of byHash) {
      const raw = group[0]?.raw_tx ?? "";
      const known = await this.rawReceipt(backend, hash);
      if (known) {
        mined.set(hash, known);
        continue;
      }
      try {
        await backend.provider.send("eth_sendRawTransaction", [raw]);
      } catch (error) {
        const message = (error as Error).message;
        if (/already known|known transaction/i.test(message)) continue;
        const again = await this.rawReceipt(backend, hash);
        if (again) mined.set(hash, again);
        else if (/nonce too low/i.test(message))
          unsendable.set(hash, "The transaction was not mined: its nonce was used by another transaction.");
        else unsendable.set(hash, message.slice(0, 500));
      }
    }
    if (this.options.onSigned?.(jobs.length, "sent") === "stop") this.stopped = true;
    for (const hash of byHash.keys()) {
      if (mined.has(hash) || unsendable.has(hash)) continue;
      if (this.stopped) return false;
      const receipt = await this.waitReceipt(backend, hash);
      if (receipt) mined.set(hash, receipt);
    }
    for (const [hash, group] of byHash) {
      const receipt = mined.get(hash);
      const failure = unsendable.get(hash);
      for (const job of group) {
        if (receipt) receipts.set(job.id, receipt);
        else if (failure) failed.push({ job, failure });
      }
    }
    if (this.stopped && receipts.size === 0 && failed.length === 0) return false;
    await this.finish(backend, jobs, receipts, failed);
    // a job whose receipt did not come in time stays signed for a later pass
    return receipts.size + failed.length > 0;
  }

  private async finish(
    backend: ChainBackend,
    jobs: JobRow[],
    receipts: Map<string, RawReceipt>,
    failed: Array<{ job: JobRow; failure: string }>,
  ): Promise<void> {
    const outcomes: Array<{
      job: JobRow;
      ok: boolean;
      block: number | null;
      failure: string | null;
      receipt?: RawReceipt;
    }> = failed.map((f) => ({ job: f.job, ok: false, block: null, failure: f.failure }));
    for (const job of jobs) {
      const receipt = receipts.get(job.id);
      if (!receipt) continue;
      const ok = BigInt(receipt.status) === 1n;
      outcomes.push({
        job,
        ok,
        block: Number(BigInt(receipt.blockNumber)),
        failure: ok ? null : await this.reasonOf(backend, job, receipt),
        receipt,
      });
    }
    for (const outcome of outcomes.filter((o) => o.job.kind === "deploy")) await this.finishDeploy(outcome);
    // a transfer finishes as a mint does (its job, the transferee's holding address, the ledger from the chain),
    // and its request row follows
    const mints = outcomes.filter((o) => o.job.kind === "mint" || o.job.kind === "transfer");
    // a corporate action's mint or burn changes no holding's address row: its job, then the action's state
    const actions = outcomes.filter((o) => o.job.kind === "action_mint" || o.job.kind === "action_burn");
    if (mints.length + actions.length === 0) return;
    await this.db.transaction(async (tx) => {
      const rows = mints.map((o) => ({ id: o.job.id, ok: o.ok, block: o.block, failure: o.failure }));
      await recordActionJobsFinished(
        tx,
        actions.map((o) => ({ id: o.job.id, ok: o.ok, block: o.block, failure: o.failure })),
      );
      if (rows.length > 0) {
        await recordTransfersFinished(
          tx,
          mints
            .filter((o) => o.job.kind === "transfer")
            .map((o) => ({ id: o.job.id, ok: o.ok, block: o.block, failure: o.failure })),
        );
        await recordMintsFinished(tx, rows);
      }
      await refreshCorporateActions(
        tx,
        [...mints, ...actions].map((o) => o.job.id),
      );
    });
    const changed = [...mints, ...actions];
    const contracts = [...new Set(changed.map((o) => o.job.contract_id))];
    for (const contractId of contracts) {
      const seen = new Set<RawReceipt>();
      const logs = changed
        .filter(
          (o) => o.job.contract_id === contractId && o.ok && o.receipt && !seen.has(o.receipt) && seen.add(o.receipt),
        )
        .flatMap((o) => (o.receipt?.logs ?? []).map((log) => ({ log, block: o.block ?? 0 })));
      await this.reconcile(backend, contractId, logs);
      await updateContractStatus(this.db, contractId);
    }
  }

  private async reasonOf(backend: ChainBackend, job: JobRow, receipt: RawReceipt): Promise<string> {
    if (receipt.revertData !== undefined) return revertReason(receipt.revertData);
    // a node's receipt has no revert data: run the transaction again as a call in its block's parent state
    try {
      const tx = await backend.provider.getTransaction(job.tx_hash ?? "");
      if (!tx) return "The transaction was reverted.";
      await backend.provider.call({
        from: tx.from,
        to: tx.to,
        data: tx.data,
        blockTag: Number(BigInt(receipt.blockNumber)) - 1,
      });
      return "The transaction was reverted.";
    } catch (error) {
      const data = (error as { data?: string }).data;
      return revertReason(typeof data === "string" ? data : null);
    }
  }

  private async finishDeploy(outcome: {
    job: JobRow;
    ok: boolean;
    block: number | null;
    failure: string | null;
    receipt?: RawReceipt;
  }): Promise<void> {
    await recordDeployFinished(this.db, outcome.job, {
      ...outcome,
      address: outcome.receipt?.contractAddress ?? outcome.job.address,
    });
  }

  /**
   * The ledger from the chain: every address a Transfer event of `logs` names gets its cap table entry set to its
   * balanceOf on the contract (in token units), at the latest block that changed it.
   */
  async reconcile(
    backend: ChainBackend,
    contractId: string,
    logs: Array<{ log: { address: string; topics: string[]; data: string }; block: number }>,
  ): Promise<void> {
    const { rows } = await this.db.query<{
      token_id: string;
      contract_address: string;
      precision: number;
      chain: string;
    }>(
      `select c.token_id, c.contract_address, t.precision, c.chain from app_public.contracts c
         join app_public.tokens t on t.id = c.token_id where c.id = $1`,
      [contractId],
    );
    const contract = rows[0];
    if (!contract?.contract_address) return;
    const blocks = new Map<string, number>();
    for (const { log, block } of logs) {
      if (log.address.toLowerCase() !== contract.contract_address.toLowerCase()) continue;
      const parsed = TOKEN_INTERFACE.parseLog(log);
      if (parsed?.name !== "Transfer") continue;
      for (const who of [parsed.args[0], parsed.args[1]] as string[]) {
        if (/^0x0{40}$/i.test(who)) continue;
        const key = who.toLowerCase();
        blocks.set(key, Math.max(blocks.get(key) ?? 0, block));
      }
    }
    if (blocks.size === 0) return;
    const balances: ChainBalance[] = [];
    for (const [address, block] of blocks) {
      const data = await backend.provider.call({
        to: contract.contract_address,
        data: TOKEN_INTERFACE.encodeFunctionData("balanceOf", [address]),
      });
      const [balance] = TOKEN_INTERFACE.decodeFunctionResult("balanceOf", data) as unknown as [bigint];
      balances.push({ address, amount: formatUnits(balance, contract.precision), block });
    }
    await recordBalances(this.db, contract, balances);
  }
}

function report(error: unknown): void {
  console.error("chain jobs:", error);
}
