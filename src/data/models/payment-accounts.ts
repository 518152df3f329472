// The `payment_accounts` read model (a kind of `records`; server: sync/database/payments/20_read_models.sql,
// docs/PAYMENTS.md): the account's payment account at its provider with the provider's issuers and offerings as last
// synced (and their mappings) and the trades of its investors' payments. Only the account's own members receive it.
import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import { keyword, kindSchema, list, optionalText, text, uuid } from "./fields.ts";

export const paymentAccountSchema = kindSchema({
  title: "payment_accounts",
  description: "A payment account with its provider issuers, offerings (instruments) and trades.",
  version: 0,
  properties: {
    accountId: uuid,
    provider: keyword,
    providerName: text,
    syncedOn: { type: ["string", "null"], maxLength: 40 },
    syncStatus: keyword,
    failure: optionalText,
    issuers: list,
    instruments: list,
    trades: list,
  },
  required: ["accountId"],
  indexes: ["accountId"],
});

export type PaymentAccountDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof paymentAccountSchema>;

/** A provider issuer (`issuers[i]`); issuerId is the mapping to the Ledgerline issuer account. */
export interface PaymentIssuer {
  id: string;
  paymentAccountId: string;
  paymentIssuerId: string;
  name: string;
  email: string | null;
  issuerId: string | null;
}

/** A provider offering (`instruments[i]`); roundId is the mapping to a round. */
export interface PaymentInstrument {
  id: string;
  paymentIssuerRowId: string;
  paymentIssuerId: string;
  paymentInstrumentId: string;
  name: string;
  status: string | null;
  roundId: string | null;
}

/** An investor's trade at the provider (`trades[i]`): amount as an exact decimal string. */
export interface PaymentTrade {
  id: string;
  paymentInstrumentRowId: string;
  distributionId: string;
  distributionName: string | null;
  paymentTradeId: string | null;
  amount: string;
  status: string;
  failure: string | null;
  distributionPaymentId: string | null;
  createdOn: string;
}
