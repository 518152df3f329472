// The form-definition picker of an allocation's qualifications (issuers and brokers; docs/ADMIN.md "/admin/forms"):
// the platform's form definitions from the replica (the latest version of each key), and Add, which makes a
// qualification of that version (makeFormQualification: its step template names formKey and formVersion) and links
// it to the allocation (createAllocationQualification), two queued commands in that order. Every distribution made
// in the allocation afterwards gets a step of exactly that version; a later version of the form changes nothing.
import { useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { useCommand, useModel } from "../../data/hooks.tsx";
import type { FormDefinitionDoc } from "../../data/models/form-definitions.ts";
import { Button, mutedText, Select } from "../../ui/index.ts";
import { FORM_QUALIFICATION_TEXT } from "./strings.ts";

const ALL = { selector: {} };

/** The latest version of each key, by name. */
export function latestDefinitions(rows: readonly Pick<FormDefinitionDoc, "key" | "version" | "name">[]) {
  const latest = new Map<string, Pick<FormDefinitionDoc, "key" | "version" | "name">>();
  for (const row of rows) {
    const known = latest.get(row.key);
    if (!known || known.version < row.version) latest.set(row.key, row);
  }
  return [...latest.values()].sort((a, b) => a.name.localeCompare(b.name) || a.key.localeCompare(b.key));
}

export function FormQualificationPicker({ allocationId, nextOrder }: { allocationId: string; nextOrder: number }) {
  const command = useCommand();
  const { rows } = useModel("form_definitions", ALL);
  const definitions = useMemo(() => latestDefinitions(rows), [rows]);
  const [choice, setChoice] = useState<string | null>(null);
  const chosen = definitions.find((definition) => definition.key === choice);

  async function add() {
    if (!chosen) return;
    const id = crypto.randomUUID();
    await command("makeFormQualification", {
      input: {
        id,
        formKey: chosen.key,
        formVersion: chosen.version,
        name: FORM_QUALIFICATION_TEXT.name(chosen.name, chosen.version),
      },
    });
    await command("createAllocationQualification", {
      input: {
        allocationQualification: {
          id: crypto.randomUUID(),
          allocationId,
          vendorQualificationId: id,
          executeOrder: nextOrder,
        },
      },
    });
    setChoice(null);
  }

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "1" })} data-testid="form-qualification">
      <div className={css({ display: "flex", gap: "2", alignItems: "flex-end", flexWrap: "wrap" })}>
        <div className={css({ minW: "64" })}>
          <Select
            label={FORM_QUALIFICATION_TEXT.label}
            name="formQualification"
            options={definitions.map((definition) => ({
              value: definition.key,
              label: FORM_QUALIFICATION_TEXT.option(definition.name, definition.key, definition.version),
            }))}
            value={choice}
            onChange={setChoice}
            placeholder={definitions.length ? FORM_QUALIFICATION_TEXT.choose : FORM_QUALIFICATION_TEXT.none}
          />
        </div>
        <Button onClick={add} disabled={!chosen}>
          {FORM_QUALIFICATION_TEXT.add}
        </Button>
      </div>
      <p className={mutedText}>{FORM_QUALIFICATION_TEXT.hint}</p>
    </div>
  );
}
