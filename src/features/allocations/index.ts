// An allocation's page and tabs (invitations, prices, payments, notes, vesting, qualifications, CSV import).
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { AllocationPage, normalizeAllocationView } from "./AllocationPage.tsx";
export { ByTransferMark } from "./ByTransferMark.tsx";
export { InvitationEditor } from "./InviteTab.tsx";
export { useBatchPending } from "./pending-batch.ts";
export { BY_TRANSFER_TEXT, DISTRIBUTION_STATUS_OPTIONS } from "./strings.ts";
export type { Distribution } from "./use-allocation.ts";
export { useMaybeDocument } from "./use-allocation.ts";
