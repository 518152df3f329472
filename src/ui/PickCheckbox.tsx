// A table row's (or its header's) checkbox that picks the row for an action (issue, mint): no visible label, its name
// for screen readers only, as the row says whose it is. `togglePick` gives the picked set after a change.
import { css } from "../../styled-system/css";
import { Checkbox } from "./Checkbox.tsx";

const hidden = css({ srOnly: true });

export function PickCheckbox({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** What it picks, for screen readers ("Select Avery Chen", "Select all"). */
  label: string;
}) {
  return (
    <Checkbox checked={checked} onChange={onChange}>
      <span className={hidden}>{label}</span>
    </Checkbox>
  );
}

/** A new set: `set` with `id` in it (`inSet`) or without it. */
export function togglePick(set: ReadonlySet<string>, id: string, inSet: boolean): Set<string> {
  const next = new Set(set);
  if (inSet) next.add(id);
  else next.delete(id);
  return next;
}
