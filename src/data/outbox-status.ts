// How many commands wait in the outbox. The app's update prompt never reloads while this is above zero.
// Placeholder until the replication layer lands: it owns the outbox and replaces this body.

export async function pendingCommandCount(): Promise<number> {
  return 0;
}
