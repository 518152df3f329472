// Every holder's units before and after a corporate action, with the totals: the one preview the split, redemption
// and conversion cards show before the issuer confirms. The lines come from the domain's rules
// (src/domain/corporate-actions.ts), so the preview is what the server will write.
import { add, type Decimal, toString as decimalText, ZERO } from "../../domain/decimal.ts";
import { formatMoney, formatUnits } from "../../domain/format.ts";
import { mutedText, ScrollRegion, tableClass } from "../../ui/index.ts";
import { CORPORATE_ACTIONS_TEXT as TEXT } from "./strings.ts";

export interface PreviewLine {
  id: string;
  holder: string;
  round: string;
  before: Decimal;
  after: Decimal;
  /** a fraction of a unit paid as cash in lieu; absent where the action leaves none (a redemption) */
  fraction?: Decimal;
  cash: Decimal;
}

const units = (value: Decimal) => formatUnits(value, 6);
const total = (lines: readonly PreviewLine[], pick: (line: PreviewLine) => Decimal) =>
  lines.reduce((sum, line) => add(sum, pick(line)), ZERO);

export function PreviewTable({
  lines,
  empty,
  label,
  testId,
  cashLabel = TEXT.cash,
  beforeLabel = TEXT.before,
  afterLabel = TEXT.after,
}: {
  lines: readonly PreviewLine[];
  /** The muted text in place of the table when no holding is affected. */
  empty?: string;
  label: string;
  testId: string;
  cashLabel?: string;
  beforeLabel?: string;
  afterLabel?: string;
}) {
  if (empty !== undefined && lines.length === 0) return <p className={mutedText}>{empty}</p>;
  const fractions = lines.some((line) => line.fraction !== undefined);
  return (
    <ScrollRegion label={label}>
      <table className={tableClass} data-testid={testId}>
        <thead>
          <tr>
            <th>{TEXT.holder}</th>
            <th>{TEXT.round}</th>
            <th className="num">{beforeLabel}</th>
            <th className="num">{afterLabel}</th>
            {fractions && <th className="num">{TEXT.fraction}</th>}
            <th className="num">{cashLabel}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <td>{line.holder}</td>
              <td>{line.round}</td>
              <td className="num">{units(line.before)}</td>
              <td className="num">{units(line.after)}</td>
              {fractions && <td className="num">{line.fraction ? units(line.fraction) : ""}</td>}
              <td className="num">{formatMoney(decimalText(line.cash))}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{TEXT.total}</th>
            <td />
            <td className="num">{units(total(lines, (line) => line.before))}</td>
            <td className="num">{units(total(lines, (line) => line.after))}</td>
            {fractions && <td />}
            <td className="num">{formatMoney(decimalText(total(lines, (line) => line.cash)))}</td>
          </tr>
        </tbody>
      </table>
    </ScrollRegion>
  );
}
