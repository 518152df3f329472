// The issuer's side of transfers on /security/{id}: the security's transfer rules (setTransferRules; the current
// rules are read from the server while online, the rules are not kept on the device) and its transfer agent
// (nameTransferAgent), and every transfer request of the security with Approve and Reject.
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { useForm } from "../../app/use-form.ts";
import { useViewer } from "../../app/viewer.ts";
import { useCommand } from "../../data/hooks.tsx";
import { usePending } from "../../data/pending-hooks.ts";
import type { TransferRules } from "../../domain/transfers.ts";
import { Button, Card, Checkbox, DateInput, FormGrid, mutedText, TextField, toast } from "../../ui/index.ts";
import { TRANSFERS_TEXT } from "./strings.ts";
import { TransferAgentForm } from "./TransferAgentForm.tsx";
import { TransferTable } from "./TransferTable.tsx";
import { useTransferRules } from "./use-transfer-rules.ts";
import { useTransfers } from "./use-transfers.ts";

/** "" -> null, a whole number of days 0..36,500 -> it, anything else -> undefined (an error). */
function days(value: string): number | null | undefined {
  const said = value.replace(/,/g, "").trim();
  if (said === "") return null;
  if (!/^\d+$/.test(said) || Number(said) > 36500) return undefined;
  return Number(said);
}

export function SecurityTransfersCard({ securityId }: { securityId: string }) {
  const viewer = useViewer();
  const filter = useState(() => ({ securityId }))[0];
  const { rows } = useTransfers(filter);
  return (
    <>
      {viewer.accountType === "issuer" && viewer.canWrite && <TransferRulesCard securityId={securityId} />}
      <Card title={TRANSFERS_TEXT.requestsCard} testId="security-transfers">
        <TransferTable rows={rows} viewer={viewer} label={TRANSFERS_TEXT.requestsCard} />
      </Card>
    </>
  );
}

function TransferRulesCard({ securityId }: { securityId: string }) {
  // this device's queued choices of the agent: the rules are read again as each one's state changes
  const queued = usePending("security.transferRules").filter(
    (entry) => entry.op === "agent" && entry.id === securityId,
  );
  const { rules, online } = useTransferRules(securityId, queued.map((entry) => entry.mark.status).join());
  const agent = rules?.transferAgentId ? { id: rules.transferAgentId, name: rules.transferAgent?.name ?? "" } : null;
  return (
    <Card title={TRANSFERS_TEXT.rulesCard} testId="transfer-rules">
      <p className={mutedText}>{TRANSFERS_TEXT.rulesDescription}</p>
      {rules === undefined && !online && <p className={mutedText}>{TRANSFERS_TEXT.rulesOffline}</p>}
      {rules !== undefined && <RulesForm key={JSON.stringify(rules)} securityId={securityId} rules={rules} />}
      {rules !== undefined && (
        <TransferAgentForm key={agent?.id ?? ""} securityId={securityId} agent={agent} queued={queued.at(-1)} />
      )}
    </Card>
  );
}

function RulesForm({ securityId, rules }: { securityId: string; rules: TransferRules | null }) {
  const command = useCommand();
  const [qualification, setQualification] = useState(rules?.transfereeQualificationRequired ?? false);
  const form = useForm({
    initial: {
      lockupEndsOn: rules?.lockupEndsOn ?? null,
      minimumHoldingDays: rules?.minimumHoldingDays?.toString() ?? "",
      firstRefusalDays: rules?.firstRefusalDays?.toString() ?? "",
    },
    check: (values) => {
      const holding = days(values.minimumHoldingDays ?? "");
      const refusal = days(values.firstRefusalDays ?? "");
      if (holding === undefined || refusal === undefined) {
        return {
          ok: false as const,
          errors: {
            ...(holding === undefined ? { minimumHoldingDays: TRANSFERS_TEXT.daysError } : {}),
            ...(refusal === undefined ? { firstRefusalDays: TRANSFERS_TEXT.daysError } : {}),
          },
        };
      }
      return {
        ok: true as const,
        value: { lockupEndsOn: values.lockupEndsOn?.slice(0, 10) ?? null, holding, refusal },
      };
    },
    submit: async (value) => {
      await command("setTransferRules", {
        input: {
          securityId,
          lockupEndsOn: value.lockupEndsOn,
          minimumHoldingDays: value.holding,
          firstRefusalDays: value.refusal,
          transfereeQualificationRequired: qualification,
        },
      });
      toast.success(TRANSFERS_TEXT.rulesSaved);
    },
    onDone: () => undefined,
  });
  return (
    <form noValidate onSubmit={form.onSubmit} className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
      <FormGrid columns={3}>
        <DateInput label={TRANSFERS_TEXT.lockupEndsOn} {...form.dateField("lockupEndsOn")} />
        <TextField label={TRANSFERS_TEXT.minimumHoldingDays} kind="integer" {...form.field("minimumHoldingDays")} />
        <TextField label={TRANSFERS_TEXT.firstRefusalDays} kind="integer" {...form.field("firstRefusalDays")} />
      </FormGrid>
      <Checkbox checked={qualification} onChange={setQualification}>
        {TRANSFERS_TEXT.qualificationRequired}
      </Checkbox>
      <div>
        <Button type="submit" loading={form.saving}>
          {TRANSFERS_TEXT.saveRules}
        </Button>
      </div>
    </form>
  );
}
