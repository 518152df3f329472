// The project's security token (sync/chain/contracts/LedgerlineSecurityToken.sol, docs/CHAIN.md "Contract"): the
// committed ABI and bytecode are what solc 0.8.28 makes of the source today, and the contract does what a transfer
// agent needs on the embedded chain: only allowlisted addresses hold or receive it, the issuer may pause it, the
// transfer controller forces a transfer (clawback) and a burn even while paused, and roles are enforced; a reverted
// transaction is mined with status 0 and its reason decodes.
import { readFileSync } from "node:fs";
import { ContractFactory, type HDNodeWallet, Interface, JsonRpcApiProvider, Network, Wallet } from "ethers";
import { beforeAll, describe, expect, it } from "vitest";
import { ARTIFACT_FILE, compile } from "../../sync/chain/contracts/build.ts";
import { EmbeddedChain } from "../../sync/chain/embedded.ts";
import { revertReason } from "../../sync/chain/jobs.ts";
import { answerRpc } from "../../sync/chain/provider.ts";

describe("the committed contract is what its source compiles to", () => {
  it("solc 0.8.28 with OpenZeppelin 5 rebuilds the same ABI and bytecode", () => {
    const committed = JSON.parse(readFileSync(ARTIFACT_FILE, "utf8")) as ReturnType<typeof compile>;
    const rebuilt = compile();
    expect(rebuilt.compiler).toMatch(/^solc 0\.8\.28\+/);
    expect(committed.compiler).toBe(rebuilt.compiler);
    expect(committed.openzeppelin).toBe(rebuilt.openzeppelin);
    expect(committed.abi).toEqual(rebuilt.abi);
    expect(committed.bytecode).toBe(rebuilt.bytecode);
  }, 60_000);
});

describe("the security token on the embedded chain", () => {
  const blocks: Array<{ number: number; rlp: Uint8Array }> = [];
  const operator = Wallet.createRandom();
  const investorA = Wallet.createRandom();
  const investorB = Wallet.createRandom();
  let provider: JsonRpcApiProvider;
  let owner: Wallet | HDNodeWallet;
  let address: string;
  let abi: Interface;

  async function send(data: string, from: Wallet | HDNodeWallet = owner) {
    const tx = await from.sendTransaction({ to: address, data, gasLimit: 300_000n });
    // a reverted transaction is mined too: read its receipt (with the embedded chain's revert data) once it is
    for (;;) {
      const receipt = await provider.send("eth_getTransactionReceipt", [tx.hash]);
      if (receipt) return receipt as { status: string; revertData: string | null };
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  async function read(fn: string, args: unknown[]) {
    const data = await provider.call({ to: address, data: abi.encodeFunctionData(fn, args) });
    return abi.decodeFunctionResult(fn, data)[0];
  }

  beforeAll(async () => {
    const chain = await EmbeddedChain.open(
      {
        loadBlocks: async () => blocks,
        saveBlock: async (block) => {
          blocks.push({ number: block.number, rlp: block.rlp });
        },
      },
      operator.address,
    );
    class Local extends JsonRpcApiProvider {
      constructor() {
        const network = new Network("ethereum-ledgerline", chain.chainId);
        super(network, { staticNetwork: network, batchMaxCount: 1, pollingInterval: 20, cacheTimeout: -1 });
      }
      async _send(payload: unknown) {
        const list = Array.isArray(payload) ? payload : [payload];
        return Promise.all(list.map((p) => answerRpc(chain, p as Record<string, unknown>))) as never;
      }
    }
    provider = new Local();
    owner = operator.connect(provider);
    const artifact = JSON.parse(readFileSync(ARTIFACT_FILE, "utf8")) as { abi: never; bytecode: string };
    abi = new Interface(artifact.abi);
    const factory = new ContractFactory(artifact.abi, artifact.bytecode, owner);
    const deployed = await factory.deploy("Test Shares", "TST", 0, operator.address);
    await deployed.waitForDeployment();
    address = await deployed.getAddress();
  }, 60_000);

  it("issues to an address (allowlisting it) and refuses a transfer to an address off the allowlist", async () => {
    expect((await send(abi.encodeFunctionData("issue", [investorA.address, 100n]))).status).toBe("0x1");
    expect(await read("balanceOf", [investorA.address])).toBe(100n);
    expect(await read("isAllowed", [investorA.address])).toBe(true);
    // investor A signs its own transfer to B (not allowlisted): fund A for gas first
    const fund = await owner.sendTransaction({ to: investorA.address, value: 10n ** 17n });
    await fund.wait();
    const a = investorA.connect(provider);
    const refused = await send(abi.encodeFunctionData("transfer", [investorB.address, 10n]), a);
    expect(refused.status).toBe("0x0");
    expect(revertReason(refused.revertData)).toBe(
      `The address ${investorB.address} is not on the token's list of allowed holders.`,
    );
    expect(await read("balanceOf", [investorA.address])).toBe(100n);
    // once B is allowlisted the same transfer goes through
    await send(abi.encodeFunctionData("setAllowed", [investorB.address, true]));
    expect((await send(abi.encodeFunctionData("transfer", [investorB.address, 10n]), a)).status).toBe("0x1");
    expect(await read("balanceOf", [investorB.address])).toBe(10n);
  });

  it("pause stops transfers and issues; the transfer controller still forces a transfer (clawback) and a burn", async () => {
    await send(abi.encodeFunctionData("pause", []));
    const a = investorA.connect(provider);
    const paused = await send(abi.encodeFunctionData("transfer", [investorB.address, 1n]), a);
    expect(revertReason(paused.revertData)).toBe("The token is paused: no units move until it is resumed.");
    const issue = await send(abi.encodeFunctionData("issue", [investorB.address, 1n]));
    expect([issue.status, revertReason(issue.revertData)]).toEqual([
      "0x0",
      "The token is paused: no units move until it is resumed.",
    ]);
    const clawback = await send(abi.encodeFunctionData("forceTransfer", [investorB.address, operator.address, 10n]));
    expect(clawback.status).toBe("0x1");
    expect(await read("balanceOf", [investorB.address])).toBe(0n);
    expect(await read("balanceOf", [operator.address])).toBe(10n);
    // the controller burns what a corporate action takes away: past the pause and the allowlist, never the balance
    const tooMuch = await send(abi.encodeFunctionData("forceBurn", [operator.address, 11n]));
    expect([tooMuch.status, revertReason(tooMuch.revertData)]).toEqual([
      "0x0",
      `The address ${operator.address} holds 10 token units, fewer than the 11 to move.`,
    ]);
    expect((await send(abi.encodeFunctionData("forceBurn", [operator.address, 10n]))).status).toBe("0x1");
    expect(await read("balanceOf", [operator.address])).toBe(0n);
    await send(abi.encodeFunctionData("unpause", []));
  });

  it("only the roles may issue, allowlist, pause or force", async () => {
    const a = investorA.connect(provider);
    for (const data of [
      abi.encodeFunctionData("issue", [investorA.address, 1n]),
      abi.encodeFunctionData("setAllowed", [investorB.address, true]),
      abi.encodeFunctionData("pause", []),
      abi.encodeFunctionData("forceTransfer", [investorB.address, investorA.address, 1n]),
      abi.encodeFunctionData("forceBurn", [investorA.address, 1n]),
    ]) {
      const receipt = await send(data, a);
      expect(receipt.status).toBe("0x0");
      expect(revertReason(receipt.revertData)).toBe(
        `The platform's key ${investorA.address} is no longer allowed to do this on the token (its role was taken away).`,
      );
    }
    // 100 issued, the 10 clawed back burned
    expect(await read("totalSupply", [])).toBe(90n);
  });

  it("a chain opened again from its stored blocks has the same state", async () => {
    const again = await EmbeddedChain.open(
      { loadBlocks: async () => blocks, saveBlock: async () => {} },
      operator.address,
    );
    const balance = await again.request("eth_call", [
      { to: address, data: abi.encodeFunctionData("balanceOf", [investorA.address]) },
    ]);
    expect(abi.decodeFunctionResult("balanceOf", balance as string)[0]).toBe(90n);
    expect(await again.request("eth_blockNumber", [])).toBe(`0x${blocks.length.toString(16)}`);
  });
});
