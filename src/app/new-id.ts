// A client-made id for a created row (queued commands may refer to it).
export function newId(): string {
  return crypto.randomUUID();
}
