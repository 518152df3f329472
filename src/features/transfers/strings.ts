// The words of the transfer screens (features/transfers; docs/TRANSFERS.md). The refusals' texts are the server's,
// in src/domain/transfers.ts.
export const TRANSFERS_TEXT = {
  card: "Transfers",
  requestsCard: "Transfer requests",
  transfer: "Transfer",
  onTheirWay:
    "This holding's tokens are still on their way on the chain: it can be transferred once they are recorded.",
  requestTitle: "Transfer units",
  requestDescription:
    "Ask the issuer to move some or all units of this holding to another investor. Someone without an account is invited by email.",
  units: "Units to transfer",
  unitsHint: (available: string) => `Up to ${available} units`,
  transfereeEmail: "Transferee's email",
  reason: "Reason",
  pricePerUnit: "Price per unit",
  pricePerUnitHint: "Required for a sale",
  requestSubmit: "Request transfer",
  cancel: "Cancel",
  close: "Close",
  requested: "Transfer requested",
  queuedOffline: "Saved on this device: it is sent when you are back online.",
  none: "No transfer requests.",
  approve: "Approve",
  approved: "Transfer approved",
  reject: "Reject",
  rejectTitle: "Reject transfer",
  rejectDescription: "The holder sees your reason.",
  rejectReason: "Reason",
  rejected: "Transfer rejected",
  cancelRequest: "Cancel request",
  cancelled: "Transfer request cancelled",
  confirmation: "Confirmation (PDF)",
  chainStatus: (status: string, failure?: string | null) =>
    status === "done"
      ? "Tokens moved on the chain."
      : status === "failed"
        ? `The chain refused to move the tokens${failure ? `: ${failure}` : "."}`
        : "Tokens moving on the chain…",
  waitsForOnboarding: (transferee: string) =>
    `Waiting for ${transferee || "the transferee"} to complete onboarding in the round before it can be approved.`,
  retryOnChain: "Retry on the chain",
  retried: "Sent to the chain again",
  requestedOn: "Requested",
  from: "From",
  to: "To",
  unitsColumn: "Units",
  price: "Price",
  status: "Status",
  actions: "Actions",
  waiting: "Waiting to sync",
  rulesCard: "Transfer rules",
  rulesDescription:
    "Checked when a holder asks for a transfer and again when you approve it. Leave a field empty for no such rule.",
  lockupEndsOn: "Lock-up ends on",
  minimumHoldingDays: "Minimum holding period (days)",
  firstRefusalDays: "Right of first refusal (days)",
  qualificationRequired: "The transferee must complete onboarding first",
  saveRules: "Save rules",
  rulesSaved: "Transfer rules saved",
  rulesOffline: "The current rules are shown when you are online.",
  daysError: "Enter a whole number of days up to 36,500.",
} as const;
