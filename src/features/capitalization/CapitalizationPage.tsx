// /capitalization: Viewing toggles Cap Table (default: investor, units, asset, status; STAKEHOLDERS and UNITS) and
// Schedule of purchasers (investor, units, asset, paid on; STAKEHOLDERS and CAPITAL RAISED). From the replicas.
import { useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { useModel } from "../../data/hooks.tsx";
import type { AssetDoc, DistributionDoc, HoldingDoc, RoundDoc } from "../../data/models/index.ts";
import { capitalRaised, capTableHoldings, stakeholderSummary } from "../../domain/allocations.ts";
import { formatDate, formatMoney, formatNumber } from "../../domain/format.ts";
import { Card, CardTable, EmptyState, Page, PageHeader, Select, Stat, StatRow, StatusBadge } from "../../ui/index.ts";
import { CAPITALIZATION_TEXT } from "./strings.ts";

type Viewing = "cap-table" | "sop";
const VIEWING = [
  { value: "cap-table", label: CAPITALIZATION_TEXT.capTable },
  { value: "sop", label: CAPITALIZATION_TEXT.scheduleOfPurchasers },
];

interface Payment {
  paidOn?: string;
}

export function CapitalizationPage() {
  const [viewing, setViewing] = useState<Viewing>("cap-table");
  const tableName = viewing === "cap-table" ? CAPITALIZATION_TEXT.capTable : CAPITALIZATION_TEXT.scheduleOfPurchasers;
  const { rows: holdings } = useModel("holdings");
  const { rows: rounds } = useModel("rounds");
  const { rows: assets } = useModel("assets");
  const { rows: distributions } = useModel("distributions");
  const { rows: allocations } = useModel("allocations");
  const rows = useMemo(() => {
    const roundById = new Map((rounds as RoundDoc[]).map((r) => [r.id, r]));
    const assetById = new Map((assets as AssetDoc[]).map((a) => [a.id, a]));
    const distributionById = new Map((distributions as DistributionDoc[]).map((d) => [d.id, d]));
    const owners = new Set(allocations.map((a) => a.ownerId));
    return capTableHoldings(holdings as HoldingDoc[], owners).map((h) => {
      const round = roundById.get(h.roundId);
      const payments = (h.distributionId ? (distributionById.get(h.distributionId)?.payments ?? []) : []) as Payment[];
      const paidOn =
        payments
          .map((p) => p.paidOn ?? "")
          .sort()
          .at(-1) || null;
      return {
        id: h.id,
        investorId: h.investorId,
        investor: h.investor?.name ?? "",
        amount: h.amount,
        purchasePrice: h.purchasePrice ?? round?.price ?? "0",
        asset: (round && assetById.get(round.assetId)?.name) ?? "",
        paidOn: paidOn ?? h.issuedOn ?? null,
      };
    });
  }, [holdings, rounds, assets, distributions, allocations]);
  const summary = stakeholderSummary(rows);

  return (
    <Page>
      <PageHeader
        title={CAPITALIZATION_TEXT.title}
        actions={
          <div className={css({ w: "64" })}>
            <Select
              label={CAPITALIZATION_TEXT.viewing}
              options={VIEWING}
              value={viewing}
              onChange={(v) => setViewing((v as Viewing) ?? "cap-table")}
              name="viewing"
            />
          </div>
        }
      />
      <Card testId="capitalization">
        <StatRow>
          <Stat label={CAPITALIZATION_TEXT.stakeholders} value={summary.stakeholders} testId="cap-stakeholders" />
          {viewing === "cap-table" ? (
            <Stat label={CAPITALIZATION_TEXT.units} value={formatNumber(summary.units)} testId="cap-units" />
          ) : (
            <Stat
              label={CAPITALIZATION_TEXT.capitalRaised}
              value={formatMoney(capitalRaised(rows))}
              testId="cap-raised"
            />
          )}
        </StatRow>
        {rows.length === 0 ? (
          <EmptyState text={CAPITALIZATION_TEXT.empty} />
        ) : (
          <CardTable
            rows={rows}
            label={tableName}
            tableLabel={tableName}
            headers={[
              CAPITALIZATION_TEXT.investor,
              { title: CAPITALIZATION_TEXT.unitsColumn, num: true },
              CAPITALIZATION_TEXT.asset,
              viewing === "cap-table" ? CAPITALIZATION_TEXT.status : CAPITALIZATION_TEXT.paidOn,
            ]}
          >
            {(r) => (
              <tr key={r.id} data-testid="cap-row">
                <td className={css({ fontWeight: "600" })}>{r.investor}</td>
                <td className="num">{formatNumber(r.amount)}</td>
                <td>{r.asset}</td>
                <td>
                  {viewing === "cap-table" ? (
                    <StatusBadge label={CAPITALIZATION_TEXT.issued} />
                  ) : (
                    formatDate(r.paidOn, "MM/DD/YYYY")
                  )}
                </td>
              </tr>
            )}
          </CardTable>
        )}
      </Card>
    </Page>
  );
}
