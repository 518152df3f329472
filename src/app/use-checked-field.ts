// A screen's own value with its message, outside a dialog's useForm (a date to report on, a choice to add, a name to
// rename to): the check shows its message, and a change the user makes clears it until the next check.
import { useState } from "react";

/** What useCheckedField gives: a component bound to it takes the value, the message and the change. */
export type CheckedField<T> = ReturnType<typeof useCheckedField<T>>;

export function useCheckedField<T>(initial: T | (() => T)) {
  const [value, setValue] = useState<T>(initial);
  const [error, setError] = useState<string | undefined>();
  const onChange = (next: T) => {
    setValue(next);
    setError(undefined);
  };
  return {
    value,
    error,
    /** A check's message (undefined clears it). */
    setError,
    /** Sets the value and leaves the message (a reset after a submit, the stored value changed). */
    setValue,
    /** A change the user made: the new value, the message cleared. */
    onChange,
    /** Binds a DateInput or a Select in one spread: `<DateInput label={…} {...asOf.bind} />`. */
    bind: { value, error, onChange },
  };
}
