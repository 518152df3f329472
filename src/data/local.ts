// Local data lives in IndexedDB: the RxDB databases (replicas and outbox) named `ll-<user>-<account>`, which the
// Dexie storage stores as `rxdb-dexie-ll-...` databases. Logout deletes all of them; an expired session never does.

const LOCAL_DATABASE_PREFIX = "ll-";
/** Dexie storage's IndexedDB names for the app's RxDB databases (see src/data/database.ts). */
const DEXIE_PREFIX = `rxdb-dexie-${LOCAL_DATABASE_PREFIX}`;

function isLocalDatabaseName(name: string): boolean {
  return name.startsWith(LOCAL_DATABASE_PREFIX) || name.startsWith(DEXIE_PREFIX);
}

/** Deletes an IndexedDB database; settles whether it was deleted, failed or is blocked. */
export function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    // Another tab holds it open; the deletion completes once that tab closes it.
    request.onblocked = () => resolve();
  });
}

/** Removes every local database of the app (used by Logout; never on an expired session). */
export async function clearLocalData(): Promise<void> {
  // Close this page's database first, or its open connections would block the deletion. Loaded lazily so the
  // first route does not carry RxDB.
  const { closeLocalDataForSignOut } = await import("./local-data.ts");
  await closeLocalDataForSignOut().catch(() => {});
  const { discardPrewarmedDatabase } = await import("./database.ts");
  await discardPrewarmedDatabase().catch(() => {});
  // the account logos the service worker kept (vite.config.ts "ll-logos"): the next person on this device starts clean
  if (typeof caches !== "undefined") await caches.delete("ll-logos").catch(() => false);
  if (typeof indexedDB === "undefined" || typeof indexedDB.databases !== "function") return;
  const databases = await indexedDB.databases();
  await Promise.all(
    databases
      .map((database) => database.name)
      .filter((name): name is string => typeof name === "string" && isLocalDatabaseName(name))
      .map(deleteDatabase),
  );
}
