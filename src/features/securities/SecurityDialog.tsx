// Create a security (spec part 1 sections 2.8, 5, 7): name, total, symbol -> createSecurity, queued in the outbox.
import { useState } from "react";
import { useCommand } from "../../data/hooks.tsx";
import { type FieldErrors, SecurityFormSchema, validate } from "../../domain/assets.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { Button, Dialog, ErrorBlock, formGrid, fullRow, TextField } from "../../ui/index.ts";

export function SecurityDialog({ onClose }: { onClose: () => void }) {
  const send = useCommand();
  const [values, setValues] = useState({ name: "", total: "", symbol: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  async function save() {
    const result = validate(SecurityFormSchema, values);
    if (!result.ok) return setErrors(result.errors);
    const { symbol, ...rest } = result.value;
    setSaving(true);
    try {
      await send("createSecurity", {
        input: { security: { id: crypto.randomUUID(), ...rest, symbol: symbol || null } },
      });
      onClose();
    } catch {
      setErrors({ form: MESSAGES.defaultError });
      setSaving(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Create security"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={saving}>
            Create
          </Button>
        </>
      }
    >
      <form
        noValidate
        className={formGrid}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className={fullRow}>
          <TextField label="Name" name="name" value={values.name} onValueChange={set("name")} error={errors.name} />
        </div>
        <TextField
          label="Total"
          name="total"
          kind="number"
          value={values.total}
          onValueChange={set("total")}
          error={errors.total}
        />
        <TextField
          label="Symbol"
          name="symbol"
          value={values.symbol}
          onValueChange={(value) => set("symbol")(value.toUpperCase())}
          hint="Optional"
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
