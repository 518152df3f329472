// The issuer's conversion card on the page of a debt security (a note or bond: a round with bond data): its holdings
// converted into units of an equity round at a conversion price or a ratio. The preview is the domain's rule (the
// server's arithmetic) over the debt round's holdings on the device: each holder's debt units before, the equity
// units after, the fraction paid as cash in lieu. Confirm queues convertRound like every write.
import { useMemo, useState } from "react";
import { newId } from "../../app/new-id.ts";
import { useCommand, useModel } from "../../data/hooks.tsx";
import { usePending } from "../../data/pending-hooks.ts";
import { type ConversionTerms, conversionProblem, convertHolding } from "../../domain/corporate-actions.ts";
import { dec, toString as decimalText, ZERO } from "../../domain/decimal.ts";
import { FormGrid, Select, TextField } from "../../ui/index.ts";
import { ActionCard, ActionForm, ActionPreview, useActionDraft } from "./ActionCard.tsx";
import { type PreviewLine, PreviewTable } from "./PreviewTable.tsx";
import { CONVERSION_TEXT as TEXT } from "./strings.ts";
import { useSecurityHoldings } from "./use-security-holdings.ts";

type By = "price" | "ratio";
interface Draft {
  roundId: string;
  toRoundId: string;
  by: By;
  value: string;
}

export function ConversionCard({ securityId }: { securityId: string }) {
  const command = useCommand();
  const allRounds = useModel(
    "rounds",
    useMemo(() => ({}), []),
  );
  const { held, onChain } = useSecurityHoldings(securityId);
  const debtRounds = allRounds.rows.filter((round) => round.securityId === securityId && round.trancheBondData);
  const equityRounds = allRounds.rows.filter(
    (round) => round.securityId && round.securityId !== securityId && !round.trancheBondData,
  );
  const [roundId, setRoundId] = useState<string | null>(null);
  const [toRoundId, setToRoundId] = useState<string | null>(null);
  const [by, setBy] = useState<By>("price");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const action = useActionDraft<Draft>(TEXT);
  const { draft, setDraft } = action;
  const debtId = roundId ?? debtRounds[0]?.id ?? null;
  const conversions = usePending("round.corporateActions", debtId ?? undefined).filter(
    (entry) => entry.op === "convert",
  );
  if (debtRounds.length === 0) return null;

  const lines: PreviewLine[] = [];
  if (draft) {
    const debt = debtRounds.find((round) => round.id === draft.roundId);
    const equity = equityRounds.find((round) => round.id === draft.toRoundId);
    const terms: ConversionTerms = draft.by === "ratio" ? { ratio: dec(draft.value) } : { price: dec(draft.value) };
    const cashPrice = draft.by === "price" ? dec(draft.value) : equity?.price ? dec(equity.price) : ZERO;
    for (const row of held.filter((holding) => holding.roundId === draft.roundId)) {
      const principal = dec(row.purchasePrice ?? debt?.price ?? "0");
      const line = convertHolding(row.amount, principal, terms, cashPrice);
      lines.push({ ...row, before: row.amount, after: line.unitsAfter, fraction: line.fractionUnits, cash: line.cash });
    }
  }

  const roundLabel = (round: (typeof allRounds.rows)[number]) =>
    round.security?.name ? `${round.name} (${round.security.name})` : round.name;
  const preview = () => {
    const problem = !toRoundId ? TEXT.chooseEquity : conversionProblem(by, value);
    setError(problem);
    if (problem || !debtId || !toRoundId) return;
    setDraft({ roundId: debtId, toRoundId, by, value: decimalText(dec(value)) });
  };
  const send = (chosen: Draft) =>
    command("convertRound", {
      input: {
        id: newId(),
        roundId: chosen.roundId,
        toRoundId: chosen.toRoundId,
        ...(chosen.by === "price" ? { conversionPrice: chosen.value } : { conversionRatio: chosen.value }),
      },
    });

  return (
    <ActionCard text={TEXT} testId="conversion" entries={conversions} onChain={onChain}>
      {draft === null ? (
        <ActionForm text={TEXT} error={error} onPreview={preview}>
          <FormGrid columns={2}>
            {debtRounds.length > 1 && (
              <Select
                label={TEXT.debtRound}
                options={debtRounds.map((round) => ({ value: round.id, label: round.name }))}
                value={debtId}
                onChange={setRoundId}
              />
            )}
            <Select
              label={TEXT.equityRound}
              options={equityRounds.map((round) => ({ value: round.id, label: roundLabel(round) }))}
              value={toRoundId}
              onChange={setToRoundId}
              placeholder={TEXT.choose}
            />
            <Select
              label={TEXT.by}
              options={[
                { value: "price", label: TEXT.byPrice },
                { value: "ratio", label: TEXT.byRatio },
              ]}
              value={by}
              onChange={(next) => setBy(next === "ratio" ? "ratio" : "price")}
            />
            <TextField
              label={by === "price" ? TEXT.price : TEXT.ratio}
              hint={by === "price" ? TEXT.priceHint : TEXT.ratioHint}
              kind="number"
              value={value}
              onValueChange={setValue}
            />
          </FormGrid>
        </ActionForm>
      ) : (
        <ActionPreview text={TEXT} action={action} send={send} disabled={lines.length === 0}>
          <PreviewTable
            lines={lines}
            empty={TEXT.noHoldings}
            label={TEXT.card}
            testId="conversion-preview"
            beforeLabel={TEXT.before}
            afterLabel={TEXT.after}
            cashLabel={TEXT.cash}
          />
        </ActionPreview>
      )}
    </ActionCard>
  );
}
