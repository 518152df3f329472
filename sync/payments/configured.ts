// The payment provider this server is configured with: North Capital's TransactAPI (north-capital.ts) when its
// account is set in the environment, else the built-in provider (builtin.ts).
import type { Database } from "../db/database.ts";
import { builtinProvider } from "./builtin.ts";
import { northCapitalProvider } from "./north-capital.ts";
import type { PaymentProvider } from "./provider.ts";

export function configuredProvider(db: Database, env: NodeJS.ProcessEnv): PaymentProvider {
  const baseUrl = env.NORTH_CAPITAL_BASE_URL?.trim();
  const clientID = env.NORTH_CAPITAL_CLIENT_ID?.trim();
  const developerAPIKey = env.NORTH_CAPITAL_DEVELOPER_API_KEY?.trim();
  if (baseUrl && clientID && developerAPIKey) {
    const timeout = Number(env.NORTH_CAPITAL_TIMEOUT_MS);
    return northCapitalProvider({
      baseUrl,
      clientID,
      developerAPIKey,
      timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : undefined,
    });
  }
  return builtinProvider(db);
}

/** The demo's timer (PAYMENTS_AUTO_FUND_SECONDS): a built-in trade is funded this long after it is created. */
export function autoFundMsFromEnv(env: NodeJS.ProcessEnv): number | null {
  const seconds = Number(env.PAYMENTS_AUTO_FUND_SECONDS);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
}
