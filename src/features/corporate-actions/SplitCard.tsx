// The issuer's split card on /security/{id}: a split or reverse split by a ratio. The preview is the split's rule
// (src/domain/corporate-actions.ts, the server's own arithmetic) applied to the holdings on the device, so it works
// offline; Confirm queues splitSecurity like every write and the server checks everything again.
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { newId } from "../../app/new-id.ts";
import { useOnline } from "../../app/useOnline.ts";
import { useCommand } from "../../data/hooks.tsx";
import { usePending } from "../../data/pending-hooks.ts";
import { splitHolding, splitProblem } from "../../domain/corporate-actions.ts";
import { dec } from "../../domain/decimal.ts";
import { Button, Card, FieldError, FormGrid, mutedText, TextField, toast } from "../../ui/index.ts";
import { ActionStatus } from "./ActionStatus.tsx";
import { type PreviewLine, PreviewTable } from "./PreviewTable.tsx";
import { CORPORATE_ACTIONS_TEXT as TEXT } from "./strings.ts";
import { useSecurityHoldings } from "./use-security-holdings.ts";

interface Draft {
  ratioNew: number;
  ratioOld: number;
  price: string;
}

const whole = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN);

export function SplitCard({ securityId }: { securityId: string }) {
  const online = useOnline();
  const command = useCommand();
  const splits = usePending("security.corporateActions", securityId).filter((entry) => entry.op === "split");
  const { held, onChain } = useSecurityHoldings(securityId);
  const [ratioNew, setRatioNew] = useState("2");
  const [ratioOld, setRatioOld] = useState("1");
  const [price, setPrice] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);

  const lines: PreviewLine[] = draft
    ? held.map((row) => {
        const line = splitHolding(row.amount, draft.ratioNew, draft.ratioOld, dec(draft.price));
        return { ...row, before: row.amount, after: line.unitsAfter, fraction: line.fractionUnits, cash: line.cash };
      })
    : [];

  const preview = () => {
    const problem = splitProblem(whole(ratioNew), whole(ratioOld), price);
    setError(problem);
    if (!problem) setDraft({ ratioNew: whole(ratioNew), ratioOld: whole(ratioOld), price: price.trim() });
  };
  const confirm = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      await command("splitSecurity", {
        input: {
          id: newId(),
          securityId,
          ratioNew: draft.ratioNew,
          ratioOld: draft.ratioOld,
          pricePerUnit: draft.price,
        },
      });
      toast.success(online ? TEXT.queued : TEXT.queuedOffline);
      setDraft(null);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={TEXT.card} testId="corporate-action">
      <p className={mutedText}>{TEXT.description}</p>
      <ActionStatus entries={splits} waiting={TEXT.waiting} />
      {onChain ? <p className={mutedText}>{TEXT.onChain}</p> : null}
      {draft === null ? (
        <div className={css({ display: "flex", flexDirection: "column", gap: "4", mt: "4" })}>
          <FormGrid columns={3}>
            <TextField label={TEXT.ratioNew} kind="integer" value={ratioNew} onValueChange={setRatioNew} />
            <TextField label={TEXT.ratioOld} kind="integer" value={ratioOld} onValueChange={setRatioOld} />
            <TextField label={TEXT.price} kind="number" value={price} onValueChange={setPrice} hint={TEXT.priceHint} />
          </FormGrid>
          <FieldError text={error ?? undefined} />
          <div>
            <Button onClick={preview}>{TEXT.preview}</Button>
          </div>
        </div>
      ) : (
        <div className={css({ display: "flex", flexDirection: "column", gap: "4", mt: "4" })}>
          <h3 className={css({ fontWeight: "600" })}>{TEXT.previewTitle(draft.ratioNew, draft.ratioOld)}</h3>
          {lines.length === 0 ? (
            <p className={mutedText}>{TEXT.noHoldings}</p>
          ) : (
            <PreviewTable lines={lines} label={TEXT.card} testId="split-preview" />
          )}
          <div className={css({ display: "flex", gap: "3" })}>
            <Button onClick={confirm} loading={saving} disabled={lines.length === 0}>
              {TEXT.confirm}
            </Button>
            <Button variant="outline" onClick={() => setDraft(null)}>
              {TEXT.back}
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
