// The account claim page is driven by the `status` query parameter (spec part 2, claim page statuses).
const CLAIM_STATUSES = ["no-token", "expired-token", "invalid-token", "used", "complete"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export function claimStatus(value: string | null | undefined): ClaimStatus {
  return (CLAIM_STATUSES as readonly string[]).includes(value ?? "") ? (value as ClaimStatus) : "no-token";
}

export type ResendState = "default" | "loading" | "complete";

/** After a resend the page moves on after this delay (spec part 2 section 9). */
export const RESEND_REDIRECT_MS = 300;
