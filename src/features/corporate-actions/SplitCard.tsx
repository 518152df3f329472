// The issuer's split card on /security/{id}: a split or reverse split by a ratio. The preview is the split's rule
// (src/domain/corporate-actions.ts, the server's own arithmetic) applied to the holdings on the device, so it works
// offline; Confirm queues splitSecurity like every write and the server checks everything again.
import { useState } from "react";
import { newId } from "../../app/new-id.ts";
import { useCommand } from "../../data/hooks.tsx";
import { usePending } from "../../data/pending-hooks.ts";
import { splitHolding, splitProblem } from "../../domain/corporate-actions.ts";
import { dec } from "../../domain/decimal.ts";
import { FormGrid, TextField } from "../../ui/index.ts";
import { ActionCard, ActionForm, ActionPreview, useActionDraft } from "./ActionCard.tsx";
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
  const command = useCommand();
  const splits = usePending("security.corporateActions", securityId).filter((entry) => entry.op === "split");
  const { held, onChain } = useSecurityHoldings(securityId);
  const [ratioNew, setRatioNew] = useState("2");
  const [ratioOld, setRatioOld] = useState("1");
  const [price, setPrice] = useState("");
  const [error, setError] = useState<string | null>(null);
  const action = useActionDraft<Draft>(TEXT);
  const { draft, setDraft } = action;

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
  const send = (chosen: Draft) =>
    command("splitSecurity", {
      input: {
        id: newId(),
        securityId,
        ratioNew: chosen.ratioNew,
        ratioOld: chosen.ratioOld,
        pricePerUnit: chosen.price,
      },
    });

  return (
    <ActionCard text={TEXT} testId="corporate-action" entries={splits} onChain={onChain}>
      {draft === null ? (
        <ActionForm text={TEXT} error={error} onPreview={preview}>
          <FormGrid columns={3}>
            <TextField label={TEXT.ratioNew} kind="integer" value={ratioNew} onValueChange={setRatioNew} />
            <TextField label={TEXT.ratioOld} kind="integer" value={ratioOld} onValueChange={setRatioOld} />
            <TextField label={TEXT.price} kind="number" value={price} onValueChange={setPrice} hint={TEXT.priceHint} />
          </FormGrid>
        </ActionForm>
      ) : (
        <ActionPreview
          text={TEXT}
          title={TEXT.previewTitle(draft.ratioNew, draft.ratioOld)}
          action={action}
          send={send}
          disabled={lines.length === 0}
        >
          <PreviewTable lines={lines} empty={TEXT.noHoldings} label={TEXT.card} testId="split-preview" />
        </ActionPreview>
      )}
    </ActionCard>
  );
}
