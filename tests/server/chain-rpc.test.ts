// The embedded chain's JSON-RPC over HTTP as its callers see it (issue 36, docs/CHAIN.md "Who may use the
// JSON-RPC"): a signed-up user with no account, an investor, an issuer viewer and the owner of another issuer are
// refused the demo token's balances, logs, transactions, receipts, storage and blocks with the reason; the platform
// admin gets the chain-level methods only; the demo issuer reads its own token. A transaction that cannot be included
// is refused with a node's error and mines no block; a batch past the limit is refused whole; transactions answer
// the execution API's field names.
import { createTxFromRLP } from "@ethereumjs/tx";
import { hexToBytes, type PrefixedHexString } from "@ethereumjs/util";
import { Interface, Wallet } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import artifact from "../../sync/chain/contracts/LedgerlineSecurityToken.json" with { type: "json" };
import { EMBEDDED_CHAIN_ID, type EmbeddedChain } from "../../sync/chain/embedded.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";
import { signInAs } from "../sync/harness.ts";

const CHAIN = "ethereum-ledgerline";
const PATH = `/api/v2/chain/${CHAIN}`;
const token = new Interface(artifact.abi as never);
const TRANSFER = token.getEvent("Transfer")?.topicHash ?? "";
const UNAUTHORIZED = 4100;
const PRIVATE = /^Holders' balances are private: this chain's JSON-RPC answers issuers about their own tokens only/;
const RESERVED =
  /reserved to the owners and admins of an issuer account and to the platform admin: holders' balances are private/;

let t: TestServer;
let issuer: TestClient;
let viewer: TestClient;
let emma: TestClient;
let kim: TestClient;
let admin: TestClient;
let newcomer: TestClient;
let otherIssuer: TestClient;
/** The demo's Northwind Seed Token: its contract, deploy and mint transactions, holders' addresses. */
let seed: { contract: string; deployTx: string; mintTx: string; mintBlock: number; emma: string; kim: string };

interface RpcAnswer {
  id?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

async function rpc(who: TestClient, method: string, params: unknown[] = []): Promise<RpcAnswer> {
  const response = await who.fetch(PATH, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as RpcAnswer;
}

async function result<T = unknown>(who: TestClient, method: string, params: unknown[] = []): Promise<T> {
  const answer = await rpc(who, method, params);
  expect(answer.error).toBeUndefined();
  return answer.result as T;
}

async function rows<T = Record<string, unknown>>(sql: string, values: unknown[] = []): Promise<T[]> {
  return (await t.server.db.query<T>(sql, values)).rows;
}

const balanceOfCall = (holder: string) => ({
  to: seed.contract,
  data: token.encodeFunctionData("balanceOf", [holder]),
});

/** Every way to read the seed token's holders and amounts, each refused for `who` with `reason`. */
async function expectEverythingRefused(who: TestClient, reason: RegExp) {
  const slot0 = `0x${"00".repeat(32)}`;
  const asks: Array<[string, unknown[]]> = [
    ["eth_call", [balanceOfCall(seed.emma), "latest"]],
    ["eth_estimateGas", [balanceOfCall(seed.emma)]],
    ["eth_getLogs", [{ fromBlock: "0x0", toBlock: "latest", address: seed.contract }]],
    ["eth_getLogs", [{ fromBlock: "0x0", toBlock: "latest", topics: [TRANSFER] }]],
    ["eth_getTransactionByHash", [seed.mintTx]],
    ["eth_getTransactionReceipt", [seed.mintTx]],
    ["eth_getTransactionReceipt", [seed.deployTx]],
    ["eth_getStorageAt", [seed.contract, slot0, "latest"]],
    ["eth_getCode", [seed.contract, "latest"]],
  ];
  for (const [method, params] of asks) {
    const answer = await rpc(who, method, params);
    expect(answer.result, `${method} answered`).toBeUndefined();
    expect(answer.error?.code, method).toBe(UNAUTHORIZED);
    expect(answer.error?.message, method).toMatch(reason);
  }
}

beforeAll(async () => {
  t = await startTestServer();
  issuer = (await signInAs(t.client(), "issuer@demo.test", "issuer")).client;
  viewer = (await signInAs(t.client(), "issuer-viewer@demo.test", "issuer")).client;
  emma = (await signInAs(t.client(), "investor@demo.test", "investor")).client;
  kim = (await signInAs(t.client(), "investor2@demo.test", "investor")).client;
  admin = (await signInAs(t.client(), "admin@demo.test", "admin")).client;
  newcomer = t.client();
  expect((await newcomer.signUp({ email: "newcomer@rpc.test", password: "newcomer-password-1" })).status).toBe(200);
  // the owner of the demo's second issuer (Cascade Biotech, which has no token)
  otherIssuer = t.client();
  expect((await otherIssuer.signUp({ email: "owner@cascade.test", password: "cascade-password-1" })).status).toBe(200);
  const [cascade] = await rows<{ id: string }>("select id from app_public.accounts where slug = 'cascade-biotech'");
  await rows(
    `insert into app_public.users_accounts (user_id, account_id, role, status)
     select user_id, $1, 'account_owner', 'active' from app_public.user_emails where email = 'owner@cascade.test'`,
    [cascade?.id],
  );
  await rows(
    `insert into app_public.terms_acceptances (terms_id, user_id)
     select t.id, e.user_id from app_public.terms_of_service t, app_public.user_emails e
      where t.active and e.email = 'owner@cascade.test'`,
  );
  const selected = await otherIssuer.selectAccount(cascade?.id ?? "");
  expect(selected.status).toBe(303);
  expect(selected.location).not.toBe("/account-role");

  const [contract] = await rows<{ contract_address: string; tx_hash: string }>(
    `select c.contract_address, c.tx_hash from app_public.contracts c join app_public.tokens t on t.id = c.token_id
      where t.name = 'Northwind Seed Token' and c.chain = $1`,
    [CHAIN],
  );
  const holders = await rows<{ email: string; address: string; tx_hash: string; block_number: number }>(
    `select a.email, b.address, x.tx_hash, x.block_number from app_public.holding_blockchain_addresses x
       join app_public.blockchain_addresses b on b.id = x.blockchain_address_id
       join app_public.holdings h on h.id = x.holding_id
       join app_public.rounds r on r.id = h.round_id
       join app_public.accounts a on a.id = h.investor_id
      where x.chain = $1 and x.status = 'trade' and r.name = 'Seed' order by a.email`,
    [CHAIN],
  );
  const byEmail = (email: string) => holders.find((h) => h.email === email);
  seed = {
    contract: contract?.contract_address ?? "",
    deployTx: contract?.tx_hash ?? "",
    mintTx: byEmail("investor@demo.test")?.tx_hash ?? "",
    mintBlock: Number(byEmail("investor@demo.test")?.block_number),
    emma: byEmail("investor@demo.test")?.address ?? "",
    kim: byEmail("investor2@demo.test")?.address ?? "",
  };
  expect(seed.contract).toMatch(/^0x[0-9a-fA-F]{40}$/);
  expect(seed.emma).toMatch(/^0x/);
  expect(seed.kim).toMatch(/^0x/);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("who may read the chain (issue 36, finding 3)", () => {
  it("the demo issuer reads its own token: a holder's balanceOf, the Transfer logs from block 0, the mint's block, transaction and receipt", async () => {
    const balance = await result<string>(issuer, "eth_call", [balanceOfCall(seed.emma), "latest"]);
    expect(BigInt(balance)).toBe(20_000_000n); // 200,000 at precision 2
    const logs = await result<Array<{ address: string; topics: string[] }>>(issuer, "eth_getLogs", [
      { fromBlock: "0x0", toBlock: "latest", address: seed.contract, topics: [TRANSFER] },
    ]);
    expect(logs.length).toBeGreaterThanOrEqual(2);
    // without an address: the issuer's own contracts' logs only (every demo token is this issuer's)
    const all = await result<Array<{ address: string }>>(issuer, "eth_getLogs", [{ fromBlock: "0x0" }]);
    expect(all.length).toBeGreaterThanOrEqual(logs.length);
    const block = await result<{ transactions: Array<{ hash: string }> }>(issuer, "eth_getBlockByNumber", [
      `0x${seed.mintBlock.toString(16)}`,
      true,
    ]);
    expect(block.transactions.map((tx) => tx.hash)).toContain(seed.mintTx);
    expect(await result(issuer, "eth_getTransactionByHash", [seed.mintTx])).toMatchObject({ to: seed.contract });
    const receipt = await result<{ status: string; logs: unknown[] }>(issuer, "eth_getTransactionReceipt", [
      seed.mintTx,
    ]);
    expect(receipt.status).toBe("0x1");
    expect(receipt.logs.length).toBeGreaterThan(0);
    expect(await result<string>(issuer, "eth_getCode", [seed.contract, "latest"])).not.toBe("0x");
  });

  it("a signed-up user with no account is refused everything, even the block number, with the reason", async () => {
    await expectEverythingRefused(newcomer, RESERVED);
    for (const method of ["eth_blockNumber", "eth_chainId"]) {
      const answer = await rpc(newcomer, method);
      expect([answer.error?.code, answer.result]).toEqual([UNAUTHORIZED, undefined]);
      expect(answer.error?.message).toMatch(RESERVED);
    }
    const block = await rpc(newcomer, "eth_getBlockByNumber", [`0x${seed.mintBlock.toString(16)}`, true]);
    expect(block.error?.message).toMatch(RESERVED);
  });

  it("an investor reads no other investor's balance, nor the token's logs, transactions or blocks", async () => {
    for (const investor of [emma, kim]) {
      await expectEverythingRefused(investor, RESERVED);
      const other = await rpc(investor, "eth_call", [balanceOfCall(investor === emma ? seed.kim : seed.emma)]);
      expect(other.error?.message).toMatch(RESERVED);
      const block = await rpc(investor, "eth_getBlockByNumber", [`0x${seed.mintBlock.toString(16)}`, true]);
      expect(block.error?.message).toMatch(RESERVED);
    }
  });

  it("the issuer's viewer is refused (owners and admins only)", async () => {
    await expectEverythingRefused(viewer, RESERVED);
  });

  it("another issuer's owner gets the chain-level methods but nothing of a token that is not its own", async () => {
    expect(Number(await result<string>(otherIssuer, "eth_chainId"))).toBe(EMBEDDED_CHAIN_ID);
    expect(Number(await result<string>(otherIssuer, "eth_blockNumber"))).toBeGreaterThan(0);
    await expectEverythingRefused(otherIssuer, PRIVATE);
    const logs = await rpc(otherIssuer, "eth_getLogs", [{ fromBlock: "0x0", address: seed.contract }]);
    expect(logs.error?.message).toBe(
      `Holders' balances are private: this chain's JSON-RPC answers issuers about their own tokens only (${seed.contract} is not a contract of your tokens).`,
    );
    // the mint's block is answered without the transactions that are not its own
    for (const full of [true, false]) {
      const block = await result<{ transactions: unknown[]; logsBloom: string }>(otherIssuer, "eth_getBlockByNumber", [
        `0x${seed.mintBlock.toString(16)}`,
        full,
      ]);
      expect(block.transactions).toEqual([]);
      expect(block.logsBloom).toBe(`0x${"00".repeat(256)}`);
    }
    // nor can it send a transaction to the token
    const raw = await Wallet.createRandom().signTransaction({
      type: 2,
      chainId: EMBEDDED_CHAIN_ID,
      nonce: 0,
      to: seed.contract,
      data: token.encodeFunctionData("balanceOf", [seed.emma]),
      gasLimit: 100_000,
      maxFeePerGas: 10n ** 10n,
      maxPriorityFeePerGas: 0,
    });
    expect((await rpc(otherIssuer, "eth_sendRawTransaction", [raw])).error?.message).toMatch(PRIVATE);
  });

  it("the platform admin gets the chain-level methods only", async () => {
    expect(Number(await result<string>(admin, "eth_blockNumber"))).toBeGreaterThan(0);
    await expectEverythingRefused(admin, PRIVATE);
  });
});

describe("a transaction that will not be included is refused and mines nothing (finding 5)", () => {
  const outside = Wallet.createRandom();
  const send = async (fields: Record<string, unknown>) =>
    rpc(issuer, "eth_sendRawTransaction", [
      await outside.signTransaction({
        type: 2,
        chainId: EMBEDDED_CHAIN_ID,
        nonce: 0,
        to: seed.contract,
        data: token.encodeFunctionData("transfer", [seed.kim, 1n]),
        gasLimit: 100_000,
        maxFeePerGas: 0,
        maxPriorityFeePerGas: 0,
        ...fields,
      }),
    ]);
  const blocks = async () =>
    (await rows<{ n: number }>("select count(*)::int as n from app_private.chain_blocks where chain = $1", [CHAIN]))[0]
      ?.n;

  it("refuses each with a node's error, answers no hash, and the block number does not move", async () => {
    const height = await result<string>(issuer, "eth_blockNumber");
    const stored = await blocks();
    for (let i = 0; i < 5; i++) {
      const zeroFee = await send({});
      expect(zeroFee.result).toBeUndefined();
      expect(zeroFee.error?.code).toBe(-32000);
      expect(zeroFee.error?.message).toMatch(
        /^transaction underpriced: max fee per gas 0 less than block base fee \d+$/,
      );
    }
    const unfunded = await send({ maxFeePerGas: 10n ** 10n });
    expect(unfunded.error?.message).toBe(
      `insufficient funds for gas * price + value: address ${outside.address} have 0 want ${100_000n * 10n ** 10n}`,
    );
    // 21,000 and 16 per non-zero byte, 4 per zero byte of the input
    const input = hexToBytes(token.encodeFunctionData("transfer", [seed.kim, 1n]) as PrefixedHexString);
    const intrinsic = input.reduce((sum, byte) => sum + (byte === 0 ? 4 : 16), 21_000);
    expect((await send({ maxFeePerGas: 10n ** 10n, gasLimit: 20_000 })).error?.message).toBe(
      `intrinsic gas too low: have 20000, want ${intrinsic}`,
    );
    expect((await send({ maxFeePerGas: 10n ** 10n, chainId: 1 })).error?.message).toBe("invalid chain id for signer");
    expect((await send({ maxFeePerGas: 10n ** 10n, nonce: 3 })).error?.message).toBe(
      "nonce too high: next nonce 0, tx nonce 3",
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await (await t.server.chain.backend(CHAIN)).embedded?.settle();
    expect(await result<string>(issuer, "eth_blockNumber")).toBe(height);
    expect(await blocks()).toBe(stored);
  });

  it("a pool whose transactions all fail to apply mines no empty block", async () => {
    // sendRaw now refuses such a transaction: it is put in the pool by hand, as one that became unincludable
    const embedded = (await t.server.chain.backend(CHAIN)).embedded as EmbeddedChain;
    const internals = embedded as unknown as {
      common: never;
      pending: unknown[];
      scheduleMine(): void;
    };
    const raw = await outside.signTransaction({
      type: 2,
      chainId: EMBEDDED_CHAIN_ID,
      nonce: 0,
      to: seed.contract,
      gasLimit: 100_000,
      maxFeePerGas: 10n ** 10n,
      maxPriorityFeePerGas: 0,
    });
    const height = embedded.blockNumber;
    const stored = await blocks();
    internals.pending.push(createTxFromRLP(hexToBytes(raw as PrefixedHexString), { common: internals.common }));
    internals.scheduleMine();
    await embedded.settle();
    expect(embedded.blockNumber).toBe(height);
    expect(await blocks()).toBe(stored);
    // the chain goes on: a transaction of the server's is mined in the next block
    const operator = (await t.server.chain.backend(CHAIN)).operator;
    const sent = await operator.sendTransaction({ to: outside.address, value: 1n });
    await sent.wait();
    expect(embedded.blockNumber).toBe(height + 1);
  });
});

describe("batches and field names (finding 9)", () => {
  const batch = async (who: TestClient, size: number) => {
    const response = await who.fetch(PATH, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(
        Array.from({ length: size }, (_, i) => ({ jsonrpc: "2.0", id: i + 1, method: "eth_chainId", params: [] })),
      ),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as RpcAnswer[];
  };

  it("a batch of 150 calls is refused whole: every call answered with the error and its id", async () => {
    const answers = await batch(issuer, 150);
    expect(answers).toHaveLength(150);
    expect(answers.map((a) => a.id)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    for (const answer of answers) {
      expect(answer.result).toBeUndefined();
      expect(answer.error).toEqual({
        code: -32600,
        message: "batch too large: at most 100 calls per batch, this one has 150; none was run",
      });
    }
    const hundred = await batch(issuer, 100);
    expect(hundred.map((a) => a.result)).toEqual(Array(100).fill(`0x${EMBEDDED_CHAIN_ID.toString(16)}`));
  });

  it("transactions answer gas and input (not gasLimit and data), in blocks too; receipts carry their logs' bloom", async () => {
    const tx = await result<Record<string, unknown>>(issuer, "eth_getTransactionByHash", [seed.mintTx]);
    expect(tx).toMatchObject({
      hash: seed.mintTx,
      to: seed.contract,
      gas: expect.stringMatching(/^0x[0-9a-f]+$/),
      input: expect.stringMatching(/^0x[0-9a-f]{8,}$/),
      gasPrice: expect.stringMatching(/^0x/),
      maxFeePerGas: expect.stringMatching(/^0x/),
      maxPriorityFeePerGas: expect.stringMatching(/^0x/),
      nonce: expect.stringMatching(/^0x/),
      value: "0x0",
      type: "0x2",
      chainId: `0x${EMBEDDED_CHAIN_ID.toString(16)}`,
      blockNumber: `0x${seed.mintBlock.toString(16)}`,
    });
    expect(tx).not.toHaveProperty("gasLimit");
    expect(tx).not.toHaveProperty("data");
    const block = await result<{ transactions: Array<Record<string, unknown>> }>(issuer, "eth_getBlockByNumber", [
      `0x${seed.mintBlock.toString(16)}`,
      true,
    ]);
    const inBlock = block.transactions.find((x) => x.hash === seed.mintTx);
    expect(inBlock).toEqual(tx);
    const receipt = await result<Record<string, unknown>>(issuer, "eth_getTransactionReceipt", [seed.mintTx]);
    expect(receipt).toMatchObject({
      transactionHash: seed.mintTx,
      effectiveGasPrice: tx.gasPrice,
      cumulativeGasUsed: expect.stringMatching(/^0x/),
    });
    expect(receipt.logsBloom).toMatch(/^0x[0-9a-f]{512}$/);
    expect(receipt.logsBloom).not.toBe(`0x${"00".repeat(256)}`);
  });
});
