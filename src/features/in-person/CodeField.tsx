// The in-person session's code as typed: hidden, digits, never offered by the browser, spaces dropped (the code
// chosen on the card, its repetition, and the code that hands the device back).
import { TextField } from "../../ui/index.ts";

export function CodeField({
  label,
  value,
  onValue,
  error,
}: {
  label: string;
  value: string;
  onValue: (code: string) => void;
  error?: string;
}) {
  return (
    <TextField
      label={label}
      type="password"
      inputMode="numeric"
      autoComplete="off"
      value={value}
      onChange={(event) => onValue(event.target.value.trim())}
      error={error}
    />
  );
}
