// A table row's small buttons: Save and Cancel while the row is edited in place, Edit and Delete otherwise (a
// distribution's payments and custom fields).
import { css } from "../../styled-system/css";
import { Button } from "./Button.tsx";

const inline = css({ display: "inline-flex", gap: "1" });

export function RowSaveCancel({
  saveLabel,
  cancelLabel,
  onSave,
  onCancel,
  className = inline,
}: {
  saveLabel: string;
  cancelLabel: string;
  onSave: () => void;
  onCancel: () => void;
  /** How the buttons sit (default side by side). */
  className?: string;
}) {
  return (
    <span className={className}>
      <Button size="sm" onClick={onSave}>
        {saveLabel}
      </Button>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        {cancelLabel}
      </Button>
    </span>
  );
}

export function RowEditDelete({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  className = inline,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  className?: string;
}) {
  return (
    <span className={className}>
      <Button size="sm" variant="ghost" onClick={onEdit}>
        {editLabel}
      </Button>
      <Button size="sm" variant="outline" onClick={onDelete}>
        {deleteLabel}
      </Button>
    </span>
  );
}
