// The `integrations` read model (a kind of `records`; server: sync/database/payments/20_read_models.sql,
// docs/PAYMENTS.md): every integration an account may add, with the reader's own account integration and its
// process (current step and short steps), for payment processing the account's payment account id, whether the
// integration is available on this server (and why not), and for signing which signer the account uses.
import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import { flag, keyword, kindSchema, object, optionalText, text } from "./fields.ts";

export const integrationSchema = kindSchema({
  title: "integrations",
  description: "An integration (type, service, partner) with the reader's account integration and its process.",
  version: 1,
  properties: {
    type: keyword,
    service: text,
    description: optionalText,
    steps: { type: "array", items: { type: "string" } },
    partner: object,
    accountIntegration: object,
    /** false: nothing stands behind it on this server (no Add); unavailableReason says why */
    available: flag,
    unavailableReason: optionalText,
    /** Signing: the reader's signing account's provider ({provider: builtin | docusign, name}) */
    signingProvider: object,
  },
  required: ["type", "service"],
  indexes: [],
});

export type IntegrationDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof integrationSchema>;

export interface IntegrationStep {
  order: number;
  title: string;
  status: "complete" | "in_progress" | "not_started";
}

export interface AccountIntegration {
  id: string;
  accountId: string;
  status: "in_progress" | "complete";
  createdOn: string;
  process: { currentStep: { order: number; title: string } | null; steps: IntegrationStep[] };
  paymentAccountId: string | null;
  /** Payment processing: the provider the account's payment account uses (built-in: "Ledgerline Payments"). */
  providerName: string | null;
}

export interface IntegrationPartner {
  name: string;
  logo: string | null;
  url: string | null;
}
