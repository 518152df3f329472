// Create a security (spec part 1 sections 2.8, 5, 7): name, total, symbol -> createSecurity, queued in the outbox.

import { useForm } from "../../app/use-form.ts";
import { useCommand } from "../../data/hooks.tsx";
import { SecurityFormSchema, validate } from "../../domain/assets.ts";
import { Button, Dialog, ErrorBlock, formGrid, fullRow, TextField } from "../../ui/index.ts";
import { DIALOG_BUTTONS } from "../assets/index.ts";
import { SECURITY_DIALOG_TEXT } from "./strings.ts";

export function SecurityDialog({ onClose }: { onClose: () => void }) {
  const send = useCommand();
  const { values, errors, saving, set, save, onSubmit } = useForm({
    initial: { name: "", total: "", symbol: "" },
    check: (values) => validate(SecurityFormSchema, values),
    submit: async ({ symbol, ...rest }) => {
      await send("createSecurity", {
        input: { security: { id: crypto.randomUUID(), ...rest, symbol: symbol || null } },
      });
    },
    onDone: onClose,
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={SECURITY_DIALOG_TEXT.title}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {DIALOG_BUTTONS.cancel}
          </Button>
          <Button onClick={save} loading={saving}>
            {DIALOG_BUTTONS.create}
          </Button>
        </>
      }
    >
      <form noValidate className={formGrid} onSubmit={onSubmit}>
        <div className={fullRow}>
          <TextField
            label={SECURITY_DIALOG_TEXT.name}
            name="name"
            value={values.name}
            onValueChange={set("name")}
            error={errors.name}
          />
        </div>
        <TextField
          label={SECURITY_DIALOG_TEXT.total}
          name="total"
          kind="number"
          value={values.total}
          onValueChange={set("total")}
          error={errors.total}
        />
        <TextField
          label={SECURITY_DIALOG_TEXT.symbol}
          name="symbol"
          value={values.symbol}
          onValueChange={(value) => set("symbol")(value.toUpperCase())}
          hint={SECURITY_DIALOG_TEXT.optional}
        />
        {errors.form && (
          <div className={fullRow}>
            <ErrorBlock text={errors.form} />
          </div>
        )}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
