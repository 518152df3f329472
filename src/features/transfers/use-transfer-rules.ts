// A security's transfer rules and its transfer agent, read from the server while online (the rules are not kept on
// the device): undefined while unknown (loading, offline, failed), null when the security has none. Read again when
// `refresh` changes (a queued nameTransferAgent accepted).
import { useEffect, useState } from "react";
import { useOnline } from "../../app/useOnline.ts";
import { graphql } from "../../data/graphql.ts";
import type { TransferRules } from "../../domain/transfers.ts";

export interface TransferRulesRead extends TransferRules {
  transferAgentId: string | null;
  transferAgent: { name: string } | null;
}

const TRANSFER_RULES = /* GraphQL */ `
  query transferRules($securityId: UUID!) {
    allTransferRules(condition: { securityId: $securityId }) {
      nodes {
        lockupEndsOn minimumHoldingDays firstRefusalDays transfereeQualificationRequired
        transferAgentId transferAgent { name }
      }
    }
  }
`;

export function useTransferRules(
  securityId: string | null | undefined,
  refresh = "",
): {
  rules: TransferRulesRead | null | undefined;
  online: boolean;
} {
  const online = useOnline();
  const [rules, setRules] = useState<TransferRulesRead | null | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh is the signal to read again
  useEffect(() => {
    if (!online || !securityId) return;
    let live = true;
    graphql<{ allTransferRules: { nodes: TransferRulesRead[] } }>(TRANSFER_RULES, { securityId })
      .then((data) => live && setRules(data.allTransferRules.nodes[0] ?? null))
      .catch(() => live && setRules(undefined));
    return () => {
      live = false;
    };
  }, [securityId, online, refresh]);
  return { rules, online };
}
