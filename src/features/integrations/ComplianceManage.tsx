// Settings > Integrations > Compliance, once added: Manage opens the verification validity (how many days an
// approval by this account holds, 90 by default, 1 to 3650), sent as the queued setAccreditationValidity (offline
// too, shown pending), and links to the reviewer's screen. Viewers see the validity without the form.
import { Link } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { useForm } from "../../app/use-form.ts";
import { useViewer } from "../../app/viewer.ts";
import { useCommand, useModel } from "../../data/hooks.tsx";
import { usePending } from "../../data/pending-hooks.ts";
import { DEFAULT_VALID_DAYS, parseValidDays } from "../../domain/accreditation.ts";
import { Button, FormDialog, fullRow, linkClass, SyncMark, TextField } from "../../ui/index.ts";
import { COMPLIANCE_TEXT as T } from "./strings.ts";

/** The account's validity in days: a queued change first, then the replicas (the integration row, the account). */
function useValidDays(known: number | null | undefined) {
  const { accountId } = useViewer();
  const { rows } = useModel("accounts");
  const queued = usePending("account.accreditationValidity", accountId ?? undefined).filter(
    (entry) => entry.id === accountId,
  );
  const last = queued[queued.length - 1];
  const stored = useMemo(() => {
    const account = (rows as unknown as { id: string; accreditationValidDays?: number | null }[]).find(
      (row) => row.id === accountId,
    );
    return known ?? account?.accreditationValidDays ?? DEFAULT_VALID_DAYS;
  }, [rows, accountId, known]);
  const pendingDays = last && last.command.status !== "rejected" ? last.patch?.accreditationValidDays : undefined;
  return {
    accountId,
    days: typeof pendingDays === "number" ? pendingDays : stored,
    mark: last
      ? { status: last.command.status as "pending" | "accepted" | "rejected", errorMessage: last.command.errorMessage }
      : null,
  };
}

export function ComplianceManage({ knownDays }: { knownDays?: number | null }) {
  const { canWrite } = useViewer();
  const { accountId, days, mark } = useValidDays(knownDays);
  const [open, setOpen] = useState(false);
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "2" })} data-testid="compliance-manage">
      <p className={css({ fontSize: "sm" })} data-testid="compliance-valid-days">
        {T.current(days)} {mark && <SyncMark mark={mark} />}
      </p>
      <div className={css({ display: "flex", gap: "3", alignItems: "center", flexWrap: "wrap" })}>
        {canWrite && accountId && (
          <Button size="sm" onClick={() => setOpen(true)}>
            {T.manage}
          </Button>
        )}
        <Link to="/accreditations" className={linkClass}>
          {T.reviewLink}
        </Link>
      </div>
      {open && accountId && <ValidityDialog accountId={accountId} days={days} onClose={() => setOpen(false)} />}
    </div>
  );
}

function ValidityDialog({ accountId, days, onClose }: { accountId: string; days: number; onClose: () => void }) {
  const send = useCommand();
  const form = useForm({
    initial: { validDays: String(days) },
    check: ({ validDays }) => {
      const parsed = parseValidDays(validDays ?? "");
      return parsed.ok ? { ok: true, value: parsed.value } : { ok: false, errors: { validDays: parsed.error } };
    },
    submit: async (validDays: number) => {
      await send("setAccreditationValidity", { input: { accountId, validDays } });
    },
    onDone: onClose,
  });
  return (
    <FormDialog
      form={form}
      title={T.dialogTitle}
      description={T.validDaysHint}
      submitLabel={T.save}
      cancelLabel={T.cancel}
      onClose={onClose}
    >
      <div className={fullRow}>
        <TextField label={T.validDays} kind="integer" {...form.field("validDays")} />
      </div>
    </FormDialog>
  );
}
