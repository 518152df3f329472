// The address a screen shows an account's logo from (issue 35 item 7; docs/CLIENT.md "Logos"): the image chosen on
// this device while it waits in the file queue (shown at once, offline too), else the accounts replica's logoUrl
// (with a queued change's pending overlay), else what the caller already knows (the stored session's). The server's
// address is content-addressed and cached by the service worker, so a logo seen once shows offline.
import { logoPlace } from "../domain/logos.ts";
import { useObjectUrl, useQueuedFiles } from "./file-hooks.ts";
import { useDocument } from "./hooks.tsx";

export function useAccountLogoUrl(accountId: string | undefined, known: string | null = null): string | null {
  const queued = useQueuedFiles(accountId ? logoPlace(accountId) : "");
  const waiting = queued.filter((file) => file.status === "waiting").at(-1) ?? null;
  const local = useObjectUrl(waiting?.blob ?? null);
  const account = useDocument("accounts", accountId) as
    | { logoUrl?: string | null; logoKey?: string | null }
    | null
    | undefined;
  // the waiting image, unless a later change (another image, a removal) replaced it
  if (local && (!account || account.logoKey === waiting?.id)) return local;
  // undefined while the replica loads, null when it does not hold the account: then the caller's
  if (account) return account.logoUrl ?? null;
  return known;
}
