// A question set's name in a one-field form: the new set's (Create set) and the open set's (Save). Typing clears the
// shown problem (useCheckedField); the caller checks the name (domain/questions.ts setNameError) and sends the command.
import type { FormEvent } from "react";
import { css } from "../../../styled-system/css";
import type { CheckedField } from "../../app/use-checked-field.ts";
import { Button, TextField } from "../../ui/index.ts";

export function SetNameForm({
  label,
  formLabel,
  name,
  onSubmit,
  action,
  outline = false,
}: {
  /** the field's label */
  label: string;
  /** the form's name for assistive technology */
  formLabel: string;
  name: CheckedField<string>;
  onSubmit: (event: FormEvent) => void;
  /** the button's words */
  action: string;
  outline?: boolean;
}) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={formLabel}
      className={css({ display: "flex", gap: "2", alignItems: "flex-start" })}
    >
      <TextField
        label={label}
        className={css({ flex: "1" })}
        value={name.value}
        onChange={(event) => name.onChange(event.target.value)}
        error={name.error}
      />
      <Button type="submit" variant={outline ? "outline" : undefined} className={css({ mt: "7" })}>
        {action}
      </Button>
    </form>
  );
}
