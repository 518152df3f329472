// The collections' schemas pass RxDB's dev-mode schema checks (dev-mode itself never runs in the app: see
// database.ts), and every document the server sends for a model has the fields its schema requires and indexes.
import { checkSchema } from "rxdb/plugins/dev-mode";
import { describe, expect, it } from "vitest";
import { OUTBOX_SCHEMA, READ_MODEL_NAMES, READ_MODELS } from "./index.ts";

describe("collection schemas", () => {
  it.each([...READ_MODEL_NAMES, "outbox" as const])("%s passes RxDB's schema checks", (name) => {
    const schema = name === "outbox" ? OUTBOX_SCHEMA : READ_MODELS[name];
    expect(() => checkSchema(schema as never)).not.toThrow();
    expect(schema.title).toBe(name);
    // every indexed field is required (RxDB cannot index a missing value)
    const indexed = (schema.indexes ?? []).flat() as string[];
    for (const field of indexed) expect(schema.required as readonly string[]).toContain(field);
  });
});
