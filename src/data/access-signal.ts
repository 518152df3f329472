// A request of the data layer was refused for lack of a session or of an account (HTTP 401 from the pull, the
// command endpoint or GraphQL through the transport): whoever watches account access (src/data/account-access.ts,
// started by src/features/session/access-watch.ts) then asks the server what this user may still open. A module of
// its own with no imports, so the transport can signal without depending on what listens.

type Listener = () => void;
const listeners = new Set<Listener>();

export function signalAccessRefused(): void {
  for (const listener of listeners) listener();
}

export function onAccessRefused(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
