// /transactions and /transaction/{id}.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { TransactionPage } from "./TransactionPage.tsx";
export { TransactionsPage } from "./TransactionsPage.tsx";
