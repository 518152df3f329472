// Tokens on a chain and an investor's wallet addresses (features/tokens, features/wallet; docs/CHAIN.md).
// Each command declared once: name, effect on the device, description, sample (command.ts).
import { command, sampleId as id } from "./command.ts";
import { count, named } from "./describe.ts";

export const TOKENS_COMMANDS = [
  command({
    name: "makeToken",
    effect: null,
    describe: (input) => named("Create token", input.name, input.symbol),
    sample: {
      input: { roundId: id(3), tokenId: id(42), name: "Seed Token", symbol: "SEED", chain: "ethereum-ledgerline" },
    },
  }),
  command({
    name: "deployContract",
    effect: null,
    describe: () => "Deploy a token contract",
    sample: { input: { contractId: id(41) } },
  }),
  command({
    name: "swapTokenChain",
    effect: null,
    describe: (input) => named("Move token to", input.chain),
    sample: { input: { tokenId: id(42), chain: "tezos-mainnet" } },
  }),
  command({
    name: "tokenizeHoldings",
    effect: null,
    describe: (input) => `Tokenize ${count(input.holdingIds, "holding")}`,
    sample: { input: { holdingIds: [id(43), id(44)] } },
  }),
  command({
    name: "makeBlockchainAddress",
    effect: null,
    describe: (input) => named("Add wallet address", input.address),
    sample: { input: { chain: "ethereum-ledgerline", address: `0x${"ab".repeat(20)}` } },
  }),
] as const;
