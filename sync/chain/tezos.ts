// Tezos tokens, connect-only (docs/CHAIN.md "Tezos"): with LL_CHAIN_TEZOS_MAINNET_RPC_URL and _KEY set, the job
// runner (jobs.ts hands Tezos chains here) originates the project's Michelson token
// (contracts/tezos/ledgerline_security_token.tz), mints holdings with issue/issueBatch, and reads the balances from
// the contract's ledger big_map. Taquito 25: @taquito/rpc for the node, @taquito/local-forging to forge (the node is
// never asked to forge), @taquito/signer's InMemorySigner with the configured key.
//
// Durability, as for the EVM chains: each operation is simulated, forged, signed and stored (signed bytes, counter,
// operation hash; status `signed`) in one database transaction before it is injected. After a stop a `signed` job's
// operation is looked for in the blocks from its branch on: included -> finished from its receipt (applied, or
// failed with the node's reason); not included and still live -> the same bytes are injected again (same counter, so
// it cannot apply twice); expired (its branch older than max_operations_ttl) -> failed visibly. A refused operation
// (simulation or injection: script_rejected, balance_too_low, ...) fails the job with the node's reason.
// Mints go to the investor's registered Tezos address; the server holds no custodial Tezos keys.
import { readFileSync } from "node:fs";
import { blake2b } from "@noble/hashes/blake2.js";
import { LocalForger } from "@taquito/local-forging";
import { Parser, packDataBytes } from "@taquito/michel-codec";
import { RpcClient } from "@taquito/rpc";
import { InMemorySigner } from "@taquito/signer";
import { b58DecodeAndCheckPrefix, b58Encode, encodeExpr, encodeOpHash, PrefixV2 } from "@taquito/utils";
import { formatUnits } from "ethers";
import type { Database } from "../db/database.ts";
import type { ChainConnection } from "./chains.ts";
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
  type SignedJob,
  updateContractStatus,
} from "./job-records.ts";

export const TEZOS_CONTRACT_FILE = new URL("./contracts/tezos/ledgerline_security_token.tz", import.meta.url);
/** Holdings minted by one operation (issueBatch). */
const MINT_PER_OP = 100;
/** Operations older than this many blocks (the branch) are no longer accepted by a node. */
const MAX_OPERATIONS_TTL = 120;

export interface TezosBackend {
  kind: "tezos";
  chain: string;
  rpc: RpcClient;
  signer: InMemorySigner;
  /** The operator's address (tz1/tz2/tz3): the contract's admin. */
  source: string;
  /** Not the embedded EVM chain (service.ts reads this field of every backend). */
  embedded: null;
  close(): void;
}

export interface TezosOptions {
  /** Test hook, as RunnerOptions.onSigned: "stop" stops right after signing (before injection) or after injection. */
  onSigned?(jobs: number, step: "signed" | "sent"): "stop" | undefined;
  /** How long to wait for an operation to be included before leaving it for a later pass (default 120 s). */
  receiptTimeoutMs?: number;
  stopped?(): boolean;
}

interface OperationResult {
  status: string;
  errors?: Array<{ id: string; with?: unknown; [k: string]: unknown }>;
  originated_contracts?: string[];
  consumed_milligas?: string;
  paid_storage_size_diff?: string;
}

type Contents = Record<string, unknown> & { kind: string; metadata?: { operation_result?: OperationResult } };

export async function openTezos(connection: ChainConnection): Promise<TezosBackend> {
  if (connection.kind !== "tezos" || !connection.enabled || !connection.rpcUrl || !connection.key)
    throw new Error(connection.reason ?? `${connection.chain} is not available`);
  const signer = await InMemorySigner.fromSecretKey(connection.key);
  return {
    kind: "tezos",
    chain: connection.chain,
    rpc: new RpcClient(connection.rpcUrl.replace(/\/$/, "")),
    signer,
    source: await signer.publicKeyHash(),
    embedded: null,
    close: () => {},
  };
}

let script: unknown[] | null = null;
/** The contract's code as Micheline JSON (parameter, storage, code), from the committed source. */
export function tezosScript(): unknown[] {
  script ??= new Parser().parseScript(readFileSync(TEZOS_CONTRACT_FILE, "utf8")) as unknown[];
  return script;
}

/** The KT1 address an origination gets: the operation's hash and the origination's index in it. */
export function originatedAddress(opHash: string, index = 0): string {
  const hash = b58DecodeAndCheckPrefix(opHash, [PrefixV2.OperationHash], true);
  const nonce = new Uint8Array(hash.length + 4);
  nonce.set(hash);
  new DataView(nonce.buffer).setInt32(hash.length, index);
  return b58Encode(blake2b(nonce, { dkLen: 20 }), PrefixV2.ContractHash);
}

/** The key of an address in the ledger big_map (script expression hash of the packed address). */
export function ledgerKey(address: string): string {
  return encodeExpr(Buffer.from(packDataBytes({ string: address }, { prim: "address" }).bytes).toString("hex"));
}

/** The node's reason, from an operation result's errors (the last error names the cause; `with` is FAILWITH's value). */
export function tezosReason(errors: OperationResult["errors"] | undefined, fallback = "The operation failed."): string {
  if (!errors || errors.length === 0) return fallback;
  const ids = errors.map((e) => e.id.replace(/^proto\.[^.]+\./, ""));
  const rejected = errors.find((e) => e.with !== undefined);
  const withValue = rejected?.with as { string?: string; int?: string } | undefined;
  const detail = withValue ? ` (${withValue.string ?? withValue.int ?? JSON.stringify(withValue)})` : "";
  const main = ids.find((id) => /script_rejected|balance_too_low|counter|storage_exhausted|gas_exhausted/.test(id));
  return `The operation was refused by the node: ${main ?? ids[ids.length - 1]}${detail}.`;
}

class Refused extends Error {}

function resultsOf(contents: Contents[]): OperationResult[] {
  return contents.map((c) => c.metadata?.operation_result).filter((r): r is OperationResult => Boolean(r));
}

/**
 * Simulates `contents` (fees and limits from the simulation), forges locally and signs: the signed bytes and the
 * operation hash, before anything is injected. Throws Refused with the node's reason when the simulation fails.
 */
async function prepare(
  backend: TezosBackend,
  build: (counter: number) => Array<Record<string, unknown>>,
  counter: number,
): Promise<{ bytes: string; hash: string }> {
  const head = await backend.rpc.getBlockHeader();
  const chainId = await backend.rpc.getChainId();
  const draft: Array<Record<string, unknown>> = build(counter).map((c) => ({
    ...c,
    source: backend.source,
    fee: "0",
    counter: String(c.counter),
    gas_limit: "1040000",
    storage_limit: "60000",
  }));
  let simulated: { contents: Contents[] };
  try {
    simulated = (await backend.rpc.simulateOperation({
      operation: { branch: head.hash, contents: draft, signature: SIMULATION_SIGNATURE } as never,
      chain_id: chainId,
    })) as unknown as { contents: Contents[] };
  } catch (error) {
    throw new Refused(nodeErrorReason(error));
  }
  const results = resultsOf(simulated.contents);
  const failed = results.find((r) => r.status !== "applied");
  if (failed || results.length === 0) throw new Refused(tezosReason(results.flatMap((r) => r.errors ?? [])));
  const forger = new LocalForger();
  const final = draft.map((c, i) => {
    const r = results[i];
    const gas = Math.ceil(Number(r?.consumed_milligas ?? "0") / 1000) + 100;
    const storage = Number(r?.paid_storage_size_diff ?? "0") + (c.kind === "origination" ? 257 : 0) + 100;
    return { ...c, gas_limit: String(gas), storage_limit: String(storage) };
  });
  // fee: 100 mutez + 0.1 per gas unit + 1 per byte (the default minimal fees), with a margin
  const size = (await forger.forge({ branch: head.hash, contents: final as never })).length / 2 + 64;
  const withFees = final.map((c) => ({
    ...c,
    fee: String(200 + Math.ceil(Number(c.gas_limit) / 10) + Math.ceil(size / final.length) + 10),
  }));
  const forged = await forger.forge({ branch: head.hash, contents: withFees as never });
  const signed = await backend.signer.sign(forged, new Uint8Array([3]));
  return { bytes: signed.sbytes, hash: encodeOpHash(signed.sbytes) };
}

/** Simulation needs no real signature: a well-formed one of zeros. */
const SIMULATION_SIGNATURE = b58Encode(new Uint8Array(64), PrefixV2.Ed25519Signature);

function nodeErrorReason(error: unknown): string {
  const body = (error as { body?: string }).body;
  if (typeof body === "string") {
    try {
      const parsed = JSON.parse(body) as OperationResult["errors"];
      if (Array.isArray(parsed)) return tezosReason(parsed);
    } catch {
      // not JSON
    }
    return `The node refused the operation: ${body.slice(0, 300)}`;
  }
  return `The node refused the operation: ${(error as Error).message.slice(0, 300)}`;
}

async function nextCounter(backend: TezosBackend): Promise<number> {
  const contract = (await backend.rpc.getContract(backend.source)) as { counter?: string };
  return Number(contract.counter ?? "0") + 1;
}

/** One step of a Tezos chain's jobs (jobs.ts JobRunner.step): signed first, then a deploy, then mints. */
export async function tezosStep(
  db: Database,
  backend: TezosBackend,
  options: TezosOptions,
  batchSize = 1000,
): Promise<boolean> {
  const chain = backend.chain;
  const signed = await db.query<JobRow>(
    `select * from app_private.chain_jobs where chain = $1 and status = 'signed' order by nonce, created_on limit $2`,
    [chain, batchSize],
  );
  if (signed.rows.length > 0) return settle(db, backend, options, signed.rows);
  const deploy = await db.query<JobRow>(
    `select * from app_private.chain_jobs where chain = $1 and status = 'queued' and kind = 'deploy'
      order by created_on, id limit 1`,
    [chain],
  );
  const first = deploy.rows[0];
  if (first) {
    await signDeploy(db, backend, options, first);
    return true;
  }
  const mints = await db.query<JobRow>(
    `select * from app_private.chain_jobs where chain = $1 and status = 'queued' and kind = 'mint'
      order by created_on, id limit $2`,
    [chain, batchSize],
  );
  if (mints.rows.length > 0) {
    await signMints(db, backend, options, mints.rows);
    return true;
  }
  return false;
}

async function signDeploy(db: Database, backend: TezosBackend, options: TezosOptions, job: JobRow): Promise<void> {
  let op: { bytes: string; hash: string };
  try {
    const counter = await nextCounter(backend);
    op = await prepare(
      backend,
      (n) => [
        {
          kind: "origination",
          counter: n,
          balance: "0",
          script: {
            code: tezosScript(),
            storage: { prim: "Pair", args: [{ string: backend.source }, [], [], { prim: "False" }] },
          },
        },
      ],
      counter,
    );
    await db.query(
      `update app_private.chain_jobs set status = 'signed', nonce = $2, raw_tx = $3, tx_hash = $4, address = $5,
              updated_on = now() where id = $1`,
      [job.id, counter, op.bytes, op.hash, originatedAddress(op.hash)],
    );
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    await finishDeploy(db, job, false, null, error.message);
    return;
  }
  if (options.onSigned?.(1, "signed") === "stop" || options.stopped?.()) return;
  const { rows } = await db.query<JobRow>("select * from app_private.chain_jobs where id = $1", [job.id]);
  await settle(db, backend, options, rows);
}

async function signMints(db: Database, backend: TezosBackend, options: TezosOptions, jobs: JobRow[]): Promise<void> {
  const contractId = jobs[0]?.contract_id ?? "";
  const own = jobs.filter((j) => j.contract_id === contractId);
  const { rows: details } = await db.query<{
    id: string;
    contract_address: string | null;
    precision: number;
    address: string | null;
    address_id: string | null;
  }>(
    `select j.id, c.contract_address, t.precision, a.address, a.id as address_id
       from app_private.chain_jobs j join app_public.holdings h on h.id = j.holding_id
       join app_public.contracts c on c.id = j.contract_id join app_public.tokens t on t.id = c.token_id
       left join lateral (select b.id, b.address from app_public.blockchain_addresses b
                           where b.account_id = h.investor_id and b.chain = j.chain
                           order by b.created_on, b.id limit 1) a on true
      where j.id = any ($1::uuid[])`,
    [own.map((j) => j.id)],
  );
  const byJob = new Map(details.map((d) => [d.id, d]));
  // a refused mint shows on the holding's address too (when it has one)
  const failed: FailedJob[] = [];
  const fail = (id: string, failure: string) => failed.push({ id, failure, addressId: byJob.get(id)?.address_id });
  const ready: Array<{ id: string; to: string; units: bigint; addressId: string; contract: string }> = [];
  for (const job of own) {
    const d = byJob.get(job.id);
    if (!d?.contract_address) {
      fail(job.id, CONTRACT_NOT_DEPLOYED);
      continue;
    }
    if (!d.address || !d.address_id) {
      fail(job.id, `The investor has no address on ${backend.chain}: the server holds no Tezos keys for investors.`);
      continue;
    }
    const minted = mintUnits(job.amount, d.precision);
    if ("failure" in minted) fail(job.id, minted.failure);
    else
      ready.push({
        id: job.id,
        to: d.address,
        units: minted.units,
        addressId: d.address_id,
        contract: d.contract_address,
      });
  }
  const signed: SignedJob[] = [];
  let counter = ready.length > 0 ? await nextCounter(backend) : 0;
  for (let i = 0; i < ready.length; i += MINT_PER_OP) {
    const part = ready.slice(i, i + MINT_PER_OP);
    const destination = part[0]?.contract ?? "";
    const pair = (p: (typeof part)[number]) => ({
      prim: "Pair",
      args: [{ string: p.to }, { int: p.units.toString() }],
    });
    const parameters =
      part.length === 1 && part[0]
        ? { entrypoint: "issue", value: pair(part[0]) }
        : { entrypoint: "issueBatch", value: part.map(pair) };
    try {
      const op = await prepare(
        backend,
        (n) => [{ kind: "transaction", counter: n, amount: "0", destination, parameters }],
        counter,
      );
      for (const p of part)
        signed.push({ id: p.id, nonce: counter, raw: op.bytes, hash: op.hash, address: p.to, addressId: p.addressId });
      counter += 1;
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      for (const p of part) fail(p.id, error.message);
    }
  }
  await db.transaction(async (tx) => {
    await recordFailedJobs(tx, failed);
    await recordSignedJobs(tx, signed);
  });
  if (failed.length > 0) await updateContractStatus(db, contractId);
  if (signed.length === 0) return;
  if (options.onSigned?.(signed.length, "signed") === "stop" || options.stopped?.()) return;
  const { rows } = await db.query<JobRow>(
    "select * from app_private.chain_jobs where id = any ($1::uuid[]) order by nonce",
    [signed.map((s) => s.id)],
  );
  await settle(db, backend, options, rows);
}

interface Inclusion {
  level: number;
  results: OperationResult[];
}

/** Looks for operation `hash` in the blocks from `fromLevel` to the head. */
async function findOperation(backend: TezosBackend, hash: string, fromLevel: number): Promise<Inclusion | null> {
  const head = await backend.rpc.getBlockHeader();
  for (let level = Math.max(fromLevel, 0); level <= head.level; level++) {
    const block = (await backend.rpc.getBlock({ block: String(level) })) as unknown as {
      operations: Array<Array<{ hash: string; contents: Contents[] }>>;
    };
    for (const pass of block.operations ?? [])
      for (const op of pass) if (op.hash === hash) return { level, results: resultsOf(op.contents) };
  }
  return null;
}

/** Injects what is not included yet (the stored bytes), waits for inclusion and finishes the jobs. */
async function settle(db: Database, backend: TezosBackend, options: TezosOptions, jobs: JobRow[]): Promise<boolean> {
  const byHash = new Map<string, JobRow[]>();
  for (const job of jobs)
    if (job.tx_hash && job.raw_tx) byHash.set(job.tx_hash, [...(byHash.get(job.tx_hash) ?? []), job]);
  const outcomes: Array<{
    job: JobRow;
    ok: boolean;
    level: number | null;
    failure: string | null;
    originated?: string;
  }> = [];
  // one operation at a time, in counter order: a node's mempool takes one manager operation per source and block
  for (const [hash, group] of byHash) {
    if (options.stopped?.()) break;
    const raw = group[0]?.raw_tx ?? "";
    const branch = b58Encode(Buffer.from(raw.slice(0, 64), "hex"), PrefixV2.BlockHash);
    const branchLevel = (await backend.rpc.getBlockHeader({ block: branch }).catch(() => null))?.level ?? -1;
    const found = branchLevel >= 0 ? await findOperation(backend, hash, branchLevel) : null;
    if (found) {
      outcomes.push(...group.map((job) => included(job, found)));
      continue;
    }
    const head = await backend.rpc.getBlockHeader();
    if (branchLevel < 0 || head.level > branchLevel + MAX_OPERATIONS_TTL) {
      const failure = "The operation was not included before it expired.";
      outcomes.push(...group.map((job) => ({ job, ok: false, level: null, failure })));
      continue;
    }
    try {
      await backend.rpc.injectOperation(raw);
    } catch (error) {
      const again = await findOperation(backend, hash, branchLevel);
      if (again) outcomes.push(...group.map((job) => included(job, again)));
      else {
        const failure = nodeErrorReason(error);
        outcomes.push(...group.map((job) => ({ job, ok: false, level: null, failure })));
      }
      continue;
    }
    if (options.onSigned?.(group.length, "sent") === "stop" || options.stopped?.()) break;
    const deadline = Date.now() + (options.receiptTimeoutMs ?? 120_000);
    let pause = 50;
    let inclusion: Inclusion | null = null;
    while (!inclusion && Date.now() < deadline && !options.stopped?.()) {
      inclusion = await findOperation(backend, hash, branchLevel);
      if (inclusion) break;
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, 1000);
    }
    const done = inclusion;
    if (!done) break; // not included in time: it and the later ones stay signed for a later pass
    outcomes.push(...group.map((job) => included(job, done)));
  }
  for (const o of outcomes.filter((x) => x.job.kind === "deploy"))
    await finishDeploy(db, { ...o.job, address: o.originated ?? o.job.address }, o.ok, o.level, o.failure);
  const mints = outcomes.filter((x) => x.job.kind === "mint");
  if (mints.length > 0) await finishMints(db, backend, mints);
  // an operation not included in time stays signed for a later pass
  return outcomes.length > 0;
}

function included(job: JobRow, found: Inclusion) {
  const bad = found.results.find((r) => r.status !== "applied");
  return {
    job,
    ok: !bad && found.results.length > 0,
    level: found.level,
    failure: bad || found.results.length === 0 ? tezosReason(bad?.errors) : null,
    // the node's receipt names the originated contract (the address derived before injection is the fallback)
    originated: found.results.find((r) => r.originated_contracts?.length)?.originated_contracts?.[0],
  };
}

async function finishDeploy(
  db: Database,
  job: JobRow,
  ok: boolean,
  level: number | null,
  failure: string | null,
): Promise<void> {
  await recordDeployFinished(db, job, { ok, block: level, failure, address: job.address });
}

async function finishMints(
  db: Database,
  backend: TezosBackend,
  mints: Array<{ job: JobRow; ok: boolean; level: number | null; failure: string | null }>,
): Promise<void> {
  const rows = mints.map((o) => ({ id: o.job.id, ok: o.ok, block: o.level, failure: o.failure }));
  await db.transaction((tx) => recordMintsFinished(tx, rows, { exactAddress: true }));
  for (const contractId of new Set(mints.map((o) => o.job.contract_id))) {
    const changed = new Map<string, number>();
    for (const o of mints)
      if (o.ok && o.job.contract_id === contractId && o.job.address)
        changed.set(o.job.address, Math.max(changed.get(o.job.address) ?? 0, o.level ?? 0));
    await reconcile(db, backend, contractId, changed);
    await updateContractStatus(db, contractId);
  }
}

/** The balance of `address` in the contract's ledger big_map (token base units; 0 when absent). */
export async function tezosBalance(backend: TezosBackend, contract: string, address: string): Promise<bigint> {
  const storage = (await backend.rpc.getStorage(contract)) as { args?: Array<{ int?: string }> };
  // storage: Pair admin allowlist ledger paused (a right comb; a node may answer it flattened or nested)
  const flat = flatten(storage);
  const ledger = flat[2] as { int?: string } | undefined;
  if (!ledger?.int) throw new Error(`The storage of ${contract} has no ledger big_map.`);
  try {
    const value = (await backend.rpc.getBigMapExpr(ledger.int, ledgerKey(address))) as { int?: string };
    return BigInt(value.int ?? "0");
  } catch (error) {
    if ((error as { status?: number }).status === 404) return 0n;
    throw error;
  }
}

function flatten(value: unknown): unknown[] {
  const node = value as { prim?: string; args?: unknown[] };
  if (node?.prim !== "Pair" || !node.args) return [value];
  const args = node.args;
  const last = args[args.length - 1];
  return [...args.slice(0, -1), ...flatten(last)];
}

/** The ledger from the chain: each changed address's balance in the big_map becomes its cap table entry. */
async function reconcile(
  db: Database,
  backend: TezosBackend,
  contractId: string,
  changed: Map<string, number>,
): Promise<void> {
  const { rows } = await db.query<{ token_id: string; contract_address: string; precision: number; chain: string }>(
    `select c.token_id, c.contract_address, t.precision, c.chain from app_public.contracts c
       join app_public.tokens t on t.id = c.token_id where c.id = $1`,
    [contractId],
  );
  const contract = rows[0];
  if (!contract?.contract_address || changed.size === 0) return;
  const balances: ChainBalance[] = [];
  for (const [address, block] of changed) {
    const units = await tezosBalance(backend, contract.contract_address, address);
    balances.push({ address, amount: formatUnits(units, contract.precision), block });
  }
  await recordBalances(db, contract, balances, { exactAddress: true });
}
