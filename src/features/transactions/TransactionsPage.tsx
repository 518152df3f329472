// /transactions: every transaction on the device, newest first, each opening /transaction/{id}.
import { useMemo } from "react";
import { css } from "../../../styled-system/css";
import { PathLink } from "../../app/links.tsx";
import { useModel } from "../../data/hooks.tsx";
import { formatDate, formatNumber } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { Breadcrumb, EmptyState, Loading, Page, PageHeader, tableStyles } from "../../ui/index.ts";
import { transactionUnits } from "../dashboard/index.ts";
import { paidOn, sanctionedBy, shortId } from "./ledger.ts";
import { TRANSACTIONS_TEXT } from "./strings.ts";

export function TransactionsPage() {
  const transactions = useModel("transactions");
  const rounds = useModel("rounds");
  const accounts = useModel("accounts");
  const roundNames = useMemo(() => new Map(rounds.rows.map((round) => [round.id, round.name])), [rounds.rows]);
  const accountNames = useMemo(
    () => new Map(accounts.rows.map((account) => [account.id, account.name])),
    [accounts.rows],
  );
  const rows = useMemo(
    () =>
      [...transactions.rows].sort(
        (a, b) => paidOn(b).localeCompare(paidOn(a)) || b.createdOn.localeCompare(a.createdOn),
      ),
    [transactions.rows],
  );
  return (
    <Page>
      <Breadcrumb
        items={[
          { display: TRANSACTIONS_TEXT.dashboard, link: "/dashboard" },
          { display: TRANSACTIONS_TEXT.transactions, active: true },
        ]}
      />
      <PageHeader title={TRANSACTIONS_TEXT.transactions} />
      <Loading loading={transactions.loading || rounds.loading || accounts.loading}>
        {rows.length === 0 ? (
          <EmptyState text={MESSAGES.noneFound} />
        ) : (
          <div className={tableStyles.wrap}>
            <table className={tableStyles.table} data-testid="transactions-table">
              <thead>
                <tr>
                  <th className={tableStyles.th}>{TRANSACTIONS_TEXT.transaction}</th>
                  <th className={tableStyles.th}>{TRANSACTIONS_TEXT.paidOn}</th>
                  <th className={tableStyles.th}>{TRANSACTIONS_TEXT.round}</th>
                  <th className={tableStyles.th}>{TRANSACTIONS_TEXT.sanctionedBy}</th>
                  <th className={tableStyles.th} style={{ textAlign: "right" }}>
                    {TRANSACTIONS_TEXT.units}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((transaction) => (
                  <tr key={transaction.id} data-testid="transaction-row">
                    <td className={tableStyles.td}>
                      <PathLink to={`/transaction/${transaction.id}`}>
                        <span className={css({ fontFamily: "mono" })}>{shortId(transaction.id)}</span>
                      </PathLink>
                    </td>
                    <td className={tableStyles.td}>{formatDate(paidOn(transaction))}</td>
                    <td className={tableStyles.td}>
                      {roundNames.get(transaction.roundId ?? "") ?? TRANSACTIONS_TEXT.none}
                    </td>
                    <td className={tableStyles.td}>{sanctionedBy(transaction.brokerId, accountNames)}</td>
                    <td className={tableStyles.td} style={{ textAlign: "right", fontVariantNumeric: "tabular-nums" }}>
                      {formatNumber(transactionUnits(transaction))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Loading>
    </Page>
  );
}
