// Drafts of a form kept on the device until it is sent (an accreditation submission's method and the evidence files
// chosen so far): one small IndexedDB database per user and account beside the file queue (the files database's
// name with `--drafts`, so sign-out deletes it with the account's other databases: local.ts), a value per key.
// The files themselves wait in the file queue; a draft names their slot keys.
import { currentLocalData } from "./local-data.ts";

const STORE = "drafts";

function openDrafts(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function withStore<T>(
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | null> {
  const data = await currentLocalData();
  const files = data?.files?.name;
  if (!files) return null;
  const db = await openDrafts(files.replace(/--files$/, "--drafts"));
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = run(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

export async function readDraft<T>(key: string): Promise<T | null> {
  return ((await withStore("readonly", (store) => store.get(key))) as T | undefined) ?? null;
}

export async function writeDraft(key: string, value: unknown): Promise<void> {
  await withStore("readwrite", (store) => store.put(value, key));
}

export async function removeDraft(key: string): Promise<void> {
  await withStore("readwrite", (store) => store.delete(key));
}
