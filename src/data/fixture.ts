// Test helpers of src/data's suites: the schema of a test collection (primary key `id`, version 0) and collections on
// RxDB's memory storage, each in a database of its own that removeMemoryDatabases removes (after each test).
import { createRxDatabase, type RxCollection, type RxDatabase, type RxJsonSchema } from "rxdb";
import { getRxStorageMemory } from "rxdb/plugins/storage-memory";

/**
 * A test collection's schema: version 0, its primary key `id` (a string of 40 characters at most) first among its
 * `properties` and among its `required` fields, and the `title` and `indexes` given.
 */
export function testSchema<T = Record<string, unknown>>(
  properties: Record<string, unknown>,
  keys: { title?: string; required?: readonly string[]; indexes?: readonly (string | readonly string[])[] } = {},
): RxJsonSchema<T> {
  return {
    ...(keys.title === undefined ? {} : { title: keys.title }),
    version: 0,
    primaryKey: "id",
    type: "object",
    properties: { id: { type: "string", maxLength: 40 }, ...properties },
    required: ["id", ...(keys.required ?? [])],
    ...(keys.indexes === undefined ? {} : { indexes: keys.indexes }),
  } as unknown as RxJsonSchema<T>;
}

const opened: RxDatabase[] = [];

/** A collection `name` with `schema` on RxDB's memory storage, in a new database named after `prefix`. */
export async function memoryCollection<T>(
  prefix: string,
  name: string,
  schema: RxJsonSchema<T>,
): Promise<RxCollection<T>> {
  const db = await createRxDatabase({ name: `${prefix}-${crypto.randomUUID()}`, storage: getRxStorageMemory() });
  opened.push(db);
  await db.addCollections({ [name]: { schema } });
  return db.collections[name] as unknown as RxCollection<T>;
}

/** Removes every database memoryCollection opened. */
export async function removeMemoryDatabases(): Promise<void> {
  for (const db of opened.splice(0)) await db.remove();
}
