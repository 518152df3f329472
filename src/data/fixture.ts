// Test helpers of src/data's suites: the schema of a test collection (primary key `id`, version 0) and collections on
// RxDB's memory storage, each in a database of its own that removeMemoryDatabases removes (after each test).
import { createRxDatabase, type RxCollection, type RxDatabase, type RxJsonSchema, type RxStorage } from "rxdb";
import { getRxStorageMemory } from "rxdb/plugins/storage-memory";
import { OUTBOX_SCHEMA } from "./models/index.ts";

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

/**
 * A user's database for an account (`ll-<user>-<account>`, database.ts) as an earlier release stored it: the read
 * model `model` under that release's `schema`, and the outbox with its local documents (RxDBLocalDocumentsPlugin
 * added). The caller closes it.
 */
export async function earlierReleaseDatabase(
  storage: RxStorage<unknown, unknown>,
  ids: { userId: string; accountId: string },
  model: string,
  schema: unknown,
): Promise<RxDatabase> {
  const db = await createRxDatabase({ name: `ll-${ids.userId}-${ids.accountId}`, storage, closeDuplicates: true });
  await db.addCollections({
    [model]: { schema: schema as never },
    outbox: { schema: OUTBOX_SCHEMA as never, localDocuments: true },
  });
  return db;
}
