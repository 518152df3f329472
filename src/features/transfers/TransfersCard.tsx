// The Transfers card of /holding/{id}: the holding's transfer requests, and for its holder's owners and admins the
// "Transfer" button (the request dialog: some or all of the units not already in an open request). The issuer's (or
// managing broker's) owners and admins approve or reject here too.
import { useState } from "react";
import { useViewer } from "../../app/viewer.ts";
import type { HoldingDoc } from "../../data/models/index.ts";
import { availableUnits, tokensOnTheirWay, transferRulesText } from "../../domain/transfers.ts";
import { Button, Card, mutedText } from "../../ui/index.ts";
import { TRANSFERS_TEXT } from "./strings.ts";
import { TransferRequestDialog } from "./TransferRequestDialog.tsx";
import { TransferTable } from "./TransferTable.tsx";
import { useTransferRules } from "./use-transfer-rules.ts";
import { useTransfers } from "./use-transfers.ts";

export function TransfersCard({ holding }: { holding: HoldingDoc }) {
  const viewer = useViewer();
  const [requesting, setRequesting] = useState(false);
  const filter = useState(() => ({ holdingId: holding.id }))[0];
  const { rows } = useTransfers(filter, viewer.session.account?.name ?? "");
  const available = availableUnits(holding.amount, rows);
  const onTheirWay = tokensOnTheirWay(holding.blockchainAddresses as unknown[] | undefined);
  const holder = viewer.accountType === "investor" && viewer.canWrite && holding.investorId === viewer.accountId;
  const { rules } = useTransferRules(holding.securityId);
  const rulesText = transferRulesText(rules);
  return (
    <Card title={TRANSFERS_TEXT.card} testId="transfers">
      {rulesText.length > 0 && (
        <p className={mutedText} data-testid="transfer-rules-summary">
          {rulesText.join(" ")}
        </p>
      )}
      {holder && onTheirWay && <p className={mutedText}>{TRANSFERS_TEXT.onTheirWay}</p>}
      {holder && !onTheirWay && available !== "0" && (
        <div>
          <Button onClick={() => setRequesting(true)}>{TRANSFERS_TEXT.transfer}</Button>
        </div>
      )}
      <TransferTable rows={rows} viewer={viewer} label={TRANSFERS_TEXT.card} />
      {requesting && (
        <TransferRequestDialog holdingId={holding.id} available={available} onClose={() => setRequesting(false)} />
      )}
    </Card>
  );
}
