// The `account_details` read model (a kind of `records`, parent accountId; server:
// sync/database/accounts/30_account_details.sql): the addresses and parties of the reader's own account, which the
// Account details panel shows an investor (spec part 1 section 6), offline too. One document per account (its id).
import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import { kindSchema, list, uuid } from "./fields.ts";

export const accountDetailsSchema = kindSchema({
  title: "account_details",
  description: "The addresses and parties of an account (the Account details panel).",
  version: 0,
  properties: {
    accountId: uuid,
    addresses: list,
    parties: list,
  },
  required: ["accountId"],
  indexes: ["accountId"],
});

export type AccountDetailsDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof accountDetailsSchema>;

/** An address of the account or of a party, with its kind (primary, mailing). */
export interface LocatedAddress {
  id: string;
  type: string;
  address: {
    id: string;
    lineOne: string;
    lineTwo: string | null;
    city: string;
    province: string;
    postalCode: string;
  };
}

/** A party of the account (`parties`), with its addresses. */
export interface AccountParty {
  id: string;
  firstName: string;
  lastName: string;
  role: string | null;
  email: string | null;
  isPrimary: boolean;
  addresses: LocatedAddress[];
}
