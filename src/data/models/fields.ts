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

/** A model's own fields with those every read model's document has: `id` first, the server's stamps last. */
type Stamped<P> = Flat<{ id: typeof uuid } & P & { createdOn: typeof timestamp; updatedOn: typeof timestamp }>;

function stampedProperties<P extends Record<string, unknown>>(properties: P): Stamped<P> {
  return { id: uuid, ...properties, createdOn: timestamp, updatedOn: timestamp } as Stamped<P>;
}

/** A model's own required fields with `id` first and the stamps last (`updatedOn` unless `withUpdatedOn` is false). */
type StampedRequired<R extends readonly string[], U extends boolean> = U extends false
  ? readonly ["id", ...R, "createdOn"]
  : readonly ["id", ...R, "createdOn", "updatedOn"];

function stampedRequired<R extends readonly string[], U extends boolean>(
  required: R,
  withUpdatedOn: U,
): StampedRequired<R, U> {
  const stamps = withUpdatedOn === false ? ["createdOn"] : ["createdOn", "updatedOn"];
  return ["id", ...required, ...stamps] as unknown as StampedRequired<R, U>;
}

/**
 * The schema of a read model with a collection of its own (index.ts COLLECTION_MODELS): every document has an `id`
 * (its primary key) and the server's `createdOn` and `updatedOn`, which this adds to the model's own fields and to
 * its own `required` fields (`id` first, the stamps last). The result is the RxDB collection schema as written out
 * before (same keys in the same order): a different schema would drop the collection on every device.
 */
export function collectionSchema<
  const P extends Record<string, unknown>,
  const R extends readonly string[],
  const V extends number,
  const I extends readonly (string | readonly string[])[],
>(model: { title: string; description: string; version: V; properties: P; required: R; indexes: I }) {
  return {
    title: model.title,
    description: model.description,
    version: model.version,
    primaryKey: "id" as const,
    type: "object" as const,
    properties: stampedProperties(model.properties),
    required: stampedRequired(model.required, true),
    indexes: model.indexes,
  };
}

/**
 * The schema of a kind (a small read model stored in `records`, records.ts): every kind's document has an `id` (its
 * primary key) and the server's `createdOn` and `updatedOn`, which this adds to the kind's own fields. `required`
 * lists the kind's own fields a blank tombstone of the kind must hold; this adds `id`, `createdOn` and `updatedOn`
 * (not `updatedOn` where `withUpdatedOn` is false). `indexes` lists the fields an indexed kind is indexed by before
 * `createdOn`, which this adds last (`[]`: by `createdOn` alone; no `indexes`: none). The kind's version is its schema
 * version (records.ts kindVersion).
 */
export function kindSchema<
  const P extends Record<string, unknown>,
  const R extends readonly string[],
  const V extends number,
  const I extends readonly string[] = never,
  const U extends boolean = true,
>(kind: {
  title: string;
  description: string;
  version: V;
  properties: P;
  required: R;
  indexes?: I;
  withUpdatedOn?: U;
}) {
  const { withUpdatedOn, ...schema } = kind;
  return {
    ...schema,
    required: stampedRequired(kind.required, (withUpdatedOn ?? true) as U),
    ...(kind.indexes ? { indexes: [...kind.indexes, "createdOn"] as unknown as readonly [...I, "createdOn"] } : {}),
    primaryKey: "id" as const,
    type: "object" as const,
    properties: stampedProperties(kind.properties),
  };
}
