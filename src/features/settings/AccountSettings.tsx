// /settings/account (spec part 1 section 6, "Account details panel"): the selected account's details from the
// accounts replica, editable by owners and admins (ContactDetails.tsx), for investors the SSN last 4, addresses and
// parties (PersonalDetails.tsx), and for issuers and brokers the slug and Default Settings - the vendor default email
// preference (sendDistribution), which owners and admins change (updateVendorDefaultEmailPreferenceById, or
// createVendorDefaultEmailPreference with an id made here when the account has none yet). The change is a queued
// command: it works offline and shows as pending until the server has it.
import { useMemo } from "react";
import { css } from "../../../styled-system/css";
import { useViewer } from "../../app/viewer.ts";
import { useCommand, useDocument } from "../../data/hooks.tsx";
import { usePending } from "../../data/pending-hooks.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { Card, EmptyState, Loading, Switch, SyncMark } from "../../ui/index.ts";
import { QuestionSetsLink } from "../questions/index.ts";
import { ContactDetails } from "./ContactDetails.tsx";
import { LogoSettings } from "./LogoSettings.tsx";
import { PersonalDetails } from "./PersonalDetails.tsx";
import { SETTINGS_TEXT } from "./strings.ts";

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
  const entries = usePending("account.mailPreference");
  // The newest queued change of this account's preference wins over the replica until the server answers.
  const queued = useMemo(
    () => entries.filter((e) => e.command.accountId === accountId && e.mark.status !== "accepted").at(-1),
    [entries, accountId],
  );
  const queuedValue = (queued?.patch ?? queued?.row)?.sendDistribution as boolean | undefined;
  const id = stored?.id ?? queued?.id;
  const value =
    queued?.mark.status === "pending" && queuedValue !== undefined ? queuedValue : (stored?.sendDistribution ?? true);

  const change = (next: boolean) =>
    id
      ? command("updateVendorDefaultEmailPreferenceById", { input: { id, patch: { sendDistribution: next } } })
      : command("createVendorDefaultEmailPreference", {
          input: { vendorDefaultEmailPreference: { id: crypto.randomUUID(), accountId, sendDistribution: next } },
        });

  const mark = queued?.mark;

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
