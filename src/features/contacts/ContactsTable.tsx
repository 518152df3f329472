// The contact list: contact name, account name, email. A row switches to edit in place (updateCustomerById with
// only the changed fields; nothing changed just closes). Queued rows carry their pending or rejected mark.
import { type FormEvent, useState } from "react";
import { css } from "../../../styled-system/css";
import { PathLink } from "../../app/links.tsx";
import { useCommand, useLocalData } from "../../data/hooks.tsx";
import type { PendingMark } from "../../data/pending.ts";
import { type ContactErrors, checkContact } from "../../domain/contacts.ts";
import { Button, FramedTable, SyncMark, tableStyles } from "../../ui/index.ts";
import { DUPLICATE_CONTACT } from "./ContactDialog.tsx";
import { ContactFields } from "./ContactFields.tsx";
import { CONTACTS_TEXT } from "./strings.ts";

export interface ContactListRow {
  id: string;
  contactName: string;
  accountName: string;
  email: string;
  /** The contact's own name (null: the list shows the investor's contact name). */
  name: string | null;
  /** The investor account (its page is /investor/{id} for issuers and brokers). */
  investorId?: string | null;
  pending?: PendingMark;
}

export function ContactsTable({
  contacts,
  canEdit,
  linkAccounts = false,
  emptyText,
  onFix,
}: {
  contacts: ContactListRow[];
  canEdit: boolean;
  linkAccounts?: boolean;
  emptyText: string;
  onFix: (row: ContactListRow) => void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <FramedTable
      label={CONTACTS_TEXT.contacts}
      framed
      empty={emptyText}
      testId="contacts-table"
      headers={[
        CONTACTS_TEXT.contactName,
        CONTACTS_TEXT.accountName,
        CONTACTS_TEXT.email,
        { title: CONTACTS_TEXT.actions, hidden: true },
      ]}
      rows={contacts}
    >
      {(row) =>
        editing === row.id ? (
          <EditRow key={row.id} row={row} contacts={contacts} onDone={() => setEditing(null)} />
        ) : (
          <ViewRow
            key={row.id}
            row={row}
            canEdit={canEdit && editing === null}
            linkAccount={linkAccounts}
            onEdit={() => setEditing(row.id)}
            onFix={() => onFix(row)}
          />
        )
      }
    </FramedTable>
  );
}

function ViewRow({
  row,
  canEdit,
  linkAccount,
  onEdit,
  onFix,
}: {
  row: ContactListRow;
  canEdit: boolean;
  linkAccount: boolean;
  onEdit: () => void;
  onFix: () => void;
}) {
  const data = useLocalData();
  const rejectedCreate = row.pending?.status === "rejected" && row.pending.created === true;
  return (
    <tr data-testid="contact-row" data-pending={row.pending?.status}>
      <td className={tableStyles.td}>
        <div className={css({ display: "flex", alignItems: "center", gap: "2", flexWrap: "wrap" })}>
          <span className={css({ fontWeight: "600" })}>{row.contactName || "—"}</span>
          <SyncMark mark={row.pending} />
        </div>
      </td>
      <td className={tableStyles.td}>
        {!row.accountName ? (
          <span className={css({ color: "fg.subtle" })}>{CONTACTS_TEXT.newInvestor}</span>
        ) : linkAccount && row.investorId && !row.pending ? (
          <PathLink to={`/investor/${row.investorId}`}>{row.accountName}</PathLink>
        ) : (
          row.accountName
        )}
      </td>
      <td className={tableStyles.td}>{row.email}</td>
      <td className={tableStyles.td}>
        <div className={css({ display: "flex", justifyContent: "flex-end", gap: "2" })}>
          {row.pending?.status === "rejected" && (
            <>
              {rejectedCreate && (
                <Button size="sm" variant="outline" onClick={onFix} disabled={!canEdit}>
                  {CONTACTS_TEXT.fix}
                </Button>
              )}
              <Button size="sm" variant="ghost" onClick={() => row.pending && data?.outbox.discard(row.pending.key)}>
                {CONTACTS_TEXT.discard}
              </Button>
            </>
          )}
          {!rejectedCreate && (
            <Button
              size="sm"
              variant="ghost"
              onClick={onEdit}
              disabled={!canEdit}
              aria-label={CONTACTS_TEXT.editLabel(row.contactName || row.email)}
            >
              {CONTACTS_TEXT.edit}
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}

function EditRow({ row, contacts, onDone }: { row: ContactListRow; contacts: ContactListRow[]; onDone: () => void }) {
  const command = useCommand();
  const [name, setName] = useState(row.contactName);
  const [email, setEmail] = useState(row.email);
  const [errors, setErrors] = useState<ContactErrors>({});

  async function save(event: FormEvent) {
    event.preventDefault();
    const checked = checkContact({ name, email });
    if (!checked.ok) return setErrors(checked.errors);
    const patch: Record<string, string> = {};
    if (checked.value.name !== (row.name ?? row.contactName)) patch.name = checked.value.name;
    if (checked.value.email !== row.email) {
      const taken = contacts.some(
        (other) => other.id !== row.id && other.email.toLowerCase() === checked.value.email.toLowerCase(),
      );
      if (taken) return setErrors({ email: DUPLICATE_CONTACT });
      patch.email = checked.value.email;
    }
    if (Object.keys(patch).length > 0) await command("updateCustomerById", { input: { id: row.id, patch } });
    onDone();
  }

  return (
    <tr data-testid="contact-edit-row">
      <td className={tableStyles.td} colSpan={4}>
        <form
          onSubmit={save}
          noValidate
          className={css({
            display: "grid",
            gap: "3",
            gridTemplateColumns: { base: "1fr", md: "1fr 1fr auto" },
            alignItems: "start",
          })}
        >
          <ContactFields name={name} email={email} onName={setName} onEmail={setEmail} errors={errors} autoFocus />
          <div className={css({ display: "flex", gap: "2", pt: { base: "0", md: "7" } })}>
            <Button size="md" variant="outline" onClick={onDone}>
              {CONTACTS_TEXT.cancel}
            </Button>
            <Button size="md" type="submit">
              {CONTACTS_TEXT.save}
            </Button>
          </div>
        </form>
      </td>
    </tr>
  );
}
