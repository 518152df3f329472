// /issuers for brokers (spec part 1 section 2.12): "Invitations to manage round" - one card per round, 3 per row,
// reading "N of M accepted", with Accept and Reject on invitations still sent (updateBrokerAllocationById) - and
// "Fully managed accounts", the issuer accounts this broker created (makeIssuerAccount). All from the replicas;
// answers and new accounts are queued commands, so both work offline.
import { type FormEvent, useMemo, useState } from "react";
import { css, cx } from "../../../styled-system/css";
import { badge } from "../../../styled-system/recipes";
import { PathLink } from "../../app/links.tsx";
import { useFormValues } from "../../app/use-form-values.ts";
import { useViewer } from "../../app/viewer.ts";
import { useCommand, useModel } from "../../data/hooks.tsx";
import type { BrokerAllocationDoc } from "../../data/models/index.ts";
import type { WithPending } from "../../data/pending.ts";
import { formatDate, formatNumber } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import {
  Button,
  Card,
  CardGrid,
  EmptyState,
  FramedTable,
  Loading,
  Page,
  PageHeader,
  SyncMark,
  TextField,
} from "../../ui/index.ts";
import { checkManagedAccount, invitationGroups, type ManagedAccountErrors } from "./managed.ts";
import { ACCOUNTS_TEXT } from "./strings.ts";

export function IssuersPage() {
  const { session, canWrite } = useViewer();
  const invitations = useModel("broker_allocations");
  const rounds = useModel("rounds");
  const assets = useModel("assets");
  const accounts = useModel("accounts");
  const loading = invitations.loading || rounds.loading || assets.loading || accounts.loading;

  const groups = useMemo(
    () =>
      invitationGroups(
        invitations.rows.filter((row) => row.brokerId === session.account?.id),
        rounds.rows,
        assets.rows,
        accounts.rows,
      ),
    [invitations.rows, rounds.rows, assets.rows, accounts.rows, session.account?.id],
  );
  const managed = useMemo(
    () =>
      accounts.rows
        .filter((account) => {
          const row = account as typeof account & { managedBy?: string | null };
          return row.managedBy === session.account?.id || account._pending?.created === true;
        })
        .sort((a, b) => a.name.localeCompare(b.name)),
    [accounts.rows, session.account?.id],
  );

  return (
    <Page>
      <PageHeader title={ACCOUNTS_TEXT.issuers} />
      <Loading loading={loading}>
        <section className={css({ mb: "10" })}>
          <h2 className={css({ fontSize: "lg", fontWeight: "700", mb: "4" })}>
            {ACCOUNTS_TEXT.invitationsToManageRound}
          </h2>
          {groups.length === 0 ? (
            <EmptyState text={MESSAGES.noneFound} />
          ) : (
            <CardGrid columns={3} testId="invitation-cards">
              {groups.map((group) => (
                <Card
                  key={group.roundId}
                  testId="invitation-card"
                  title={group.roundName}
                  actions={
                    <span
                      className={cx(
                        badge({ tone: group.accepted > 0 ? "success" : "neutral" }),
                        css({ textTransform: "none" }),
                      )}
                      data-testid="accepted-count"
                    >
                      {ACCOUNTS_TEXT.acceptedOf(group.accepted, group.total)}
                    </span>
                  }
                >
                  <p className={css({ fontSize: "sm", color: "fg.muted", mt: "-2" })}>
                    {group.issuerName}
                    {group.assetName ? ` · ${group.assetName}` : ""}
                  </p>
                  <ul className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
                    {group.invitations.map((invitation) => (
                      <Invitation key={invitation.id} invitation={invitation} canWrite={canWrite} />
                    ))}
                  </ul>
                </Card>
              ))}
            </CardGrid>
          )}
        </section>
        <section>
          <h2 className={css({ fontSize: "lg", fontWeight: "700", mb: "4" })}>{ACCOUNTS_TEXT.fullyManagedAccounts}</h2>
          <div
            className={css({
              display: "grid",
              gap: "6",
              gridTemplateColumns: { base: "1fr", lg: "2fr 1fr" },
              alignItems: "start",
            })}
          >
            <FramedTable
              label={ACCOUNTS_TEXT.fullyManagedAccounts}
              framed
              empty={MESSAGES.noneFound}
              testId="managed-accounts"
              headers={[ACCOUNTS_TEXT.name, ACCOUNTS_TEXT.email, ACCOUNTS_TEXT.created]}
              rows={managed}
              rowTestId="managed-account"
              cells={(account) => [
                <span key="name" className={css({ display: "inline-flex", gap: "2", alignItems: "center" })}>
                  {account._pending ? account.name : <PathLink to={`/issuer/${account.id}`}>{account.name}</PathLink>}
                  <SyncMark mark={account._pending} />
                </span>,
                account.email,
                formatDate((account as { managedOn?: string }).managedOn ?? account.createdOn),
              ]}
            />
            <NewManagedAccount disabled={!canWrite} />
          </div>
        </section>
      </Loading>
    </Page>
  );
}

function Invitation({ invitation, canWrite }: { invitation: WithPending<BrokerAllocationDoc>; canWrite: boolean }) {
  const command = useCommand();
  const answer = (status: "accepted" | "rejected") =>
    command("updateBrokerAllocationById", { input: { id: invitation.id, patch: { status } } });
  return (
    <li
      data-testid="invitation"
      data-status={invitation.status}
      className={css({
        display: "flex",
        flexDirection: "column",
        gap: "2",
        p: "3",
        borderRadius: "md",
        bg: "bg.subtle",
        borderWidth: "1px",
        borderColor: "border.default",
      })}
    >
      <div className={css({ display: "flex", justifyContent: "space-between", gap: "2", alignItems: "center" })}>
        <span className={css({ fontWeight: "600", fontSize: "sm" })}>
          {invitation.name || ACCOUNTS_TEXT.invitationFallback}
        </span>
        <span
          className={badge({
            tone: invitation.status === "accepted" ? "success" : invitation.status === "rejected" ? "danger" : "brand",
          })}
        >
          {invitation.status}
        </span>
      </div>
      <span className={css({ fontSize: "xs", color: "fg.muted" })}>
        {ACCOUNTS_TEXT.unitsToManage(formatNumber(invitation.managedUnits))}
      </span>
      <SyncMark mark={invitation._pending} />
      {invitation.status === "sent" && (
        <div className={css({ display: "flex", gap: "2" })}>
          <Button size="sm" onClick={() => answer("accepted")} disabled={!canWrite}>
            {ACCOUNTS_TEXT.acceptInvitation}
          </Button>
          <Button size="sm" variant="outline" onClick={() => answer("rejected")} disabled={!canWrite}>
            {ACCOUNTS_TEXT.rejectInvitation}
          </Button>
        </div>
      )}
    </li>
  );
}

function NewManagedAccount({ disabled }: { disabled: boolean }) {
  const command = useCommand();
  const [errors, setErrors] = useState<ManagedAccountErrors>({});
  const { values, field, reset } = useFormValues({ name: "", email: "" }, errors);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkManagedAccount(values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    await command("makeIssuerAccount", {
      input: { id: crypto.randomUUID(), companyName: checked.value.name, companyEmail: checked.value.email },
    });
    reset();
  }

  return (
    <Card title={ACCOUNTS_TEXT.newManagedAccount} testId="new-managed-account">
      <form onSubmit={submit} noValidate className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
        <TextField label={ACCOUNTS_TEXT.name} {...field("name")} name="companyName" disabled={disabled} />
        <TextField
          label={ACCOUNTS_TEXT.email}
          {...field("email")}
          name="companyEmail"
          type="email"
          disabled={disabled}
        />
        <Button type="submit" disabled={disabled}>
          {ACCOUNTS_TEXT.createAccount}
        </Button>
      </form>
    </Card>
  );
}
