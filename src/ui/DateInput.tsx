// Date field for forms: typed as MM/DD/YYYY, reported as an ISO calendar date (or null while incomplete/invalid).
import { Field } from "@ark-ui/react/field";
import { useEffect, useId, useState } from "react";
import { css } from "../../styled-system/css";
import { input } from "../../styled-system/recipes";
import { formatDate, parseFormDate } from "../domain/format.ts";

interface DateInputProps {
  label: string;
  /** ISO date or timestamp. */
  value: string | null;
  onChange: (isoDate: string | null) => void;
  error?: string;
  disabled?: boolean;
  name?: string;
}

/** Inserts the slashes while typing digits: "0305" -> "03/05". */
function maskDate(text: string): string {
  const digits = text.replace(/\D/g, "").slice(0, 8);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean);
  return parts.join("/");
}

export function DateInput({ label, value, onChange, error, disabled, name }: DateInputProps) {
  const [text, setText] = useState(() => formatDate(value, "MM/DD/YYYY"));
  const id = useId();
  // Only a change of `value` from outside re-seeds the text; typing must not be overwritten.
  // biome-ignore lint/correctness/useExhaustiveDependencies: text is read, not watched
  useEffect(() => {
    if (value && parseFormDate(text) !== value.slice(0, 10)) setText(formatDate(value, "MM/DD/YYYY"));
  }, [value]);
  return (
    <Field.Root
      invalid={Boolean(error)}
      disabled={disabled}
      className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}
    >
      <Field.Label htmlFor={id} className={css({ fontSize: "sm", fontWeight: "600" })}>
        {label}
      </Field.Label>
      <Field.Input
        id={id}
        name={name}
        className={input()}
        inputMode="numeric"
        placeholder="MM/DD/YYYY"
        value={text}
        onChange={(event) => {
          const next = maskDate(event.target.value);
          setText(next);
          onChange(parseFormDate(next));
        }}
      />
      {error && <Field.ErrorText className={css({ fontSize: "xs", color: "danger" })}>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
