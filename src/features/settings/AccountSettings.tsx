// /settings/account (spec part 1 section 6, "Account details panel"): the selected account's details from the
// accounts replica, editable by owners and admins (ContactDetails.tsx), for investors the SSN last 4, addresses and
// parties (PersonalDetails.tsx), and for issuers and brokers the slug and Default Settings - the vendor default email
// preference (sendDistribution), which owners and admins change (updateVendorDefaultEmailPreferenceById, or
// createVendorDefaultEmailPreference with an id made here when the account has none yet). The change is a queued
// command: it works offline and shows as pending until the server has it.
import { useMemo } from "react";
import { css } from "../../../styled-system/css";
import { useViewer } from "../../app/viewer.ts";
import { useCommand, useDocument, useOutbox } from "../../data/hooks.tsx";
import { MESSAGES } from "../../domain/messages.ts";
import { Card, EmptyState, Loading, Switch, SyncMark } from "../../ui/index.ts";
import { QuestionSetsLink } from "../questions/index.ts";
import { ContactDetails } from "./ContactDetails.tsx";
import { LogoSettings } from "./LogoSettings.tsx";
import { PersonalDetails } from "./PersonalDetails.tsx";
import { SETTINGS_TEXT } from "./strings.ts";

const UPDATE = "updateVendorDefaultEmailPreferenceById";
const CREATE = "createVendorDefaultEmailPreference";

interface Preference {
  id: string;
  sendDistribution: boolean;
}

export function AccountSettings() {
  const { session, canWrite: canEdit } = useViewer();
  const accountId = session.account?.id;
  const account = useDocument("accounts", accountId);
  const type = session.account?.type;
  const vendor = type === "issuer" || type === "broker";
  const details = account as
    | (typeof account & {
        twitterHandle?: string | null;
        taxShort?: string | null;
        logoUrl?: string | null;
        logoLink?: string | null;
        vendorDefaultEmailPreference?: Preference | null;
      })
    | null
    | undefined;

  return (
    <Loading loading={account === undefined}>
      {!details ? (
        <EmptyState text={MESSAGES.noneFound} />
      ) : (
        <div className={css({ display: "flex", flexDirection: "column", gap: "6" })}>
          <Card title={SETTINGS_TEXT.accountDetails} testId="account-details">
            <ContactDetails account={details} vendor={vendor} canEdit={canEdit} />
          </Card>
          <LogoSettings account={details} canEdit={canEdit} />
          {type === "investor" && accountId && (
            <PersonalDetails accountId={accountId} taxShort={details.taxShort ?? null} canEdit={canEdit} />
          )}
          {vendor && accountId && (
            <EmailPreference
              accountId={accountId}
              stored={details.vendorDefaultEmailPreference ?? null}
              canEdit={canEdit}
            />
          )}
          {vendor && <QuestionSetsLink />}
        </div>
      )}
    </Loading>
  );
}

function EmailPreference({
  accountId,
  stored,
  canEdit,
}: {
  accountId: string;
  stored: Preference | null;
  canEdit: boolean;
}) {
  const command = useCommand();
  const { rows } = useOutbox();
  // The newest queued change of this account's preference wins over the replica until the server answers.
  const queued = useMemo(
    () =>
      rows
        .filter(
          (c) =>
            (c.mutation === UPDATE || c.mutation === CREATE) && c.accountId === accountId && c.status !== "accepted",
        )
        .at(-1),
    [rows, accountId],
  );
  const queuedInput = queued?.variables as
    | { input?: { id?: string; patch?: { sendDistribution?: boolean }; vendorDefaultEmailPreference?: Preference } }
    | undefined;
  const queuedValue =
    queuedInput?.input?.patch?.sendDistribution ?? queuedInput?.input?.vendorDefaultEmailPreference?.sendDistribution;
  const id = stored?.id ?? queuedInput?.input?.vendorDefaultEmailPreference?.id ?? queuedInput?.input?.id;
  const value =
    queued?.status === "pending" && queuedValue !== undefined ? queuedValue : (stored?.sendDistribution ?? true);

  const change = (next: boolean) =>
    id
      ? command(UPDATE, { input: { id, patch: { sendDistribution: next } } })
      : command(CREATE, {
          input: { vendorDefaultEmailPreference: { id: crypto.randomUUID(), accountId, sendDistribution: next } },
        });

  const mark = queued
    ? {
        key: queued.id,
        mutation: queued.mutation,
        status: queued.status as "pending" | "rejected",
        errorCode: queued.errorCode,
        errorMessage: queued.errorMessage,
      }
    : undefined;

  return (
    <Card title={SETTINGS_TEXT.defaultSettings} testId="default-settings">
      <div
        className={css({
          display: "flex",
          alignItems: "center",
          justifyContent: "space-between",
          gap: "4",
          flexWrap: "wrap",
        })}
      >
        <div>
          <p className={css({ fontSize: "sm", fontWeight: "600" })}>{SETTINGS_TEXT.emailNotifications}</p>
          <p className={css({ fontSize: "sm", color: "fg.muted" })}>{SETTINGS_TEXT.emailNotificationsHint}</p>
        </div>
        <div className={css({ display: "flex", alignItems: "center", gap: "3" })}>
          <SyncMark mark={mark} />
          <Switch checked={value} onChange={change} disabled={!canEdit}>
            {SETTINGS_TEXT.sendDistributionEmails}
          </Switch>
        </div>
      </div>
      {!canEdit && <p className={css({ fontSize: "xs", color: "fg.subtle" })}>{SETTINGS_TEXT.ownersAndAdminsOnly}</p>}
    </Card>
  );
}
