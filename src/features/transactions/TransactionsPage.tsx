// /transactions: every transaction on the device, newest first, each opening /transaction/{id}.
import { useMemo } from "react";
import { css } from "../../../styled-system/css";
import { PathLink } from "../../app/links.tsx";
import { useModel } from "../../data/hooks.tsx";
import { formatDate, formatNumber } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { EmptyState, FramedTable, Loading, Page, PageTitle, tableStyles } from "../../ui/index.ts";
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
      <PageTitle
        parents={[{ display: TRANSACTIONS_TEXT.dashboard, link: "/dashboard" }]}
        title={TRANSACTIONS_TEXT.transactions}
      />
      <Loading loading={transactions.loading || rounds.loading || accounts.loading}>
        {rows.length === 0 ? (
          <EmptyState text={MESSAGES.noneFound} />
        ) : (
          <div className={tableStyles.wrap}>
            <FramedTable
              rows={rows}
              testId="transactions-table"
              rowTestId="transaction-row"
              headers={[
                TRANSACTIONS_TEXT.transaction,
                TRANSACTIONS_TEXT.paidOn,
                TRANSACTIONS_TEXT.round,
                TRANSACTIONS_TEXT.sanctionedBy,
                { title: TRANSACTIONS_TEXT.units, align: "right" },
              ]}
              cells={(transaction) => [
                <PathLink key="id" to={`/transaction/${transaction.id}`}>
                  <span className={css({ fontFamily: "mono" })}>{shortId(transaction.id)}</span>
                </PathLink>,
                formatDate(paidOn(transaction)),
                roundNames.get(transaction.roundId ?? "") ?? TRANSACTIONS_TEXT.none,
                sanctionedBy(transaction.brokerId, accountNames),
                formatNumber(transactionUnits(transaction)),
              ]}
            />
          </div>
        )}
      </Loading>
    </Page>
  );
}
