// /distributors for issuers: the brokers on the device, with how many of this issuer's round invitations each one
// accepted; each opens /distributor/{id}.
import { useMemo } from "react";
import { css } from "../../../styled-system/css";
import { PathLink } from "../../app/links.tsx";
import { useViewer } from "../../app/viewer.ts";
import { useModel } from "../../data/hooks.tsx";
import { MESSAGES } from "../../domain/messages.ts";
import { EmptyState, Loading, Page, PageHeader, ScrollRegion, tableStyles } from "../../ui/index.ts";
import { ACCOUNTS_TEXT } from "./strings.ts";

export function DistributorsPage() {
  const { session } = useViewer();
  const accounts = useModel("accounts");
  const invitations = useModel("broker_allocations");
  const brokers = useMemo(
    () =>
      accounts.rows
        .filter((account) => account.type === "broker" && account.id !== session.account?.id)
        .sort((a, b) => a.name.localeCompare(b.name)),
    [accounts.rows, session.account?.id],
  );
  return (
    <Page>
      <PageHeader title={ACCOUNTS_TEXT.distributors} />
      <Loading loading={accounts.loading || invitations.loading}>
        {brokers.length === 0 ? (
          <EmptyState text={MESSAGES.noneFound} />
        ) : (
          <ScrollRegion label={ACCOUNTS_TEXT.distributors} className={tableStyles.wrap}>
            <table className={tableStyles.table} data-testid="distributors-table">
              <thead>
                <tr>
                  <th className={tableStyles.th}>{ACCOUNTS_TEXT.name}</th>
                  <th className={tableStyles.th}>{ACCOUNTS_TEXT.email}</th>
                  <th className={tableStyles.th}>{ACCOUNTS_TEXT.roundInvitations}</th>
                </tr>
              </thead>
              <tbody>
                {brokers.map((broker) => {
                  const mine = invitations.rows.filter((invitation) => invitation.brokerId === broker.id);
                  const accepted = mine.filter((invitation) => invitation.status === "accepted").length;
                  return (
                    <tr key={broker.id} data-testid="distributor-row">
                      <td className={tableStyles.td}>
                        <PathLink to={`/distributor/${broker.id}`}>{broker.name}</PathLink>
                      </td>
                      <td className={tableStyles.td}>{broker.email ?? ""}</td>
                      <td className={tableStyles.td}>
                        {mine.length === 0 ? (
                          <span className={css({ color: "fg.subtle" })}>{ACCOUNTS_TEXT.none}</span>
                        ) : (
                          ACCOUNTS_TEXT.acceptedOf(accepted, mine.length)
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </Loading>
    </Page>
  );
}
