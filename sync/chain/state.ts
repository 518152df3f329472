// The embedded chain's state trie kept in PostgreSQL (docs/CHAIN.md "Persistence"): the Merkle-Patricia trie of
// accounts, storage and code reads its nodes from memory, else from app_private.chain_state_nodes (each node checked
// against its hash: a node's key is the keccak-256 of its bytes), and collects the nodes it writes until the block
// that made them is saved with them in one database transaction. Opening the chain therefore sets the state root of
// the newest stored block instead of executing every block again.
import type { BatchDBOp, DB } from "@ethereumjs/util";
import { keccak256 } from "ethers";

/** Reads one node (by its unprefixed hex key) from the database; undefined when it is not there. */
export type NodeLoader = (key: string) => Promise<Uint8Array | undefined>;

/** Code is stored under "c" (0x63) + its hash (MerkleStateManager's prefixCodeHashes); trie nodes under their hash. */
function expectedHash(key: string): string | null {
  if (key.length === 64) return key;
  if (key.length === 66 && key.startsWith("63")) return key.slice(2);
  return null;
}

export class StateNodes implements DB<string, Uint8Array> {
  private readonly nodes = new Map<string, Uint8Array>();
  private dirty = new Map<string, Uint8Array>();
  private readonly load: NodeLoader | null;

  constructor(load: NodeLoader | null) {
    this.load = load;
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    const known = this.nodes.get(key);
    if (known || !this.load) return known;
    const value = await this.load(key);
    if (!value) return undefined;
    const hash = expectedHash(key);
    if (hash && keccak256(value).slice(2) !== hash)
      throw new Error(`ethereum-ledgerline: stored state node ${key} does not match its hash`);
    this.nodes.set(key, value);
    return value;
  }

  async put(key: string, value: Uint8Array): Promise<void> {
    if (this.nodes.get(key) !== undefined) return;
    this.nodes.set(key, value);
    this.dirty.set(key, value);
  }

  /** Nodes are never deleted (the trie prunes nothing): older roots stay readable, a node may be shared. */
  async del(): Promise<void> {}

  async batch(ops: BatchDBOp<string, Uint8Array>[]): Promise<void> {
    for (const op of ops) if (op.type === "put") await this.put(op.key, op.value);
  }

  shallowCopy(): DB<string, Uint8Array> {
    return this;
  }

  async open(): Promise<void> {}

  /** The nodes written since the last call: they go to the database with the block that made them. */
  takeWritten(): Map<string, Uint8Array> {
    const written = this.dirty;
    this.dirty = new Map();
    return written;
  }

  /** Puts back nodes whose save failed (they are written again with the next save). */
  giveBack(nodes: Map<string, Uint8Array>): void {
    for (const [key, value] of nodes) this.dirty.set(key, value);
  }
}
