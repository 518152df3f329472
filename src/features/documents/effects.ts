// A queued document deletion shows on its row as pending until the server has it (src/data/pending.ts).
import { registerCommandEffect } from "../../data/pending.ts";

for (const mutation of ["deleteSecurityDocument", "deleteHoldingDocument"]) {
  registerCommandEffect(mutation, (variables) => {
    const input = (variables.input ?? {}) as { documentId?: unknown };
    return typeof input.documentId === "string"
      ? { model: "documents", id: input.documentId, kind: "delete", fields: {} }
      : null;
  });
}
