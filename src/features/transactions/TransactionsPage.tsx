// /transactions: every transaction on the device, newest first, each opening /transaction/{id}.
import { useMemo } from "react";
import { css } from "../../../styled-system/css";
import { useModel } from "../../data/hooks.tsx";
import { formatDate, formatNumber } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { Breadcrumb, EmptyState, Loading, Page, PageHeader, tableStyles } from "../../ui/index.ts";
import { PathLink } from "../accounts/links.tsx";
import { transactionUnits } from "../dashboard/summary.ts";
import { paidOn, sanctionedBy, shortId } from "./ledger.ts";

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
          { display: "Dashboard", link: "/dashboard" },
          { display: "Transactions", active: true },
        ]}
      />
      <PageHeader title="Transactions" />
      <Loading loading={transactions.loading || rounds.loading || accounts.loading}>
        {rows.length === 0 ? (
          <EmptyState text={MESSAGES.noneFound} />
        ) : (
          <div className={tableStyles.wrap}>
            <table className={tableStyles.table} data-testid="transactions-table">
              <thead>
                <tr>
                  <th className={tableStyles.th}>Transaction</th>
                  <th className={tableStyles.th}>Paid on</th>
                  <th className={tableStyles.th}>Round</th>
                  <th className={tableStyles.th}>Sanctioned by</th>
                  <th className={tableStyles.th} style={{ textAlign: "right" }}>
                    Units
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
                    <td className={tableStyles.td}>{roundNames.get(transaction.roundId ?? "") ?? "—"}</td>
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
