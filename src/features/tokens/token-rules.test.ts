import { describe, expect, it } from "vitest";
import {
  chainSymbol,
  explorerUrl,
  isInFlight,
  ledgerRows,
  ledgerTotals,
  mintableHoldings,
  PRIVATE_CHAIN,
  showsBlockNumber,
  tokenActions,
  tokenAmountText,
  tokenStatusLabel,
  validateToken,
} from "./token-rules.ts";

const valid = { name: "Northwind Token", symbol: "NWT", chain: PRIVATE_CHAIN };

describe("token validation (spec part 2, section 5)", () => {
  it("accepts a name and symbol of 1 to 40 printable characters and a chain", () => {
    expect(validateToken(valid)).toEqual({});
    expect(validateToken({ name: "x".repeat(40), symbol: "Y", chain: "tezos-mainnet" })).toEqual({});
    expect(validateToken({ name: "Société Générale ☀", symbol: "SG", chain: PRIVATE_CHAIN })).toEqual({});
  });

  it("names a missing name, symbol and chain with the spec's texts", () => {
    expect(validateToken({ name: "  ", symbol: "", chain: "" })).toEqual({
      name: "Token name is required.",
      symbol: "Token symbol is required.",
      chain: "Chain is required.",
    });
  });

  it("refuses more than 40 characters, counted as characters and after trimming", () => {
    expect(validateToken({ ...valid, name: "x".repeat(41) }).name).toBe("Token name must be less than 40 characters.");
    expect(validateToken({ ...valid, symbol: "S".repeat(41) }).symbol).toBe(
      "Token symbol must be less than 40 characters.",
    );
    expect(validateToken({ ...valid, name: ` ${"x".repeat(40)} ` })).toEqual({});
    // 40 emoji are 80 UTF-16 units but 40 characters.
    expect(validateToken({ ...valid, name: "😀".repeat(40) })).toEqual({});
  });

  it("refuses control characters", () => {
    expect(validateToken({ ...valid, name: "Bad\u0007Name" }).name).toBe(
      "Token name must use printable characters only.",
    );
    expect(validateToken({ ...valid, symbol: "A\u200bB" }).symbol).toBe(
      "Token symbol must use printable characters only.",
    );
  });

  it("refuses a chain offered but unavailable, with its reason", () => {
    expect(validateToken({ ...valid, chain: "tezos-mainnet" }, { "tezos-mainnet": "no RPC configured" }).chain).toBe(
      "This chain is not available: no RPC configured",
    );
  });
});

describe("token buttons (spec part 2, sections 4 and 6)", () => {
  const owner = { accountType: "issuer", canWrite: true };
  const viewer = { accountType: "issuer", canWrite: false };
  const broker = { accountType: "broker", canWrite: true };

  it("offers Setup Token only to a writing issuer of a round without a token", () => {
    expect(tokenActions(owner, { tokenStatus: null, contractStatus: null })).toEqual({
      setup: true,
      edit: false,
      deploy: false,
      mint: false,
      swapChain: false,
    });
    expect(tokenActions(viewer, { tokenStatus: null, contractStatus: null }).setup).toBe(false);
    expect(tokenActions(broker, { tokenStatus: null, contractStatus: null }).setup).toBe(false);
  });

  it("offers Edit and Deploy while not deployed, Mint and Swap Chain once deployed or issued", () => {
    expect(tokenActions(owner, { tokenStatus: "not_deployed", contractStatus: "not_deployed" })).toEqual({
      setup: false,
      edit: true,
      deploy: true,
      mint: false,
      swapChain: false,
    });
    const deploying = tokenActions(owner, { tokenStatus: "deploying", contractStatus: "deploying" });
    expect(Object.values(deploying).every((on) => !on)).toBe(true);
    for (const status of ["deployed", "issued"]) {
      expect(tokenActions(owner, { tokenStatus: status, contractStatus: status })).toEqual({
        setup: false,
        edit: false,
        deploy: false,
        mint: true,
        swapChain: true,
      });
    }
    expect(tokenActions(owner, { tokenStatus: "issuing", contractStatus: "issuing" }).mint).toBe(false);
  });

  it("offers a viewer and a broker nothing", () => {
    for (const actor of [viewer, broker]) {
      for (const status of ["not_deployed", "deployed", "issued"]) {
        const actions = tokenActions(actor, { tokenStatus: status, contractStatus: status });
        expect(Object.values(actions).some(Boolean)).toBe(false);
      }
    }
  });

  it("follows the contract live while deploying or issuing", () => {
    expect(isInFlight({ tokenStatus: "deploying", contractStatus: "not_deployed" })).toBe(true);
    expect(isInFlight({ tokenStatus: "deployed", contractStatus: "issuing" })).toBe(true);
    expect(isInFlight({ tokenStatus: "deployed", contractStatus: "deployed" })).toBe(false);
  });
});

describe("token constants (spec part 2, section 9)", () => {
  it("reads statuses as the spec names them", () => {
    expect(
      ["system_only", "burning", "not_deployed", "deploying", "deployed", "issuing", "issued"].map(tokenStatusLabel),
    ).toEqual(["Not Tokenized", "Burning", "Not Deployed", "Deploying", "Deployed", "Issuing", "Issued"]);
    expect(tokenStatusLabel(null)).toBe("Not Deployed");
  });

  it("links explorers for ethereum-mainnet, ethereum-rinkeby and tezos-mainnet only", () => {
    expect(explorerUrl("ethereum-mainnet", "0xabc")).toBe("https://etherscan.io/address/0xabc");
    expect(explorerUrl("ethereum-rinkeby", "0xabc")).toBe("https://rinkeby.etherscan.io/address/0xabc");
    expect(explorerUrl("tezos-mainnet", "KT1abc")).toBe("https://tzkt.io/KT1abc");
    expect(explorerUrl(PRIVATE_CHAIN, "0xabc")).toBeNull();
    expect(explorerUrl("tezos-mainnet", null)).toBeNull();
  });

  it("names chain symbols and shows block numbers on the private network only", () => {
    expect(chainSymbol("tezos-mainnet")).toBe("XTZ");
    expect(chainSymbol(PRIVATE_CHAIN)).toBe("ETH");
    expect(chainSymbol("ledgerlinen-hawknet")).toBeNull();
    expect(showsBlockNumber(PRIVATE_CHAIN)).toBe(true);
    expect(showsBlockNumber("tezos-mainnet")).toBe(false);
  });
});

describe("stakeholder ledger", () => {
  const entries = [
    { id: "c", investorId: "i2", investorName: "Zoe", amount: "10", blockNumber: 7 },
    { id: "a", investorId: "i1", investorName: "Ann", amount: "5.5", blockNumber: 3 },
    { id: "z", investorId: "i3", investorName: "Zero", amount: "0", blockNumber: 2 },
    { id: "b", investorId: "i1", investorName: "Ann", amount: "4.5", blockNumber: null },
  ];

  it("leaves out zero amounts, orders by block and shows block numbers on the private network", () => {
    const rows = ledgerRows(entries, PRIVATE_CHAIN);
    expect(rows.map((row) => [row.id, row.blockText])).toEqual([
      ["a", "3"],
      ["c", "7"],
      ["b", null],
    ]);
    expect(ledgerTotals(rows)).toEqual({ stakeholders: 2, units: "20" });
  });

  it("hides block numbers on other chains", () => {
    expect(ledgerRows(entries, "tezos-mainnet").every((row) => row.blockText === null)).toBe(true);
  });

  it("offers for minting only positive holdings not minted yet", () => {
    const picked = mintableHoldings([
      { id: "h1", amount: "100", minted: false },
      { id: "h2", amount: "100", minted: true },
      { id: "h3", amount: "0", minted: false },
    ]);
    expect(picked.map((holding) => holding.id)).toEqual(["h1"]);
  });

  it("shows amounts floored to the token's precision", () => {
    expect(tokenAmountText("25000", 0)).toBe("25,000");
    expect(tokenAmountText("25000.9", 0)).toBe("25,000");
    expect(tokenAmountText("1500.756", 2)).toBe("1,500.75");
    expect(tokenAmountText(null, 2)).toBe("0.00");
  });
});
