import { describe, expect, it } from "vitest";
import type { OutboxCommand } from "../../data/models/outbox.ts";
import { currentContract, currentToken, overlayTokenCommands, roundTokens, type TokenDoc } from "./token-overlay.ts";

let seq = 0;
const command = (mutation: string, input: Record<string, unknown>, status = "pending", error?: string) =>
  ({
    id: `cmd-${++seq}`,
    seq,
    mutation,
    variables: { input },
    status,
    errorCode: error ? "LL409" : null,
    errorMessage: error ?? null,
  }) as unknown as OutboxCommand;

const stored: TokenDoc = {
  id: "t1",
  roundId: "r1",
  name: "Northwind Token",
  symbol: "NWT",
  status: "not_deployed",
  contracts: [{ id: "c1", chain: "ethereum-ledgerline", status: "not_deployed" }],
  capTableEntries: [],
  holdings: [],
};

describe("token overlay", () => {
  it("shows a queued Setup Token as the round's token, marked pending, before the server has it", () => {
    const { token, marks } = overlayTokenCommands("r1", null, [
      command("makeToken", {
        roundId: "r1",
        tokenId: "t9",
        name: "New",
        symbol: "NEW",
        chain: "tezos-mainnet",
        contractAddressId: "c9",
      }),
    ]);
    expect(token?.id).toBe("t9");
    expect(token?.status).toBe("not_deployed");
    expect(currentContract(token)).toEqual({ id: "c9", chain: "tezos-mainnet", status: "not_deployed" });
    expect(token?._pending?.status).toBe("pending");
    expect(marks.token?.status).toBe("pending");
  });

  it("ignores another round's commands", () => {
    const { token } = overlayTokenCommands("r1", null, [
      command("makeToken", { roundId: "r2", tokenId: "t9", name: "N", symbol: "N", chain: "tezos-mainnet" }),
    ]);
    expect(token).toBeNull();
  });

  it("applies a queued Edit to the stored token and keeps a refused one with its reason", () => {
    const edited = overlayTokenCommands("r1", stored, [
      command("makeToken", { roundId: "r1", tokenId: "t1", name: "Renamed", symbol: "RN", chain: "tezos-mainnet" }),
    ]).token;
    expect(edited?.name).toBe("Renamed");
    expect(currentContract(edited ?? null)?.chain).toBe("tezos-mainnet");
    const refused = overlayTokenCommands("r1", stored, [
      command(
        "makeToken",
        { roundId: "r1", tokenId: "t1", name: "Late", symbol: "LT", chain: "tezos-mainnet" },
        "rejected",
        "The token is already deployed.",
      ),
    ]);
    expect(refused.token?._pending?.errorMessage).toBe("The token is already deployed.");
  });

  it("marks a queued deploy, swap and the holdings a mint names", () => {
    const deployed = { ...stored, status: "deployed", contracts: [{ ...stored.contracts![0]!, status: "deployed" }] };
    const { marks } = overlayTokenCommands("r1", deployed, [
      command("tokenizeHoldings", { holdingIds: ["h1", "h2"] }),
      command("swapTokenChain", { tokenId: "t1", chain: "tezos-mainnet" }),
      command("swapTokenChain", { tokenId: "other", chain: "tezos-mainnet" }),
    ]);
    expect([...marks.mint.keys()]).toEqual(["h1", "h2"]);
    expect(marks.swap?.status).toBe("pending");
    const queuedDeploy = overlayTokenCommands("r1", stored, [command("deployContract", { contractId: "c1" })]);
    expect(queuedDeploy.marks.deploy?.status).toBe("pending");
    expect(overlayTokenCommands("r1", stored, [command("deployContract", { contractId: "zz" })]).marks.deploy).toBe(
      undefined,
    );
  });

  it("drops an accepted deploy's mark once the contract has moved on", () => {
    const deploying = {
      ...stored,
      status: "deploying",
      contracts: [{ ...stored.contracts![0]!, status: "deploying" }],
    };
    const { marks } = overlayTokenCommands("r1", deploying, [
      command("deployContract", { contractId: "c1" }, "accepted"),
    ]);
    expect(marks.deploy).toBeUndefined();
  });

  it("takes the round's newest token as current", () => {
    const older = { ...stored, id: "old", createdOn: "2026-01-01T00:00:00Z" };
    const newer = { ...stored, id: "new", createdOn: "2026-02-01T00:00:00Z" };
    expect(currentToken([older, newer])?.id).toBe("new");
    expect(currentToken([])).toBeNull();
  });

  it("takes the token holding the round's units over a newer one, and never a test-chain token first", () => {
    const entry = (amount: string) => ({ id: `e${amount}`, investorId: "i1", amount });
    const real = { ...stored, id: "real", createdOn: "2026-01-01T00:00:00Z", capTableEntries: [entry("200000")] };
    const empty = { ...stored, id: "empty", createdOn: "2026-02-01T00:00:00Z", capTableEntries: [] };
    const hawk = {
      ...stored,
      id: "hawk",
      createdOn: "2026-03-01T00:00:00Z",
      contracts: [{ id: "ch", chain: "ledgerlinen-hawknet", status: "deployed" }],
      capTableEntries: [entry("300000")],
    };
    expect(currentToken([empty, hawk, real])?.id).toBe("real");
    expect(roundTokens([empty, hawk, real]).map((token) => token.id)).toEqual(["real", "empty", "hawk"]);
    expect(currentToken([empty, hawk, real], "hawk")?.id).toBe("hawk");
    expect(currentToken([empty, real], "not-of-this-round")?.id).toBe("real");
  });
});
