// The embedded chain `ethereum-ledgerline` (docs/CHAIN.md): a private EVM chain running inside the server process on
// @ethereumjs/vm (pure JavaScript). Transactions arrive signed (eth_sendRawTransaction), are mined into a block 25 ms after the
// first one arrives (every pending transaction that fits the block's gas limit), and each block's RLP, receipts and
// the state trie nodes it wrote are handed to `store.saveBlock` (one database transaction) before its receipts become
// visible. Opening the chain sets the newest stored block's state root on the stored trie (its nodes are read on
// demand and checked against their hashes) instead of executing every block again; blocks stored without their
// state (older data) are replayed once, state roots checked, and their state saved.
// `request` answers the JSON-RPC methods ethers and the job runner use, unfiltered (the HTTP endpoint filters by caller:
// rpc-access.ts); reads never touch the state (eth_call runs inside a journal checkpoint that is reverted). A raw
// transaction is accepted only when it will be included, and a block with no transaction is never mined.
import { type Block, createBlockFromRLP } from "@ethereumjs/block";
import { createBlockchain } from "@ethereumjs/blockchain";
import { type Common, createCustomCommon, Hardfork, Mainnet } from "@ethereumjs/common";
// the trie and state manager @ethereumjs/vm itself uses (its dependencies, one copy in node_modules)
import { MerklePatriciaTrie } from "@ethereumjs/mpt";
import { MerkleStateManager } from "@ethereumjs/statemanager";
import { createTxFromRLP, type TypedTransaction } from "@ethereumjs/tx";
import {
  bigIntToHex,
  bytesToHex,
  createAddressFromString,
  createContractAddress,
  equalsBytes,
  hexToBytes,
  KECCAK256_NULL,
  type PrefixedHexString,
  toChecksumAddress,
  ValueEncoding,
} from "@ethereumjs/util";
import { Bloom, buildBlock, createVM, runBlock, type VM } from "@ethereumjs/vm";
import { type NodeLoader, StateNodes } from "./state.ts";

export const EMBEDDED_CHAIN_ID = 73_317;
const BLOCK_GAS_LIMIT = 30_000_000n;
const GENESIS_BASE_FEE = 1_000_000_000n;
/** How long the pool collects transactions before a block is mined. */
const BLOCK_TIME_MS = 25;
/** Blocks opening reads (BLOCKHASH reaches 256 back); older ones are read when a call names them. */
const OPEN_WINDOW = 256;

/** A transaction's outcome as stored with its block (hex strings), so opening the chain needs no execution. */
export interface StoredReceipt {
  status: 0 | 1;
  gasUsed: string;
  cumulativeGasUsed: string;
  contractAddress: string | null;
  logs: Array<[string, string[], string]>;
  revertData: string | null;
}

export interface StoredBlock {
  number: number;
  rlp: Uint8Array;
  /** Null for a block stored without them (before migration 1340): it is replayed. */
  receipts?: StoredReceipt[] | null;
}

/** What a block's save (or a replayed block's completion) writes: its state root, receipts and new trie nodes. */
export interface BlockState {
  number: number;
  stateRoot: string;
  receipts: StoredReceipt[];
  /** The block's transactions' hashes (older blocks and transactions are looked up by them). */
  txHashes: string[];
  nodes: Map<string, Uint8Array>;
}

export interface BlockStore {
  /** The stored blocks numbered `from` (default 1) on, in number order. */
  loadBlocks(from?: number): Promise<StoredBlock[]>;
  /**
   * A store that can read older blocks on demand: the newest block's number and the newest stored with its receipts.
   * With it (and loadNode), opening reads only the newest blocks.
   */
  stored?(): Promise<{ head: number; complete: number }>;
  loadBlock?(number: number): Promise<StoredBlock | null>;
  /** The number of the block with this hash, or of the block holding the transaction with this hash. */
  findBlock?(hash: string): Promise<number | null>;
  findTransaction?(hash: string): Promise<number | null>;
  /** Keeps a mined block (with its state, when the store keeps state); the chain shows the block only once this resolves. */
  saveBlock(
    block: { number: number; hash: string; rlp: Uint8Array; transactions: number } & Partial<BlockState>,
  ): Promise<void>;
  /**
   * A store that keeps the state trie: reads one node. Without it the chain keeps its state in memory and replays
   * every block at open.
   */
  loadNode?: NodeLoader;
  /** Saves the state of a block already stored (a replayed block; number 0: the genesis state's nodes). */
  saveState?(state: BlockState): Promise<void>;
}
export class RpcError extends Error {
  readonly code: number;
  readonly data?: string;
  constructor(code: number, message: string, data?: string) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

interface Mined {
  tx: TypedTransaction;
  blockNumber: bigint;
  blockHash: string;
  index: number;
  status: 0 | 1;
  gasUsed: bigint;
  cumulativeGasUsed: bigint;
  contractAddress: string | null;
  logs: Array<[Uint8Array, Uint8Array[], Uint8Array]>;
  revertData: string | null;
}

type Quantity = PrefixedHexString;
const hex = (value: bigint | number): Quantity => bigIntToHex(BigInt(value));

type Outcome = Omit<Mined, "tx" | "blockNumber" | "blockHash" | "index">;

function toStored(outcome: Outcome): StoredReceipt {
  return {
    status: outcome.status,
    gasUsed: hex(outcome.gasUsed),
    cumulativeGasUsed: hex(outcome.cumulativeGasUsed),
    contractAddress: outcome.contractAddress,
    logs: outcome.logs.map(([address, topics, data]) => [
      bytesToHex(address),
      topics.map((t) => bytesToHex(t)),
      bytesToHex(data),
    ]),
    revertData: outcome.revertData,
  };
}

function fromStored(receipt: StoredReceipt): Outcome {
  return {
    status: receipt.status,
    gasUsed: BigInt(receipt.gasUsed),
    cumulativeGasUsed: BigInt(receipt.cumulativeGasUsed),
    contractAddress: receipt.contractAddress,
    logs: receipt.logs.map(([address, topics, data]) => [
      hexToBytes(address as PrefixedHexString),
      topics.map((t) => hexToBytes(t as PrefixedHexString)),
      hexToBytes(data as PrefixedHexString),
    ]),
    revertData: receipt.revertData,
  };
}

/** The 2048-bit bloom of logs' addresses and topics (a receipt's `logsBloom`; a block's is the OR of its receipts'). */
export function logsBloom(logs: Array<{ address: string; topics: string[] }>): string {
  const bloom = new Bloom();
  for (const log of logs) {
    bloom.add(hexToBytes(log.address as PrefixedHexString));
    for (const topic of log.topics) bloom.add(hexToBytes(topic as PrefixedHexString));
  }
  return bytesToHex(bloom.bitvector);
}

function chainCommon(): Common {
  const cancun = Mainnet.hardforks.findIndex((h) => h.name === "cancun");
  // every hardfork up to Cancun active at block 0 (else "EIP1559 not activated" on the first block)
  const hardforks = Mainnet.hardforks.slice(0, cancun + 1).map((h) => ({ name: h.name, block: 0 }));
  return createCustomCommon(
    {
      chainId: EMBEDDED_CHAIN_ID,
      name: "ethereum-ledgerline",
      hardforks,
      genesis: {
        gasLimit: Number(BLOCK_GAS_LIMIT),
        difficulty: 0,
        nonce: "0x0000000000000000",
        extraData: "0x",
        timestamp: "0x0",
        baseFeePerGas: hex(GENESIS_BASE_FEE),
      },
    },
    Mainnet,
    { hardfork: Hardfork.Cancun },
  );
}

export class EmbeddedChain {
  readonly chainId = EMBEDDED_CHAIN_ID;
  private readonly common: Common;
  private readonly vm: VM;
  private readonly store: BlockStore;
  private readonly blocks: Block[] = [];
  private readonly byHash = new Map<string, number>();
  private readonly mined = new Map<string, Mined>();
  private pending: TypedTransaction[] = [];
  private readonly pendingNonces = new Map<string, bigint>();
  /** VM work (mining, calls) one at a time. */
  private queue: Promise<unknown> = Promise.resolve();
  private mining: Promise<void> | null = null;
  private broken: Error | null = null;
  private readonly waiters = new Set<() => void>();

  private readonly nodes: StateNodes;

  private constructor(common: Common, vm: VM, store: BlockStore, nodes: StateNodes) {
    this.common = common;
    this.vm = vm;
    this.store = store;
    this.nodes = nodes;
  }

  /**
   * Opens the chain: genesis funds `operator`; then, with a store that keeps state, the newest block stored with its
   * state becomes the head without execution (its state root must be in the stored trie) and only later blocks are
   * replayed; otherwise every stored block is replayed. Every replayed block's state root is checked. A store that
   * reads older blocks on demand gives only the newest OPEN_WINDOW blocks (and those not yet complete) here.
   */
  static async open(store: BlockStore, operator: string, options: { window?: number } = {}): Promise<EmbeddedChain> {
    const window = options.window ?? OPEN_WINDOW;
    const common = chainCommon();
    const genesisState = { [operator.toLowerCase()]: hex(10n ** 30n) } as Record<string, PrefixedHexString>;
    // the genesis block (its state root from genesisState); the VM itself gets the chain's own block lookup
    const genesisChain = await createBlockchain({
      common,
      genesisState,
      validateConsensus: false,
      validateBlocks: false,
    });
    const genesis = await genesisChain.getCanonicalHeadBlock();
    const nodes = new StateNodes(store.loadNode ?? null);
    const stateManager = new MerkleStateManager({
      common,
      trie: new MerklePatriciaTrie({ db: nodes, useKeyHashing: true, valueEncoding: ValueEncoding.Bytes, common }),
    });
    let self: EmbeddedChain | null = null;
    // what the EVM asks of a blockchain: BLOCKHASH's block (within the last 256); blocks are kept by the chain
    const blocks = {
      async getBlock(id: number | bigint | Uint8Array): Promise<Block> {
        const found =
          id instanceof Uint8Array ? await self?.blockByHash(bytesToHex(id)) : await self?.blockByNumber(Number(id));
        if (!found) throw new Error(`ethereum-ledgerline: no block ${String(id)}`);
        return found;
      },
      async putBlock(): Promise<void> {},
      shallowCopy() {
        return blocks;
      },
    };
    const vm = await createVM({ common, blockchain: blocks as never, stateManager });
    const chain = new EmbeddedChain(common, vm, store, nodes);
    self = chain;
    chain.remember(genesis);
    if (!(await stateManager.hasStateRoot(genesis.header.stateRoot))) {
      await stateManager.generateCanonicalGenesis(genesisState);
      if (!equalsBytes(await stateManager.getStateRoot(), genesis.header.stateRoot))
        throw new Error("ethereum-ledgerline: the genesis state does not match the genesis block");
      await store.saveState?.({
        number: 0,
        stateRoot: bytesToHex(genesis.header.stateRoot),
        receipts: [],
        txHashes: [],
        nodes: nodes.takeWritten(),
      });
    }
    // the newest blocks: the window and every block not complete yet, from one complete block (the anchor) on
    let from = 1;
    if (store.loadNode && store.stored && store.loadBlock) {
      const { head, complete } = await store.stored();
      from = Math.max(1, Math.min(complete + 1, head - window + 1) - 1);
    }
    let stored = await store.loadBlocks(from);
    const newestComplete = async (): Promise<number> => {
      if (!store.loadNode) return 0;
      for (let i = stored.length - 1; i >= 0; i--) {
        const candidate = stored[i];
        if (!candidate?.receipts) continue;
        const block = createBlockFromRLP(candidate.rlp, { common, setHardfork: true });
        if (await stateManager.hasStateRoot(block.header.stateRoot)) return i + 1;
      }
      return 0;
    };
    let complete = await newestComplete();
    if (from > 1 && complete === 0) {
      // no state for any block of the window (state removed by hand): replay everything
      from = 1;
      stored = await store.loadBlocks(1);
      complete = await newestComplete();
    }
    for (const [i, item] of stored.entries()) {
      const block = createBlockFromRLP(item.rlp, { common, setHardfork: true });
      const parent = i === 0 && from > 1 ? null : chain.head();
      if (
        parent &&
        (!equalsBytes(block.header.parentHash, parent.hash()) || block.header.number !== parent.header.number + 1n)
      )
        throw new Error(
          `ethereum-ledgerline: stored block ${block.header.number} does not follow block ${parent.header.number}`,
        );
      if (i < complete && item.receipts) {
        // stored with its state: no execution (the head's state root is set below)
        chain.remember(block);
        chain.recordResults(block, item.receipts.map(fromStored));
        continue;
      }
      if (!parent) throw new Error(`ethereum-ledgerline: block ${block.header.number} has no state to start from`);
      const result = await runBlock(vm, {
        block,
        root: parent.header.stateRoot,
        skipBlockValidation: true,
        skipHeaderValidation: true,
      });
      if (bytesToHex(result.stateRoot) !== bytesToHex(block.header.stateRoot))
        throw new Error(`ethereum-ledgerline: block ${block.header.number} replays to a different state`);
      chain.remember(block);
      const results = result.results.map((r) => ({
        status: ((r.receipt as { status?: 0 | 1 }).status ?? 1) as 0 | 1,
        gasUsed: r.totalGasSpent,
        cumulativeGasUsed: r.receipt.cumulativeBlockGasUsed,
        contractAddress: r.createdAddress?.toString() ?? null,
        logs: r.receipt.logs,
        revertData: r.execResult.exceptionError ? bytesToHex(r.execResult.returnValue) : null,
      }));
      chain.recordResults(block, results);
      await store.saveState?.({
        number: Number(block.header.number),
        stateRoot: bytesToHex(block.header.stateRoot),
        receipts: results.map(toStored),
        txHashes: block.transactions.map((tx) => bytesToHex(tx.hash())),
        nodes: nodes.takeWritten(),
      });
    }
    // the head's state, read on demand from the stored trie (setStateRoot fails when its root node is missing)
    await stateManager.setStateRoot(chain.head().header.stateRoot);
    return chain;
  }

  /** A block by number: in memory (the newest and any read since), else read from the store. */
  async blockByNumber(n: number): Promise<Block | null> {
    if (!Number.isInteger(n) || n < 0 || n > this.blockNumber) return null;
    const known = this.blocks[n];
    if (known) return known;
    const stored = await this.store.loadBlock?.(n);
    if (!stored?.receipts) return null;
    const block = createBlockFromRLP(stored.rlp, { common: this.common, setHardfork: true });
    this.remember(block);
    this.recordResults(block, stored.receipts.map(fromStored));
    return block;
  }

  async blockByHash(hash: string): Promise<Block | null> {
    const known = this.byHash.get(hash.toLowerCase());
    if (known !== undefined) return this.blockByNumber(known);
    const n = await this.store.findBlock?.(hash.toLowerCase());
    return n === null || n === undefined ? null : this.blockByNumber(n);
  }

  /** A mined transaction's outcome: in memory, else its block is read from the store. */
  private async minedOf(hash: string): Promise<Mined | null> {
    const key = hash.toLowerCase();
    const known = this.mined.get(key);
    if (known) return known;
    const n = await this.store.findTransaction?.(key);
    if (n === null || n === undefined) return null;
    await this.blockByNumber(n);
    return this.mined.get(key) ?? null;
  }

  head(): Block {
    const block = this.blocks[this.blocks.length - 1];
    if (!block) throw new Error("no genesis");
    return block;
  }

  get blockNumber(): number {
    return this.blocks.length - 1;
  }

  private remember(block: Block): void {
    this.blocks[Number(block.header.number)] = block;
    this.byHash.set(bytesToHex(block.hash()).toLowerCase(), Number(block.header.number));
  }

  private recordResults(block: Block, results: Outcome[]): void {
    const blockHash = bytesToHex(block.hash());
    block.transactions.forEach((tx, index) => {
      const result = results[index];
      if (!result) return;
      this.mined.set(bytesToHex(tx.hash()), { tx, blockNumber: block.header.number, blockHash, index, ...result });
    });
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Resolves once every transaction sent so far is in a stored block. */
  async settle(): Promise<void> {
    while (this.mining || this.pending.length > 0) {
      await (this.mining ?? this.mine());
    }
  }

  private scheduleMine(): void {
    if (this.mining) return;
    // a short block time: transactions sent one after another (a batch of mints) share a block
    this.mining = new Promise<void>((resolve) => setTimeout(resolve, BLOCK_TIME_MS)).then(() =>
      this.serial(() => this.mineBlocks()).finally(() => {
        this.mining = null;
        for (const wake of this.waiters) wake();
        if (this.pending.length > 0) this.scheduleMine();
      }),
    );
  }

  private mine(): Promise<void> {
    this.scheduleMine();
    return this.mining ?? Promise.resolve();
  }

  private async mineBlocks(): Promise<void> {
    while (this.pending.length > 0 && !this.broken) {
      const parent = this.head();
      const timestamp = BigInt(Math.max(Math.floor(Date.now() / 1000), Number(parent.header.timestamp) + 1));
      const builder = await buildBlock(this.vm, {
        parentBlock: parent,
        headerData: { timestamp, gasLimit: BLOCK_GAS_LIMIT },
        blockOpts: { calcDifficultyFromHeader: parent.header, putBlockIntoBlockchain: false, setHardfork: true },
      });
      const results: Outcome[] = [];
      const rest: TypedTransaction[] = [];
      for (const tx of this.pending) {
        if (builder.gasUsed + tx.gasLimit > BLOCK_GAS_LIMIT) {
          rest.push(tx);
          continue;
        }
        try {
          const result = await builder.addTransaction(tx);
          results.push({
            status: result.execResult.exceptionError ? 0 : 1,
            gasUsed: result.totalGasSpent,
            cumulativeGasUsed: builder.gasUsed,
            contractAddress: result.createdAddress?.toString() ?? null,
            logs: result.receipt.logs,
            revertData: result.execResult.exceptionError ? bytesToHex(result.execResult.returnValue) : null,
          });
        } catch (error) {
          // not includable (a wrong nonce, no funds): dropped, as a node drops it from its pool
          console.warn("ethereum-ledgerline: dropped transaction", bytesToHex(tx.hash()), (error as Error).message);
          this.pendingNonces.delete(tx.getSenderAddress().toString());
        }
      }
      this.pending = rest;
      if (results.length === 0) {
        // nothing was includable (sendRaw refuses what it can foresee): no empty block is mined for it
        await builder.revert();
        continue;
      }
      const { block } = await builder.build();
      const written = this.nodes.takeWritten();
      try {
        await this.store.saveBlock({
          number: Number(block.header.number),
          hash: bytesToHex(block.hash()),
          rlp: block.serialize(),
          transactions: block.transactions.length,
          stateRoot: bytesToHex(block.header.stateRoot),
          receipts: results.map(toStored),
          txHashes: block.transactions.map((tx) => bytesToHex(tx.hash())),
          nodes: written,
        });
      } catch (error) {
        this.nodes.giveBack(written);
        // the VM is ahead of the database: refuse everything until the chain is opened again (replay)
        this.broken = error as Error;
        throw error;
      }
      this.remember(block);
      this.recordResults(block, results);
    }
  }

  /** Waits until `hash` is mined (or `timeoutMs` passes): the embedded chain's receipts arrive within a tick. */
  async waitForTransaction(hash: string, timeoutMs = 30_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    if (await this.minedOf(hash)) return true;
    while (!this.mined.has(hash.toLowerCase())) {
      if (Date.now() > deadline || this.broken) return false;
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          resolve();
        };
        this.waiters.add(wake);
        setTimeout(wake, 200).unref?.();
      });
    }
    return true;
  }

  private async blockAt(tag: unknown): Promise<Block | null> {
    if (tag === undefined || tag === "latest" || tag === "pending" || tag === "safe" || tag === "finalized")
      return this.head();
    if (tag === "earliest") return this.blocks[0] ?? null;
    if (typeof tag === "string" && tag.startsWith("0x")) {
      if (tag.length === 66) return this.blockByHash(tag);
      return this.blockByNumber(Number(BigInt(tag)));
    }
    if (tag && typeof tag === "object" && "blockHash" in tag)
      return this.blockAt((tag as { blockHash: string }).blockHash);
    if (tag && typeof tag === "object" && "blockNumber" in tag)
      return this.blockAt((tag as { blockNumber: string }).blockNumber);
    throw new RpcError(-32602, `unknown block ${String(tag)}`);
  }

  private formatBlock(block: Block, full: boolean) {
    const h = block.header;
    return {
      number: hex(h.number),
      hash: bytesToHex(block.hash()),
      parentHash: bytesToHex(h.parentHash),
      nonce: bytesToHex(h.nonce),
      sha3Uncles: bytesToHex(h.uncleHash),
      logsBloom: bytesToHex(h.logsBloom),
      transactionsRoot: bytesToHex(h.transactionsTrie),
      stateRoot: bytesToHex(h.stateRoot),
      receiptsRoot: bytesToHex(h.receiptTrie),
      miner: h.coinbase.toString(),
      difficulty: hex(h.difficulty),
      totalDifficulty: "0x0",
      extraData: bytesToHex(h.extraData),
      size: hex(block.serialize().length),
      gasLimit: hex(h.gasLimit),
      gasUsed: hex(h.gasUsed),
      timestamp: hex(h.timestamp),
      baseFeePerGas: hex(h.baseFeePerGas ?? 0n),
      mixHash: bytesToHex(h.mixHash),
      withdrawalsRoot: h.withdrawalsRoot ? bytesToHex(h.withdrawalsRoot) : undefined,
      blobGasUsed: h.blobGasUsed === undefined ? undefined : hex(h.blobGasUsed),
      excessBlobGas: h.excessBlobGas === undefined ? undefined : hex(h.excessBlobGas),
      parentBeaconBlockRoot: h.parentBeaconBlockRoot ? bytesToHex(h.parentBeaconBlockRoot) : undefined,
      transactions: block.transactions.map((tx, i) => (full ? this.formatTx(tx, block, i) : bytesToHex(tx.hash()))),
      uncles: [],
      withdrawals: [],
    };
  }

  /** The price per gas a mined transaction paid: min(maxFeePerGas, baseFee + maxPriorityFeePerGas), or gasPrice. */
  private static effectiveGasPrice(tx: TypedTransaction, baseFee: bigint): bigint {
    if ("maxFeePerGas" in tx) {
      const { maxFeePerGas, maxPriorityFeePerGas } = tx as { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
      const offered = baseFee + maxPriorityFeePerGas;
      if (offered < maxFeePerGas) return offered;
      return maxFeePerGas;
    }
    return (tx as { gasPrice: bigint }).gasPrice;
  }

  /**
   * A transaction as a node answers it (the field names of the execution API: `gas`, `input`, `gasPrice`; the fee
   * fields, `accessList`, `chainId` and `yParity` by type). A mined EIP-1559 transaction's `gasPrice` is the price it
   * paid, a pending one's its `maxFeePerGas`, as geth answers.
   */
  private formatTx(tx: TypedTransaction, block: Block | null, index: number | null) {
    const json = tx.toJSON() as Record<string, unknown>;
    const dynamic = "maxFeePerGas" in tx;
    const price = dynamic
      ? block
        ? EmbeddedChain.effectiveGasPrice(tx, block.header.baseFeePerGas ?? 0n)
        : (tx as { maxFeePerGas: bigint }).maxFeePerGas
      : (tx as { gasPrice: bigint }).gasPrice;
    const protectedLegacy = tx.type === 0 && tx.v !== undefined && tx.v !== 27n && tx.v !== 28n;
    return {
      blockHash: block ? bytesToHex(block.hash()) : null,
      blockNumber: block ? hex(block.header.number) : null,
      from: tx.getSenderAddress().toString(),
      gas: hex(tx.gasLimit),
      gasPrice: hex(price),
      ...(dynamic
        ? {
            maxFeePerGas: hex((tx as { maxFeePerGas: bigint }).maxFeePerGas),
            maxPriorityFeePerGas: hex((tx as { maxPriorityFeePerGas: bigint }).maxPriorityFeePerGas),
          }
        : {}),
      hash: bytesToHex(tx.hash()),
      input: bytesToHex(tx.data),
      nonce: hex(tx.nonce),
      to: tx.to?.toString() ?? null,
      transactionIndex: index === null ? null : hex(index),
      value: hex(tx.value),
      type: hex(tx.type),
      ...(tx.type === 0 ? {} : { accessList: json.accessList ?? [] }),
      ...(tx.type === 0 && !protectedLegacy ? {} : { chainId: hex(this.chainId) }),
      v: hex(tx.v ?? 0n),
      r: hex(tx.r ?? 0n),
      s: hex(tx.s ?? 0n),
      ...(tx.type === 0 ? {} : { yParity: hex(tx.v ?? 0n) }),
    };
  }

  /** A mined transaction's logs as a node answers them (logIndex counts from the block's first log). */
  private formatLogs(m: Mined) {
    const block = this.blocks[Number(m.blockNumber)];
    const txHash = bytesToHex(m.tx.hash());
    let logIndex = 0;
    for (let i = 0; i < m.index; i++) {
      const earlier = block?.transactions[i];
      if (earlier) logIndex += this.mined.get(bytesToHex(earlier.hash()))?.logs.length ?? 0;
    }
    return m.logs.map(([address, topics, data], i) => ({
      address: bytesToHex(address),
      topics: topics.map((t) => bytesToHex(t)),
      data: bytesToHex(data),
      blockNumber: hex(m.blockNumber),
      blockHash: m.blockHash,
      transactionHash: txHash,
      transactionIndex: hex(m.index),
      logIndex: hex(logIndex + i),
      removed: false,
    }));
  }

  private formatReceipt(m: Mined) {
    const block = this.blocks[Number(m.blockNumber)];
    const txHash = bytesToHex(m.tx.hash());
    const price = EmbeddedChain.effectiveGasPrice(m.tx, block?.header.baseFeePerGas ?? 0n);
    const logs = this.formatLogs(m);
    return {
      transactionHash: txHash,
      transactionIndex: hex(m.index),
      blockHash: m.blockHash,
      blockNumber: hex(m.blockNumber),
      from: m.tx.getSenderAddress().toString(),
      to: m.tx.to?.toString() ?? null,
      cumulativeGasUsed: hex(m.cumulativeGasUsed),
      gasUsed: hex(m.gasUsed),
      effectiveGasPrice: hex(price),
      contractAddress: m.contractAddress,
      logs,
      logsBloom: logsBloom(logs),
      status: hex(m.status),
      type: hex(m.tx.type),
      // not in a node's receipt: the revert data of a failed transaction (the job runner decodes the reason)
      revertData: m.revertData,
    };
  }

  private async call(params: Record<string, string | undefined>): Promise<{ data: string; gasUsed: bigint }> {
    return this.serial(async () => {
      const evm = this.vm.evm;
      const head = this.head();
      await evm.journal.checkpoint();
      try {
        const result = await evm.runCall({
          to: params.to ? createAddressFromString(params.to) : undefined,
          caller: params.from ? createAddressFromString(params.from) : createAddressFromString(`0x${"00".repeat(20)}`),
          origin: params.from ? createAddressFromString(params.from) : undefined,
          data:
            params.data || params.input ? hexToBytes((params.data ?? params.input) as PrefixedHexString) : undefined,
          value: params.value ? BigInt(params.value) : 0n,
          gasLimit: params.gas ? BigInt(params.gas) : BLOCK_GAS_LIMIT,
          skipBalance: true,
          // a create needs the nonce (its address); the checkpoint below undoes the increment either way
          skipNonceIncrement: Boolean(params.to),
          block: head,
        } as Parameters<typeof evm.runCall>[0]);
        const out = bytesToHex(result.execResult.returnValue);
        if (result.execResult.exceptionError) {
          throw new RpcError(3, `execution reverted (${result.execResult.exceptionError.error})`, out);
        }
        return { data: out, gasUsed: result.execResult.executionGasUsed };
      } finally {
        await evm.journal.revert();
      }
    });
  }

  private async nonceOf(address: string): Promise<bigint> {
    const account = await this.vm.stateManager.getAccount(createAddressFromString(address));
    return account?.nonce ?? 0n;
  }

  /** The base fee of the next block: the least price per gas a transaction sent now must offer. */
  private nextBaseFee(): bigint {
    return this.head().header.calcNextBaseFee();
  }

  /**
   * Accepts a signed transaction into the pool (mined on the next tick) and answers its hash, only when it will be
   * included: everything the EVM checks before it runs a transaction is checked here first, with a node's (geth's)
   * error, so a transaction that cannot be included is refused, never answered with a hash and then dropped.
   */
  private async sendRaw(raw: string): Promise<string> {
    if (this.broken) throw new RpcError(-32000, `chain unavailable: ${this.broken.message}`);
    let tx: TypedTransaction;
    try {
      tx = createTxFromRLP(hexToBytes(raw as PrefixedHexString), { common: this.common });
    } catch (error) {
      const message = (error as Error).message;
      // a typed transaction signed for another chain (@ethereumjs refuses its chain id while decoding)
      if (/chain id/i.test(message)) throw new RpcError(-32000, "invalid chain id for signer");
      throw new RpcError(-32602, `invalid transaction: ${message}`);
    }
    if (!tx.isSigned()) throw new RpcError(-32602, "transaction not signed");
    if (tx.type === 3) throw new RpcError(-32000, "transaction type not supported");
    if (tx.type === 0 && (tx.v === 27n || tx.v === 28n))
      throw new RpcError(-32000, "only replay-protected (EIP-155) transactions allowed over RPC");
    const chainId = tx.type === 0 ? ((tx.v ?? 0n) - 35n) / 2n : (tx as { chainId: bigint }).chainId;
    if (chainId !== BigInt(this.chainId)) throw new RpcError(-32000, "invalid chain id for signer");
    let senderAddress: ReturnType<TypedTransaction["getSenderAddress"]>;
    try {
      if (!tx.verifySignature()) throw new Error("bad signature");
      senderAddress = tx.getSenderAddress();
    } catch {
      throw new RpcError(-32000, "invalid sender");
    }
    const sender = senderAddress.toString();
    if (tx.gasLimit > BLOCK_GAS_LIMIT) throw new RpcError(-32000, "exceeds block gas limit");
    const intrinsic = tx.getIntrinsicGas();
    if (tx.gasLimit < intrinsic)
      throw new RpcError(-32000, `intrinsic gas too low: have ${tx.gasLimit}, want ${intrinsic}`);
    const dynamic = "maxFeePerGas" in tx;
    const feeCap = dynamic ? (tx as { maxFeePerGas: bigint }).maxFeePerGas : (tx as { gasPrice: bigint }).gasPrice;
    const hash = bytesToHex(tx.hash());
    return this.serial(async () => {
      // with the VM idle (no block half built), so the state read is the head's
      if (this.pending.some((p) => bytesToHex(p.hash()) === hash) || (await this.minedOf(hash))) return hash;
      const baseFee = this.nextBaseFee();
      if (feeCap < baseFee)
        throw new RpcError(
          -32000,
          `transaction underpriced: ${dynamic ? "max fee per gas" : "gas price"} ${feeCap} less than block base fee ${baseFee}`,
        );
      const expected = this.pendingNonces.get(sender) ?? (await this.nonceOf(sender));
      if (tx.nonce < expected)
        throw new RpcError(-32000, `nonce too low: next nonce ${expected}, tx nonce ${tx.nonce}`);
      if (tx.nonce > expected)
        throw new RpcError(-32000, `nonce too high: next nonce ${expected}, tx nonce ${tx.nonce}`);
      const account = await this.vm.stateManager.getAccount(senderAddress);
      if (account && !equalsBytes(account.codeHash, KECCAK256_NULL)) throw new RpcError(-32000, "sender not an eoa");
      // what the sender's transactions waiting in the pool may spend, then this one (gas * fee cap + value)
      const waiting = this.pending
        .filter((p) => p.getSenderAddress().equals(senderAddress))
        .reduce((sum, p) => sum + EmbeddedChain.maxCost(p), 0n);
      const have = (account?.balance ?? 0n) - waiting;
      const want = EmbeddedChain.maxCost(tx);
      if (have < want)
        throw new RpcError(
          -32000,
          `insufficient funds for gas * price + value: address ${toChecksumAddress(sender)} have ${have < 0n ? 0n : have} want ${want}`,
        );
      this.pendingNonces.set(sender, expected + 1n);
      this.pending.push(tx);
      this.scheduleMine();
      return hash;
    });
  }

  /** The most a transaction may cost its sender: gas limit * fee cap (max fee per gas, or gas price) + value. */
  private static maxCost(tx: TypedTransaction): bigint {
    const feeCap =
      "maxFeePerGas" in tx ? (tx as { maxFeePerGas: bigint }).maxFeePerGas : (tx as { gasPrice: bigint }).gasPrice;
    return tx.gasLimit * feeCap + tx.value;
  }

  /** One JSON-RPC call. */
  async request(method: string, params: unknown[] = []): Promise<unknown> {
    switch (method) {
      case "eth_chainId":
        return hex(this.chainId);
      case "net_version":
        return String(this.chainId);
      case "web3_clientVersion":
        return "ledgerline-embedded/ethereumjs-vm";
      case "eth_accounts":
        return [];
      case "eth_syncing":
        return false;
      case "eth_blockNumber":
        return hex(this.blockNumber);
      case "eth_gasPrice": {
        // enough for the next block (a transaction offering less than its base fee is refused)
        const head = this.head().header.baseFeePerGas ?? 0n;
        const next = this.nextBaseFee();
        return hex((next > head ? next : head) + 1n);
      }
      case "eth_maxPriorityFeePerGas":
        return "0x0";
      case "eth_feeHistory":
        return {
          oldestBlock: hex(this.blockNumber),
          baseFeePerGas: [hex(this.head().header.baseFeePerGas ?? 0n)],
          gasUsedRatio: [0],
          reward: [],
        };
      case "eth_getBlockByNumber":
      case "eth_getBlockByHash": {
        const block = await this.blockAt(params[0]);
        return block ? this.formatBlock(block, Boolean(params[1])) : null;
      }
      case "eth_getBalance": {
        const account = await this.vm.stateManager.getAccount(createAddressFromString(String(params[0])));
        return hex(account?.balance ?? 0n);
      }
      case "eth_getTransactionCount": {
        const address = createAddressFromString(String(params[0])).toString();
        if (params[1] === "pending" && this.pendingNonces.has(address))
          return hex(this.pendingNonces.get(address) ?? 0n);
        return hex(await this.nonceOf(address));
      }
      case "eth_getCode":
        return bytesToHex(await this.vm.stateManager.getCode(createAddressFromString(String(params[0]))));
      case "eth_getStorageAt":
        return bytesToHex(
          await this.vm.stateManager.getStorage(
            createAddressFromString(String(params[0])),
            hexToBytes(`0x${BigInt(String(params[1])).toString(16).padStart(64, "0")}`),
          ),
        );
      case "eth_call":
        return (await this.call(params[0] as Record<string, string>)).data;
      case "eth_estimateGas": {
        const p = params[0] as Record<string, string>;
        const data = hexToBytes(((p.data ?? p.input) || "0x") as PrefixedHexString);
        const calldata = data.reduce((sum, b) => sum + (b === 0 ? 4n : 16n), 0n);
        const { gasUsed } = await this.call({ ...p, to: p.to });
        return hex(((21_000n + calldata + (p.to ? 0n : 32_000n) + gasUsed) * 13n) / 10n);
      }
      case "eth_sendRawTransaction":
        return this.sendRaw(String(params[0]));
      case "eth_getTransactionByHash": {
        const hash = String(params[0]).toLowerCase();
        const m = await this.minedOf(hash);
        if (m) return this.formatTx(m.tx, this.blocks[Number(m.blockNumber)] ?? null, m.index);
        const p = this.pending.find((t) => bytesToHex(t.hash()) === hash);
        return p ? this.formatTx(p, null, null) : null;
      }
      case "eth_getTransactionReceipt": {
        const m = await this.minedOf(String(params[0]));
        return m ? this.formatReceipt(m) : null;
      }
      case "eth_getLogs": {
        const filter = (params[0] ?? {}) as {
          fromBlock?: string;
          toBlock?: string;
          address?: string | string[];
          topics?: Array<string | string[] | null>;
        };
        const topics = (filter.topics ?? []).map((t) =>
          t === null || t === undefined ? null : (Array.isArray(t) ? t : [t]).map((x) => x.toLowerCase()),
        );
        const from = Number((await this.blockAt(filter.fromBlock ?? "earliest"))?.header.number ?? 0n);
        const to = Number((await this.blockAt(filter.toBlock ?? "latest"))?.header.number ?? 0n);
        const addresses = filter.address
          ? (Array.isArray(filter.address) ? filter.address : [filter.address]).map((a) => a.toLowerCase())
          : null;
        const logs: unknown[] = [];
        for (let n = from; n <= to; n++) {
          for (const tx of (await this.blockByNumber(n))?.transactions ?? []) {
            const m = this.mined.get(bytesToHex(tx.hash()));
            if (!m) continue;
            for (const log of this.formatLogs(m))
              if (
                (!addresses || addresses.includes(log.address.toLowerCase())) &&
                topics.every((wanted, i) => !wanted || wanted.includes(log.topics[i]?.toLowerCase() ?? ""))
              )
                logs.push(log);
          }
        }
        return logs;
      }
      default:
        throw new RpcError(-32601, `method not supported: ${method}`);
    }
  }

  /** The address a contract deployed by `sender` with `nonce` gets. */
  static contractAddress(sender: string, nonce: bigint): string {
    return createContractAddress(createAddressFromString(sender), nonce).toString();
  }
}
