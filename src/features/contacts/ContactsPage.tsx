// /contacts (spec part 1 section 2.10): the account's contacts from the local replica, with queued changes shown as
// pending. Issuer and broker owners and admins add contacts, edit rows in place and import a CSV file; viewers,
// agents, ats and admin accounts only read (the server refuses them too).
import { useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { useViewer } from "../../app/viewer.ts";
import { useLocalData, useModel } from "../../data/hooks.tsx";
import { canEditContacts, contactRow } from "../../domain/contacts.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { Button, Loading, Page, PageHeader } from "../../ui/index.ts";
import { ContactDialog, type ContactDraft } from "./ContactDialog.tsx";
import { type ContactListRow, ContactsTable } from "./ContactsTable.tsx";
import { ImportContactsDialog } from "./ImportContactsDialog.tsx";
import { ImportStatus } from "./ImportStatus.tsx";
import { CONTACTS_TEXT } from "./strings.ts";

export function ContactsPage() {
  const { session } = useViewer();
  const canEdit = canEditContacts(session.account?.type, session.userAccount?.role);
  const { rows, loading } = useModel("customers");
  const data = useLocalData();
  const [adding, setAdding] = useState<ContactDraft | null>(null);
  const [importing, setImporting] = useState(false);

  const contacts: ContactListRow[] = useMemo(
    () =>
      rows
        .filter((row) => !row._pending?.deleted)
        .map((row) => ({
          id: row.id,
          ...contactRow(row),
          name: row.name ?? null,
          investorId: row.investorId,
          pending: row._pending,
        }))
        .sort((a, b) =>
          (a.contactName || a.email).localeCompare(b.contactName || b.email, undefined, { sensitivity: "base" }),
        ),
    [rows],
  );
  const emails = useMemo(() => contacts.map((contact) => contact.email), [contacts]);

  return (
    <Page>
      <PageHeader
        title={CONTACTS_TEXT.contacts}
        actions={
          <>
            <Button variant="outline" onClick={() => setImporting(true)} disabled={!canEdit}>
              {CONTACTS_TEXT.importCsv}
            </Button>
            <Button onClick={() => setAdding({ name: "", email: "" })} disabled={!canEdit}>
              {CONTACTS_TEXT.addContact}
            </Button>
          </>
        }
      >
        <p className={css({ mt: "1", fontSize: "sm", color: "fg.muted" })}>
          {canEdit ? CONTACTS_TEXT.introEditor : CONTACTS_TEXT.introViewer}
        </p>
      </PageHeader>
      <ImportStatus />
      <Loading loading={loading || !data}>
        <ContactsTable
          contacts={contacts}
          canEdit={canEdit}
          linkAccounts={session.account?.type === "issuer" || session.account?.type === "broker"}
          emptyText={MESSAGES.noContacts}
          onFix={(row) =>
            row.pending && setAdding({ name: row.contactName, email: row.email, resendKey: row.pending.key })
          }
        />
      </Loading>
      {adding && <ContactDialog draft={adding} existingEmails={emails} onClose={() => setAdding(null)} />}
      {importing && <ImportContactsDialog existingEmails={emails} onClose={() => setImporting(false)} />}
    </Page>
  );
}
