// A dialog's footer buttons: Cancel (outlined) and the dialog's one action, busy while it works (a danger action for
// a change that cannot be taken back). Every dialog with a footer of these two uses it.
import { Button } from "./Button.tsx";

export function DialogButtons({
  cancelLabel,
  onCancel,
  cancelDisabled,
  actionLabel,
  onAction,
  busy,
  disabled,
  danger = false,
  actionTestId,
}: {
  cancelLabel: string;
  onCancel: () => void;
  /** Cancel is off (while what cannot be stopped is sent). */
  cancelDisabled?: boolean;
  actionLabel: string;
  onAction: () => void;
  busy?: boolean;
  disabled?: boolean;
  danger?: boolean;
  actionTestId?: string;
}) {
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      <Button
        variant={danger ? "danger" : undefined}
        onClick={onAction}
        disabled={disabled}
        loading={busy}
        data-testid={actionTestId}
      >
        {actionLabel}
      </Button>
    </>
  );
}
