// The issuer's "Corporate action" card on /security/{id}: a split or reverse split by a ratio. The preview is the
// split's rule (src/domain/corporate-actions.ts, the server's own arithmetic) applied to the holdings on the device,
// so it works offline; Confirm queues splitSecurity like every write and the server checks everything again.
import { useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { newId } from "../../app/new-id.ts";
import { useOnline } from "../../app/useOnline.ts";
import { useCommand, useModel } from "../../data/hooks.tsx";
import { usePending } from "../../data/pending-hooks.ts";
import { splitHolding, splitProblem } from "../../domain/corporate-actions.ts";
import { add, dec, toString as decimalText, ZERO } from "../../domain/decimal.ts";
import { formatMoney, formatNumber } from "../../domain/format.ts";
import {
  Button,
  Card,
  FieldError,
  FormGrid,
  mutedText,
  ScrollRegion,
  TextField,
  tableClass,
  toast,
} from "../../ui/index.ts";
import { CORPORATE_ACTIONS_TEXT as TEXT } from "./strings.ts";

interface Draft {
  ratioNew: number;
  ratioOld: number;
  price: string;
}

const whole = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN);

export function SplitCard({ securityId }: { securityId: string }) {
  const online = useOnline();
  const command = useCommand();
  const waiting = usePending("security.corporateActions", securityId);
  const holdingsQuery = useMemo(() => ({ selector: { securityId } }), [securityId]);
  const holdings = useModel("holdings", holdingsQuery);
  const rounds = useModel("rounds", holdingsQuery);
  const roundName = new Map(rounds.rows.map((round) => [round.id, round.name]));
  const [ratioNew, setRatioNew] = useState("2");
  const [ratioOld, setRatioOld] = useState("1");
  const [price, setPrice] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);

  const held = holdings.rows.filter((row) => dec(row.amount).units > 0n);
  // a holding registered on a chain (not a failed registration): the server refuses, the card says why first
  const onChain = held.some((row) =>
    (row.blockchainAddresses ?? []).some((address) => (address as { status?: string }).status !== "failed"),
  );
  const lines = draft
    ? held.map((row) => ({
        id: row.id,
        holder: row.investor?.name ?? "",
        round: roundName.get(row.roundId) ?? "",
        before: dec(row.amount),
        ...splitHolding(dec(row.amount), draft.ratioNew, draft.ratioOld, dec(draft.price)),
      }))
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
      {waiting.length > 0 && <p className={mutedText}>{TEXT.waiting}</p>}
      {onChain ? (
        <p className={mutedText}>{TEXT.onChain}</p>
      ) : draft === null ? (
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
            <ScrollRegion label={TEXT.card}>
              <table className={tableClass} data-testid="split-preview">
                <thead>
                  <tr>
                    <th>{TEXT.holder}</th>
                    <th>{TEXT.round}</th>
                    <th className="num">{TEXT.before}</th>
                    <th className="num">{TEXT.after}</th>
                    <th className="num">{TEXT.fraction}</th>
                    <th className="num">{TEXT.cash}</th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((line) => (
                    <tr key={line.id}>
                      <td>{line.holder}</td>
                      <td>{line.round}</td>
                      <td className="num">{formatNumber(decimalText(line.before), 6)}</td>
                      <td className="num">{formatNumber(decimalText(line.unitsAfter), 6)}</td>
                      <td className="num">{formatNumber(decimalText(line.fractionUnits), 6)}</td>
                      <td className="num">{formatMoney(decimalText(line.cash))}</td>
                    </tr>
                  ))}
                  <tr>
                    <th scope="row">{TEXT.total}</th>
                    <td />
                    <td className="num">
                      {formatNumber(decimalText(lines.reduce((s, l) => add(s, l.before), ZERO)), 6)}
                    </td>
                    <td className="num">
                      {formatNumber(decimalText(lines.reduce((s, l) => add(s, l.unitsAfter), ZERO)), 6)}
                    </td>
                    <td />
                    <td className="num">{formatMoney(decimalText(lines.reduce((s, l) => add(s, l.cash), ZERO)))}</td>
                  </tr>
                </tbody>
              </table>
            </ScrollRegion>
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
