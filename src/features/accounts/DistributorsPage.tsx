// /distributors for issuers: the brokers on the device, with how many of this issuer's round invitations each one
// accepted; each opens /distributor/{id}.
import { useMemo } from "react";
import { css } from "../../../styled-system/css";
import { PathLink } from "../../app/links.tsx";
import { useViewer } from "../../app/viewer.ts";
import { useModel } from "../../data/hooks.tsx";
import { MESSAGES } from "../../domain/messages.ts";
import { FramedTable, Loading, Page, PageHeader } from "../../ui/index.ts";
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
        <FramedTable
          label={ACCOUNTS_TEXT.distributors}
          framed
          empty={MESSAGES.noneFound}
          testId="distributors-table"
          headers={[ACCOUNTS_TEXT.name, ACCOUNTS_TEXT.email, ACCOUNTS_TEXT.roundInvitations]}
          rows={brokers}
          rowTestId="distributor-row"
          cells={(broker) => {
            const mine = invitations.rows.filter((invitation) => invitation.brokerId === broker.id);
            const accepted = mine.filter((invitation) => invitation.status === "accepted").length;
            return [
              <PathLink key="name" to={`/distributor/${broker.id}`}>
                {broker.name}
              </PathLink>,
              broker.email ?? "",
              mine.length === 0 ? (
                <span key="none" className={css({ color: "fg.subtle" })}>
                  {ACCOUNTS_TEXT.none}
                </span>
              ) : (
                ACCOUNTS_TEXT.acceptedOf(accepted, mine.length)
              ),
            ];
          }}
        />
      </Loading>
    </Page>
  );
}
