// Corporate actions (docs/CORPORATE-ACTIONS.md): the security page's cards (split or reverse split, redemption,
// a note's conversion into equity), each with its preview and confirm. The feature's public entry
// (docs/CLIENT.md "Structure").
export { CorporateActions } from "./CorporateActions.tsx";
