// Form fields of the asset, round, security and document dialogs: a label, the control, one message under it.
import { Field } from "@ark-ui/react/field";
import { useId } from "react";
import { css } from "../../../styled-system/css";
import { input } from "../../../styled-system/recipes";
import { numberTyping } from "../../domain/assets.ts";

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  name?: string;
  placeholder?: string;
  disabled?: boolean;
  /** number: digits, dot and comma only while typing; integer: digits and comma. */
  kind?: "text" | "number" | "integer" | "url";
  hint?: string;
}

export function TextField({
  label,
  value,
  onChange,
  error,
  name,
  placeholder,
  disabled,
  kind = "text",
  hint,
}: TextFieldProps) {
  const id = useId();
  const numeric = kind === "number" || kind === "integer";
  return (
    <Field.Root
      invalid={Boolean(error)}
      disabled={disabled}
      className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}
    >
      <Field.Label htmlFor={id} className={css({ fontSize: "sm", fontWeight: "600", color: "fg.default" })}>
        {label}
      </Field.Label>
      <Field.Input
        id={id}
        name={name}
        className={input()}
        placeholder={placeholder}
        inputMode={numeric ? "decimal" : kind === "url" ? "url" : undefined}
        value={value}
        onChange={(event) =>
          onChange(numeric ? numberTyping(event.target.value, kind === "integer") : event.target.value)
        }
      />
      {hint && !error && (
        <Field.HelperText className={css({ fontSize: "xs", color: "fg.subtle" })}>{hint}</Field.HelperText>
      )}
      {error && <Field.ErrorText className={css({ fontSize: "xs", color: "danger" })}>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** The error line under a Select (the kit's Select has no error slot). */
export function FieldError({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <p role="alert" className={css({ fontSize: "xs", color: "danger", mt: "-2" })}>
      {text}
    </p>
  );
}

export const formGrid = css({
  display: "grid",
  gridTemplateColumns: { base: "1fr", sm: "1fr 1fr" },
  gap: "4",
  mt: "2",
});
export const fullRow = css({ gridColumn: { sm: "1 / -1" } });
