// The data of a round's token view, from the replicas only (readable offline): the round's token document (kind
// `tokens` of the shared `records` collection) with its contracts, cap table entries and per-holding mint status,
// the round's holdings, and the outbox's token commands laid over them as pending marks (token-overlay.ts); and the
// chains offered for tokens (GET /api/v2/chains, kept on the device).
import { useEffect, useMemo, useState } from "react";
import { useModel } from "../../data/hooks.tsx";
import type { HoldingDoc } from "../../data/models/index.ts";
import type { WithPending } from "../../data/pending.ts";
import { usePending } from "../../data/pending-hooks.ts";
import { TOKEN_TEXT } from "./strings.ts";
import { currentToken, overlayTokenEntries, roundTokens, type TokenDoc } from "./token-overlay.ts";
import { PRIVATE_CHAIN, TEZOS_CHAIN } from "./token-rules.ts";

export type { TokenDoc } from "./token-overlay.ts";

/** The round's token (`chosen` picks another of the round's tokens; by default the one holding its units). */
export function useRoundToken(roundId: string, chosen?: string | null) {
  const query = useMemo(() => ({ selector: { roundId } }), [roundId]);
  const tokens = useModel("tokens", query);
  const holdings = useModel("holdings", query);
  const queued = usePending("round.token", roundId);
  const all = useMemo(() => roundTokens(tokens.rows as unknown as TokenDoc[]), [tokens.rows]);
  const stored = useMemo(() => currentToken(all, chosen), [all, chosen]);
  const overlaid = useMemo(() => overlayTokenEntries(roundId, stored, queued), [roundId, stored, queued]);
  return {
    ...overlaid,
    tokens: all,
    holdings: holdings.rows as WithPending<HoldingDoc>[],
    loading: tokens.loading || holdings.loading,
  };
}

export interface ChainOption {
  chain: string;
  symbol?: string | null;
  enabled: boolean;
  reason?: string | null;
}

const CHAINS_KEY = "ll.tokenChains";
/** Offline, before the server has answered once: the private network is always there, Tezos unknown. */
const OFFLINE_CHAINS: ChainOption[] = [
  { chain: PRIVATE_CHAIN, symbol: "ETH", enabled: true, reason: null },
  { chain: TEZOS_CHAIN, symbol: "XTZ", enabled: false, reason: TOKEN_TEXT.chainsUnknownOffline },
];

function storedChains(): ChainOption[] | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(CHAINS_KEY) ?? "null");
    return Array.isArray(parsed) && parsed.length > 0 ? (parsed as ChainOption[]) : null;
  } catch {
    return null;
  }
}

/** The chains offered in Setup Token and Swap Chain (GET /api/v2/chains), kept on the device for offline use. */
export function useTokenChains(): ChainOption[] {
  const [chains, setChains] = useState<ChainOption[]>(() => storedChains() ?? OFFLINE_CHAINS);
  useEffect(() => {
    if (!navigator.onLine) return;
    let live = true;
    fetch("/api/v2/chains", { credentials: "same-origin", headers: { accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: unknown) => {
        if (!live || !Array.isArray(body) || body.length === 0) return;
        const options = (body as ChainOption[]).filter((option) => typeof option?.chain === "string");
        setChains(options);
        localStorage.setItem(CHAINS_KEY, JSON.stringify(options));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return chains;
}

/** chain -> reason, for the chains offered but disabled. */
export const unavailableChains = (chains: readonly ChainOption[]): Record<string, string> =>
  Object.fromEntries(
    chains.filter((option) => !option.enabled).map((option) => [option.chain, option.reason ?? ""] as const),
  );
