// One distribution: status, prices (one per currency), payments (shown to the allocation's owner), notes, custom
// fields and vesting. Locked distributions refuse status and custom-field changes (the server refuses them too).
import { useState } from "react";
import * as v from "valibot";
import { css } from "../../../styled-system/css";
import { useCommand } from "../../data/hooks.tsx";
import {
  distributionQualificationLabel,
  distributionStatusLabel,
  fieldErrors,
  PaymentSchema,
} from "../../domain/allocations.ts";
import { paidInCapital } from "../../domain/capital.ts";
import { formatDate, formatMoney, formatNumber } from "../../domain/format.ts";
import { Button, DateInput, EmptyState, Select, toast } from "../../ui/index.ts";
import { NotesCard } from "./NotesCard.tsx";
import {
  Card,
  FormGrid,
  mutedText,
  newId,
  PendingTag,
  Stat,
  StatRow,
  StatusBadge,
  TextField,
  tableClass,
} from "./parts.tsx";
import { usePendingChildren } from "./pending-children.ts";
import { type QualificationChoice, QualificationsCard, qualificationsOf } from "./QualificationsCard.tsx";
import type { Distribution } from "./use-allocation.ts";
import { VestingCard, type VestingSchedule } from "./VestingCard.tsx";

const STATUS_OPTIONS = [
  { value: "drafted", label: "Invited" },
  { value: "open", label: "Onboarding" },
  { value: "closed", label: "Pending" },
];

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
          options={STATUS_OPTIONS}
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
  const [amount, setAmount] = useState("");
  const [paidOn, setPaidOn] = useState<string | null>(new Date().toISOString().slice(0, 10));
  const [errors, setErrors] = useState<Record<string, string>>({});
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
          paidOn: new Date(`${parsed.output.paidOn.slice(0, 10)}T12:00:00Z`).toISOString(),
          status: "paid",
        },
      },
    });
    toast.success("Payment recorded");
    setAmount("");
  };
  const rows = [
    ...payments.map((p) => ({ p, mark: null })),
    ...pending.map((x) => ({ p: x.row as Payment, mark: x.mark })),
  ];
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
            </tr>
          </thead>
          <tbody>
            {rows.map(({ p, mark }) => (
              <tr key={p.id} data-testid="payment-row">
                <td>{formatDate(p.paidOn, "MM/DD/YYYY")}</td>
                <td className="num">{formatMoney(p.amount)}</td>
                <td>
                  <span className={css({ textTransform: "capitalize" })}>{p.status ?? "paid"}</span>{" "}
                  <PendingTag mark={mark} />
                </td>
              </tr>
            ))}
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
  const [name, setName] = useState("");
  const [value, setValue] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = async () => {
    const next: Record<string, string> = {};
    if (!name.trim()) next.name = "Name is required.";
    if (!value.trim()) next.value = "Value is required.";
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
  const rows = [
    ...fields.map((f) => ({ f, mark: null })),
    ...pending.map((x) => ({ f: x.row as CustomField, mark: x.mark })),
  ];
  return (
    <Card title="Custom Fields">
      {rows.length === 0 ? (
        <p className={mutedText}>No custom mapping fields</p>
      ) : (
        <table className={tableClass}>
          <tbody>
            {rows.map(({ f, mark }) => (
              <tr key={f.id}>
                <td className={css({ fontWeight: "600" })}>{f.name}</td>
                <td>
                  {f.value} <PendingTag mark={mark} />
                </td>
              </tr>
            ))}
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
