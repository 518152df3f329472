// The delegate form in a dialog: create (first name, last name, email, role, status: makeDelegate, then the status
// when it is Suspended) or edit (role and status: updateUsersAccountById). Queued commands: they work offline.
import { type FormEvent, useState } from "react";
import { css } from "../../../styled-system/css";
import { choiceFields, textFields } from "../../app/use-form.ts";
import { useCommand } from "../../data/hooks.tsx";
import type { UsersAccountDoc } from "../../data/models/index.ts";
import { Button, FormGrid, MountedDialog, SelectField, TextField, toast } from "../../ui/index.ts";
import {
  checkDelegate,
  type DelegateErrors,
  type DelegateValues,
  delegatePatch,
  ROLE_OPTIONS,
  STATUS_OPTIONS,
} from "./delegate-form.ts";
import { delegateRow } from "./list.ts";
import { DELEGATES_TEXT } from "./strings.ts";

type Props =
  | { mode: "create"; membership?: undefined; onClose: () => void }
  | { mode: "edit"; membership: Pick<UsersAccountDoc, "id" | "role" | "status" | "user">; onClose: () => void };

export function DelegateDialog({ mode, membership, onClose }: Props) {
  const command = useCommand();
  const [values, setValues] = useState<DelegateValues>(() => ({
    firstName: "",
    lastName: "",
    email: "",
    role: membership?.role ?? null,
    status: membership?.status ?? "active",
  }));
  const [errors, setErrors] = useState<DelegateErrors>({});
  // A field's message goes once it is edited; the next submit checks again.
  const set = (key: keyof DelegateValues) => (value: string | null) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  };
  const field = textFields(values, errors, set);
  const choice = choiceFields(values, errors, set);
  const row = membership ? delegateRow(membership) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkDelegate(values, mode);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (mode === "create") {
      const email = values.email.trim();
      await command("makeDelegate", {
        input: { email, firstName: values.firstName.trim(), lastName: values.lastName.trim(), role: values.role ?? "" },
      });
      toast.success(DELEGATES_TEXT.added(email));
    } else if (membership) {
      const patch = delegatePatch(membership, values);
      if (patch) {
        await command("updateUsersAccountById", { input: { id: membership.id, patch } });
        toast.success(DELEGATES_TEXT.updated);
      }
    }
    onClose();
  };

  return (
    <MountedDialog
      onClose={onClose}
      title={mode === "create" ? DELEGATES_TEXT.addDelegate : DELEGATES_TEXT.editDelegate}
      description={row ? `${row.name} · ${row.email}` : undefined}
    >
      <form onSubmit={submit} noValidate data-testid="delegate-form">
        <FormGrid>
          {mode === "create" && (
            <>
              <TextField label={DELEGATES_TEXT.firstName} {...field("firstName")} autoComplete="off" />
              <TextField label={DELEGATES_TEXT.lastName} {...field("lastName")} autoComplete="off" />
              <TextField label={DELEGATES_TEXT.email} type="email" {...field("email")} autoComplete="off" />
            </>
          )}
          <SelectField className={column} label={DELEGATES_TEXT.role} options={ROLE_OPTIONS} {...choice("role")} />
          {mode === "edit" && (
            <SelectField
              className={column}
              label={DELEGATES_TEXT.status}
              options={STATUS_OPTIONS}
              {...choice("status")}
            />
          )}
        </FormGrid>
        <div className={css({ display: "flex", gap: "2", mt: "5", justifyContent: "flex-end" })}>
          <Button variant="ghost" onClick={onClose}>
            {DELEGATES_TEXT.cancel}
          </Button>
          <Button type="submit">{mode === "create" ? DELEGATES_TEXT.addDelegate : DELEGATES_TEXT.save}</Button>
        </div>
      </form>
    </MountedDialog>
  );
}

const column = css({ display: "flex", flexDirection: "column", gap: "3" });
