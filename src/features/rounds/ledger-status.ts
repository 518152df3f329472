// The cap table's ledger grouping (spec part 2, states: "unlocked distributions show as 'not issued'; holdings on the
// product's private network as 'issued'; other chains show the chain as status"). A holding with no address yet is
// on the product's own ledger: issued.

import { chainLabel } from "../../domain/chains.ts";
import { CAP_TABLE_TEXT } from "./strings.ts";

/** The product's private network (spec: ethereum-{product}); holdings there are treated as issued. */
const PRIVATE_CHAIN = "ethereum-ledgerline";

export function holdingLedgerStatus(holding: { blockchainAddresses?: unknown }): string {
  const addresses = Array.isArray(holding.blockchainAddresses)
    ? (holding.blockchainAddresses as { chain?: string | null }[])
    : [];
  const chain = addresses.find((a) => a.chain && a.chain !== PRIVATE_CHAIN)?.chain;
  return chain ? chainLabel(chain) : CAP_TABLE_TEXT.issued;
}
