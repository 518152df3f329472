// The issuer's redemption card on /security/{id}: a buyback of units from chosen holders at a price. The issuer
// types the units to buy back beside each holding, the preview shows every chosen holder's units before and after
// and the cash paid (the domain's rule, the server's arithmetic), and Confirm queues redeemUnits like every write:
// offline it waits in the outbox, and the server checks every line again when it arrives.
import { useState } from "react";
import { input as inputRecipe } from "../../../styled-system/recipes";
import { newId } from "../../app/new-id.ts";
import { useCommand } from "../../data/hooks.tsx";
import { usePending } from "../../data/pending-hooks.ts";
import { numberTyping } from "../../domain/assets.ts";
import { redeemHolding, redemptionProblem } from "../../domain/corporate-actions.ts";
import { dec, toString as decimalText } from "../../domain/decimal.ts";
import { formatMoney, formatUnits } from "../../domain/format.ts";
import { CardTable, FormGrid, mutedText, TextField } from "../../ui/index.ts";
import { ActionCard, ActionForm, ActionPreview, useActionDraft } from "./ActionCard.tsx";
import { type PreviewLine, PreviewTable } from "./PreviewTable.tsx";
import { REDEMPTION_TEXT as TEXT } from "./strings.ts";
import { useSecurityHoldings } from "./use-security-holdings.ts";

interface Draft {
  price: string;
  lines: { holdingId: string; units: string }[];
}

export function RedemptionCard({ securityId }: { securityId: string }) {
  const command = useCommand();
  const redemptions = usePending("security.corporateActions", securityId).filter((entry) => entry.op === "redeem");
  const { held, onChain } = useSecurityHoldings(securityId);
  const [units, setUnits] = useState<Record<string, string>>({});
  const [price, setPrice] = useState("");
  const [error, setError] = useState<string | null>(null);
  const action = useActionDraft<Draft>(TEXT);
  const { draft, setDraft } = action;

  const lines: PreviewLine[] = [];
  for (const chosen of draft?.lines ?? []) {
    const row = held.find((holding) => holding.id === chosen.holdingId);
    if (!row || !draft) continue;
    const line = redeemHolding(row.amount, dec(chosen.units), dec(draft.price));
    lines.push({ ...row, before: row.amount, after: line.unitsAfter, cash: line.cash });
  }

  const preview = () => {
    const problem = redemptionProblem(
      held.map((row) => ({ holder: row.holder, amount: row.amount, units: units[row.id] ?? "" })),
      price,
    );
    setError(problem);
    if (problem) return;
    setDraft({
      price: decimalText(dec(price)),
      lines: held
        .filter((row) => (units[row.id] ?? "").trim() !== "")
        .map((row) => ({ holdingId: row.id, units: decimalText(dec(units[row.id] ?? "")) })),
    });
  };
  const send = async (chosen: Draft) => {
    await command("redeemUnits", {
      input: { id: newId(), securityId, pricePerUnit: chosen.price, lines: chosen.lines },
    });
    setUnits({});
  };

  return (
    <ActionCard text={TEXT} testId="redemption" entries={redemptions} onChain={onChain}>
      {held.length === 0 ? (
        <p className={mutedText}>{TEXT.noHoldings}</p>
      ) : draft === null ? (
        <ActionForm text={TEXT} error={error} onPreview={preview}>
          <CardTable
            rows={held}
            label={TEXT.card}
            headers={[TEXT.holder, TEXT.round, { title: TEXT.held, num: true }, { title: TEXT.units, num: true }]}
          >
            {(row) => (
              <tr key={row.id}>
                <td>{row.holder}</td>
                <td>{row.round}</td>
                <td className="num">{formatUnits(row.amount, 6)}</td>
                <td className="num">
                  <input
                    className={inputRecipe()}
                    inputMode="decimal"
                    aria-label={TEXT.unitsOf(row.holder, row.round)}
                    value={units[row.id] ?? ""}
                    onChange={(event) => setUnits((all) => ({ ...all, [row.id]: numberTyping(event.target.value) }))}
                  />
                </td>
              </tr>
            )}
          </CardTable>
          <FormGrid columns={3}>
            <TextField label={TEXT.price} kind="number" value={price} onValueChange={setPrice} />
          </FormGrid>
        </ActionForm>
      ) : (
        <ActionPreview text={TEXT} title={TEXT.previewTitle(formatMoney(draft.price))} action={action} send={send}>
          <PreviewTable lines={lines} label={TEXT.card} testId="redemption-preview" cashLabel={TEXT.cash} />
        </ActionPreview>
      )}
    </ActionCard>
  );
}
