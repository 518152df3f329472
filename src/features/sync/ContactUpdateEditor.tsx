// Corrects a refused contact edit (updateCustomerById): the contact's fields with the values sent, the server's
// reason above them; sending replaces the refused command with the corrected patch (Outbox.resend, a new key).
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { useDocument, useLocalData, useModel } from "../../data/hooks.tsx";
import { type ContactErrors, checkContact } from "../../domain/contacts.ts";
import { describeError } from "../../domain/errors.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { Button, ErrorBlock, MountedDialog } from "../../ui/index.ts";
import { ContactFields, DUPLICATE_CONTACT } from "../contacts/index.ts";
import type { CommandEditorProps } from "./editors.tsx";
import { CONTACT_UPDATE_TEXT } from "./strings.ts";

export function ContactUpdateEditor({ command, onClose }: CommandEditorProps) {
  const data = useLocalData();
  const input = ((command.variables as { input?: unknown } | undefined)?.input ?? {}) as {
    id?: string;
    patch?: Record<string, unknown>;
  };
  const patch = input.patch ?? {};
  const contact = useDocument("customers", input.id ?? "");
  const { rows } = useModel("customers");
  const others = useMemo(
    () => rows.filter((row) => row.id !== input.id && !row._pending).map((row) => row.email.toLowerCase()),
    [rows, input.id],
  );
  // the values sent; a field the edit did not touch comes from the contact
  const [values, setValues] = useState<{ name: string; email: string } | null>(null);
  useEffect(() => {
    if (values || contact === undefined) return;
    setValues({
      name: String(patch.name ?? contact?.name ?? ""),
      email: String(patch.email ?? contact?.email ?? ""),
    });
  }, [contact, patch.name, patch.email, values]);
  const shownName = values?.name ?? "";
  const shownEmail = values?.email ?? "";
  const setName = (name: string) => setValues((current) => ({ email: current?.email ?? "", name }));
  const setEmail = (email: string) => setValues((current) => ({ name: current?.name ?? "", email }));
  const [errors, setErrors] = useState<ContactErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkContact({ name: shownName, email: shownEmail });
    if (!checked.ok) return setErrors(checked.errors);
    if (others.includes(checked.value.email.toLowerCase())) return setErrors({ email: DUPLICATE_CONTACT });
    setErrors({});
    if (!data || !input.id) return;
    setSaving(true);
    try {
      await data.outbox.resend(command.id, {
        input: { id: input.id, patch: { name: checked.value.name, email: checked.value.email } },
      });
      onClose();
    } catch (error) {
      setFailure(describeError(error as { code?: string; message?: string }));
    } finally {
      setSaving(false);
    }
  }

  return (
    <MountedDialog onClose={onClose} title={CONTACT_UPDATE_TEXT.title}>
      <form
        onSubmit={submit}
        noValidate
        data-testid="command-editor"
        className={css({ display: "flex", flexDirection: "column", gap: "4", mt: "4" })}
      >
        <ErrorBlock text={command.errorMessage ?? MESSAGES.defaultError} />
        <ContactFields name={shownName} email={shownEmail} onName={setName} onEmail={setEmail} errors={errors} />
        {failure && <ErrorBlock text={failure} />}
        <div className={css({ display: "flex", justifyContent: "flex-end", gap: "3" })}>
          <Button variant="outline" onClick={onClose}>
            {CONTACT_UPDATE_TEXT.cancel}
          </Button>
          <Button type="submit" loading={saving}>
            {CONTACT_UPDATE_TEXT.sendAgain}
          </Button>
        </div>
      </form>
    </MountedDialog>
  );
}
