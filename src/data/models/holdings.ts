import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import {
  accountSummary,
  collectionSchema,
  decimal,
  list,
  optionalDecimal,
  optionalUuid,
  timestamp,
  uuid,
} from "./fields.ts";

export const holdingSchema = collectionSchema({
  title: "holdings",
  description:
    "A holding of a security by an investor, with the investor summary, its blockchain addresses, the investor's token positions in its round and the sum of the dividends paid out on it.",
  version: 0,
  properties: {
    securityId: uuid,
    roundId: uuid,
    investorId: uuid,
    distributionId: optionalUuid,
    amount: decimal,
    purchasePrice: optionalDecimal,
    issuedOn: timestamp,
    investor: accountSummary,
    /** the holding's blockchain addresses [{id, address, chain, status}] (sync/database/read-models/10_holdings.sql) */
    blockchainAddresses: list,
    /** the investor's positions in the tokens of the holding's round (sync/database/read-models/10_holdings.sql) */
    tokens: list,
    /** the sum of the dividends paid out on the holding (sync/database/holdings/10_holdings.sql) */
    paidOutDividends: optionalDecimal,
  },
  required: ["securityId", "roundId", "investorId", "amount"],
  // No schema indexes: no query on the device uses one (the screens' live queries read the whole collection from
  // IndexedDB and filter in memory, live-query.ts; RxDB's own queries of it have no selector), and each index cost
  // every write of the first sync (bench/README.md "Issue 15 item 2: the initial sync (session 11)"). A device that
  // stored this collection with indexes drops and pulls it again (schema-upgrade.ts).
  indexes: [],
});

export type HoldingDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof holdingSchema>;
