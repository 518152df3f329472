// A reference type's table on /admin/types: its columns, then how often each type is used and Delete (only while
// nothing uses it); a name edited in place; the add form under the table.
import { type FormEvent, type ReactNode, useState } from "react";
import { css } from "../../../styled-system/css";
import type { VariablesOf } from "../../domain/commands/catalogue.ts";
import { Button, TextField, tableClass, tableScroll } from "../../ui/index.ts";
import type { TrackedCommands } from "./admin-data.ts";
import { TYPES_TEXT } from "./strings.ts";

/** The table with `columns`, then Uses and a Delete column named for screen readers only. */
export function TypeTable({ columns, children }: { columns: string[]; children: ReactNode }) {
  return (
    <div className={tableScroll}>
      <table className={tableClass}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column}>{column}</th>
            ))}
            <th className="num">{TYPES_TEXT.uses}</th>
            <th>
              <span className={css({ srOnly: true })}>{TYPES_TEXT.delete}</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The Delete of a reference type of `kind`, per row: `onDelete={remove(row.type)}` (deleteReferenceType). */
export const typeDeleter =
  (commands: TrackedCommands, kind: VariablesOf<"deleteReferenceType">["input"]["kind"]) => (key: string) => () =>
    commands.send("deleteReferenceType", { input: { kind, key } });

/** A row's last two cells: its uses, and Delete (disabled while used; asks first). */
export function UseCells({ uses, label, onDelete }: { uses: number; label: string; onDelete: () => void }) {
  return (
    <>
      <td className="num">{uses.toLocaleString("en-US")}</td>
      <td className="num">
        <Button
          size="sm"
          variant="ghost"
          disabled={uses > 0}
          title={uses > 0 ? TYPES_TEXT.inUse : undefined}
          aria-label={`${TYPES_TEXT.delete} ${label}`}
          onClick={() => {
            if (window.confirm(TYPES_TEXT.confirmDelete(label))) onDelete();
          }}
        >
          {TYPES_TEXT.delete}
        </Button>
      </td>
    </>
  );
}

/** The fields of a new type (or an edited sharing option) in a row, the button last. */
export function AddForm({ onSubmit, children }: { onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={css({ display: "flex", gap: "3", alignItems: "flex-end", flexWrap: "wrap" })}
    >
      {children}
    </form>
  );
}

/** A name edited in place: Edit, then Save or Cancel. */
export function EditableName({ name, label, onSave }: { name: string; label: string; onSave: (name: string) => void }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  if (editing === null) {
    return (
      <span className={css({ display: "inline-flex", gap: "2", alignItems: "center" })}>
        {name}
        <Button size="sm" variant="ghost" aria-label={`${TYPES_TEXT.edit} ${label}`} onClick={() => setEditing(name)}>
          {TYPES_TEXT.edit}
        </Button>
      </span>
    );
  }
  return (
    <form
      className={css({ display: "flex", gap: "2", alignItems: "flex-end", flexWrap: "wrap" })}
      onSubmit={(event) => {
        event.preventDefault();
        if (!editing.trim()) return setProblem(TYPES_TEXT.nameRequired);
        onSave(editing.trim());
        setEditing(null);
      }}
    >
      <TextField label={TYPES_TEXT.name} value={editing} error={problem} onChange={(e) => setEditing(e.target.value)} />
      <Button size="sm" type="submit">
        {TYPES_TEXT.save}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setEditing(null)}>
        {TYPES_TEXT.cancel}
      </Button>
    </form>
  );
}
