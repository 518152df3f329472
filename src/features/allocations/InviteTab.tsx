// Invitation: email, amount (> 0) and an optional contact name -> makeDistribution with a client-made id, so the
// new distribution shows at once (pending) and later commands can refer to it, online or not.
// The same form corrects an invitation the server refused (InvitationEditor, opened from the sync status review):
// it shows the reason and the values sent, and the corrected invitation replaces the refused command in the outbox
// (outbox.resend: a new idempotency key, the same distribution id; the refused command is gone).
import { useState } from "react";
import * as v from "valibot";
import { css } from "../../../styled-system/css";
import { newId } from "../../app/new-id.ts";
import { useFormValues } from "../../app/use-form-values.ts";
import { useCommand, useDocument, useLocalData } from "../../data/hooks.tsx";
import type { OutboxCommand } from "../../data/models/index.ts";
import { fieldErrors, InviteSchema, PERMISSION_MESSAGES } from "../../domain/allocations.ts";
import { describeError } from "../../domain/errors.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { Button, Card, ErrorBlock, FormGrid, MountedDialog, mutedText, TextField, toast } from "../../ui/index.ts";
import { INVITE_TEXT } from "./strings.ts";

type InvitationValues = {
  email: string;
  amount: string;
  name: string;
};

const EMPTY: InvitationValues = { email: "", amount: "", name: "" };

/**
 * The invitation's fields and checks. `onSend` gets the checked values (amount without thousands separators) and
 * resolves true when the invitation was stored (the form then empties, unless `keepValues`).
 */
function InvitationForm({
  initial = EMPTY,
  canEdit,
  columns = 3,
  submitLabel,
  onSend,
  children,
}: {
  initial?: InvitationValues;
  canEdit: boolean;
  columns?: number;
  submitLabel: string;
  onSend: (values: { email: string; amount: string; name: string | null }) => Promise<boolean>;
  children?: React.ReactNode;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { values, field, setValues } = useFormValues(initial, errors);
  const [saving, setSaving] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!canEdit) {
      toast.error(PERMISSION_MESSAGES.notAllowed);
      return;
    }
    const parsed = v.safeParse(InviteSchema, values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.issues));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const stored = await onSend({
        email: parsed.output.email,
        amount: parsed.output.amount.replaceAll(",", ""),
        name: parsed.output.name || null,
      });
      if (stored) setValues(EMPTY);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      className={css({ display: "flex", flexDirection: "column", gap: "4" })}
      aria-label={INVITE_TEXT.title}
      noValidate
    >
      <FormGrid columns={columns}>
        <TextField label={INVITE_TEXT.email} type="email" {...field("email")} disabled={!canEdit} />
        <TextField label={INVITE_TEXT.amount} {...field("amount")} inputMode="decimal" disabled={!canEdit} />
        <TextField label={INVITE_TEXT.contactName} {...field("name")} name="contactName" disabled={!canEdit} />
      </FormGrid>
      {children}
      <div className={css({ display: "flex", justifyContent: "flex-end", gap: "3" })}>
        <Button type="submit" disabled={!canEdit} loading={saving}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

export function InviteTab({ allocationId, canEdit }: { allocationId: string; canEdit: boolean }) {
  const command = useCommand();
  return (
    <Card title={INVITE_TEXT.title}>
      <p className={mutedText}>{INVITE_TEXT.hint}</p>
      <InvitationForm
        canEdit={canEdit}
        submitLabel={INVITE_TEXT.sendInvitation}
        onSend={async (values) => {
          await command("makeDistribution", {
            input: {
              id: newId(),
              allocationId,
              accountEmail: values.email,
              amount: values.amount,
              name: values.name,
            },
          });
          toast.success(INVITE_TEXT.saved, values.email);
          return true;
        }}
      />
    </Card>
  );
}

type InvitationInput = {
  id?: string;
  allocationId?: string;
  accountEmail?: unknown;
  amount?: unknown;
  name?: unknown;
};

const text = (value: unknown) => (value == null ? "" : String(value));

/** Corrects a refused makeDistribution (the sync status review's editor for it, src/features/sync/editors.ts). */
export function InvitationEditor({ command, onClose }: { command: OutboxCommand; onClose: () => void }) {
  const data = useLocalData();
  const input = ((command.variables as { input?: InvitationInput } | undefined)?.input ?? {}) as InvitationInput;
  const allocation = useDocument("allocations", input.allocationId ?? "");
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <MountedDialog
      onClose={onClose}
      title={INVITE_TEXT.correctTitle}
      description={allocation?.name ? `Allocation: ${allocation.name}` : undefined}
    >
      <div
        data-testid="command-editor"
        className={css({ display: "flex", flexDirection: "column", gap: "4", mt: "4" })}
      >
        <div data-testid="rejection-reason">
          <ErrorBlock text={command.errorMessage ?? MESSAGES.defaultError} />
        </div>
        <InvitationForm
          initial={{ email: text(input.accountEmail), amount: text(input.amount), name: text(input.name) }}
          canEdit={!!data}
          columns={1}
          submitLabel={INVITE_TEXT.sendAgain}
          onSend={async (values) => {
            if (!data) return false;
            try {
              await data.outbox.resend(command.id, {
                input: { ...input, accountEmail: values.email, amount: values.amount, name: values.name },
              });
            } catch (error) {
              setFailure(describeError(error as { code?: string; message?: string }));
              return false;
            }
            toast.success(INVITE_TEXT.sentAgain, values.email);
            onClose();
            return false;
          }}
        >
          {failure && <ErrorBlock text={failure} />}
        </InvitationForm>
      </div>
    </MountedDialog>
  );
}
