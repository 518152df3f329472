// A distribution's payments (shown to the allocation's owner): the list with pending marks, edit and delete of a
// stored payment, and a new payment's amount and day.
import { useState } from "react";
import * as v from "valibot";
import { css } from "../../../styled-system/css";
import { newId } from "../../app/new-id.ts";
import { useFormValues } from "../../app/use-form-values.ts";
import { useCommand } from "../../data/hooks.tsx";
import { fieldErrors, PaymentSchema } from "../../domain/allocations.ts";
import { formatDate, formatMoney } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import {
  Button,
  Card,
  CardTable,
  DateInput,
  FormGrid,
  RowEditDelete,
  RowSaveCancel,
  SyncMark,
  TextField,
  toast,
} from "../../ui/index.ts";
import { DISTRIBUTION_TEXT } from "./strings.ts";
import type { Distribution } from "./use-allocation.ts";
import { useChildRows } from "./use-child-rows.ts";

export interface Payment {
  id: string;
  amount: string;
  paidOn: string;
  status?: string;
  currencyCode?: string;
}
type PaymentValues = { amount: string; paidOn: string | null };

export function Payments({ distribution, canEdit }: { distribution: Distribution; canEdit: boolean }) {
  const command = useCommand();
  const payments = (distribution.payments ?? []) as Payment[];
  const { rows, editing, setEditing, editable } = useChildRows(
    "distribution.payments",
    distribution.id,
    payments,
    canEdit,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const added = useFormValues<PaymentValues>({ amount: "", paidOn: new Date().toISOString().slice(0, 10) }, errors);
  const [editErrors, setEditErrors] = useState<Record<string, string>>({});
  const edited = useFormValues<PaymentValues>({ amount: "", paidOn: null }, editErrors);
  const add = async () => {
    const parsed = v.safeParse(PaymentSchema, { amount: added.values.amount, paidOn: added.values.paidOn ?? "" });
    if (!parsed.success) return setErrors(fieldErrors(parsed.issues));
    setErrors({});
    await command("createDistributionPayment", {
      input: {
        distributionPayment: {
          id: newId(),
          distributionId: distribution.id,
          amount: parsed.output.amount.replaceAll(",", ""),
          paidOn: paidOnTimestamp(parsed.output.paidOn),
          status: "paid",
        },
      },
    });
    toast.success(DISTRIBUTION_TEXT.paymentRecorded);
    added.set("amount")("");
  };
  const startEdit = (p: Payment) => {
    setEditing(p.id);
    edited.setValues({ amount: p.amount, paidOn: p.paidOn ? p.paidOn.slice(0, 10) : null });
    setEditErrors({});
  };
  const saveEdit = async (id: string) => {
    const parsed = v.safeParse(PaymentSchema, { amount: edited.values.amount, paidOn: edited.values.paidOn ?? "" });
    if (!parsed.success) return setEditErrors(fieldErrors(parsed.issues));
    setEditErrors({});
    await command("updateDistributionPaymentById", {
      input: {
        id,
        patch: { amount: parsed.output.amount.replaceAll(",", ""), paidOn: paidOnTimestamp(parsed.output.paidOn) },
      },
    });
    setEditing(null);
    toast.success(DISTRIBUTION_TEXT.paymentSaved);
  };
  return (
    <Card title={DISTRIBUTION_TEXT.payments} testId="payments">
      <CardTable
        rows={rows}
        empty={MESSAGES.noPayments}
        // Phones: should a row still be too wide, the table scrolls inside its card, never the page.
        scrollClass={css({ overflowX: "auto", mx: "-2" })}
        headers={[
          { title: DISTRIBUTION_TEXT.paidOnColumn, className: wideOnly },
          { title: DISTRIBUTION_TEXT.amount, num: true },
          DISTRIBUTION_TEXT.status,
          canEdit && { title: DISTRIBUTION_TEXT.actions, num: true },
        ]}
      >
        {({ row: p, mark }) =>
          editing === p.id ? (
            <tr key={p.id} data-testid="payment-row">
              <td>
                <DateInput label={DISTRIBUTION_TEXT.paidOn} {...edited.dateField("paidOn")} />
              </td>
              <td>
                <TextField
                  label={DISTRIBUTION_TEXT.paymentAmount}
                  {...edited.field("amount")}
                  name="editPaymentAmount"
                  inputMode="decimal"
                />
              </td>
              <td className={wideOnly} />
              <td className="num">
                <RowSaveCancel
                  saveLabel={DISTRIBUTION_TEXT.save}
                  cancelLabel={DISTRIBUTION_TEXT.cancel}
                  onSave={() => saveEdit(p.id)}
                  onCancel={() => setEditing(null)}
                  className={stackedActions}
                />
              </td>
            </tr>
          ) : (
            <tr key={p.id} data-testid="payment-row">
              <td className={wideOnly}>{formatDate(p.paidOn, "MM/DD/YYYY")}</td>
              <td className="num">
                {formatMoney(p.amount)}
                <div className={narrowOnly}>{formatDate(p.paidOn, "MM/DD/YYYY")}</div>
              </td>
              <td>
                <span className={css({ textTransform: "capitalize" })}>{p.status ?? "paid"}</span>{" "}
                <SyncMark mark={mark} />
              </td>
              {canEdit && (
                <td className="num">
                  {editable(p.id) && (
                    <RowEditDelete
                      editLabel={DISTRIBUTION_TEXT.edit}
                      deleteLabel={DISTRIBUTION_TEXT.delete}
                      onEdit={() => startEdit(p)}
                      onDelete={() => command("deleteDistributionPaymentById", { input: { id: p.id } })}
                      className={stackedActions}
                    />
                  )}
                </td>
              )}
            </tr>
          )
        }
      </CardTable>
      {canEdit && (
        <>
          <FormGrid columns={2}>
            <TextField
              label={DISTRIBUTION_TEXT.paymentAmount}
              {...added.field("amount")}
              name="paymentAmount"
              inputMode="decimal"
            />
            <DateInput label={DISTRIBUTION_TEXT.paidOn} {...added.dateField("paidOn")} />
          </FormGrid>
          <div>
            <Button size="sm" onClick={add}>
              {DISTRIBUTION_TEXT.addPayment}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}

// Phones: the date moves under the amount and the actions stack, so the table fits the card.
const wideOnly = css({ display: { base: "none", sm: "table-cell" } });
const narrowOnly = css({ display: { base: "block", sm: "none" }, fontSize: "xs", color: "fg.muted", mt: "0.5" });
const stackedActions = css({
  display: "inline-flex",
  flexDirection: { base: "column", sm: "row" },
  alignItems: { base: "flex-end", sm: "center" },
  gap: "1",
});

/** A date input's day as the payment's timestamp (noon UTC, so every time zone shows the same day). */
function paidOnTimestamp(day: string): string {
  return new Date(`${day.slice(0, 10)}T12:00:00Z`).toISOString();
}
