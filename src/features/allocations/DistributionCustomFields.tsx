// A distribution's custom fields: name and value pairs, added, edited and deleted while the distribution is not locked.
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { newId } from "../../app/new-id.ts";
import { useFormValues } from "../../app/use-form-values.ts";
import { useCommand } from "../../data/hooks.tsx";
import { MESSAGES } from "../../domain/messages.ts";
import {
  Button,
  Card,
  mutedText,
  RowEditDelete,
  RowSaveCancel,
  SyncMark,
  TextField,
  tableClass,
} from "../../ui/index.ts";
import { DISTRIBUTION_TEXT } from "./strings.ts";
import type { Distribution } from "./use-allocation.ts";
import { useChildRows } from "./use-child-rows.ts";

interface CustomField {
  id: string;
  name: string;
  value: string;
}

export function CustomFields({ distribution, canEdit }: { distribution: Distribution; canEdit: boolean }) {
  const command = useCommand();
  const fields = (distribution.customFields ?? []) as CustomField[];
  const { rows, editing, setEditing, editable } = useChildRows(
    "distribution.customFields",
    distribution.id,
    fields,
    canEdit,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const added = useFormValues({ name: "", value: "" }, errors);
  const [editErrors, setEditErrors] = useState<Record<string, string>>({});
  const edited = useFormValues({ name: "", value: "" }, editErrors);
  const check = ({ name, value }: { name: string; value: string }) => {
    const next: Record<string, string> = {};
    if (!name.trim()) next.name = MESSAGES.customFieldNameRequired;
    if (!value.trim()) next.value = MESSAGES.customFieldValueRequired;
    return next;
  };
  const add = async () => {
    const { name, value } = added.values;
    const next = check(added.values);
    setErrors(next);
    if (Object.keys(next).length) return;
    await command("createDistributionCustomField", {
      input: {
        distributionCustomField: {
          id: newId(),
          distributionId: distribution.id,
          name: name.trim(),
          value: value.trim(),
        },
      },
    });
    added.reset();
  };
  const saveEdit = async (id: string) => {
    const next = check(edited.values);
    setEditErrors(next);
    if (Object.keys(next).length) return;
    await command("updateDistributionCustomFieldById", {
      input: { id, patch: { name: edited.values.name.trim(), value: edited.values.value.trim() } },
    });
    setEditing(null);
  };
  return (
    <Card title={DISTRIBUTION_TEXT.customFields} testId="custom-fields">
      {rows.length === 0 ? (
        <p className={mutedText}>{MESSAGES.noCustomMappingFields}</p>
      ) : (
        <table className={tableClass}>
          <tbody>
            {rows.map(({ row: f, mark }) =>
              editing === f.id ? (
                <tr key={f.id} data-testid="custom-field-row">
                  <td>
                    <TextField label={DISTRIBUTION_TEXT.fieldName} {...edited.field("name")} />
                  </td>
                  <td>
                    <TextField label={DISTRIBUTION_TEXT.value} {...edited.field("value")} />
                  </td>
                  <td className="num">
                    <RowSaveCancel
                      saveLabel={DISTRIBUTION_TEXT.save}
                      cancelLabel={DISTRIBUTION_TEXT.cancel}
                      onSave={() => saveEdit(f.id)}
                      onCancel={() => setEditing(null)}
                    />
                  </td>
                </tr>
              ) : (
                <tr key={f.id} data-testid="custom-field-row">
                  <td className={css({ fontWeight: "600" })}>{f.name}</td>
                  <td>
                    {f.value} <SyncMark mark={mark} />
                  </td>
                  <td className="num">
                    {editable(f.id) && (
                      <RowEditDelete
                        editLabel={DISTRIBUTION_TEXT.edit}
                        deleteLabel={DISTRIBUTION_TEXT.delete}
                        onEdit={() => {
                          setEditing(f.id);
                          edited.setValues({ name: f.name, value: f.value });
                          setEditErrors({});
                        }}
                        onDelete={() => command("deleteDistributionCustomFieldById", { input: { id: f.id } })}
                      />
                    )}
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      )}
      {canEdit && (
        <div className={css({ display: "flex", gap: "2", alignItems: "flex-end", flexWrap: "wrap" })}>
          <TextField label={DISTRIBUTION_TEXT.fieldName} {...added.field("name")} />
          <TextField label={DISTRIBUTION_TEXT.value} {...added.field("value")} />
          <Button variant="outline" onClick={add}>
            {DISTRIBUTION_TEXT.addField}
          </Button>
        </div>
      )}
    </Card>
  );
}
