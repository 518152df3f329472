// Notes (annotations) of an allocation or a distribution, with notes added offline shown as pending.
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { newId } from "../../app/new-id.ts";
import { useCommand } from "../../data/hooks.tsx";
import { usePendingChildren } from "../../data/pending-hooks.ts";
import { formatDate } from "../../domain/format.ts";
import { Button, Card, mutedText, SyncMark } from "../../ui/index.ts";
import { NOTES_TEXT } from "./strings.ts";

interface Note {
  id: string;
  annotation: string;
  createdOn?: string;
}

export function NotesCard({
  kind,
  parentId,
  notes,
  canEdit,
}: {
  kind: "allocation" | "distribution";
  parentId: string;
  notes: Note[];
  canEdit: boolean;
}) {
  const command = useCommand();
  const pending = usePendingChildren<Note>(
    kind === "allocation" ? "allocation.notes" : "distribution.notes",
    parentId,
    notes.map((n) => n.id),
  );
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);

  const add = async () => {
    if (!text.trim()) {
      setError(NOTES_TEXT.noteRequired);
      return;
    }
    setError(null);
    const note = { id: newId(), annotation: text.trim() };
    if (kind === "allocation")
      await command("createAllocationAnnotation", {
        input: { allocationAnnotation: { ...note, allocationId: parentId } },
      });
    else
      await command("createDistributionAnnotation", {
        input: { distributionAnnotation: { ...note, distributionId: parentId } },
      });
    setText("");
  };

  const all = [
    ...notes.map((n) => ({ note: n, mark: null })),
    ...pending.map((p) => ({ note: p.row as Note, mark: p.mark })),
  ];
  return (
    <Card title={NOTES_TEXT.title} testId={`${kind}-notes`}>
      {all.length === 0 ? (
        <p className={mutedText}>{NOTES_TEXT.none}</p>
      ) : (
        <ul className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
          {all.map(({ note, mark }) => (
            <li
              key={note.id}
              className={css({ p: "3", bg: "bg.subtle", borderRadius: "md", fontSize: "sm" })}
              data-testid="note"
            >
              <p>{note.annotation}</p>
              <div className={css({ display: "flex", gap: "2", alignItems: "center", mt: "1" })}>
                <span className={css({ fontSize: "xs", color: "fg.muted" })}>
                  {note.createdOn ? formatDate(note.createdOn, "MMM DD YYYY h:mma") : ""}
                </span>
                <SyncMark mark={mark} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
          <label className={css({ fontSize: "sm", fontWeight: "600" })}>
            {NOTES_TEXT.addANote}
            <textarea
              className={css({
                mt: "1.5",
                display: "block",
                w: "full",
                minH: "20",
                p: "3",
                fontSize: "sm",
                borderWidth: "1px",
                borderColor: error ? "danger" : "border.strong",
                borderRadius: "control",
                bg: "bg.surface",
              })}
              value={text}
              name="note"
              onChange={(e) => setText(e.target.value)}
            />
          </label>
          {error && <span className={css({ fontSize: "xs", color: "danger" })}>{error}</span>}
          <div>
            <Button size="sm" onClick={add}>
              {NOTES_TEXT.addNote}
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
