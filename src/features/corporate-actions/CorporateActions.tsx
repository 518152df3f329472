// The issuer's corporate action cards on /security/{id} (owners and admins): the split, the redemption, and on a
// note's page its conversion into equity; on a tokenized security, what the chain made of them
// (docs/CORPORATE-ACTIONS.md).
import { css } from "../../../styled-system/css";
import { ChainCard } from "./ChainCard.tsx";
import { ConversionCard } from "./ConversionCard.tsx";
import { RedemptionCard } from "./RedemptionCard.tsx";
import { SplitCard } from "./SplitCard.tsx";

export function CorporateActions({ securityId }: { securityId: string }) {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "5" })}>
      <SplitCard securityId={securityId} />
      <RedemptionCard securityId={securityId} />
      <ConversionCard securityId={securityId} />
      <ChainCard securityId={securityId} />
    </div>
  );
}
