// /wallet: the investor's tokens and blockchain addresses.
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { WalletPage } from "./WalletPage.tsx";
