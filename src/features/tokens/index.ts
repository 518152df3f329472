// A round's token view and the token rules the wallet shares (docs/CHAIN.md).
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").

export { TokenView } from "./TokenView.tsx";
export { chainLabel, PRODUCT_TEST_CHAIN } from "./token-rules.ts";
export { useTokenChains } from "./use-token.ts";
