// The fields of a form step (a plain or encrypted form, a question set), in the schema's order: a select for a
// yes/no or a choice, a text field otherwise, each with its error under it. useStepValues holds what was typed and
// clears a field's error as it changes.
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { type FormValues, fieldKind, fieldLabel, fieldOptions, type StepField } from "../../domain/onboarding.ts";
import { Select, TextField } from "../../ui/index.ts";

export function useStepValues(initial: () => FormValues) {
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: string, value: string) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors(({ [key]: _removed, ...rest }) => rest);
  };
  return { values, errors, setErrors, set };
}

export function StepFields({
  fields,
  values,
  errors,
  set,
  secret,
  selectHints,
}: {
  fields: StepField[];
  values: FormValues;
  errors: Record<string, string>;
  set: (key: string, value: string) => void;
  /** An encrypted form's answers: typed unseen, never offered by the browser. undefined: text typed as usual,
   * never autocompleted (a question set). */
  secret?: boolean;
  /** A select shows its field's message under it while it has no error (a question's description). */
  selectHints?: boolean;
}) {
  return (
    <div className={css({ display: "grid", gridTemplateColumns: { base: "1fr", md: "1fr 1fr" }, gap: "4" })}>
      {fields.map((field) => {
        const kind = fieldKind(field);
        if (kind === "boolean" || kind === "select") {
          return (
            <div key={field.key} className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
              <Select
                label={fieldLabel(field)}
                name={field.key}
                options={fieldOptions(field)}
                value={values[field.key] || null}
                onChange={(value) => set(field.key, value ?? "")}
              />
              {errors[field.key] ? (
                <p className={css({ fontSize: "xs", color: "danger", fontWeight: "500" })} role="alert">
                  {errors[field.key]}
                </p>
              ) : (
                selectHints &&
                field.message && <p className={css({ fontSize: "xs", color: "fg.muted" })}>{field.message}</p>
              )}
            </div>
          );
        }
        return (
          <TextField
            key={field.key}
            label={fieldLabel(field)}
            name={field.key}
            type={secret === undefined ? undefined : secret ? "password" : "text"}
            autoComplete={secret === false ? undefined : "off"}
            inputMode={kind === "integer" ? "numeric" : undefined}
            value={values[field.key] ?? ""}
            onChange={(event) => set(field.key, event.target.value)}
            error={errors[field.key]}
            hint={field.message}
          />
        );
      })}
    </div>
  );
}
