// The read models' storage (issue 34): an RxStorage on Dexie written here from RxDB's documented storage interface
// (RxDB's own Dexie storage is not used or imitated). Its format (format.ts) and its instances (instance.ts) are this
// app's: the early read, the first load, the bootstrap's worker and the live queries use its operations instead of
// reaching under RxDB. A custom RxStorage is allowed by RxDB's open-source build (its free tier limits the open
// collections per realm, whatever the storage; it does not look at the storage).
import {
  addRxStorageMultiInstanceSupport,
  ensureRxStorageInstanceParamsAreCorrect,
  getSchemaByObjectPath,
  RXDB_VERSION,
  type RxJsonSchema,
  type RxStorage,
  type RxStorageInstanceCreationParams,
} from "rxdb";
import { storeName, tableIndexes } from "./format.ts";
import { type LedgerInternals, LedgerStorageInstance } from "./instance.ts";
import { acquireTable, deleteStore, type IndexedDbApi } from "./tables.ts";

export const LEDGER_STORAGE_NAME = "ll-dexie";

export interface LedgerStorage extends RxStorage<LedgerInternals, object> {
  readonly api: IndexedDbApi;
  /** deletes one collection's database that nothing in this realm holds open (format.ts storeName) */
  deleteStore(name: string): Promise<void>;
}

function checkSchema(schema: RxJsonSchema<Record<string, unknown>>, primaryPath: string): void {
  if (schema.attachments) throw new Error(`${schema.title ?? "collection"}: the ledger storage keeps no attachments`);
  for (const index of schema.indexes ?? []) {
    for (const field of typeof index === "string" ? [index] : index) {
      if (field === "_deleted" || field.startsWith("_meta.") || field === primaryPath) continue;
      const type = (getSchemaByObjectPath(schema as never, field) as { type?: unknown } | undefined)?.type;
      // IndexedDB cannot index booleans; no read model indexes one (RxDB's Dexie storage stores them as "1"/"0")
      if (type === "boolean") throw new Error(`${schema.title ?? "collection"}: boolean index field ${field}`);
      if (!schema.required?.includes(field as never))
        throw new Error(`${schema.title ?? "collection"}: index field ${field} is not required`);
    }
  }
}

/** The storage; `api`: another IndexedDB (fake-indexeddb in Node tests). */
export function getLedgerStorage(api: IndexedDbApi = {}): LedgerStorage {
  return {
    name: LEDGER_STORAGE_NAME,
    rxdbVersion: RXDB_VERSION,
    api,
    deleteStore: (name) => deleteStore(api, name),
    async createStorageInstance<RxDocType>(params: RxStorageInstanceCreationParams<RxDocType, object>) {
      ensureRxStorageInstanceParamsAreCorrect(params);
      const schema = params.schema as unknown as RxJsonSchema<Record<string, unknown>>;
      const key = schema.primaryKey;
      const primaryPath = typeof key === "string" ? key : (key as { key: string }).key;
      checkSchema(schema, primaryPath);
      const name = storeName(params.databaseName, schema.version, params.collectionName);
      const indexes = tableIndexes((schema.indexes ?? []) as never, primaryPath);
      const ready = acquireTable(api, name, primaryPath, indexes);
      const instance = new LedgerStorageInstance(
        params.databaseName,
        params.collectionName,
        schema as never,
        { name, ready, indexes },
        params.options,
        api,
        params.databaseInstanceToken,
      );
      try {
        await ready;
      } catch (error) {
        await instance.close();
        throw error;
      }
      addRxStorageMultiInstanceSupport(LEDGER_STORAGE_NAME, params as never, instance as never);
      return instance as never;
    },
  };
}
