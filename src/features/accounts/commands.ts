// What the workspace's custom mutations do to local documents, so a queued write shows at once as pending
// (src/data/pending.ts). Imported by every screen that shows these documents.
import { registerCommandEffect } from "../../data/pending.ts";

const inputOf = (variables: Record<string, unknown>) =>
  typeof variables.input === "object" && variables.input !== null ? (variables.input as Record<string, unknown>) : null;

// makeIssuerAccount(companyName, companyEmail, id): a broker's new fully managed issuer account.
registerCommandEffect("makeIssuerAccount", (variables) => {
  const input = inputOf(variables);
  if (!input || typeof input.id !== "string") return null;
  return {
    model: "accounts",
    id: input.id,
    kind: "create",
    fields: { name: input.companyName, email: input.companyEmail, type: "issuer", setup: false, managedPending: true },
  };
});

// bulkCustomers creates several contacts: the contacts screen shows the queued import as a whole (ImportStatus).
registerCommandEffect("bulkCustomers", () => null);
