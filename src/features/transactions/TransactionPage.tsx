// /transaction/{id} (spec part 1 section 2.12): breadcrumb Dashboard > Transactions > shortened id, "SANCTIONED BY"
// (the broker's name or "Unknown"), the id, and the ledger entries 3 per row, each linking to its account's page.
import { useMemo } from "react";
import { css } from "../../../styled-system/css";
import { accountPath, PathLink } from "../../app/links.tsx";
import { useDocument, useModel } from "../../data/hooks.tsx";
import { formatDate, formatNumber } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { Breadcrumb, Card, CardGrid, EmptyState, Fact, Facts, Loading, Page, PageHeader } from "../../ui/index.ts";
import { ledgerEntries, paidOn, sanctionedBy, shortId } from "./ledger.ts";
import { TRANSACTIONS_TEXT } from "./strings.ts";

export function TransactionPage({ transactionId }: { transactionId: string }) {
  const transaction = useDocument("transactions", transactionId);
  const accounts = useModel("accounts");
  const rounds = useModel("rounds");
  const accountById = useMemo(() => new Map(accounts.rows.map((account) => [account.id, account])), [accounts.rows]);
  const accountNames = useMemo(
    () => new Map(accounts.rows.map((account) => [account.id, account.name])),
    [accounts.rows],
  );
  const round = transaction?.roundId ? rounds.rows.find((row) => row.id === transaction.roundId) : undefined;

  return (
    <Page>
      <Breadcrumb
        items={[
          { display: TRANSACTIONS_TEXT.dashboard, link: "/dashboard" },
          { display: TRANSACTIONS_TEXT.transactions, link: "/transactions" },
          { display: shortId(transactionId), active: true },
        ]}
      />
      {/* The heading shows while loading and when the transaction is not found too (one h1 on every screen). */}
      <PageHeader title={round ? TRANSACTIONS_TEXT.issuance(round.name) : TRANSACTIONS_TEXT.transaction} />
      <Loading loading={transaction === undefined || accounts.loading}>
        {!transaction ? (
          <EmptyState text={MESSAGES.noneFound} />
        ) : (
          <>
            <Card>
              <Facts columns={3}>
                <Fact label={TRANSACTIONS_TEXT.sanctionedByLabel} testId="sanctioned-by">
                  {sanctionedBy(transaction.brokerId, accountNames)}
                </Fact>
                <Fact label={TRANSACTIONS_TEXT.transactionIdLabel} testId="transaction-id">
                  {/* the spec's reference number, quoted to support: an identifier on purpose (data-identifier) */}
                  <span data-identifier className={css({ fontFamily: "mono", fontSize: "xs" })}>
                    {transaction.id}
                  </span>
                </Fact>
                <Fact label={TRANSACTIONS_TEXT.paidOnLabel}>{formatDate(paidOn(transaction))}</Fact>
              </Facts>
            </Card>
            <h2 className={css({ fontSize: "lg", fontWeight: "700", mt: "8", mb: "4" })}>
              {TRANSACTIONS_TEXT.ledgerEntries}
            </h2>
            <CardGrid columns={3} testId="ledger-entries">
              {ledgerEntries(transaction).map((entry) => {
                const account = entry.investorId ? accountById.get(entry.investorId) : undefined;
                const path = entry.investorId ? accountPath(account?.type ?? "investor", entry.investorId) : null;
                return (
                  <Card key={entry.id} testId="ledger-entry">
                    <dl className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
                      <Fact label={TRANSACTIONS_TEXT.account}>
                        {path ? (
                          <PathLink to={path}>{account?.name ?? shortId(entry.investorId ?? "")}</PathLink>
                        ) : (
                          TRANSACTIONS_TEXT.unknown
                        )}
                      </Fact>
                      <Fact label={TRANSACTIONS_TEXT.units}>
                        <span className={css({ fontWeight: "700", fontVariantNumeric: "tabular-nums" })}>
                          {formatNumber(entry.amount)}
                        </span>
                      </Fact>
                      <Fact label={TRANSACTIONS_TEXT.recorded}>{formatDate(entry.createdOn)}</Fact>
                    </dl>
                  </Card>
                );
              })}
            </CardGrid>
          </>
        )}
      </Loading>
    </Page>
  );
}
