// The one text field: a label, the input, a hint or the error under it; plus the grids forms lay fields out in.
import { Field } from "@ark-ui/react/field";
import { type ChangeEvent, type InputHTMLAttributes, type ReactNode, useId } from "react";
import { css, cx } from "../../styled-system/css";
import { input } from "../../styled-system/recipes";
import { numberTyping } from "../domain/assets.ts";

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "onChange"> & {
  label: string;
  error?: string | null;
  hint?: string;
  /** The input's change event (use this or onValueChange). */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The typed text, filtered by `kind` (number: digits, dot and comma only while typing; integer: digits and comma). */
  onValueChange?: (value: string) => void;
  kind?: "text" | "number" | "integer" | "url";
};

export function TextField({
  label,
  error,
  hint,
  className,
  onChange,
  onValueChange,
  kind = "text",
  inputMode,
  ...props
}: TextFieldProps) {
  const id = useId();
  const numeric = kind === "number" || kind === "integer";
  return (
    <Field.Root
      invalid={Boolean(error)}
      disabled={props.disabled}
      className={cx(css({ display: "flex", flexDirection: "column", gap: "1.5", minW: 0 }), className)}
    >
      <Field.Label htmlFor={id} className={css({ fontSize: "sm", fontWeight: "600", color: "fg.default" })}>
        {label}
      </Field.Label>
      <Field.Input
        id={id}
        className={input()}
        inputMode={inputMode ?? (numeric ? "decimal" : kind === "url" ? "url" : undefined)}
        onChange={(event) => {
          onChange?.(event);
          onValueChange?.(numeric ? numberTyping(event.target.value, kind === "integer") : event.target.value);
        }}
        {...props}
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

/** Fields side by side from md up, `columns` per row. */
export function FormGrid({ children, columns = 2 }: { children: ReactNode; columns?: number }) {
  return (
    <div
      className={css({ display: "grid", gap: "4", gridTemplateColumns: { base: "1fr", md: "var(--cols)" } })}
      style={{ ["--cols" as string]: `repeat(${columns}, minmax(0, 1fr))` }}
    >
      {children}
    </div>
  );
}

/** The dialogs' two-column form grid, and a field spanning it. */
export const formGrid = css({
  display: "grid",
  gridTemplateColumns: { base: "1fr", sm: "1fr 1fr" },
  gap: "4",
  mt: "2",
});
export const fullRow = css({ gridColumn: { sm: "1 / -1" } });
