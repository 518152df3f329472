// Transfers between holders (docs/TRANSFERS.md): the holding page's Transfers card (request, cancel, decide) and the
// security page's transfer rules and requests. The feature's public entry (docs/CLIENT.md "Structure").
export { SecurityTransfersCard } from "./SecurityTransfersCard.tsx";
export { TransfersCard } from "./TransfersCard.tsx";
