// The question before a change that cannot be taken back (revoke a key, remove an endpoint, delete a document or an
// investor): an alert dialog with Cancel and the confirming (danger) button, asked the same way on every screen.
import type { ReactNode } from "react";
import { Dialog } from "./Dialog.tsx";
import { DialogButtons } from "./DialogButtons.tsx";

interface ConfirmDialogProps {
  title: ReactNode;
  description?: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  /** Cancel, Escape or a click outside. */
  onCancel: () => void;
  onConfirm: () => void;
  /** The confirmed change is being sent: the button spins and cannot be pressed again. */
  busy?: boolean;
  confirmTestId?: string;
}

export function ConfirmDialog({
  title,
  description,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
  busy = false,
  confirmTestId,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open
      role="alertdialog"
      onOpenChange={(open) => !open && onCancel()}
      title={title}
      description={description}
      footer={
        <DialogButtons
          cancelLabel={cancelLabel}
          onCancel={onCancel}
          actionLabel={confirmLabel}
          onAction={onConfirm}
          busy={busy}
          danger
          actionTestId={confirmTestId}
        />
      }
    />
  );
}
