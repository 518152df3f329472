// A form's values in one state, bound to its fields: for the forms on a screen that check and send their own way (a
// row edited in place, a card's "add" form), where useForm (a dialog that closes once it is sent) does not fit.
import { useState } from "react";
import type { FieldErrors } from "../domain/assets.ts";
import { dateFields, textFields } from "./use-form.ts";

/**
 * `field("name")` gives a TextField its name, value, setter and message, `dateField("paidOn")` the same for a
 * DateInput (null when cleared); `reset()` puts the first values back (after an add), `setValues` seeds them (an edit).
 */
export function useFormValues<V extends Record<string, string | null>>(initial: V, errors: FieldErrors = {}) {
  const [values, setValues] = useState<V>(initial);
  const set = (key: keyof V) => (value: string | null) => setValues((current) => ({ ...current, [key]: value }));
  return {
    values,
    setValues,
    set,
    reset: () => setValues(initial),
    field: textFields<keyof V & string>(values, errors, set),
    dateField: dateFields<keyof V & string>(values, errors, set),
  };
}
