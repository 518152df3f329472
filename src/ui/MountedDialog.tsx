// A dialog shown while it is mounted: the screen mounts it from a button and unmounts it on close, so Escape, a click
// outside and the close button call `onClose` (the upload, import, contact, delegate and in-person dialogs). An
// ActionDialog adds the usual footer: the outlined Cancel, which closes too, and the dialog's one action, busy while
// it works.
import type { ReactNode } from "react";
import { Dialog } from "./Dialog.tsx";
import { DialogButtons } from "./DialogButtons.tsx";

interface MountedDialogProps {
  title: ReactNode;
  description?: ReactNode;
  /** Escape, a click outside or the close button (and an ActionDialog's Cancel). */
  onClose: () => void;
  role?: "dialog" | "alertdialog";
  footer?: ReactNode;
  children?: ReactNode;
}

export function MountedDialog({ onClose, ...dialog }: MountedDialogProps) {
  return <Dialog open onOpenChange={(open) => !open && onClose()} {...dialog} />;
}

export function ActionDialog({
  cancelLabel,
  actionLabel,
  onAction,
  busy,
  ...dialog
}: Omit<MountedDialogProps, "footer"> & {
  cancelLabel: string;
  actionLabel: string;
  onAction: () => void;
  busy?: boolean;
}) {
  return (
    <MountedDialog
      {...dialog}
      footer={
        <DialogButtons
          cancelLabel={cancelLabel}
          onCancel={dialog.onClose}
          actionLabel={actionLabel}
          onAction={onAction}
          busy={busy}
        />
      }
    />
  );
}
