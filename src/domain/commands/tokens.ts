// Tokens on a chain and an investor's wallet addresses (features/tokens, features/wallet; docs/CHAIN.md).
// Each command declared once: name, effect on the device, description, sample (command.ts).

import { chainLabel } from "../chains.ts";
import { command, sampleId as id } from "./command.ts";
import { count, named, text } from "./describe.ts";
import { idOf, idsOf, pendingIn, textOf } from "./lists.ts";

export const TOKENS_COMMANDS = [
  command({
    name: "makeToken",
    effect: pendingIn("round.token", "setup", (input) => ({
      parentId: textOf(input.roundId),
      id: textOf(input.tokenId),
      row: input,
    })),
    describe: (input) => named("Create token", input.name, input.symbol),
    sample: {
      input: { roundId: id(3), tokenId: id(42), name: "Seed Token", symbol: "SEED", chain: "ethereum-ledgerline" },
    },
  }),
  command({
    name: "deployContract",
    effect: pendingIn("round.token", "deploy", idOf("contractId")),
    describe: () => "Deploy a token contract",
    sample: { input: { contractId: id(41) } },
  }),
  command({
    name: "swapTokenChain",
    effect: pendingIn("round.token", "swap", idOf("tokenId")),
    describe: (input) => named("Move token to", chainLabel(text(input.chain))),
    sample: { input: { tokenId: id(42), chain: "tezos-mainnet" } },
  }),
  command({
    name: "tokenizeHoldings",
    effect: pendingIn("round.token", "mint", (input) => ({ ids: idsOf(input.holdingIds) })),
    describe: (input) => `Tokenize ${count(input.holdingIds, "holding")}`,
    sample: { input: { holdingIds: [id(43), id(44)] } },
  }),
  command({
    name: "makeBlockchainAddress",
    effect: pendingIn("investor.walletAddresses", "add", (input) => ({ id: textOf(input.chain), row: input })),
    describe: (input) => named("Add wallet address", input.address),
    sample: { input: { chain: "ethereum-ledgerline", address: `0x${"ab".repeat(20)}` } },
  }),
] as const;
