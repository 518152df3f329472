// Capital management (issuer): the Recent Capital Summary, incoming capital per distribution (committed = units x
// price, expected = committed - paid in; one that came by transfer owes nothing and stays out of the totals) and the
// round's capital deployments.
import { css } from "../../../styled-system/css";
import type { HoldingDoc, RoundDoc } from "../../data/models/index.ts";
import { incomingCapital } from "../../domain/allocations.ts";
import { remainingCapital, totalValue } from "../../domain/capital.ts";
import { sum } from "../../domain/decimal.ts";
import { formatDate, formatMoney, formatNumber } from "../../domain/format.ts";
import { Card, mutedText, ScrollRegion, Stat, StatRow, tableClass } from "../../ui/index.ts";
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
        {incoming.rows.length === 0 ? (
          <p className={mutedText}>{CAPITAL_TEXT.noDistributions}</p>
        ) : (
          <ScrollRegion label={CAPITAL_TEXT.incoming}>
            <table className={tableClass}>
              <thead>
                <tr>
                  <th>{ROUND_TEXT.investor}</th>
                  <th>{ROUND_TEXT.allocation}</th>
                  <th className="num">{ROUND_TEXT.units}</th>
                  <th className="num">{CAPITAL_TEXT.committedColumn}</th>
                  <th className="num">{CAPITAL_TEXT.paidInColumn}</th>
                  <th className="num">{CAPITAL_TEXT.expectedColumn}</th>
                </tr>
              </thead>
              <tbody>
                {incoming.rows.map((r) => {
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
                })}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </Card>
      <Card title={CAPITAL_TEXT.deployments}>
        {deployments.length === 0 ? (
          <p className={mutedText}>{CAPITAL_TEXT.noDeployments}</p>
        ) : (
          <ScrollRegion label={CAPITAL_TEXT.deployments}>
            <table className={tableClass}>
              <thead>
                <tr>
                  <th>{CAPITAL_TEXT.deployedOn}</th>
                  <th>{CAPITAL_TEXT.description}</th>
                  <th className="num">{CAPITAL_TEXT.amount}</th>
                </tr>
              </thead>
              <tbody>
                {deployments.map((d) => (
                  <tr key={d.id}>
                    <td>{formatDate(d.deployedOn ?? null, "MM/DD/YYYY")}</td>
                    <td>{d.description ?? "—"}</td>
                    <td className="num">{formatMoney(d.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </Card>
    </div>
  );
}
