// The dialogs' form helper: values, validation with one message per field, submit with a pending state. A failed
// check shows the field messages and sends nothing; a failed submit shows the generic error and re-enables the form.
import { type FormEvent, useState } from "react";
import type { FieldErrors } from "../domain/assets.ts";
import { MESSAGES } from "../domain/messages.ts";

/** A check's result: the parsed value, or the first message per field (domain/assets.ts validate). */
type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

type FormOutcome = { status: "done" } | { status: "invalid" | "failed"; errors: FieldErrors };

/** One submission: check, then (valid only) `saving()` and `submit`; what the form shows next. */
export async function runForm<V, T>(
  values: V,
  check: (values: V) => Checked<T>,
  submit: (value: T) => Promise<void>,
  saving: () => void,
): Promise<FormOutcome> {
  const result = check(values);
  if (!result.ok) return { status: "invalid", errors: result.errors };
  saving();
  try {
    await submit(result.value);
    return { status: "done" };
  } catch {
    return { status: "failed", errors: { form: MESSAGES.defaultError } };
  }
}

/**
 * Binds text fields to a form's values: `<TextField label={…} {...field("name")} />` gives the field its name, value,
 * setter and message, which each form would otherwise write out field by field.
 */
export function textFields<K extends string>(
  values: { [key in K]?: string | null },
  errors: FieldErrors,
  set: (key: K) => (value: string) => void,
) {
  return (key: K) => ({ name: key, value: values[key] ?? "", onValueChange: set(key), error: errors[key] });
}

/** The same for a DateInput, whose value is null when cleared. */
export function dateFields<K extends string>(
  values: { [key in K]?: string | null },
  errors: FieldErrors,
  set: (key: K) => (value: string | null) => void,
) {
  return (key: K) => ({ name: key, value: values[key] ?? null, onChange: set(key), error: errors[key] });
}

/** The same for a SelectField, whose value is null when nothing is chosen (a cleared select sets ""). */
export function choiceFields<K extends string>(
  values: { [key in K]?: string | null },
  errors: FieldErrors,
  set: (key: K) => (value: string | null) => void,
) {
  return (key: K) => ({ name: key, value: values[key] || null, onChange: set(key), error: errors[key] });
}

export function useForm<V extends Record<string, string | null>, T>({
  initial,
  check,
  submit,
  onDone,
}: {
  initial: V | (() => V);
  check: (values: V) => Checked<T>;
  submit: (value: T) => Promise<void>;
  /** After a successful submit (the dialogs close). */
  onDone: () => void;
}) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  /** A text field's setter (a cleared select gives ""). */
  const set = (key: keyof V) => (value: string | null) => setValues((current) => ({ ...current, [key]: value ?? "" }));
  /** A setter that keeps null (a cleared date). */
  const setNullable = (key: keyof V) => (value: string | null) =>
    setValues((current) => ({ ...current, [key]: value }));

  async function save() {
    const outcome = await runForm(values, check, submit, () => setSaving(true));
    if (outcome.status === "done") return onDone();
    setErrors(outcome.errors);
    setSaving(false);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void save();
  }

  const field = textFields<keyof V & string>(values, errors, set);
  const dateField = dateFields<keyof V & string>(values, errors, setNullable);
  const choiceField = choiceFields<keyof V & string>(values, errors, set);

  return { values, errors, saving, set, setNullable, field, dateField, choiceField, save, onSubmit };
}
