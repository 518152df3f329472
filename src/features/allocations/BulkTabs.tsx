// Bulk operations on the rows selected in the right pane (bulk-update, bulk-annotate), bulk-invite from pasted
// lines, and investors (bulk add from contacts). Viewers are refused with the spec's message.
import { type ReactNode, useMemo, useState } from "react";
import * as v from "valibot";
import { css } from "../../../styled-system/css";
import { newId } from "../../app/new-id.ts";
import { useCommand, useModel } from "../../data/hooks.tsx";
import type { Viewer } from "../../domain/access.ts";
import { BULK_STATUS_OPTIONS, InviteSchema, PERMISSION_MESSAGES, planBulkUpdate } from "../../domain/allocations.ts";
import { isPositive, parseDecimal } from "../../domain/decimal.ts";
import { Button, Card, Checkbox, EmptyState, mutedText, Select, TextField, tableClass, toast } from "../../ui/index.ts";
import { BULK_TEXT } from "./strings.ts";
import type { Distribution } from "./use-allocation.ts";

function useBulkGuard(actor: Viewer, canEdit: boolean): string | null {
  if (!actor.canWrite) return PERMISSION_MESSAGES.bulkViewer;
  if (!canEdit) return PERMISSION_MESSAGES.notAllowed;
  return null;
}

function Refusal({ text }: { text: string }) {
  return (
    <p role="alert" className={css({ color: "danger", fontSize: "sm", fontWeight: "600" })}>
      {text}
    </p>
  );
}

/** A bulk tab's card: the refusal (a viewer, or no right to edit), what it applies to, its field, its button. */
function BulkCard({
  title,
  refusal,
  intro,
  actionLabel,
  onApply,
  nothingChosen = false,
  children,
}: {
  title: string;
  refusal: string | null;
  intro: string;
  actionLabel: string;
  onApply: () => void;
  /** No row to apply it to: the button is off. */
  nothingChosen?: boolean;
  children: ReactNode;
}) {
  return (
    <Card title={title}>
      {refusal && <Refusal text={refusal} />}
      <p className={mutedText}>{intro}</p>
      {children}
      <div>
        <Button onClick={onApply} disabled={Boolean(refusal) || nothingChosen}>
          {actionLabel}
        </Button>
      </div>
    </Card>
  );
}

export function BulkUpdateTab({
  actor,
  canEdit,
  selected,
}: {
  actor: Viewer;
  canEdit: boolean;
  selected: Distribution[];
}) {
  const command = useCommand();
  const refusal = useBulkGuard(actor, canEdit);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const apply = async () => {
    if (refusal) return toast.error(refusal);
    if (!status) return setError(BULK_TEXT.selectStatus);
    setError(null);
    const plan = planBulkUpdate(
      selected.map((d) => ({
        id: d.id,
        name: d.name ?? null,
        investorName: d.investor?.name,
        status: d.status,
        locked: Boolean(d.locked),
      })),
      status,
    );
    for (const id of plan.update) await command("updateDistributionById", { input: { id, patch: { status } } });
    for (const message of plan.lockedMessages) toast.error(message);
    toast.success(
      BULK_TEXT.updated(plan.update.length),
      plan.skipped.length ? BULK_TEXT.alreadyHadStatus(plan.skipped.length) : undefined,
    );
  };
  return (
    <BulkCard
      title={BULK_TEXT.bulkUpdate}
      refusal={refusal}
      intro={`${selected.length} selected in the distributions list.`}
      actionLabel={BULK_TEXT.updateStatus}
      onApply={apply}
      nothingChosen={selected.length === 0}
    >
      <div className={css({ maxW: "xs" })}>
        <Select
          label={BULK_TEXT.status}
          name="bulkStatus"
          options={[...BULK_STATUS_OPTIONS]}
          value={status}
          onChange={setStatus}
          disabled={Boolean(refusal)}
        />
        {error && <span className={css({ fontSize: "xs", color: "danger" })}>{error}</span>}
      </div>
    </BulkCard>
  );
}

export function BulkAnnotateTab({
  actor,
  canEdit,
  selected,
}: {
  actor: Viewer;
  canEdit: boolean;
  selected: Distribution[];
}) {
  const command = useCommand();
  const refusal = useBulkGuard(actor, canEdit);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const apply = async () => {
    if (refusal) return toast.error(refusal);
    if (!text.trim()) return setError(BULK_TEXT.noteRequired);
    setError(null);
    for (const d of selected) {
      await command("createDistributionAnnotation", {
        input: { distributionAnnotation: { id: newId(), distributionId: d.id, annotation: text.trim() } },
      });
    }
    toast.success(BULK_TEXT.noteAdded(selected.length));
    setText("");
  };
  return (
    <BulkCard
      title={BULK_TEXT.bulkAnnotate}
      refusal={refusal}
      intro={`${selected.length} selected in the distributions list.`}
      actionLabel={BULK_TEXT.addNote}
      onApply={apply}
      nothingChosen={selected.length === 0}
    >
      <TextField
        label={BULK_TEXT.note}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={error ?? undefined}
        disabled={Boolean(refusal)}
      />
    </BulkCard>
  );
}

/** Lines of "email, amount, contact name". */
export function BulkInviteTab({
  actor,
  canEdit,
  allocationId,
}: {
  actor: Viewer;
  canEdit: boolean;
  allocationId: string;
}) {
  const command = useCommand();
  const refusal = useBulkGuard(actor, canEdit);
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<string[]>([]);
  const apply = async () => {
    if (refusal) return toast.error(refusal);
    const lines = text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    const problems: string[] = [];
    const rows = lines.map((line, i) => {
      const [email = "", amount = "", ...rest] = line.split(/\s*[;,\t]\s*/);
      const parsed = v.safeParse(InviteSchema, { email, amount, name: rest.join(" ") });
      if (!parsed.success) problems.push(BULK_TEXT.lineProblem(i + 1, parsed.issues[0]?.message));
      return parsed.success ? parsed.output : null;
    });
    if (lines.length === 0) problems.push(BULK_TEXT.addOneLine);
    setErrors(problems);
    if (problems.length) return;
    for (const row of rows) {
      if (!row) continue;
      await command("makeDistribution", {
        input: { id: newId(), allocationId, accountEmail: row.email, amount: row.amount, name: row.name || null },
      });
    }
    toast.success(BULK_TEXT.invitationsSaved(rows.length));
    setText("");
  };
  return (
    <BulkCard
      title={BULK_TEXT.bulkInvite}
      refusal={refusal}
      intro={BULK_TEXT.inviteHint}
      actionLabel={BULK_TEXT.sendInvitations}
      onApply={apply}
    >
      <textarea
        aria-label={BULK_TEXT.investorsToInvite}
        className={css({
          w: "full",
          minH: "32",
          p: "3",
          fontFamily: "mono",
          fontSize: "sm",
          borderWidth: "1px",
          borderColor: "border.strong",
          borderRadius: "control",
        })}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={Boolean(refusal)}
        placeholder={BULK_TEXT.invitePlaceholder}
      />
      {errors.length > 0 && (
        <ul className={css({ color: "danger", fontSize: "sm" })}>
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </BulkCard>
  );
}

export function InvestorsTab({
  actor,
  canEdit,
  allocationId,
}: {
  actor: Viewer;
  canEdit: boolean;
  allocationId: string;
}) {
  const command = useCommand();
  const refusal = useBulkGuard(actor, canEdit);
  const query = useMemo(() => ({ sort: [{ createdOn: "desc" as const }] }), []);
  const { rows: contacts } = useModel("customers", query);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    if (refusal) return toast.error(refusal);
    const value = parseDecimal(amount);
    if (!amount.trim()) return setError(BULK_TEXT.amountRequired);
    if (!value || !isPositive(value)) return setError(BULK_TEXT.amountPositive);
    if (picked.size === 0) return setError(BULK_TEXT.selectInvestor);
    setError(null);
    for (const c of contacts.filter((c) => picked.has(c.id))) {
      await command("makeDistribution", {
        input: {
          id: newId(),
          allocationId,
          accountEmail: c.email,
          amount: amount.trim().replaceAll(",", ""),
          name: c.name ?? null,
        },
      });
    }
    toast.success(BULK_TEXT.investorsAdded(picked.size));
    setPicked(new Set());
  };
  return (
    <Card title={BULK_TEXT.fromContacts}>
      {refusal && <Refusal text={refusal} />}
      {contacts.length === 0 ? (
        <EmptyState text={BULK_TEXT.noContacts} />
      ) : (
        <div className={css({ maxH: "96", overflowY: "auto" })}>
          <table className={tableClass}>
            <tbody>
              {contacts.map((c) => (
                <tr key={c.id}>
                  <td>
                    <Checkbox
                      checked={picked.has(c.id)}
                      onChange={(on) => {
                        const next = new Set(picked);
                        if (on) next.add(c.id);
                        else next.delete(c.id);
                        setPicked(next);
                      }}
                    >
                      {c.name ?? c.email}
                    </Checkbox>
                  </td>
                  <td className={mutedText}>{c.email}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className={css({ display: "flex", gap: "2", alignItems: "flex-end" })}>
        <TextField
          label={BULK_TEXT.amountForEach}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={error ?? undefined}
          disabled={Boolean(refusal)}
        />
        <Button onClick={add} disabled={Boolean(refusal)}>
          {BULK_TEXT.addInvestors}
        </Button>
      </div>
    </Card>
  );
}
