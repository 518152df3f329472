// Create a security (spec part 1 sections 2.8, 5, 7): name, total, symbol -> createSecurity, queued in the outbox.

import { useForm } from "../../app/use-form.ts";
import { useCommand } from "../../data/hooks.tsx";
import { SecurityFormSchema, validate } from "../../domain/assets.ts";
import { FormDialog, fullRow, TextField } from "../../ui/index.ts";
import { DIALOG_BUTTONS } from "../assets/index.ts";
import { SECURITY_DIALOG_TEXT } from "./strings.ts";

export function SecurityDialog({ onClose }: { onClose: () => void }) {
  const send = useCommand();
  const form = useForm({
    initial: { name: "", total: "", symbol: "" },
    check: (values) => validate(SecurityFormSchema, values),
    submit: async ({ symbol, ...rest }) => {
      await send("createSecurity", {
        input: { security: { id: crypto.randomUUID(), ...rest, symbol: symbol || null } },
      });
    },
    onDone: onClose,
  });
  const { values, set, field } = form;

  return (
    <FormDialog
      form={form}
      title={SECURITY_DIALOG_TEXT.title}
      submitLabel={DIALOG_BUTTONS.create}
      cancelLabel={DIALOG_BUTTONS.cancel}
      onClose={onClose}
    >
      <div className={fullRow}>
        <TextField label={SECURITY_DIALOG_TEXT.name} {...field("name")} />
      </div>
      <TextField label={SECURITY_DIALOG_TEXT.total} kind="number" {...field("total")} />
      <TextField
        label={SECURITY_DIALOG_TEXT.symbol}
        name="symbol"
        value={values.symbol}
        onValueChange={(value) => set("symbol")(value.toUpperCase())}
        hint={SECURITY_DIALOG_TEXT.optional}
      />
    </FormDialog>
  );
}
