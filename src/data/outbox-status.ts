// How many commands wait in the outbox. The app's update prompt never reloads while this is above zero.

export async function pendingCommandCount(): Promise<number> {
  // Loaded lazily: the update prompt must not pull RxDB into the first chunk.
  const { currentLocalData } = await import("./local-data.ts");
  const data = await currentLocalData();
  return data ? data.outbox.waitingCount() : 0;
}
