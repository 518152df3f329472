// /admin/types: the document sharing allowed shares (a document type shared from an account type to a role): add,
// edit while unused, rename, delete while unused.
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { Button, Card, Select, TextField } from "../../ui/index.ts";
import type { TrackedCommands } from "./admin-data.ts";
import { TYPES_TEXT } from "./strings.ts";
import { AddForm, EditableName, TypeTable, typeDeleter, UseCells } from "./TypeTable.tsx";

export interface SharingShare {
  id: string;
  type: string;
  fromAccountType: string;
  toRole: string;
  name: string;
  uses: number;
}

const SHARE_DOCUMENT_TYPES = [
  { value: "security", label: "security" },
  { value: "holding", label: "holding" },
];

const SHARE_ROLES = ["issuer", "broker", "investor", "agent", "ats", "admin"].map((value) => ({ value, label: value }));

interface ShareDraft {
  type: string;
  fromAccountType: string;
  toRole: string;
  name: string;
}

/** The fields of a sharing option (add, or edit of an unused one). */
function ShareForm({
  initial,
  submit,
  onSubmit,
  onCancel,
}: {
  initial: ShareDraft;
  submit: string;
  onSubmit: (draft: ShareDraft) => void;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<string | undefined>();
  /** One of the option's three choices (a cleared select keeps the value). */
  const choice = (key: "type" | "fromAccountType" | "toRole", label: string, options: typeof SHARE_ROLES) => (
    <div className={css({ minW: "8rem" })}>
      <Select
        label={label}
        options={options}
        value={draft[key]}
        onChange={(value) => setDraft({ ...draft, [key]: value ?? draft[key] })}
      />
    </div>
  );
  return (
    <AddForm
      onSubmit={(event) => {
        event.preventDefault();
        if (!draft.name.trim()) return setProblem(TYPES_TEXT.nameRequired);
        setProblem(undefined);
        onSubmit({ ...draft, name: draft.name.trim() });
      }}
    >
      {choice("type", TYPES_TEXT.documentType, SHARE_DOCUMENT_TYPES)}
      {choice("fromAccountType", TYPES_TEXT.from, SHARE_ROLES)}
      {choice("toRole", TYPES_TEXT.to, SHARE_ROLES)}
      <TextField
        label={TYPES_TEXT.name}
        value={draft.name}
        error={problem}
        onChange={(e) => setDraft({ ...draft, name: e.target.value })}
      />
      <Button type="submit" size="sm">
        {submit}
      </Button>
      {onCancel && (
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {TYPES_TEXT.cancel}
        </Button>
      )}
    </AddForm>
  );
}

export function SharingShares({ rows, commands }: { rows: SharingShare[]; commands: TrackedCommands }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const remove = typeDeleter(commands, "document_sharing_allowed_share");
  return (
    <Card title={TYPES_TEXT.sharing} testId="sharing-shares">
      <TypeTable columns={[TYPES_TEXT.documentType, TYPES_TEXT.from, TYPES_TEXT.to, TYPES_TEXT.name]}>
        {rows.map((row) =>
          editing === row.id ? (
            <tr key={row.id} data-testid="sharing-share-row">
              <td colSpan={6}>
                <ShareForm
                  initial={row}
                  submit={TYPES_TEXT.save}
                  onCancel={() => setEditing(null)}
                  onSubmit={(draft) => {
                    setEditing(null);
                    void commands.send("editDocumentSharingOption", { input: { id: row.id, ...draft } });
                  }}
                />
              </td>
            </tr>
          ) : (
            <tr key={row.id} data-testid="sharing-share-row">
              <td>{row.type}</td>
              <td>{row.fromAccountType}</td>
              <td>{row.toRole}</td>
              <td>
                {row.uses === 0 ? (
                  <span className={css({ display: "inline-flex", gap: "2", alignItems: "center" })}>
                    {row.name}
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`${TYPES_TEXT.edit} ${row.name}`}
                      onClick={() => setEditing(row.id)}
                    >
                      {TYPES_TEXT.edit}
                    </Button>
                  </span>
                ) : (
                  <EditableName
                    name={row.name}
                    label={row.name}
                    onSave={(name) =>
                      commands.send("updateDocumentSharingAllowedShareById", { input: { id: row.id, patch: { name } } })
                    }
                  />
                )}
              </td>
              <UseCells uses={row.uses} label={row.name} onDelete={remove(row.id)} />
            </tr>
          ),
        )}
      </TypeTable>
      <ShareForm
        key={formKey}
        initial={{ type: "security", fromAccountType: "issuer", toRole: "investor", name: "" }}
        submit={TYPES_TEXT.addSharingOption}
        onSubmit={(draft) => {
          setFormKey((n) => n + 1);
          void commands.send("makeDocumentSharingOption", { input: { id: crypto.randomUUID(), ...draft } });
        }}
      />
    </Card>
  );
}
