// A security's transfer rules, read from the server while online (the rules are not kept on the device): undefined
// while unknown (loading, offline, failed), null when the security has none.
import { useEffect, useState } from "react";
import { useOnline } from "../../app/useOnline.ts";
import { graphql } from "../../data/graphql.ts";
import type { TransferRules } from "../../domain/transfers.ts";

const TRANSFER_RULES = /* GraphQL */ `
  query transferRules($securityId: UUID!) {
    allTransferRules(condition: { securityId: $securityId }) {
      nodes { lockupEndsOn minimumHoldingDays firstRefusalDays transfereeQualificationRequired }
    }
  }
`;

export function useTransferRules(securityId: string | null | undefined): {
  rules: TransferRules | null | undefined;
  online: boolean;
} {
  const online = useOnline();
  const [rules, setRules] = useState<TransferRules | null | undefined>(undefined);
  useEffect(() => {
    if (!online || !securityId) return;
    let live = true;
    graphql<{ allTransferRules: { nodes: TransferRules[] } }>(TRANSFER_RULES, { securityId })
      .then((data) => live && setRules(data.allTransferRules.nodes[0] ?? null))
      .catch(() => live && setRules(undefined));
    return () => {
      live = false;
    };
  }, [securityId, online]);
  return { rules, online };
}
