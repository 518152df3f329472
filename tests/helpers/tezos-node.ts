// A stand-in Tezos node for tests (docs/CHAIN.md "Tezos"): an HTTP server answering the RPC paths the server's Tezos
// client (sync/chain/tezos.ts, @taquito/rpc) calls, with the shapes a node documents: chain_id, block headers and
// blocks (by head, level or hash; manager operations in validation pass 3 with their receipts), a contract's
// counter, balance, manager_key and storage, big_map values by script expression hash,
// helpers/scripts/simulate_operation and injection/operation. Forging is local (the client never asks the node); the
// stand-in decodes injected bytes with @taquito/local-forging and checks the signature against the operator's key.
//
// It does NOT run Michelson: the effect of the token contract's entrypoints (origination with its initial storage;
// issue / issueBatch: allowlist and credit the ledger; the admin and pause checks, refused with script_rejected and
// the contract's FAILWITH string) is applied on the stand-in's own state in TypeScript, mirroring
// sync/chain/contracts/tezos/ledgerline_security_token.tz. Fees are taken from the source's balance (balance_too_low
// when it cannot pay); a counter other than the next one is refused. Each injected operation is baked at once into a
// new block of its own.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { LocalForger } from "@taquito/local-forging";
import { packDataBytes } from "@taquito/michel-codec";
import { InMemorySigner } from "@taquito/signer";
import { b58Encode, encodeExpr, encodeOpHash, PrefixV2, verifySignature } from "@taquito/utils";
import { originatedAddress } from "../../sync/chain/tezos.ts";

const CHAIN_ID = "NetXdQprcVkpaWU";
const PROTOCOL = "PsRiotumaAMotcRoDWW1bysEhQy2n1M5fy8JgRp8jjRfHGmfeA7";
const PROTO = "proto.022-PsRiotum";

interface Account {
  balance: bigint;
  counter: number;
  publicKey: string | null;
}

export interface TokenState {
  admin: string;
  allowlist: Set<string>;
  bigMapId: number;
  ledger: Map<string, bigint>;
  paused: boolean;
}

type Contents = Record<string, unknown> & { kind: string };
type Result = Record<string, unknown> & { status: string };

interface Block {
  hash: string;
  level: number;
  operations: Array<Array<{ hash: string; branch: string; contents: Contents[]; signature: string }>>;
}

export interface TezosNode {
  url: string;
  /** The operator's secret key (LL_CHAIN_TEZOS_MAINNET_KEY) and address. */
  key: string;
  operator: string;
  accounts: Map<string, Account>;
  contracts: Map<string, TokenState>;
  blocks: Block[];
  /** Operations injected and applied, by entrypoint or "origination" (tests count mints). */
  applied: Array<{ hash: string; kind: string; level: number }>;
  /** RPC paths asked, in order. */
  paths: string[];
  /** Test hook: runs when an operation is injected, before it is applied (e.g. pause the contract after simulation). */
  onInject: (() => void) | null;
  env(chain?: string): Record<string, string>;
  close(): Promise<void>;
}

class NodeError extends Error {
  readonly errors: Array<Record<string, unknown>>;
  constructor(errors: Array<Record<string, unknown>>) {
    super(String(errors[0]?.id));
    this.errors = errors;
  }
}

export async function startTezosNode(): Promise<TezosNode> {
  const key = b58Encode(randomBytes(32), PrefixV2.Ed25519Seed);
  const signer = await InMemorySigner.fromSecretKey(key);
  const operator = await signer.publicKeyHash();
  const accounts = new Map<string, Account>([
    [operator, { balance: 10_000_000_000n, counter: 1000, publicKey: await signer.publicKey() }],
  ]);
  const contracts = new Map<string, TokenState>();
  const blocks: Block[] = [{ hash: blockHash(), level: 0, operations: [[], [], [], []] }];
  const applied: TezosNode["applied"] = [];
  const paths: string[] = [];
  let nextBigMap = 0;
  const forger = new LocalForger();

  const head = () => blocks[blocks.length - 1] as Block;
  const findBlock = (id: string): Block | undefined =>
    id === "head" ? head() : /^\d+$/.test(id) ? blocks[Number(id)] : blocks.find((b) => b.hash === id);
  const header = (b: Block) => ({
    protocol: PROTOCOL,
    chain_id: CHAIN_ID,
    hash: b.hash,
    level: b.level,
    proto: 1,
    predecessor: blocks[Math.max(0, b.level - 1)]?.hash,
    timestamp: new Date(Date.UTC(2026, 0, 1) + b.level * 8000).toISOString().replace(/\.\d+Z$/, "Z"),
    validation_pass: 4,
    operations_hash: "LLoZS2LW3rEi7KYU4ouBQtorua37aWWCtpDmv1n2x3xoKi6sVXLWp",
    fitness: [],
    context: "CoV8SQumiVU9saiu3FVNeDNewJaJH8yWdsGF3WLdsRr2P9S7MzCj",
    payload_hash: "vh1g87ZG6scSYxKhspAUzprQVuLAyoa5qMBKcUfjgnQGnFb3dJcG",
    payload_round: 0,
    liquidity_baking_toggle_vote: "pass",
    signature: b58Encode(new Uint8Array(64), PrefixV2.GenericSignature),
  });

  /** The effect of `contents` from `source` (TypeScript, not Michelson); throws NodeError for a refused one. */
  function apply(contents: Contents[], opHash: string, commit: boolean): Result[] {
    const results: Result[] = [];
    const draftContracts = new Map<string, TokenState>();
    let originations = 0;
    for (const c of contents) {
      const source = String(c.source);
      const account = accounts.get(source);
      if (!account)
        throw new NodeError([{ kind: "temporary", id: `${PROTO}.contract.empty_implicit_contract`, implicit: source }]);
      const fee = BigInt(String(c.fee ?? "0"));
      if (account.balance < fee || account.balance === 0n)
        throw new NodeError([
          {
            kind: "temporary",
            id: `${PROTO}.contract.balance_too_low`,
            contract: source,
            balance: String(account.balance),
            amount: String(fee),
          },
        ]);
      if (Number(c.counter) !== account.counter + 1)
        throw new NodeError([
          {
            kind: "temporary",
            id: `${PROTO}.contract.counter_${Number(c.counter) <= account.counter ? "in_the_past" : "in_the_future"}`,
            contract: source,
            expected: String(account.counter + 1),
            found: String(c.counter),
          },
        ]);
      if (c.kind === "origination") {
        const script = c.script as { storage: { prim: string; args: Array<Record<string, unknown>> } };
        const args = script.storage.args;
        const address = originatedAddress(opHash, originations++);
        const state: TokenState = {
          admin: String(args[0]?.string),
          allowlist: new Set(((args[1] as unknown as Array<{ string: string }>) ?? []).map((a) => a.string)),
          bigMapId: commit ? nextBigMap++ : -1,
          ledger: new Map(),
          paused: args[3]?.prim === "True",
        };
        draftContracts.set(address, state);
        results.push({
          status: "applied",
          originated_contracts: [address],
          consumed_milligas: "1200000",
          storage_size: "4000",
          paid_storage_size_diff: "4000",
        });
      } else if (c.kind === "transaction") {
        const destination = String(c.destination);
        const token = contracts.get(destination);
        const parameters = c.parameters as { entrypoint: string; value: unknown } | undefined;
        if (!token || !parameters)
          throw new NodeError([
            { kind: "temporary", id: `${PROTO}.contract.non_existing_contract`, contract: destination },
          ]);
        const rejected = (message: string): Result => ({
          status: "failed",
          errors: [
            { kind: "temporary", id: `${PROTO}.michelson_v1.runtime_error`, contract_handle: destination },
            { kind: "temporary", id: `${PROTO}.michelson_v1.script_rejected`, location: 20, with: { string: message } },
          ],
        });
        if (parameters.entrypoint !== "issue" && parameters.entrypoint !== "issueBatch")
          throw new NodeError([{ kind: "permanent", id: `${PROTO}.michelson_v1.bad_contract_parameter` }]);
        let result: Result;
        if (token.admin !== source) result = rejected("NotAdmin");
        else if (token.paused) result = rejected("EnforcedPause");
        else {
          const items = (
            parameters.entrypoint === "issue" ? [parameters.value] : (parameters.value as unknown[])
          ) as Array<{
            args: [{ string: string }, { int: string }];
          }>;
          if (commit)
            for (const item of items) {
              const to = item.args[0].string;
              token.allowlist.add(to);
              token.ledger.set(to, (token.ledger.get(to) ?? 0n) + BigInt(item.args[1].int));
            }
          result = {
            status: "applied",
            consumed_milligas: String(2_000_000 + items.length * 500_000),
            paid_storage_size_diff: String(70 * items.length),
          };
        }
        results.push(result);
      } else
        throw new NodeError([
          { kind: "permanent", id: `${PROTO}.operation.not_supported_by_stand_in`, operation: c.kind },
        ]);
      if (commit) {
        account.balance -= fee;
        account.counter += 1;
      }
    }
    // a failed manager operation fails the whole batch (the others backtracked), as on a node
    if (results.some((r) => r.status === "failed"))
      for (const r of results) if (r.status === "applied") r.status = "backtracked";
    if (commit && results.every((r) => r.status === "applied"))
      for (const [address, state] of draftContracts) contracts.set(address, state);
    return results;
  }

  async function handle(method: string, path: string, body: unknown): Promise<unknown> {
    paths.push(`${method} ${path}`);
    if (path === "/chains/main/chain_id") return CHAIN_ID;
    if (method === "POST" && path === "/injection/operation") {
      self.onInject?.();
      const hex = String(body);
      const forged = hex.slice(0, -128);
      const signature = b58Encode(Buffer.from(hex.slice(-128), "hex"), PrefixV2.Ed25519Signature);
      const parsed = (await forger.parse(forged)) as unknown as { branch: string; contents: Contents[] };
      if (!blocks.some((b) => b.hash === parsed.branch))
        throw new NodeError([{ kind: "branch", id: "validate.unknown_branch", branch: parsed.branch }]);
      const source = String(parsed.contents[0]?.source);
      const publicKey = accounts.get(source)?.publicKey;
      if (!publicKey || !verifySignature(forged, publicKey, signature, new Uint8Array([3])))
        throw new NodeError([{ kind: "temporary", id: `${PROTO}.operation.invalid_signature` }]);
      const hash = encodeOpHash(hex);
      if (blocks.some((b) => b.operations[3]?.some((o) => o.hash === hash)))
        throw new NodeError([{ kind: "temporary", id: "prevalidation.operation_already_included", operation: hash }]);
      const results = apply(parsed.contents, hash, true);
      const block: Block = { hash: blockHash(), level: blocks.length, operations: [[], [], [], []] };
      block.operations[3]?.push({
        hash,
        branch: parsed.branch,
        signature,
        contents: parsed.contents.map((c, i) => ({
          ...c,
          metadata: { balance_updates: [], operation_result: results[i] },
        })),
      });
      blocks.push(block);
      for (const [i, c] of parsed.contents.entries())
        if (results[i]?.status === "applied")
          applied.push({
            hash,
            kind:
              c.kind === "origination" ? "origination" : String((c.parameters as { entrypoint: string }).entrypoint),
            level: block.level,
          });
      return hash;
    }
    const m = /^\/chains\/main\/blocks\/([^/]+)(\/.*)?$/.exec(path);
    if (!m) throw new NotFound();
    const block = findBlock(m[1] ?? "");
    if (!block) throw new NotFound();
    const rest = m[2] ?? "";
    if (rest === "")
      return {
        protocol: PROTOCOL,
        chain_id: CHAIN_ID,
        hash: block.hash,
        header: header(block),
        metadata: {},
        operations: block.operations,
      };
    if (rest === "/header") return header(block);
    if (rest === "/protocols") return { protocol: PROTOCOL, next_protocol: PROTOCOL };
    if (rest === "/context/constants")
      return {
        hard_gas_limit_per_operation: "1040000",
        hard_storage_limit_per_operation: "60000",
        cost_per_byte: "250",
        origination_size: 257,
        minimal_block_delay: "8",
        max_operations_time_to_live: 120,
      };
    if (method === "POST" && rest === "/helpers/scripts/simulate_operation") {
      const op = (body as { operation: { contents: Contents[] } }).operation;
      const results = apply(op.contents, encodeOpHash(Buffer.from(randomBytes(32)).toString("hex")), false);
      return {
        contents: op.contents.map((c, i) => ({
          ...c,
          metadata: { balance_updates: [], operation_result: results[i] },
        })),
      };
    }
    const big = /^\/context\/big_maps\/(\d+)\/(\w+)$/.exec(rest);
    if (big) {
      const token = [...contracts.values()].find((t) => t.bigMapId === Number(big[1]));
      if (!token) throw new NotFound();
      for (const [address, amount] of token.ledger)
        if (
          encodeExpr(Buffer.from(packDataBytes({ string: address }, { prim: "address" }).bytes).toString("hex")) ===
          big[2]
        )
          return { int: amount.toString() };
      throw new NotFound();
    }
    const contract = /^\/context\/contracts\/(\w+)(\/\w+)?$/.exec(rest);
    if (contract) {
      const address = contract[1] ?? "";
      const what = contract[2] ?? "";
      const account = accounts.get(address);
      const token = contracts.get(address);
      if (account) {
        if (what === "") return { balance: String(account.balance), counter: String(account.counter) };
        if (what === "/counter") return String(account.counter);
        if (what === "/balance") return String(account.balance);
        if (what === "/manager_key") return account.publicKey;
      }
      if (token) {
        const storage = {
          prim: "Pair",
          args: [
            { string: token.admin },
            [...token.allowlist].sort().map((a) => ({ string: a })),
            { int: String(token.bigMapId) },
            { prim: token.paused ? "True" : "False" },
          ],
        };
        if (what === "/storage") return storage;
        if (what === "/balance") return "0";
        if (what === "") return { balance: "0", script: { code: [], storage } };
      }
    }
    throw new NotFound();
  }

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    const url = new URL(req.url ?? "/", "http://node");
    let body: unknown = null;
    try {
      if (chunks.length > 0) body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const answer = await handle(req.method ?? "GET", url.pathname, body);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(answer));
    } catch (error) {
      if (error instanceof NotFound) {
        res.writeHead(404, { "content-type": "text/plain" });
        res.end("Not found");
        return;
      }
      const errors =
        error instanceof NodeError ? error.errors : [{ kind: "temporary", id: "failure", msg: String(error) }];
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify(errors));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const self: TezosNode = {
    url,
    key,
    operator,
    accounts,
    contracts,
    blocks,
    applied,
    paths,
    onInject: null,
    env(chain = "tezos-mainnet") {
      const prefix = `LL_CHAIN_${chain.toUpperCase().replace(/[^A-Z0-9]/g, "_")}`;
      return { [`${prefix}_RPC_URL`]: url, [`${prefix}_KEY`]: key };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return self;
}

class NotFound extends Error {}

function blockHash(): string {
  return b58Encode(randomBytes(32), PrefixV2.BlockHash);
}
