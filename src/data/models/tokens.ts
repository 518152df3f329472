// The `tokens` read model (a kind of `records`, parent roundId; server: sync/database/tokens/20_read_model.sql,
// docs/CHAIN.md): a round's token with its contracts (newest first: [0] is the current one), its cap table entries
// (the Stakeholder Ledger, read from the chain: amount, address, block) and its holdings' mint status per chain.
import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import { decimal, keyword, kindSchema, list, optionalDecimal, text, uuid } from "./fields.ts";

export const tokenSchema = kindSchema({
  title: "tokens",
  description: "A round's token: contracts on chains, cap table entries (from the chain) and mint status per holding.",
  version: 0,
  properties: {
    roundId: uuid,
    name: text,
    symbol: text,
    type: keyword,
    status: keyword,
    total: decimal,
    precision: { type: "integer" },
    coinbaseBuyPriceUsd: optionalDecimal,
    coinbaseSellPriceUsd: optionalDecimal,
    coinbaseSpotPriceUsd: optionalDecimal,
    contracts: list,
    capTableEntries: list,
    holdings: list,
  },
  required: ["roundId"],
  indexes: ["roundId"],
});

export type TokenDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof tokenSchema>;

/** A contract of a token document (`contracts[i]`). */
export interface TokenContract {
  id: string;
  chain: string;
  status: "not_deployed" | "deploying" | "deployed" | "issuing" | "issued";
  contractAddress: string | null;
  failure: string | null;
  blockNumber: number | null;
  txHash: string | null;
  createdOn: string;
}

/** A Stakeholder Ledger row (`capTableEntries[i]`): the investor's balance on the chain, at the block that set it. */
export interface TokenCapTableEntry {
  id: string;
  investorId: string;
  investor: { id: string; name: string | null; email: string | null } | null;
  amount: string;
  blockNumber: number | null;
  blockchainAddress: { id: string; address: string; chain: string } | null;
}

/** A holding's mint status on a chain (`holdings[i]`): pending (queued), trade (in a block) or failed. */
export interface TokenHoldingStatus {
  holdingId: string;
  investorId: string;
  chain: string;
  status: "pending" | "trade" | "failed" | string;
  failure: string | null;
  blockNumber: number | null;
  txHash: string | null;
  address: string;
}
