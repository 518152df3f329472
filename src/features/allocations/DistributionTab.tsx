// One distribution: status, prices (one per currency), payments (shown to the allocation's owner), notes, custom
// fields and vesting. Locked distributions refuse status and custom-field changes (the server refuses them too).
import { useState } from "react";
import * as v from "valibot";
import { css } from "../../../styled-system/css";
import { useCommand } from "../../data/hooks.tsx";
import type { PendingMark } from "../../data/pending.ts";
import {
  distributionQualificationLabel,
  distributionStatusLabel,
  fieldErrors,
  PaymentSchema,
} from "../../domain/allocations.ts";
import { paidInCapital } from "../../domain/capital.ts";
import { formatDate, formatMoney, formatNumber } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import {
  Button,
  Card,
  DateInput,
  EmptyState,
  FormGrid,
  mutedText,
  PendingTag,
  Select,
  Stat,
  StatRow,
  StatusBadge,
  TextField,
  tableClass,
  toast,
} from "../../ui/index.ts";
import { NotesCard } from "./NotesCard.tsx";
import { newId } from "./new-id.ts";
import { usePendingChildren, usePendingEdits } from "./pending-children.ts";
import { type QualificationChoice, QualificationsCard, qualificationsOf } from "./QualificationsCard.tsx";
import { DISTRIBUTION_STATUS_OPTIONS } from "./strings.ts";
import type { Distribution } from "./use-allocation.ts";
import { VestingCard, type VestingSchedule } from "./VestingCard.tsx";

interface Payment {
  id: string;
  amount: string;
  paidOn: string;
  status?: string;
  currencyCode?: string;
}
interface Price {
  id: string;
  price: string;
  currencyCode?: string;
  currencyId?: number;
  isPurchase?: boolean;
}
interface CustomField {
  id: string;
  name: string;
  value: string;
}

export function DistributionTab({
  distribution,
  canEdit,
  isOwner,
  roundClosesOn,
  qualificationChoices = [],
}: {
  distribution: Distribution | null;
  canEdit: boolean;
  isOwner: boolean;
  roundClosesOn: string | null;
  qualificationChoices?: readonly QualificationChoice[];
}) {
  if (!distribution) return <EmptyState text="Select a distribution in the list to see it here." />;
  const locked = Boolean(distribution.locked);
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "5" })}>
      <Overview distribution={distribution} canEdit={canEdit && !locked} locked={locked} />
      <QualificationsCard
        kind="distribution"
        parentId={distribution.id}
        rows={qualificationsOf(distribution)}
        choices={qualificationChoices}
        canEdit={canEdit && !locked}
        label={distributionQualificationLabel(distribution)}
      />
      <Prices distribution={distribution} canEdit={canEdit && !locked} />
      {isOwner && <Payments distribution={distribution} canEdit={canEdit} />}
      <NotesCard
        kind="distribution"
        parentId={distribution.id}
        notes={(distribution.annotations ?? []) as { id: string; annotation: string; createdOn: string }[]}
        canEdit={canEdit}
      />
      <CustomFields distribution={distribution} canEdit={canEdit && !locked} />
      <VestingCard
        kind="distribution"
        parentId={distribution.id}
        schedule={distribution.vestingSchedule as VestingSchedule | null}
        defaultStartsOn={roundClosesOn}
        canEdit={canEdit && !locked}
      />
    </div>
  );
}

function Overview({
  distribution,
  canEdit,
  locked,
}: {
  distribution: Distribution;
  canEdit: boolean;
  locked: boolean;
}) {
  const command = useCommand();
  const paid = distribution.paidInCapital ?? paidInCapital((distribution.payments ?? []) as Payment[]);
  return (
    <Card
      title={distribution.name ?? distribution.investor?.name ?? distribution.investor?.email ?? "Distribution"}
      actions={
        <>
          <StatusBadge label={distributionStatusLabel(distribution)} />
          <PendingTag mark={distribution._pending} />
        </>
      }
      testId="distribution-overview"
    >
      <StatRow>
        <Stat label="UNITS" value={formatNumber(distribution.amount)} />
        <Stat label="PURCHASE PRICE" value={formatMoney(distribution.purchasePrice ?? null)} />
        <Stat label="PAID IN" value={formatMoney(paid)} testId="paid-in" />
      </StatRow>
      <p className={mutedText}>
        {distribution.investor?.email} · invited{" "}
        {distribution.createdOn ? formatDate(distribution.createdOn, "MMM Do YYYY") : "on this device"}
      </p>
      <div className={css({ maxW: "xs" })}>
        <Select
          label="Status"
          name="distributionStatus"
          options={DISTRIBUTION_STATUS_OPTIONS}
          value={distribution.status}
          disabled={!canEdit}
          onChange={(status) => {
            if (!status || status === distribution.status) return;
            void command("updateDistributionById", { input: { id: distribution.id, patch: { status } } });
          }}
        />
      </div>
      {locked && (
        <p
          className={mutedText}
        >{`Cannot update status on locked distribution: ${distribution.name ?? distribution.investor?.name ?? ""}`}</p>
      )}
    </Card>
  );
}

function Prices({ distribution, canEdit }: { distribution: Distribution; canEdit: boolean }) {
  const command = useCommand();
  const prices = (distribution.prices ?? []) as Price[];
  const [price, setPrice] = useState("");
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    if (!price.trim()) return setError("Price per unit is required.");
    if (prices.some((p) => (p.currencyCode ?? "USD") === "USD"))
      return setError("Multiple prices of the same currency is not supported.");
    setError(null);
    await command("createDistributionPrice", {
      input: {
        distributionPrice: { id: newId(), distributionId: distribution.id, price: price.trim(), currencyId: 1 },
      },
    });
    setPrice("");
  };
  return (
    <Card title="Prices">
      {prices.length === 0 ? (
        <p className={mutedText}>No Price</p>
      ) : (
        <table className={tableClass}>
          <thead>
            <tr>
              <th>Currency</th>
              <th className="num">Price per unit</th>
            </tr>
          </thead>
          <tbody>
            {prices.map((p) => (
              <tr key={p.id}>
                <td>{p.currencyCode ?? "USD"}</td>
                <td className="num">{formatMoney(p.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canEdit && !prices.length && (
        <div className={css({ display: "flex", gap: "2", alignItems: "flex-end" })}>
          <TextField
            label="Price per unit (USD)"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            error={error ?? undefined}
          />
          <Button onClick={add}>Add Price</Button>
        </div>
      )}
    </Card>
  );
}

function Payments({ distribution, canEdit }: { distribution: Distribution; canEdit: boolean }) {
  const command = useCommand();
  const payments = (distribution.payments ?? []) as Payment[];
  const pending = usePendingChildren<Payment & Record<string, unknown>>(
    "createDistributionPayment",
    "distributionPayment",
    "distributionId",
    distribution.id,
    payments.map((p) => p.id),
  );
  const edited = usePendingEdits(payments, "updateDistributionPaymentById", "deleteDistributionPaymentById");
  const [amount, setAmount] = useState("");
  const [paidOn, setPaidOn] = useState<string | null>(new Date().toISOString().slice(0, 10));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<string | null>(null);
  const [editAmount, setEditAmount] = useState("");
  const [editPaidOn, setEditPaidOn] = useState<string | null>(null);
  const [editErrors, setEditErrors] = useState<Record<string, string>>({});
  const add = async () => {
    const parsed = v.safeParse(PaymentSchema, { amount, paidOn: paidOn ?? "" });
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
    toast.success("Payment recorded");
    setAmount("");
  };
  const startEdit = (p: Payment) => {
    setEditing(p.id);
    setEditAmount(p.amount);
    setEditPaidOn(p.paidOn ? p.paidOn.slice(0, 10) : null);
    setEditErrors({});
  };
  const saveEdit = async (id: string) => {
    const parsed = v.safeParse(PaymentSchema, { amount: editAmount, paidOn: editPaidOn ?? "" });
    if (!parsed.success) return setEditErrors(fieldErrors(parsed.issues));
    setEditErrors({});
    await command("updateDistributionPaymentById", {
      input: {
        id,
        patch: { amount: parsed.output.amount.replaceAll(",", ""), paidOn: paidOnTimestamp(parsed.output.paidOn) },
      },
    });
    setEditing(null);
    toast.success("Payment saved");
  };
  const rows = [...edited, ...pending.map((x) => ({ row: x.row as Payment, mark: x.mark as PendingMark | null }))];
  const editable = (id: string) => canEdit && payments.some((p) => p.id === id);
  return (
    <Card title="Payments" testId="payments">
      {rows.length === 0 ? (
        <p className={mutedText}>No Payments</p>
      ) : (
        <table className={tableClass}>
          <thead>
            <tr>
              <th>Paid on</th>
              <th className="num">Amount</th>
              <th>Status</th>
              {canEdit && <th className="num">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ row: p, mark }) =>
              editing === p.id ? (
                <tr key={p.id} data-testid="payment-row">
                  <td>
                    <DateInput label="Paid On" value={editPaidOn} onChange={setEditPaidOn} error={editErrors.paidOn} />
                  </td>
                  <td>
                    <TextField
                      label="Payment Amount"
                      name="editPaymentAmount"
                      inputMode="decimal"
                      value={editAmount}
                      onChange={(e) => setEditAmount(e.target.value)}
                      error={editErrors.amount}
                    />
                  </td>
                  <td />
                  <td className="num">
                    <span className={css({ display: "inline-flex", gap: "1" })}>
                      <Button size="sm" onClick={() => saveEdit(p.id)}>
                        Save
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setEditing(null)}>
                        Cancel
                      </Button>
                    </span>
                  </td>
                </tr>
              ) : (
                <tr key={p.id} data-testid="payment-row">
                  <td>{formatDate(p.paidOn, "MM/DD/YYYY")}</td>
                  <td className="num">{formatMoney(p.amount)}</td>
                  <td>
                    <span className={css({ textTransform: "capitalize" })}>{p.status ?? "paid"}</span>{" "}
                    <PendingTag mark={mark} />
                  </td>
                  {canEdit && (
                    <td className="num">
                      {editable(p.id) && (
                        <span className={css({ display: "inline-flex", gap: "1" })}>
                          <Button size="sm" variant="ghost" onClick={() => startEdit(p)}>
                            Edit
                          </Button>
                          <Button
                            size="sm"
                            variant="outline"
                            onClick={() => command("deleteDistributionPaymentById", { input: { id: p.id } })}
                          >
                            Delete
                          </Button>
                        </span>
                      )}
                    </td>
                  )}
                </tr>
              ),
            )}
          </tbody>
        </table>
      )}
      {canEdit && (
        <>
          <FormGrid columns={2}>
            <TextField
              label="Payment Amount"
              name="paymentAmount"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={errors.amount}
            />
            <DateInput label="Paid On" value={paidOn} onChange={setPaidOn} error={errors.paidOn} />
          </FormGrid>
          <div>
            <Button size="sm" onClick={add}>
              Add Payment
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}

/** A date input's day as the payment's timestamp (noon UTC, so every time zone shows the same day). */
function paidOnTimestamp(day: string): string {
  return new Date(`${day.slice(0, 10)}T12:00:00Z`).toISOString();
}

function CustomFields({ distribution, canEdit }: { distribution: Distribution; canEdit: boolean }) {
  const command = useCommand();
  const fields = (distribution.customFields ?? []) as CustomField[];
  const pending = usePendingChildren<CustomField & Record<string, unknown>>(
    "createDistributionCustomField",
    "distributionCustomField",
    "distributionId",
    distribution.id,
    fields.map((f) => f.id),
  );
  const edited = usePendingEdits(fields, "updateDistributionCustomFieldById", "deleteDistributionCustomFieldById");
  const [name, setName] = useState("");
  const [value, setValue] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<string | null>(null);
  const [editName, setEditName] = useState("");
  const [editValue, setEditValue] = useState("");
  const [editErrors, setEditErrors] = useState<Record<string, string>>({});
  const check = (n: string, val: string) => {
    const next: Record<string, string> = {};
    if (!n.trim()) next.name = MESSAGES.customFieldNameRequired;
    if (!val.trim()) next.value = MESSAGES.customFieldValueRequired;
    return next;
  };
  const add = async () => {
    const next = check(name, value);
    setErrors(next);
    if (Object.keys(next).length) return;
    await command("createDistributionCustomField", {
      input: {
        distributionCustomField: {
          id: newId(),
          distributionId: distribution.id,
          name: name.trim(),
          value: value.trim(),
        },
      },
    });
    setName("");
    setValue("");
  };
  const saveEdit = async (id: string) => {
    const next = check(editName, editValue);
    setEditErrors(next);
    if (Object.keys(next).length) return;
    await command("updateDistributionCustomFieldById", {
      input: { id, patch: { name: editName.trim(), value: editValue.trim() } },
    });
    setEditing(null);
  };
  const rows = [...edited, ...pending.map((x) => ({ row: x.row as CustomField, mark: x.mark as PendingMark | null }))];
  const editable = (id: string) => canEdit && fields.some((f) => f.id === id);
  return (
    <Card title="Custom Fields" testId="custom-fields">
      {rows.length === 0 ? (
        <p className={mutedText}>No custom mapping fields</p>
      ) : (
        <table className={tableClass}>
          <tbody>
            {rows.map(({ row: f, mark }) =>
              editing === f.id ? (
                <tr key={f.id} data-testid="custom-field-row">
                  <td>
                    <TextField
                      label="Field name"
                      value={editName}
                      onChange={(e) => setEditName(e.target.value)}
                      error={editErrors.name}
                    />
                  </td>
                  <td>
                    <TextField
                      label="Value"
                      value={editValue}
                      onChange={(e) => setEditValue(e.target.value)}
                      error={editErrors.value}
                    />
                  </td>
                  <td className="num">
                    <span className={css({ display: "inline-flex", gap: "1" })}>
                      <Button size="sm" onClick={() => saveEdit(f.id)}>
                        Save
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setEditing(null)}>
                        Cancel
                      </Button>
                    </span>
                  </td>
                </tr>
              ) : (
                <tr key={f.id} data-testid="custom-field-row">
                  <td className={css({ fontWeight: "600" })}>{f.name}</td>
                  <td>
                    {f.value} <PendingTag mark={mark} />
                  </td>
                  <td className="num">
                    {editable(f.id) && (
                      <span className={css({ display: "inline-flex", gap: "1" })}>
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => {
                            setEditing(f.id);
                            setEditName(f.name);
                            setEditValue(f.value);
                            setEditErrors({});
                          }}
                        >
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => command("deleteDistributionCustomFieldById", { input: { id: f.id } })}
                        >
                          Delete
                        </Button>
                      </span>
                    )}
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      )}
      {canEdit && (
        <div className={css({ display: "flex", gap: "2", alignItems: "flex-end", flexWrap: "wrap" })}>
          <TextField label="Field name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
          <TextField label="Value" value={value} onChange={(e) => setValue(e.target.value)} error={errors.value} />
          <Button variant="outline" onClick={add}>
            Add Field
          </Button>
        </div>
      )}
    </Card>
  );
}
