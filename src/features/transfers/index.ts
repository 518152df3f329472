// Transfers between holders (docs/TRANSFERS.md): the holding page's Transfers card (request, cancel, decide), the
// security page's transfer rules and requests, and the transfer agent's Transfer requests page. The feature's public
// entry (docs/CLIENT.md "Structure").
export { AgentTransfersPage } from "./AgentTransfersPage.tsx";
export { SecurityTransfersCard } from "./SecurityTransfersCard.tsx";
export { TransfersCard } from "./TransfersCard.tsx";
