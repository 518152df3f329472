// /investor/{id} (brokers, issuers, investors): the investor account and its holdings on this device, grouped by
// asset, each asset with its Proof of Issuance (the Investors popup, this investor preselected). From the replicas.
import { useMemo } from "react";
import { css } from "../../../styled-system/css";
import { useDocument, useModel } from "../../data/hooks.tsx";
import { isPositive, parseDecimal } from "../../domain/decimal.ts";
import { formatDate, formatNumber } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { Card, EmptyState, Fact, Facts, FramedTable, Loading, Page, PageHeader } from "../../ui/index.ts";
import { ProofOfIssuanceButton } from "../proof-of-issuance/index.ts";
import { ACCOUNTS_TEXT } from "./strings.ts";

export function InvestorPage({ investorId }: { investorId: string }) {
  const account = useDocument("accounts", investorId);
  const holdings = useModel("holdings");
  const rounds = useModel("rounds");
  const assets = useModel("assets");

  const groups = useMemo(() => {
    const roundById = new Map(rounds.rows.map((round) => [round.id, round]));
    const byAsset = new Map<
      string,
      {
        assetId: string;
        name: string;
        type: string;
        rows: { id: string; round: string; issuedOn: string; amount: string }[];
      }
    >();
    for (const holding of holdings.rows) {
      const amount = parseDecimal(holding.amount);
      if (holding.investorId !== investorId || !amount || !isPositive(amount)) continue;
      const round = roundById.get(holding.roundId);
      const asset = round ? assets.rows.find((a) => a.id === round.assetId) : undefined;
      if (!round || !asset) continue;
      const group = byAsset.get(asset.id) ?? { assetId: asset.id, name: asset.name, type: asset.type, rows: [] };
      group.rows.push({
        id: holding.id,
        round: round.name,
        issuedOn: holding.issuedOn ?? holding.createdOn,
        amount: holding.amount,
      });
      byAsset.set(asset.id, group);
    }
    return [...byAsset.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [holdings.rows, rounds.rows, assets.rows, investorId]);

  return (
    <Page maxWidth="72rem">
      <Loading loading={account === undefined || holdings.loading || rounds.loading || assets.loading}>
        {!account ? (
          <EmptyState text={MESSAGES.noneFound} />
        ) : (
          <div className={css({ display: "flex", flexDirection: "column", gap: "6" })}>
            <PageHeader title={account.name} />
            <Card>
              <Facts columns={4}>
                <Fact label={ACCOUNTS_TEXT.contactName}>{account.contactName ?? "—"}</Fact>
                <Fact label={ACCOUNTS_TEXT.email}>{account.email ?? "—"}</Fact>
                <Fact label={ACCOUNTS_TEXT.investorType}>{account.investorType ?? "—"}</Fact>
                <Fact label={ACCOUNTS_TEXT.setup}>
                  {account.setup ? ACCOUNTS_TEXT.complete : ACCOUNTS_TEXT.notDone}
                </Fact>
              </Facts>
            </Card>
            <h2 className={css({ fontSize: "lg", fontWeight: "700" })}>{ACCOUNTS_TEXT.holdings}</h2>
            {groups.length === 0 ? (
              <EmptyState text={MESSAGES.noHoldings} />
            ) : (
              groups.map((group) => (
                <Card
                  key={group.assetId}
                  testId="investor-asset"
                  title={group.name}
                  actions={<ProofOfIssuanceButton assetId={group.assetId} preselect={[investorId]} />}
                >
                  <FramedTable
                    headers={[
                      ACCOUNTS_TEXT.round,
                      ACCOUNTS_TEXT.issuedOn,
                      { title: ACCOUNTS_TEXT.units, align: "right" },
                    ]}
                    rows={group.rows}
                    cells={(row) => [row.round, formatDate(row.issuedOn), formatNumber(row.amount)]}
                  />
                </Card>
              ))
            )}
          </div>
        )}
      </Loading>
    </Page>
  );
}
