// The integrations settings' texts (spec part 2 "Settings", "Integration process").

export const INTEGRATIONS_TEXT = {
  title: "Integrations",
  empty: "No integrations found.",
  add: "Add",
  manage: "Manage",
  connected: "Connected",
  currentStep: "Current step",
  processComplete: "Process complete!",
  steps: "Steps",
  previous: "Previous",
  next: "Next",
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  partner: "Partner",
  readOnly: "Only owners and admins can add integrations.",
  typeLabels: {
    payment: "Payment processing",
    signing: "Signing",
    compliance: "Compliance",
    ledgerlineIO: "LedgerlineIO",
    portfolio: "Portfolio",
  } as Record<string, string>,
  stepStatus: {
    complete: "Step complete!",
    in_progress: "Current",
    not_started: "Not started",
  } as Record<string, string>,
} as const;
