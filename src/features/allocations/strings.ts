// The allocation screens' own texts (the spec's messages stay in domain/messages.ts).

/** A distribution's status as its dropdowns offer it (spec: open shows as Onboarding, closed as Pending). */
export const DISTRIBUTION_STATUS_OPTIONS = [
  { value: "drafted", label: "Invited" },
  { value: "open", label: "Onboarding" },
  { value: "closed", label: "Pending" },
];
