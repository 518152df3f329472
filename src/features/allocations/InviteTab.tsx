// Invitation: email, amount (> 0) and an optional contact name -> makeDistribution with a client-made id, so the
// new distribution shows at once (pending) and later commands can refer to it, online or not.
import { useState } from "react";
import * as v from "valibot";
import { css } from "../../../styled-system/css";
import { useCommand } from "../../data/hooks.tsx";
import { fieldErrors, InviteSchema, PERMISSION_MESSAGES } from "../../domain/allocations.ts";
import { Button, toast } from "../../ui/index.ts";
import { Card, FormGrid, mutedText, newId, TextField } from "./parts.tsx";

export function InviteTab({ allocationId, canEdit }: { allocationId: string; canEdit: boolean }) {
  const command = useCommand();
  const [email, setEmail] = useState("");
  const [amount, setAmount] = useState("");
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!canEdit) {
      toast.error(PERMISSION_MESSAGES.notAllowed);
      return;
    }
    const parsed = v.safeParse(InviteSchema, { email, amount, name });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.issues));
      return;
    }
    setErrors({});
    await command("makeDistribution", {
      input: {
        id: newId(),
        allocationId,
        accountEmail: parsed.output.email,
        amount: parsed.output.amount.replaceAll(",", ""),
        name: parsed.output.name || null,
      },
    });
    toast.success("Invitation saved", parsed.output.email);
    setEmail("");
    setAmount("");
    setName("");
  };

  return (
    <Card title="Invite an investor">
      <p className={mutedText}>The investor receives an invitation to invest in this allocation.</p>
      <form
        onSubmit={submit}
        className={css({ display: "flex", flexDirection: "column", gap: "4" })}
        aria-label="Invite an investor"
        noValidate
      >
        <FormGrid columns={3}>
          <TextField
            label="Email"
            type="email"
            name="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
            disabled={!canEdit}
          />
          <TextField
            label="Amount (units)"
            name="amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={errors.amount}
            disabled={!canEdit}
          />
          <TextField
            label="Contact Name (optional)"
            name="contactName"
            value={name}
            onChange={(e) => setName(e.target.value)}
            disabled={!canEdit}
          />
        </FormGrid>
        <div className={css({ display: "flex", justifyContent: "flex-end" })}>
          <Button type="submit" disabled={!canEdit}>
            Send Invitation
          </Button>
        </div>
      </form>
    </Card>
  );
}
