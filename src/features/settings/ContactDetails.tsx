// The account's contact details in the Account details panel (spec part 1 section 6): email, URL, support email and
// twitter handle, which owners and admins change (updateAccountById, a queued command: it works offline and the
// replica shows the change, marked pending, until the server has it); viewers read them. The server refuses anyone
// else (tests/server/account-settings.test.ts).
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { useForm } from "../../app/use-form.ts";
import { useCommand } from "../../data/hooks.tsx";
import type { PendingMark } from "../../data/pending.ts";
import { Button, Fact, Facts, FormGrid, SyncMark, TextField, toast } from "../../ui/index.ts";
import { SaveOrCancel } from "./SaveOrCancel.tsx";
import { asChecked, checkContactDetails, contactPatch, type ContactDetails as Details } from "./settings-form.ts";
import { SETTINGS_TEXT } from "./strings.ts";

export interface AccountContact {
  id: string;
  name: string;
  email?: string | null;
  url?: string | null;
  supportEmail?: string | null;
  twitterHandle?: string | null;
  slug?: string | null;
  _pending?: PendingMark;
}

const detailsOf = (account: AccountContact): Details => ({
  email: account.email ?? "",
  url: account.url ?? "",
  supportEmail: account.supportEmail ?? "",
  twitterHandle: account.twitterHandle ?? "",
});

export function ContactDetails({
  account,
  vendor,
  canEdit,
}: {
  account: AccountContact;
  vendor: boolean;
  canEdit: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const shown = (
    <Facts columns={3}>
      <Fact label={SETTINGS_TEXT.name}>{account.name}</Fact>
      <Fact label={SETTINGS_TEXT.email} testId="account-email">
        {account.email ?? SETTINGS_TEXT.none}
      </Fact>
      <Fact label={SETTINGS_TEXT.url} testId="account-url">
        {account.url ?? SETTINGS_TEXT.none}
      </Fact>
      <Fact label={SETTINGS_TEXT.supportEmail} testId="account-support-email">
        {account.supportEmail ?? SETTINGS_TEXT.none}
      </Fact>
      <Fact label={SETTINGS_TEXT.twitterHandle}>
        {account.twitterHandle ? `${SETTINGS_TEXT.twitterPrefix}${account.twitterHandle}` : SETTINGS_TEXT.none}
      </Fact>
      {vendor && <Fact label={SETTINGS_TEXT.slug}>{account.slug ?? SETTINGS_TEXT.none}</Fact>}
    </Facts>
  );
  return (
    <>
      {editing ? <ContactForm account={account} onDone={() => setEditing(false)} /> : shown}
      <div className={css({ display: "flex", alignItems: "center", gap: "3", flexWrap: "wrap" })}>
        <SyncMark mark={account._pending} />
        {canEdit && !editing && (
          <Button variant="outline" onClick={() => setEditing(true)}>
            {SETTINGS_TEXT.editContactDetails}
          </Button>
        )}
        {!canEdit && <p className={css({ fontSize: "xs", color: "fg.subtle" })}>{SETTINGS_TEXT.viewersReadOnly}</p>}
      </div>
    </>
  );
}

function ContactForm({ account, onDone }: { account: AccountContact; onDone: () => void }) {
  const command = useCommand();
  const { field, onSubmit } = useForm({
    initial: () => detailsOf(account),
    check: (values: Details) => asChecked(values, checkContactDetails(values)),
    submit: async (values) => {
      const patch = contactPatch(detailsOf(account), values);
      if (Object.keys(patch).length === 0) return;
      await command("updateAccountById", { input: { id: account.id, patch } });
      toast.success(SETTINGS_TEXT.saved);
    },
    onDone,
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="contact-form">
      <FormGrid>
        <TextField label={SETTINGS_TEXT.email} type="email" {...field("email")} />
        <TextField label={SETTINGS_TEXT.url} kind="url" {...field("url")} />
        <TextField label={SETTINGS_TEXT.supportEmail} type="email" {...field("supportEmail")} />
        <TextField label={SETTINGS_TEXT.twitterHandle} {...field("twitterHandle")} />
      </FormGrid>
      <SaveOrCancel onCancel={onDone} />
    </form>
  );
}
