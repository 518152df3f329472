// Local data lives in IndexedDB databases whose names start with "ll-" (the replica and the outbox).

export const LOCAL_DATABASE_PREFIX = "ll-";

function deleteDatabase(name: string): Promise<void> {
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
  if (typeof indexedDB === "undefined" || typeof indexedDB.databases !== "function") return;
  const databases = await indexedDB.databases();
  await Promise.all(
    databases
      .map((database) => database.name)
      .filter((name): name is string => typeof name === "string" && name.startsWith(LOCAL_DATABASE_PREFIX))
      .map(deleteDatabase),
  );
}
