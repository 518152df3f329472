// Who may change a buyer's (distribution's) status from the round page's buyers list.

import { canWrite } from "../../domain/access.ts";

/**
 * The buyers list's status dropdown: the round's issuer changes any of its round's distributions (the server
 * allows the issuer the status only: 0310); any other account only those of allocations it owns. Never a viewer,
 * never a locked or issued distribution.
 */
export function canChangeBuyerStatus(
  actor: { accountId: string; accountType: string; role: string },
  distribution: { locked?: boolean | null; issuanceStatus?: string | null },
  allocationOwnerId: string | undefined,
): boolean {
  if (!canWrite(actor.role) || distribution.locked || distribution.issuanceStatus === "issued") return false;
  if (actor.accountType === "issuer") return true;
  return actor.accountType === "broker" && allocationOwnerId === actor.accountId;
}
