// The forms that can correct a rejected command, keyed by the command's mutation. The sync status review looks a
// rejected command up here: with an editor it offers "Edit" (the form opens with the values sent and the server's
// reason; sending replaces the rejected command in the outbox with a corrected one under a new idempotency key,
// Outbox.resend), otherwise only "Resend" (unchanged) and "Discard". Wired: an invitation (makeDistribution), a new
// contact (makeCustomer) and a contact edit (updateCustomerById). To make another kind of command correctable, add
// its form here.
import type { ComponentType } from "react";
import { useMemo } from "react";
import { useModel } from "../../data/hooks.tsx";
import type { OutboxCommand } from "../../data/models/index.ts";
import { formatNumber } from "../../domain/format.ts";
import { InvitationEditor } from "../allocations/index.ts";
import { ContactDialog } from "../contacts/index.ts";
import { ContactUpdateEditor } from "./ContactUpdateEditor.tsx";
import { SYNC_EDITOR_TEXT } from "./strings.ts";

export interface CommandEditorProps {
  /** the rejected command (its variables are the values sent, errorMessage the reason) */
  command: OutboxCommand;
  onClose: () => void;
}

/** makeCustomer: the contact form (ContactDialog), which resends with the same contact id. */
function ContactEditor({ command, onClose }: CommandEditorProps) {
  const input = ((command.variables as { input?: Record<string, unknown> } | undefined)?.input ?? {}) as {
    id?: string;
    email?: unknown;
    name?: unknown;
  };
  const { rows } = useModel("customers");
  const emails = useMemo(() => rows.filter((row) => !row._pending).map((row) => row.email), [rows]);
  return (
    <ContactDialog
      draft={{
        name: input.name == null ? "" : String(input.name),
        email: input.email == null ? "" : String(input.email),
        id: input.id,
        resendKey: command.id,
        reason: command.errorMessage,
      }}
      existingEmails={emails}
      onClose={onClose}
    />
  );
}

interface CommandEditor {
  /** what the change is, as the review lists it */
  title: string;
  /** the values sent, in a few words */
  summary: (input: Record<string, unknown>) => string;
  Form: ComponentType<CommandEditorProps>;
}

const said = (value: unknown) => (value == null || value === "" ? null : String(value));

export const COMMAND_EDITORS: Readonly<Record<string, CommandEditor>> = {
  makeDistribution: {
    title: SYNC_EDITOR_TEXT.invitation,
    summary: (input) =>
      [said(input.accountEmail), said(input.amount) && SYNC_EDITOR_TEXT.units(formatNumber(String(input.amount)))]
        .filter(Boolean)
        .join(" · "),
    Form: InvitationEditor,
  },
  makeCustomer: {
    title: SYNC_EDITOR_TEXT.newContact,
    summary: (input) => [said(input.name), said(input.email)].filter(Boolean).join(" · "),
    Form: ContactEditor,
  },
  updateCustomerById: {
    title: SYNC_EDITOR_TEXT.contactEdit,
    summary: (input) => {
      const patch = (input.patch ?? {}) as Record<string, unknown>;
      return [said(patch.name), said(patch.email)].filter(Boolean).join(" · ");
    },
    Form: ContactUpdateEditor,
  },
};

/** The form that corrects commands of `mutation`, or null when they can only be resent unchanged or discarded. */
export function commandEditor(mutation: string): CommandEditor | null {
  return Object.hasOwn(COMMAND_EDITORS, mutation) ? (COMMAND_EDITORS[mutation] ?? null) : null;
}

/** The command's input (its variables' `input`), or an empty object. */
export function commandInput(command: Pick<OutboxCommand, "variables">): Record<string, unknown> {
  const input = (command.variables as { input?: unknown } | undefined)?.input;
  return typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}
