// The end of a settings form: Cancel (back to the details as stored) and Save (submits the form).
import { css } from "../../../styled-system/css";
import { Button } from "../../ui/index.ts";
import { SETTINGS_TEXT } from "./strings.ts";

export function SaveOrCancel({ onCancel }: { onCancel: () => void }) {
  return (
    <div className={css({ display: "flex", gap: "2", mt: "4", justifyContent: "flex-end" })}>
      <Button variant="ghost" onClick={onCancel}>
        {SETTINGS_TEXT.cancel}
      </Button>
      <Button type="submit">{SETTINGS_TEXT.save}</Button>
    </div>
  );
}
