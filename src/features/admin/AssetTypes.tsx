// /admin/types: the asset types (name editable; the accounting type while unused; add; delete while unused).
import { type FormEvent, useState } from "react";
import { css } from "../../../styled-system/css";
import { textFields } from "../../app/use-form.ts";
import { Button, Card, Select, TextField } from "../../ui/index.ts";
import type { TrackedCommands } from "./admin-data.ts";
import { TYPES_TEXT } from "./strings.ts";
import { AddForm, EditableName, TypeTable, typeDeleter, UseCells } from "./TypeTable.tsx";

export interface AssetType {
  type: string;
  name: string;
  accountingType: string;
  uses: number;
}

const ACCOUNTING_TYPES = [
  { value: "equity", label: "equity" },
  { value: "debt", label: "debt" },
  { value: "fund", label: "fund" },
];

export function AssetTypes({ rows, commands }: { rows: AssetType[]; commands: TrackedCommands }) {
  const [draft, setDraft] = useState({ type: "", name: "", accountingType: "equity" });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const remove = typeDeleter(commands, "asset_type");
  const field = textFields<"type" | "name">(draft, problems, (key) => (value) => setDraft({ ...draft, [key]: value }));
  async function add(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!draft.type.trim()) found.type = TYPES_TEXT.typeRequired;
    else if (!/^[a-z0-9_]+$/.test(draft.type.trim())) found.type = TYPES_TEXT.typePattern;
    if (!draft.name.trim()) found.name = TYPES_TEXT.nameRequired;
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    await commands.send("createAssetType", {
      input: {
        assetType: { type: draft.type.trim(), name: draft.name.trim(), accountingType: draft.accountingType },
      },
    });
    setDraft({ type: "", name: "", accountingType: "equity" });
  }
  return (
    <Card title={TYPES_TEXT.assetTypes} testId="asset-types">
      <TypeTable columns={[TYPES_TEXT.type, TYPES_TEXT.name, TYPES_TEXT.accountingType]}>
        {rows.map((row) => (
          <tr key={row.type} data-testid="asset-type-row">
            <td data-identifier className={css({ fontFamily: "mono", fontSize: "xs" })}>
              {row.type}
            </td>
            <td>
              <EditableName
                name={row.name}
                label={row.name}
                onSave={(name) =>
                  commands.send("updateAssetTypeByType", { input: { type: row.type, patch: { name } } })
                }
              />
            </td>
            <td>
              {row.uses === 0 ? (
                <div className={css({ minW: "8rem", "& label": { srOnly: true } })}>
                  <Select
                    label={TYPES_TEXT.accountingTypeOf(row.name)}
                    options={ACCOUNTING_TYPES}
                    value={row.accountingType}
                    onChange={(value) =>
                      value &&
                      value !== row.accountingType &&
                      commands.send("setAssetTypeAccountingType", {
                        input: { type: row.type, accountingType: value },
                      })
                    }
                  />
                </div>
              ) : (
                <span title={TYPES_TEXT.accountingInUse}>{row.accountingType}</span>
              )}
            </td>
            <UseCells uses={row.uses} label={row.name} onDelete={remove(row.type)} />
          </tr>
        ))}
      </TypeTable>
      <AddForm onSubmit={add}>
        <TextField label={TYPES_TEXT.type} {...field("type")} />
        <TextField label={TYPES_TEXT.name} {...field("name")} />
        <div className={css({ minW: "10rem" })}>
          <Select
            label={TYPES_TEXT.accountingType}
            options={ACCOUNTING_TYPES}
            value={draft.accountingType}
            onChange={(value) => setDraft({ ...draft, accountingType: value ?? "equity" })}
          />
        </div>
        <Button type="submit" size="sm">
          {TYPES_TEXT.addAssetType}
        </Button>
      </AddForm>
    </Card>
  );
}
