// The embedded chain's stored state (docs/CHAIN.md "Persistence"): a block is saved with its receipts and the state
// trie nodes it wrote, so opening the chain again sets the newest block's state root on the stored trie and executes
// nothing; blocks stored without their state (older databases) are replayed once and their state saved; a stop in
// the middle of saving a block leaves the chain at the block before, whole, and the same signed transaction is mined
// after the restart; a stored node that does not match its hash is refused.
import { readFileSync } from "node:fs";
import { ContractFactory, Interface, JsonRpcApiProvider, Network, Wallet } from "ethers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ARTIFACT_FILE } from "../../sync/chain/contracts/build.ts";
import { type BlockState, type BlockStore, EmbeddedChain } from "../../sync/chain/embedded.ts";
import { answerRpc } from "../../sync/chain/provider.ts";
import { blockStore } from "../../sync/chain/store.ts";
import type { Database } from "../../sync/db/database.ts";
import { createTestDb } from "../helpers/db.ts";

const CHAIN = "ethereum-ledgerline";
const artifact = JSON.parse(readFileSync(ARTIFACT_FILE, "utf8")) as { abi: never; bytecode: string };
const abi = new Interface(artifact.abi);
const operator = Wallet.createRandom();
const investors = Array.from({ length: 30 }, () => Wallet.createRandom().address);

let db: Database;
beforeEach(async () => {
  db = await createTestDb();
});
afterEach(async () => {
  await db.close();
});

/** The store, counting the blocks whose state is saved after execution at open (a replay). */
function counted(store: BlockStore): BlockStore & { replayed: number[] } {
  const replayed: number[] = [];
  return {
    ...store,
    replayed,
    async saveState(state: BlockState) {
      if (state.number > 0) replayed.push(state.number);
      await store.saveState?.(state);
    },
  };
}

function client(chain: EmbeddedChain) {
  class Local extends JsonRpcApiProvider {
    constructor() {
      const network = new Network(CHAIN, chain.chainId);
      super(network, { staticNetwork: network, batchMaxCount: 1, pollingInterval: 10, cacheTimeout: -1 });
    }
    async _send(payload: unknown) {
      const list = Array.isArray(payload) ? payload : [payload];
      return Promise.all(list.map((p) => answerRpc(chain, p as Record<string, unknown>))) as never;
    }
  }
  const provider = new Local();
  return { provider, owner: operator.connect(provider) };
}

async function balanceOf(chain: EmbeddedChain, token: string, who: string): Promise<bigint> {
  const data = await chain.request("eth_call", [{ to: token, data: abi.encodeFunctionData("balanceOf", [who]) }]);
  return abi.decodeFunctionResult("balanceOf", data as string)[0] as bigint;
}

/** A contract deployed and issued to every investor in three batches (several blocks). */
async function history(): Promise<{ token: string; issueHash: string }> {
  const chain = await EmbeddedChain.open(blockStore(db, CHAIN), operator.address);
  const { provider, owner } = client(chain);
  const deployed = await new ContractFactory(artifact.abi, artifact.bytecode, owner).deploy(
    "State Shares",
    "STS",
    0,
    operator.address,
  );
  await deployed.waitForDeployment();
  const token = await deployed.getAddress();
  let issueHash = "";
  for (let i = 0; i < investors.length; i += 10) {
    const part = investors.slice(i, i + 10);
    const tx = await owner.sendTransaction({
      to: token,
      data: abi.encodeFunctionData("issueBatch", [part, part.map((_, j) => BigInt(i + j + 1))]),
      gasLimit: 2_000_000n,
    });
    await tx.wait();
    issueHash = tx.hash;
  }
  await chain.settle();
  provider.destroy();
  return { token, issueHash };
}

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query<T>(sql, params)).rows;
}

describe("the embedded chain's stored state", () => {
  it("opens again at the stored state without executing a block: same head, balances, receipts and logs", async () => {
    const { token, issueHash } = await history();
    const stored = await rows<{ n: number; complete: number }>(
      `select count(*)::int as n, count(*) filter (where state_root is not null and receipts is not null)::int as complete
         from app_private.chain_blocks where chain = $1`,
      [CHAIN],
    );
    expect(stored[0]?.n).toBeGreaterThanOrEqual(4);
    expect(stored[0]?.complete).toBe(stored[0]?.n);

    const store = counted(blockStore(db, CHAIN));
    const chain = await EmbeddedChain.open(store, operator.address);
    expect(store.replayed).toEqual([]);
    expect(chain.blockNumber).toBe(stored[0]?.n);
    for (const [i, investor] of investors.entries())
      expect(await balanceOf(chain, token, investor)).toBe(BigInt(i + 1));
    const receipt = (await chain.request("eth_getTransactionReceipt", [issueHash])) as {
      status: string;
      logs: unknown[];
    };
    expect(receipt.status).toBe("0x1");
    // each issue: the allowlist event and the Transfer of each of the 10 investors
    expect(receipt.logs.length).toBeGreaterThanOrEqual(10);
    const transfer = abi.getEvent("Transfer")?.topicHash ?? "";
    const logs = (await chain.request("eth_getLogs", [{ address: token, topics: [transfer] }])) as unknown[];
    expect(logs).toHaveLength(investors.length);

    // it keeps mining on the stored state, and opens again after that
    const { owner, provider } = client(chain);
    const more = await owner.sendTransaction({
      to: token,
      data: abi.encodeFunctionData("issue", [investors[0], 1000n]),
      gasLimit: 300_000n,
    });
    expect((await more.wait())?.status).toBe(1);
    await chain.settle();
    provider.destroy();
    const again = counted(blockStore(db, CHAIN));
    const reopened = await EmbeddedChain.open(again, operator.address);
    expect(again.replayed).toEqual([]);
    expect(await balanceOf(reopened, token, investors[0] ?? "")).toBe(1001n);
  });

  it("blocks stored without their state (an older database) are replayed once, state roots checked", async () => {
    const { token } = await history();
    await db.query("update app_private.chain_blocks set state_root = null, receipts = null");
    await db.query("delete from app_private.chain_state_nodes");
    const blocks = (await rows<{ n: number }>("select count(*)::int as n from app_private.chain_blocks"))[0]?.n ?? 0;

    const first = counted(blockStore(db, CHAIN));
    const chain = await EmbeddedChain.open(first, operator.address);
    expect(first.replayed).toEqual(Array.from({ length: blocks }, (_, i) => i + 1));
    expect(await balanceOf(chain, token, investors[29] ?? "")).toBe(30n);

    const second = counted(blockStore(db, CHAIN));
    const reopened = await EmbeddedChain.open(second, operator.address);
    expect(second.replayed).toEqual([]);
    expect(await balanceOf(reopened, token, investors[29] ?? "")).toBe(30n);
  });

  it("a stop in the middle of saving a block leaves the block before whole; the same transaction is mined after the restart", async () => {
    const { token } = await history();
    const before = (await rows<{ n: number }>("select max(number)::int as n from app_private.chain_blocks"))[0]?.n;

    // the worst order: the block's state nodes reach the database, then the process stops before the block does
    const real = blockStore(db, CHAIN);
    const stopping: BlockStore = {
      ...real,
      async saveBlock(block) {
        if (block.nodes)
          await real.saveState?.({ number: 0, stateRoot: "", receipts: [], txHashes: [], nodes: block.nodes });
        throw new Error("server stopped");
      },
    };
    const chain = await EmbeddedChain.open(stopping, operator.address);
    const { owner, provider } = client(chain);
    const signed = await owner.signTransaction({
      type: 2,
      chainId: chain.chainId,
      nonce: await provider.getTransactionCount(operator.address),
      to: token,
      data: abi.encodeFunctionData("issue", [investors[1], 500n]),
      gasLimit: 300_000n,
      maxFeePerGas: 10n ** 10n,
      maxPriorityFeePerGas: 0n,
    });
    const hash = (await chain.request("eth_sendRawTransaction", [signed])) as string;
    await expect(chain.settle()).rejects.toThrow("server stopped");
    // the chain refuses everything until it is opened again
    await expect(chain.request("eth_sendRawTransaction", [signed])).rejects.toThrow(/chain unavailable/);
    provider.destroy();

    const store = counted(blockStore(db, CHAIN));
    const restarted = await EmbeddedChain.open(store, operator.address);
    expect(store.replayed).toEqual([]);
    expect(restarted.blockNumber).toBe(before);
    expect(await restarted.request("eth_getTransactionReceipt", [hash])).toBeNull();
    expect(await balanceOf(restarted, token, investors[1] ?? "")).toBe(2n);
    // the stored transaction (same bytes, same nonce) is mined now, once
    expect(await restarted.request("eth_sendRawTransaction", [signed])).toBe(hash);
    await restarted.settle();
    expect(await balanceOf(restarted, token, investors[1] ?? "")).toBe(502n);
    const reopened = await EmbeddedChain.open(blockStore(db, CHAIN), operator.address);
    expect(reopened.blockNumber).toBe((before ?? 0) + 1);
    expect(await balanceOf(reopened, token, investors[1] ?? "")).toBe(502n);
  });

  it("a stop in the middle of saving a replayed block's state: the next open replays from the last complete block", async () => {
    const { token } = await history();
    await db.query("update app_private.chain_blocks set state_root = null, receipts = null");
    await db.query("delete from app_private.chain_state_nodes");
    const real = blockStore(db, CHAIN);
    let saves = 0;
    const stopping: BlockStore = {
      ...real,
      async saveState(state) {
        if (state.number >= 3) throw new Error("server stopped");
        saves += 1;
        await real.saveState?.(state);
      },
    };
    await expect(EmbeddedChain.open(stopping, operator.address)).rejects.toThrow("server stopped");
    expect(saves).toBe(3); // the genesis state, blocks 1 and 2

    const store = counted(blockStore(db, CHAIN));
    const chain = await EmbeddedChain.open(store, operator.address);
    const blocks = (await rows<{ n: number }>("select count(*)::int as n from app_private.chain_blocks"))[0]?.n ?? 0;
    expect(store.replayed).toEqual(Array.from({ length: blocks - 2 }, (_, i) => i + 3));
    expect(await balanceOf(chain, token, investors[29] ?? "")).toBe(30n);
  });

  it("opening reads only the newest blocks; an older block, transaction or log is read when a call names it", async () => {
    const { token, issueHash } = await history();
    const [first] = await rows<{ hash: string }>("select hash from app_private.chain_blocks where number = 1");
    const real = blockStore(db, CHAIN);
    const froms: number[] = [];
    const store: BlockStore = {
      ...real,
      loadBlocks: async (from = 1) => {
        froms.push(from);
        return real.loadBlocks(from);
      },
    };
    const chain = await EmbeddedChain.open(store, operator.address, { window: 2 });
    const head = chain.blockNumber;
    // the window (2 blocks) and the block before it, whose hash the window's first block names
    expect(froms).toEqual([head - 2]);
    expect(await balanceOf(chain, token, investors[29] ?? "")).toBe(30n);
    const block = (await chain.request("eth_getBlockByNumber", ["0x1", false])) as { hash: string };
    expect(block.hash).toBe(first?.hash);
    expect(((await chain.request("eth_getBlockByHash", [first?.hash, false])) as { number: string }).number).toBe(
      "0x1",
    );
    const receipt = (await chain.request("eth_getTransactionReceipt", [issueHash])) as { status: string };
    expect(receipt.status).toBe("0x1");
    const transfer = abi.getEvent("Transfer")?.topicHash ?? "";
    const logs = (await chain.request("eth_getLogs", [
      { fromBlock: "0x0", address: token, topics: [transfer] },
    ])) as unknown[];
    expect(logs).toHaveLength(investors.length);
  });

  it("a stored state node that does not match its hash is refused", async () => {
    await history();
    const [head] = await rows<{ state_root: string }>(
      "select state_root from app_private.chain_blocks order by number desc limit 1",
    );
    const key = (head?.state_root ?? "").slice(2);
    await db.query(
      "update app_private.chain_state_nodes set value = value || '\\x00'::bytea where chain = $1 and key = $2",
      [CHAIN, key],
    );
    await expect(EmbeddedChain.open(blockStore(db, CHAIN), operator.address)).rejects.toThrow(
      /does not match its hash/,
    );
  });
});
