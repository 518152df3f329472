// The Dividends card of /holding/{id}: the paid-out total from the replica (holdings.paid_out_dividends, 0443), the
// payments the server lists while online (the replica carries only the sum), this device's queued payments with their
// pending or refused mark, and for the issuer's owners and admins the "Record Dividend" form (makeDividendPayment
// through the outbox, so it works offline; the total moves once the server has applied it and the holding is pulled).
import { useEffect, useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { newId } from "../../app/new-id.ts";
import { useFormValues } from "../../app/use-form-values.ts";
import { useOnline } from "../../app/useOnline.ts";
import { graphql } from "../../data/graphql.ts";
import { useCommand } from "../../data/hooks.tsx";
import type { HoldingDoc } from "../../data/models/index.ts";
import type { PendingMark } from "../../data/pending.ts";
import { usePending } from "../../data/pending-hooks.ts";
import { formatDate, formatMoney } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { HiddenHeader } from "../../ui/HiddenHeader.tsx";
import {
  Button,
  Card,
  DateInput,
  FormGrid,
  mutedText,
  Stat,
  StatRow,
  SyncMark,
  TextField,
  tableClass,
  toast,
} from "../../ui/index.ts";
import {
  checkDividend,
  type DividendErrors,
  type DividendPayment,
  dividendOfCommand,
  utcToday,
} from "./dividend-form.ts";
import { HOLDINGS_TEXT } from "./strings.ts";

const HOLDING_DIVIDENDS = /* GraphQL */ `
  query holdingDividends($holdingId: UUID!) {
    allDividendPayments(condition: { holdingId: $holdingId }, orderBy: [PAID_ON_DESC, CREATED_ON_DESC]) {
      nodes { id amount paidOn }
    }
  }
`;

type Row = Pick<DividendPayment, "id" | "amount" | "paidOn"> & { mark?: PendingMark };

/** The server's payments of the holding, fetched again whenever the replicated total changes; null offline. */
function useRecordedDividends(holdingId: string, total: string, online: boolean): Row[] | null {
  const [rows, setRows] = useState<Row[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new total means the server's list changed: fetch again
  useEffect(() => {
    if (!online) return setRows(null);
    let live = true;
    graphql<{ allDividendPayments: { nodes: Row[] } }>(HOLDING_DIVIDENDS, { holdingId })
      .then((data) => live && setRows(data.allDividendPayments.nodes))
      .catch(() => live && setRows(null));
    return () => {
      live = false;
    };
  }, [holdingId, total, online]);
  return rows;
}

/**
 * This device's queued dividends for the holding (the pending list "holding.dividends"): pending and refused ones with their mark; accepted ones
 * (applied, waiting for the pull) without one, until the server's list shows them.
 */
function useQueuedDividends(holdingId: string): Row[] {
  const queued = usePending("holding.dividends", holdingId);
  return useMemo(
    () =>
      queued.flatMap(({ command }) => {
        const payment = dividendOfCommand(command, holdingId);
        const status = command.status as PendingMark["status"];
        if (!payment) return [];
        if (status === "accepted") return [{ id: payment.id, amount: payment.amount, paidOn: payment.paidOn }];
        const mark: PendingMark = {
          key: command.id,
          mutation: command.mutation,
          status,
          ...(status === "rejected" ? { errorCode: command.errorCode, errorMessage: command.errorMessage } : {}),
        };
        return [{ id: payment.id, amount: payment.amount, paidOn: payment.paidOn, mark }];
      }),
    [queued, holdingId],
  );
}

export function DividendsCard({ holding, canRecord }: { holding: HoldingDoc; canRecord: boolean }) {
  const total = holding.paidOutDividends ?? "0";
  const online = useOnline();
  const recorded = useRecordedDividends(holding.id, total, online);
  const queued = useQueuedDividends(holding.id);
  const known = new Set((recorded ?? []).map((row) => row.id));
  const rows = [...queued.filter((row) => !known.has(row.id)), ...(recorded ?? [])];
  return (
    <Card title={HOLDINGS_TEXT.dividends} testId="dividends">
      <StatRow>
        <Stat label={HOLDINGS_TEXT.paidOutDividendsStat} value={formatMoney(total)} testId="paid-out-dividends" />
      </StatRow>
      {rows.length > 0 ? (
        <table className={tableClass}>
          <thead>
            <tr>
              <th>{HOLDINGS_TEXT.paidOnColumn}</th>
              <th className="num">{HOLDINGS_TEXT.amount}</th>
              <HiddenHeader>{HOLDINGS_TEXT.status}</HiddenHeader>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="dividend-row">
                <td>{formatDate(row.paidOn, "MM/DD/YYYY")}</td>
                <td className="num">{formatMoney(row.amount)}</td>
                <td>
                  <SyncMark mark={row.mark} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        recorded && <p className={mutedText}>{MESSAGES.noDividends}</p>
      )}
      {!recorded && !online && <p className={mutedText}>{MESSAGES.dividendsListOffline}</p>}
      {canRecord && <RecordDividend holdingId={holding.id} />}
    </Card>
  );
}

function RecordDividend({ holdingId }: { holdingId: string }) {
  const command = useCommand();
  const [errors, setErrors] = useState<DividendErrors>({});
  const { values, set, field, dateField } = useFormValues<{ amount: string; paidOn: string | null }>(
    { amount: "", paidOn: utcToday(new Date()) },
    errors,
  );
  const [saving, setSaving] = useState(false);
  const record = async () => {
    const checked = checkDividend(values, utcToday(new Date()));
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setSaving(true);
    try {
      await command("makeDividendPayment", {
        input: { id: newId(), holdingId, amount: checked.amount, paidOn: checked.paidOn },
      });
      toast.success(MESSAGES.dividendRecorded);
      set("amount")("");
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      aria-label={HOLDINGS_TEXT.recordDividend}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void record();
      }}
      className={css({ display: "flex", flexDirection: "column", gap: "3" })}
    >
      <h3 className={css({ fontSize: "sm", fontWeight: "700" })}>{HOLDINGS_TEXT.recordDividend}</h3>
      <FormGrid columns={2}>
        <TextField label={HOLDINGS_TEXT.amount} {...field("amount")} name="dividendAmount" inputMode="decimal" />
        <DateInput label={HOLDINGS_TEXT.paidOn} {...dateField("paidOn")} name="dividendPaidOn" />
      </FormGrid>
      <div>
        <Button type="submit" size="sm" loading={saving}>
          {HOLDINGS_TEXT.recordDividend}
        </Button>
      </div>
    </form>
  );
}
