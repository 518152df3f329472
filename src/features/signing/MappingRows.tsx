// The mapping of a mapped template's roles and of a document's fields: a row per role or field with its mapping, its
// Save (while unlocked) and its sync mark.
import { type ReactNode, useState } from "react";
import { css } from "../../../styled-system/css";
import { Button, ListCard, Select, Tag, TextField } from "../../ui/index.ts";
import { MarkNote } from "./MarkNote.tsx";
import { fieldErrors, mappedTemplateActions, NOT_MAPPED, roleErrors, STATIC_MAPPINGS } from "./signing-rules.ts";
import { SIGNING_TEXT as T } from "./strings.ts";
import type { SigningData } from "./use-signing.ts";
import type { MappedTemplateView, SigningDocumentView, SigningFieldView, SigningRoleView } from "./view.ts";

/** What a mapped template's lists take: the mapped template, the page's data, and whether the viewer writes. */
export interface MappedListProps {
  mapped: MappedTemplateView;
  data: SigningData;
  canWrite: boolean;
}

export function RoleList({ mapped, data, canWrite }: MappedListProps) {
  const editable = mappedTemplateActions(mapped, canWrite).edit;
  return (
    <ListCard title={T.roles} empty={T.notMapped} testId="signing-roles">
      {mapped.roles.map((role) => (
        <RoleRow key={role.id} role={role} data={data} editable={editable} />
      ))}
    </ListCard>
  );
}

const editRowClass = css({
  display: "grid",
  gap: "3",
  py: "4",
  borderTopWidth: "1px",
  borderColor: "border.default",
  _first: { borderTopWidth: "0", pt: "0" },
});

const editGridClass = css({
  display: "grid",
  gap: "3",
  gridTemplateColumns: { base: "1fr", sm: "repeat(3, minmax(0, 1fr))" },
  alignItems: "start",
});

function Hint({ text }: { text: string }) {
  return <p className={css({ fontSize: "xs", color: "fg.muted" })}>{text}</p>;
}

/** A role's or a static mapping's name as a label: investor -> Investor. */
function mappingLabel(id: string): string {
  return id ? id.charAt(0).toUpperCase() + id.slice(1) : id;
}

/** A mapping field in the pick list: its description, or Static value / Custom value. */
function fieldLabel(field: { id: string; description: string }): string {
  return STATIC_MAPPINGS.includes(field.id) ? `${mappingLabel(field.id)} value` : field.description || field.id;
}

export function ErrorText({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <p className={css({ fontSize: "xs", color: "danger", fontWeight: "500" })} role="alert">
      {text}
    </p>
  );
}

/** A row's check: its messages show once Save was pressed, and Save sends only values without one. */
function useSaveCheck<E extends Partial<Record<string, string>>>(errors: E) {
  const [shown, setShown] = useState(false);
  return {
    error: (key: keyof E) => (shown ? errors[key] : undefined),
    save: (send: () => void) => {
      setShown(true);
      if (Object.keys(errors).length === 0) send();
    },
  };
}

/** A role's or a field's row: its name and what it shows beside it, its fields, Save while it may be edited. */
function MappingRow({
  testId,
  name,
  beside,
  mark,
  editable,
  changed,
  onSave,
  children,
}: {
  testId: string;
  name: string;
  /** After the name: the field's role, the mapping's tag. */
  beside: ReactNode;
  mark: ReturnType<SigningData["markOf"]>;
  editable: boolean;
  changed: boolean;
  onSave: () => void;
  children: ReactNode;
}) {
  return (
    <li className={editRowClass} data-testid={testId}>
      <div className={css({ display: "flex", gap: "2", alignItems: "center", flexWrap: "wrap" })}>
        <span className={css({ fontWeight: "600" })} data-testid="signing-name">
          {name}
        </span>
        {beside}
        <MarkNote mark={mark} />
      </div>
      <div className={editGridClass}>{children}</div>
      {editable && (
        <div>
          <Button size="sm" disabled={!changed} onClick={onSave}>
            {T.save}
          </Button>
        </div>
      )}
    </li>
  );
}

/** The "Map to" choice with its error (once Save was tried) and the chosen mapping's description. */
function MapToSelect({
  name,
  options,
  value,
  editable,
  onChange,
  error,
  hint,
}: {
  name: string;
  options: { label: string; value: string }[];
  value: string | null;
  editable: boolean;
  onChange: (value: string | null) => void;
  error?: string;
  hint?: string | null;
}) {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
      <Select
        label={`${T.mapTo} (${name})`}
        name="mapTo"
        options={options}
        value={value}
        disabled={!editable}
        onChange={onChange}
      />
      <ErrorText text={error} />
      {hint && <Hint text={hint} />}
    </div>
  );
}

function RoleRow({ role, data, editable }: { role: SigningRoleView; data: SigningData; editable: boolean }) {
  const [mapTo, setMapTo] = useState(role.mapTo || NOT_MAPPED);
  const [toName, setToName] = useState(role.toName ?? "");
  const [toEmail, setToEmail] = useState(role.toEmail ?? "");
  const check = useSaveCheck(roleErrors({ mapTo, toName, toEmail }));
  const stored = roleErrors(role);
  const mark = data.markOf("signing.roles", "edit", role.id);
  const isStatic = STATIC_MAPPINGS.includes(mapTo);
  const changed =
    mapTo !== (role.mapTo || NOT_MAPPED) || toName !== (role.toName ?? "") || toEmail !== (role.toEmail ?? "");
  const options = [
    { label: T.notMapped, value: NOT_MAPPED },
    ...data.mappingRoles.map((r) => ({ label: mappingLabel(r.id), value: r.id })),
  ];
  const hint = data.mappingRoles.find((r) => r.id === mapTo)?.description;
  return (
    <MappingRow
      testId="signing-role"
      name={role.name}
      beside={
        !role.mapTo || role.mapTo === NOT_MAPPED ? (
          <Tag text={T.notMapped} />
        ) : (
          <Tag text={mappingLabel(role.mapTo)} tone={Object.keys(stored).length ? "neutral" : "success"} />
        )
      }
      mark={mark}
      editable={editable}
      changed={changed}
      onSave={() =>
        check.save(
          () =>
            void data.updateRole(role.id, {
              mapTo,
              toName: toName.trim() || null,
              toEmail: toEmail.trim() || null,
            }),
        )
      }
    >
      <MapToSelect
        name={role.name}
        options={options}
        value={mapTo}
        editable={editable}
        onChange={(value) => setMapTo(value ?? NOT_MAPPED)}
        error={check.error("mapTo")}
        hint={hint}
      />
      <TextField
        label={T.toName}
        name="toName"
        value={toName}
        disabled={!editable}
        error={check.error("toName")}
        placeholder={isStatic ? undefined : "—"}
        onValueChange={setToName}
      />
      <TextField
        label={T.toEmail}
        name="toEmail"
        type="email"
        value={toEmail}
        disabled={!editable}
        error={check.error("toEmail")}
        placeholder={isStatic ? undefined : "—"}
        onValueChange={setToEmail}
      />
    </MappingRow>
  );
}

export function FieldList({ mapped, document, data, canWrite }: MappedListProps & { document: SigningDocumentView }) {
  const editable = mappedTemplateActions(mapped, canWrite).edit;
  const fields = mapped.fields.filter((f) => f.documentId === document.id);
  return (
    <ListCard title={T.fields} empty={T.noFields} testId="signing-fields">
      {fields.map((field) => (
        <FieldRow key={field.id} field={field} data={data} editable={editable} />
      ))}
    </ListCard>
  );
}

function FieldRow({ field, data, editable }: { field: SigningFieldView; data: SigningData; editable: boolean }) {
  const [mapTo, setMapTo] = useState(field.mapTo ?? "");
  const [value, setValue] = useState(field.value ?? "");
  const check = useSaveCheck(fieldErrors({ mapTo, value }));
  const mark = data.markOf("signing.fields", "edit", field.id);
  const needsValue = STATIC_MAPPINGS.includes(mapTo);
  const changed = mapTo !== (field.mapTo ?? "") || value !== (field.value ?? "");
  const options = [
    { label: T.notMapped, value: NOT_MAPPED },
    ...data.pickableFields.map((f) => ({ label: fieldLabel(f), value: f.id })),
  ];
  const chosen = data.mappingFields.find((f) => f.id === mapTo);
  const hint = chosen && STATIC_MAPPINGS.includes(chosen.id) ? chosen.description : undefined;
  const label = (id: string) => {
    const found = data.mappingFields.find((f) => f.id === id);
    return found ? fieldLabel(found) : id;
  };
  return (
    <MappingRow
      testId="signing-field"
      name={field.name}
      beside={
        <>
          {field.role && <span className={css({ fontSize: "sm", color: "fg.muted" })}>{field.role}</span>}
          {field.mapTo && field.mapTo !== NOT_MAPPED ? (
            <Tag text={label(field.mapTo)} tone="success" />
          ) : (
            <Tag text={T.notMapped} />
          )}
        </>
      }
      mark={mark}
      editable={editable}
      changed={changed}
      onSave={() =>
        check.save(() => void data.updateField(field.id, { mapTo, value: needsValue ? value.trim() : null }))
      }
    >
      <MapToSelect
        name={field.name}
        options={options}
        value={mapTo || null}
        editable={editable}
        onChange={(next) => setMapTo(next ?? "")}
        error={check.error("mapTo")}
        hint={hint}
      />
      {needsValue && (
        <TextField
          label={T.value}
          name="value"
          value={value}
          disabled={!editable}
          error={check.error("value")}
          onValueChange={setValue}
        />
      )}
    </MappingRow>
  );
}
