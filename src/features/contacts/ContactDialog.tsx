// Add a contact (makeCustomer with an id made here, so it works offline and shows as pending at once), or correct
// a contact the server rejected and send it again (the outbox's resend).
import { type FormEvent, useState } from "react";
import { css } from "../../../styled-system/css";
import { useCommand, useLocalData } from "../../data/hooks.tsx";
import { type ContactErrors, checkContact } from "../../domain/contacts.ts";
import { describeError } from "../../domain/errors.ts";
import { Button, ErrorBlock, MountedDialog } from "../../ui/index.ts";
import { ContactFields } from "./ContactFields.tsx";
import { CONTACTS_TEXT } from "./strings.ts";

export interface ContactDraft {
  name: string;
  email: string;
  /** The rejected command this draft corrects (resent with the same contact id). */
  resendKey?: string;
  /** Why the server refused it (shown above the fields). */
  reason?: string | null;
  id?: string;
}

export const DUPLICATE_CONTACT = CONTACTS_TEXT.duplicateContact;

export function ContactDialog({
  draft,
  existingEmails,
  onClose,
}: {
  draft: ContactDraft;
  existingEmails: readonly string[];
  onClose: () => void;
}) {
  const command = useCommand();
  const data = useLocalData();
  const [name, setName] = useState(draft.name);
  const [email, setEmail] = useState(draft.email);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkContact({ name, email });
    if (!checked.ok) return setErrors(checked.errors);
    const others = existingEmails.filter((existing) => !(draft.resendKey && existing === draft.email));
    if (others.some((existing) => existing.toLowerCase() === checked.value.email.toLowerCase())) {
      return setErrors({ email: DUPLICATE_CONTACT });
    }
    setErrors({});
    setSaving(true);
    try {
      if (draft.resendKey && data) {
        const previous = (await data.outbox.commands()).find((c) => c.id === draft.resendKey);
        const id =
          ((previous?.variables as { input?: { id?: string } } | undefined)?.input?.id ?? draft.id) ||
          crypto.randomUUID();
        await data.outbox.resend(draft.resendKey, {
          input: { id, email: checked.value.email, name: checked.value.name },
        });
      } else {
        await command("makeCustomer", {
          input: { id: crypto.randomUUID(), email: checked.value.email, name: checked.value.name },
        });
      }
      onClose();
    } catch (error) {
      setFailure(describeError(error as { code?: string; message?: string }));
    } finally {
      setSaving(false);
    }
  }

  return (
    <MountedDialog
      onClose={onClose}
      title={draft.resendKey ? CONTACTS_TEXT.correctContact : CONTACTS_TEXT.addContact}
      description={CONTACTS_TEXT.dialogIntro}
    >
      <form
        onSubmit={submit}
        noValidate
        className={css({ display: "flex", flexDirection: "column", gap: "4", mt: "4" })}
      >
        {draft.reason && <ErrorBlock text={draft.reason} />}
        <ContactFields name={name} email={email} onName={setName} onEmail={setEmail} errors={errors} autoFocus />
        {failure && <ErrorBlock text={failure} />}
        <div className={css({ display: "flex", justifyContent: "flex-end", gap: "3", mt: "2" })}>
          <Button variant="outline" onClick={onClose}>
            {CONTACTS_TEXT.cancel}
          </Button>
          <Button type="submit" loading={saving}>
            {draft.resendKey ? CONTACTS_TEXT.sendAgain : CONTACTS_TEXT.addContact}
          </Button>
        </div>
      </form>
    </MountedDialog>
  );
}
