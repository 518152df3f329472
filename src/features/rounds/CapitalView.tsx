// Capital management (issuer): the Recent Capital Summary, incoming capital per distribution (committed = units x
// price, expected = committed - paid in; one that came by transfer owes nothing and stays out of the totals) and the
// round's capital deployments.
import { css } from "../../../styled-system/css";
import type { HoldingDoc, RoundDoc } from "../../data/models/index.ts";
import { incomingCapital } from "../../domain/allocations.ts";
import { remainingCapital, totalValue } from "../../domain/capital.ts";
import { sum } from "../../domain/decimal.ts";
import { formatDate, formatMoney, formatNumber } from "../../domain/format.ts";
import { Card, CardTable, Stat, StatRow } from "../../ui/index.ts";
import { ByTransferMark, type Distribution } from "../allocations/index.ts";
import { CAPITAL_TEXT, ROUND_TEXT } from "./strings.ts";

interface Deployment {
  id: string;
  amount: string;
  deployedOn?: string;
  description?: string | null;
}

/** Holdings value of the round (units x purchase price) and what remains after capital deployments. */
function capitalSummary(round: RoundDoc, holdings: HoldingDoc[]) {
  const deployments = (round.capitalDeployments ?? []) as Deployment[];
  const holdingsValue = sum(holdings.map((h) => totalValue(h.amount, h.purchasePrice ?? round.price ?? "0")));
  return {
    holdingsValue,
    deployed: sum(deployments.map((d) => totalValue(d.amount, "1"))),
    remaining: remainingCapital(
      holdingsValue,
      deployments.map((d) => d.amount),
    ),
    deployments,
  };
}

export function CapitalSummaryCard({ round, holdings }: { round: RoundDoc; holdings: HoldingDoc[] }) {
  const s = capitalSummary(round, holdings);
  return (
    <Card title={CAPITAL_TEXT.recentSummary} testId="capital-summary">
      <StatRow>
        <Stat label={CAPITAL_TEXT.holdings} value={formatMoney(s.holdingsValue)} />
        <Stat label={CAPITAL_TEXT.deployed} value={formatMoney(s.deployed)} />
        <Stat label={CAPITAL_TEXT.remaining} value={formatMoney(s.remaining)} testId="capital-remaining" />
      </StatRow>
    </Card>
  );
}

export function CapitalView({
  round,
  holdings,
  distributions,
}: {
  round: RoundDoc;
  holdings: HoldingDoc[];
  distributions: Distribution[];
}) {
  const incoming = incomingCapital(distributions, round.price ?? "0");
  const byId = new Map(distributions.map((d) => [d.id, d]));
  const { deployments } = capitalSummary(round, holdings);
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "5" })}>
      <CapitalSummaryCard round={round} holdings={holdings} />
      <Card title={CAPITAL_TEXT.incoming} testId="incoming-capital">
        <StatRow>
          <Stat label={CAPITAL_TEXT.committed} value={formatMoney(incoming.committed)} testId="incoming-committed" />
          <Stat label={CAPITAL_TEXT.paidIn} value={formatMoney(incoming.paidIn)} testId="incoming-paid" />
          <Stat label={CAPITAL_TEXT.expected} value={formatMoney(incoming.expected)} testId="incoming-expected" />
        </StatRow>
        <CardTable
          rows={incoming.rows}
          empty={CAPITAL_TEXT.noDistributions}
          label={CAPITAL_TEXT.incoming}
          headers={[
            ROUND_TEXT.investor,
            ROUND_TEXT.allocation,
            { title: ROUND_TEXT.units, num: true },
            { title: CAPITAL_TEXT.committedColumn, num: true },
            { title: CAPITAL_TEXT.paidInColumn, num: true },
            { title: CAPITAL_TEXT.expectedColumn, num: true },
          ]}
        >
          {(r) => {
            const d = byId.get(r.id);
            return (
              <tr key={r.id}>
                <td>
                  {d?.investor?.name ?? d?.name}
                  {r.byTransfer && <ByTransferMark />}
                </td>
                <td>{d?.allocation?.name}</td>
                <td className="num">{formatNumber(r.units)}</td>
                <td className="num">{r.byTransfer ? ROUND_TEXT.none : formatMoney(r.committed)}</td>
                <td className="num">{formatMoney(r.paidIn)}</td>
                <td className="num">{r.byTransfer ? ROUND_TEXT.none : formatMoney(r.expected)}</td>
              </tr>
            );
          }}
        </CardTable>
      </Card>
      <Card title={CAPITAL_TEXT.deployments}>
        <CardTable
          rows={deployments}
          empty={CAPITAL_TEXT.noDeployments}
          label={CAPITAL_TEXT.deployments}
          headers={[CAPITAL_TEXT.deployedOn, CAPITAL_TEXT.description, { title: CAPITAL_TEXT.amount, num: true }]}
        >
          {(d) => (
            <tr key={d.id}>
              <td>{formatDate(d.deployedOn ?? null, "MM/DD/YYYY")}</td>
              <td>{d.description ?? "—"}</td>
              <td className="num">{formatMoney(d.amount)}</td>
            </tr>
          )}
        </CardTable>
      </Card>
    </div>
  );
}
