// The collections' schemas pass RxDB's dev-mode schema checks (dev-mode itself never runs in the app: see
// database.ts), and every document the server sends for a model has the fields its schema requires and indexes.
import { checkSchema } from "rxdb/plugins/dev-mode";
import { describe, expect, it } from "vitest";
import { COLLECTION_MODELS, type CollectionModelName, OUTBOX_SCHEMA } from "./index.ts";
import { RECORD_KINDS, RECORD_SCHEMA } from "./records.ts";

describe("collection schemas", () => {
  const names = [...(Object.keys(COLLECTION_MODELS) as CollectionModelName[]), "outbox" as const, "records" as const];
  it.each(names)("%s passes RxDB's schema checks", (name) => {
    const schema = name === "outbox" ? OUTBOX_SCHEMA : name === "records" ? RECORD_SCHEMA : COLLECTION_MODELS[name];
    expect(() => checkSchema(schema as never)).not.toThrow();
    expect(schema.title).toBe(name);
    // every indexed field is required (RxDB cannot index a missing value)
    const indexed = (schema.indexes ?? []).flat() as string[];
    for (const field of indexed) expect(schema.required as readonly string[]).toContain(field);
  });

  it.each(Object.keys(RECORD_KINDS) as (keyof typeof RECORD_KINDS)[])("kind %s passes RxDB's schema checks", (kind) => {
    const { schema } = RECORD_KINDS[kind];
    expect(() => checkSchema(schema as never)).not.toThrow();
    expect(schema.title).toBe(kind);
    expect(Object.keys(COLLECTION_MODELS)).not.toContain(kind);
  });
});
