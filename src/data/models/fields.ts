// JSON-schema building blocks shared by the read-model schemas. Documents come from the server's read models
// (sync/database/read-models/00_document_helpers.sql): camelCase keys, uuids and timestamps as strings, decimals
// (shares, money, prices) as strings so no binary float ever touches them. Fields not listed in a schema are still
// stored (there is no validator in production); the schema lists what screens query and index.

export const uuid = { type: "string", maxLength: 36 } as const;
export const optionalUuid = { type: ["string", "null"], maxLength: 36 } as const;
export const text = { type: "string" } as const;
export const optionalText = { type: ["string", "null"] } as const;
/** An exact decimal as a string ("12.5"): parse with src/domain/decimal.ts, never with Number(). */
export const decimal = { type: "string" } as const;
export const optionalDecimal = { type: ["string", "null"] } as const;
/** ISO 8601 timestamp; indexable (sortable as text: every value is in the same UTC offset). */
export const timestamp = { type: "string", maxLength: 40 } as const;
export const flag = { type: "boolean" } as const;
/** An indexed enumeration value (status, type). */
export const keyword = { type: "string", maxLength: 40 } as const;
export const object = { type: ["object", "null"] } as const;
export const list = { type: "array", items: { type: "object" } } as const;

/** Summary of a related account embedded in a document (investor, owner, broker). */
export const accountSummary = {
  type: ["object", "null"],
  properties: {
    id: uuid,
    name: text,
    contactName: optionalText,
    email: optionalText,
    setup: flag,
    type: keyword,
  },
} as const;

type Flat<T> = { [K in keyof T]: T[K] };

/**
 * The schema of a kind (a small read model stored in `records`, records.ts): every kind's document has an `id` (its
 * primary key) and the server's `createdOn` and `updatedOn`, which this adds to the kind's own fields. `required` lists
 * what a blank tombstone of the kind must hold; the kind's version is its schema version (records.ts kindVersion).
 */
export function kindSchema<
  const P extends Record<string, unknown>,
  const R extends readonly string[],
  const V extends number,
  const I extends readonly string[] = never,
>(kind: { title: string; description: string; version: V; properties: P; required: R; indexes?: I }) {
  return {
    ...kind,
    primaryKey: "id" as const,
    type: "object" as const,
    properties: { id: uuid, ...kind.properties, createdOn: timestamp, updatedOn: timestamp } as Flat<
      { id: typeof uuid } & P & { createdOn: typeof timestamp; updatedOn: typeof timestamp }
    >,
  };
}
