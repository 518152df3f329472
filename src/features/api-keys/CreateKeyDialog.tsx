// Make an API key: its name and role (a personal key is always a viewer). The key is made on the server, so this
// needs the network (the section offers it online only); once made, the dialog shows the key, this once.

import { type FormEvent, useState } from "react";
import { serverRefusalText } from "../../data/graphql.ts";
import { apiKeyError } from "../../domain/api-keys.ts";
import { Button, Dialog, FormDialog, fullRow, SecretText, SelectField, TextField } from "../../ui/index.ts";
import { API_KEYS_TEXT as T } from "./strings.ts";

export function CreateKeyDialog({
  personal,
  create,
  onClose,
}: {
  personal: boolean;
  create: (name: string, role: string) => Promise<string>;
  /** Closed: `made` says whether a key was made (the list reads again). */
  onClose: (made: boolean) => void;
}) {
  const [name, setName] = useState("");
  const [role, setRole] = useState<string | null>(personal ? "viewer" : null);
  const [errors, setErrors] = useState<{ name?: string; role?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  async function save() {
    // the server checks the same
    const error = apiKeyError(name, role, { personal });
    if (error) {
      setErrors(name.trim() === "" || name.trim().length > 200 ? { name: error } : { role: error });
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      setSecret(await create(name.trim(), role ?? "viewer"));
    } catch (failure) {
      setErrors({ form: serverRefusalText(failure) });
    } finally {
      setSaving(false);
    }
  }

  if (secret !== null) return <SecretDialog secret={secret} onClose={() => onClose(true)} />;

  return (
    <FormDialog
      form={{
        saving,
        errors,
        save: () => void save(),
        onSubmit: (event: FormEvent) => {
          event.preventDefault();
          void save();
        },
      }}
      title={T.addTitle}
      description={personal ? T.personalAddDescription : T.addDescription}
      submitLabel={T.save}
      cancelLabel={T.cancel}
      onClose={() => onClose(false)}
    >
      <div className={fullRow}>
        <TextField label={T.name} value={name} error={errors.name} onValueChange={setName} autoFocus />
      </div>
      {!personal && (
        <SelectField
          className={fullRow}
          label={T.role}
          name="role"
          value={role}
          onChange={setRole}
          options={["admin", "viewer"].map((value) => ({ value, label: T.roles[value] ?? value }))}
          error={errors.role}
        />
      )}
    </FormDialog>
  );
}

function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  // The form dialog it replaces hands focus back to the page as it closes, which this dialog would take for a click
  // outside and close at once, losing a key that is never shown again: close requests of its first moment are ignored.
  const [shownAt] = useState(() => performance.now());
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && performance.now() - shownAt > 500 && onClose()}
      title={T.secretTitle}
      description={T.secretDescription}
      footer={<Button onClick={onClose}>{T.done}</Button>}
    >
      <SecretText secret={secret} copyLabel={T.copy} copiedLabel={T.copied} testId="api-key-secret" />
    </Dialog>
  );
}
