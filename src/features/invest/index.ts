// The invest page and the invest card.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { InvestCard } from "./InvestCard.tsx";
export { InvestPage } from "./InvestPage.tsx";
