// /transfer-requests (agent accounts): the transfer requests of the securities whose issuers named this account their
// transfer agent (docs/TRANSFERS.md "The transfer agent"), one card per security, each with the issuer's table:
// Approve and Reject (with a reason) for the account's owners and admins, queued offline, a refusal on its row.
import { useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { useViewer } from "../../app/viewer.ts";
import { Card, EmptyState, Loading, mutedText, Page, PageHeader } from "../../ui/index.ts";
import { TRANSFERS_TEXT } from "./strings.ts";
import { type TransferRow, TransferTable } from "./TransferTable.tsx";
import { useTransfers } from "./use-transfers.ts";

export function AgentTransfersPage() {
  const viewer = useViewer();
  // every request on the device: an agent reads only those of the securities it is named on
  const filter = useState(() => ({}))[0];
  const { rows, docs, loading } = useTransfers(filter);
  const securities = useMemo(() => {
    const byId = new Map<string, { id: string; name: string; rows: TransferRow[] }>();
    const docOf = new Map(docs.map((doc) => [doc.id, doc]));
    for (const row of rows) {
      const doc = docOf.get(row.id);
      const id = doc?.securityId ?? "";
      const security = byId.get(id) ?? { id, name: doc?.securityName ?? "", rows: [] };
      security.rows.push(row);
      byId.set(id, security);
    }
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [rows, docs]);
  return (
    <Page>
      <PageHeader title={TRANSFERS_TEXT.agentPage}>
        <p className={mutedText}>{TRANSFERS_TEXT.agentPageDescription}</p>
      </PageHeader>
      <Loading loading={loading && securities.length === 0}>
        {securities.length === 0 ? (
          <EmptyState text={TRANSFERS_TEXT.agentPageNone} />
        ) : (
          <div className={css({ display: "flex", flexDirection: "column", gap: "6" })}>
            {securities.map((security) => (
              <Card
                key={security.id}
                title={`${TRANSFERS_TEXT.requestsCard} · ${security.name}`}
                testId="agent-transfers"
              >
                <TransferTable
                  rows={security.rows}
                  viewer={viewer}
                  label={`${TRANSFERS_TEXT.requestsCard} · ${security.name}`}
                />
              </Card>
            ))}
          </div>
        )}
      </Loading>
    </Page>
  );
}
