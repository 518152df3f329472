// The Transfer Ownership popup (the owner only): the new owner's email ('A valid email is required.'), then
// transferOwnership as a queued command. The server makes a member the owner at once (or invites anyone else), makes
// the old owner an admin and ends both users' sessions: this device is asked to sign in again.
import { type FormEvent, useState } from "react";
import { css } from "../../../styled-system/css";
import { useCommand } from "../../data/hooks.tsx";
import { Button, MountedDialog, TextField, toast } from "../../ui/index.ts";
import { checkTransferEmail } from "./delegate-form.ts";
import { DELEGATES_TEXT } from "./strings.ts";

export function TransferOwnershipDialog({ onClose }: { onClose: () => void }) {
  const command = useCommand();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = checkTransferEmail(email);
    setError(problem);
    if (problem) return;
    await command("transferOwnership", { input: { email: email.trim() } });
    toast.success(DELEGATES_TEXT.transferQueued);
    onClose();
  };

  return (
    <MountedDialog
      onClose={onClose}
      title={DELEGATES_TEXT.transferOwnership}
      description={DELEGATES_TEXT.transferDescription}
    >
      <form onSubmit={submit} noValidate data-testid="transfer-form">
        <TextField
          label={DELEGATES_TEXT.newOwnerEmail}
          type="email"
          value={email}
          onValueChange={(value) => {
            setEmail(value);
            setError(null);
          }}
          error={error}
          autoComplete="off"
        />
        <div className={css({ display: "flex", gap: "2", mt: "5", justifyContent: "flex-end" })}>
          <Button variant="ghost" onClick={onClose}>
            {DELEGATES_TEXT.cancel}
          </Button>
          <Button type="submit" variant="danger">
            {DELEGATES_TEXT.transfer}
          </Button>
        </div>
      </form>
    </MountedDialog>
  );
}
