// Something the data layer saw may mean this session lost its account or ended: a request refused with HTTP 401
// (the pull, the command endpoint, GraphQL through the transport), or the server closing the change stream (it does
// for a suspended member's or a transfer's sessions). Whoever watches account access (src/data/account-access.ts,
// started by src/features/session/access-watch.ts) then asks the server what this user may still open. A module of
// its own with no imports, so the transport and the stream can ask without depending on what listens.

type Listener = () => void;
const listeners = new Set<Listener>();

export function requestAccessCheck(): void {
  for (const listener of listeners) listener();
}

export function onAccessCheck(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
