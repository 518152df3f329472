// How many commands wait in the outbox (the app's update prompt never reloads while this is above zero), and what
// signing out would delete (the account menu asks first).

export async function pendingCommandCount(): Promise<number> {
  // Loaded lazily: the update prompt must not pull RxDB into the first chunk.
  const { currentLocalData } = await import("./local-data.ts");
  const data = await currentLocalData();
  return data ? data.outbox.waitingCount() : 0;
}

/**
 * What signing out would delete from this device: the commands waiting in the outbox, and the files chosen here
 * that the server does not have yet (waiting, refused or kept) other than those of a waiting command (counted with
 * it): a document's file whose command already went, an OCF package kept offline.
 */
export async function unsentWork(): Promise<{ changes: number; files: number }> {
  const { currentLocalData } = await import("./local-data.ts");
  const data = await currentLocalData();
  if (!data) return { changes: 0, files: 0 };
  const waiting = (await data.outbox.commands()).filter((command) => command.status === "pending");
  const waitingKeys = new Set(waiting.map((command) => command.id));
  const files = data.files ? await data.files.list() : [];
  return {
    changes: waiting.length,
    files: files.filter((file) => !file.commandKey || !waitingKeys.has(file.commandKey)).length,
  };
}
