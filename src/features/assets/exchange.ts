// The asset table's listing exchange cell: the listing comes with the round's security (the securities model), so
// while that model has not completed its first load a missing security says nothing yet, and "Unlisted" is shown
// only once it has and the security has no listing (or the round has no security).
import { type ListingLike, listingName } from "../../domain/assets.ts";

/** The exchange's name, "Unlisted", or null while the listing is not known yet (the cell shows nothing). */
export function exchangeText(
  securityId: string | null | undefined,
  security: { listing?: unknown } | undefined,
  listingsLoaded: boolean,
): string | null {
  if (security) return listingName(security.listing as ListingLike | null);
  return listingsLoaded || !securityId ? listingName(null) : null;
}
