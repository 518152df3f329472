// A form in a dialog (the asset, round and security dialogs): the fields in the dialogs' two-column grid, Cancel and
// the submit button under them, the generic error across the grid, Enter submits. The dialog is shown while mounted:
// the screen mounts it from a button and unmounts it on close; focus then goes back to that button.
import { type FormEvent, type ReactNode, useState } from "react";
import { Dialog } from "./Dialog.tsx";
import { DialogButtons } from "./DialogButtons.tsx";
import { ErrorBlock } from "./Message.tsx";
import { formGrid, fullRow } from "./TextField.tsx";

/** What the dialog needs of a form's state (app/use-form.ts useForm gives all of it). */
export interface DialogForm {
  saving: boolean;
  errors: { form?: string };
  save: () => void;
  onSubmit: (event: FormEvent) => void;
}

export function FormDialog({
  form,
  title,
  description,
  submitLabel,
  cancelLabel,
  onClose,
  children,
}: {
  form: DialogForm;
  title: string;
  description?: string;
  submitLabel: string;
  cancelLabel: string;
  onClose: () => void;
  /** The fields; a field spanning both columns sits in a `fullRow` div. */
  children: ReactNode;
}) {
  // The element that opened the dialog, focused when it mounted.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      finalFocus={() => (opener?.isConnected ? opener : null)}
      footer={
        <DialogButtons
          cancelLabel={cancelLabel}
          onCancel={onClose}
          actionLabel={submitLabel}
          onAction={form.save}
          busy={form.saving}
        />
      }
    >
      <form noValidate className={formGrid} onSubmit={form.onSubmit}>
        {children}
        {form.errors.form && (
          <div className={fullRow}>
            <ErrorBlock text={form.errors.form} />
          </div>
        )}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
