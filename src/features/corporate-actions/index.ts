// Corporate actions (docs/CORPORATE-ACTIONS.md): the security page's Corporate action card (split or reverse split,
// preview, confirm). The feature's public entry (docs/CLIENT.md "Structure").
export { SplitCard } from "./SplitCard.tsx";
