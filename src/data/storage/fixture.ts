// Test helpers of the storage's suites (conformance.test.ts, property.test.ts): a schema shaped like the read models'
// (a records-like collection with compound indexes), documents as RxDB writes them, prepared queries, and instances
// of the ledger storage on fake-indexeddb and of RxDB's memory storage.
import { IDBKeyRange as FakeKeyRange, indexedDB as fakeIndexedDB } from "fake-indexeddb";
import {
  fillWithDefaultSettings,
  type MangoQuery,
  normalizeMangoQuery,
  prepareQuery,
  type RxDocumentData,
  type RxStorage,
  type RxStorageInstance,
} from "rxdb";
import { testSchema } from "../fixture.ts";
import { getLedgerStorage } from "./dexie-storage.ts";

export const schema = fillWithDefaultSettings(
  testSchema(
    {
      kind: { type: "string", maxLength: 20 },
      parent: { type: "string", maxLength: 40 },
      rank: { type: "integer", minimum: 0, maximum: 1000, multipleOf: 1 },
      label: { type: "string" },
      flag: { type: "boolean" },
      nested: { type: "object" },
    },
    { title: "records", required: ["kind", "parent", "rank"], indexes: [["kind", "parent"], ["kind", "rank"], "rank"] },
  ),
);

export type Instance = RxStorageInstance<Record<string, unknown>, unknown, unknown>;

export const ledgerStorage = () => getLedgerStorage({ indexedDB: fakeIndexedDB, IDBKeyRange: FakeKeyRange });

let opened = 0;
export const uniqueName = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${opened++}`;

export async function openInstance(
  storage: RxStorage<unknown, unknown>,
  databaseName: string,
  options: { token?: string; multiInstance?: boolean; collectionName?: string } = {},
): Promise<Instance> {
  return (await storage.createStorageInstance({
    databaseInstanceToken: options.token ?? `token-${databaseName}`,
    databaseName,
    collectionName: options.collectionName ?? "records",
    schema: schema as never,
    options: {},
    multiInstance: options.multiInstance ?? false,
    devMode: false,
  })) as Instance;
}

/** A document as RxDB hands it to a storage. */
export function doc(
  id: string,
  fields: Record<string, unknown>,
  meta: { lwt: number; rev?: string; deleted?: boolean } = { lwt: 1 },
): RxDocumentData<Record<string, unknown>> {
  return {
    id,
    kind: "a",
    parent: "p",
    rank: 0,
    ...fields,
    _deleted: meta.deleted ?? false,
    _attachments: {},
    _meta: { lwt: meta.lwt },
    _rev: meta.rev ?? "1-aaaaaaaaaa",
  } as RxDocumentData<Record<string, unknown>>;
}

export function prepared(query: MangoQuery<Record<string, unknown>>) {
  return prepareQuery(schema as never, normalizeMangoQuery(schema as never, query as never)) as never;
}
