import { css } from "../../../styled-system/css";
import { chainLabel } from "../../domain/chains.ts";
import { formatNumber } from "../../domain/format.ts";
import { Card, CardTable, mutedText, Stat, StatRow, StatusBadge, SyncMark } from "../../ui/index.ts";
import { TOKEN_TEXT } from "./strings.ts";
import { currentContract, type TokenDoc, type TokenMarks } from "./token-overlay.ts";
import {
  ledgerRows,
  ledgerTotals,
  PRIVATE_CHAIN,
  showsBlockNumber,
  tokenAmountText,
  tokenStatusLabel,
} from "./token-rules.ts";

const mono = css({ fontFamily: "mono", fontSize: "xs", overflowWrap: "anywhere" });

/** The ledger's status of an entry (spec: the private network reads Issued, other chains show the chain). */
const entryStatus = (chain: string | null | undefined) =>
  !chain || chain === PRIVATE_CHAIN ? tokenStatusLabel("issued") : chainLabel(chain);

export function StakeholderLedger({
  token,
  marks,
  holdingNames,
}: {
  token: TokenDoc;
  marks: TokenMarks;
  holdingNames: ReadonlyMap<string, { name: string; amount: string }>;
}) {
  const chain = currentContract(token)?.chain;
  const rows = ledgerRows(
    (token.capTableEntries ?? []).map((entry) => ({
      id: entry.id,
      investorId: entry.investorId,
      investorName: entry.investor?.name ?? null,
      investorEmail: entry.investor?.email ?? null,
      address: entry.blockchainAddress?.address ?? null,
      chain: entry.blockchainAddress?.chain ?? chain ?? null,
      amount: entry.amount,
      blockNumber: entry.blockNumber ?? null,
    })),
    chain,
  );
  const totals = ledgerTotals(rows);
  const withBlock = showsBlockNumber(chain);
  // Mints on their way (queued on this device, or waiting for a block) and failed ones, under the chain's entries.
  const inFlight = [
    ...(token.holdings ?? [])
      .filter((holding) => holding.chain === chain && (holding.status === "pending" || holding.status === "failed"))
      .map((holding) => ({
        id: holding.holdingId,
        address: holding.address ?? null,
        status: holding.status ?? "pending",
        failure: holding.failure ?? null,
        mark: marks.mint.get(holding.holdingId),
      })),
    ...[...marks.mint.entries()]
      .filter(([id, mark]) => mark.status !== "accepted" && !(token.holdings ?? []).some((h) => h.holdingId === id))
      .map(([id, mark]) => ({ id, address: null, status: "queued", failure: null, mark })),
  ];
  return (
    <Card title={TOKEN_TEXT.ledgerTitle} testId="stakeholder-ledger">
      <StatRow>
        <Stat label={TOKEN_TEXT.ledgerStakeholders} value={totals.stakeholders} testId="ledger-stakeholders" />
        <Stat
          label={TOKEN_TEXT.ledgerUnits}
          value={tokenAmountText(totals.units, token.precision)}
          testId="ledger-units"
        />
      </StatRow>
      {rows.length === 0 && inFlight.length === 0 ? (
        <p className={mutedText}>{TOKEN_TEXT.ledgerNone}</p>
      ) : (
        <>
          {/* Phones: one entry per block of lines; wider screens: the table. */}
          <ul className={css({ display: { base: "flex", sm: "none" }, flexDirection: "column", gap: "3" })}>
            {rows.map((row) => (
              <li
                key={row.id}
                data-testid="ledger-item"
                className={css({ borderTopWidth: "1px", borderColor: "border.default", pt: "3" })}
              >
                <div className={css({ display: "flex", justifyContent: "space-between", gap: "3" })}>
                  <span className={css({ fontWeight: "600" })}>{row.investorName ?? "—"}</span>
                  <span className={css({ fontVariantNumeric: "tabular-nums", fontWeight: "600" })}>
                    {tokenAmountText(row.amount, token.precision)}
                  </span>
                </div>
                <div className={mono}>{row.address ?? "—"}</div>
                <div className={css({ display: "flex", gap: "2", alignItems: "center", mt: "1", fontSize: "xs" })}>
                  <StatusBadge label={entryStatus(row.chain)} />
                  {withBlock && row.blockText && (
                    <span className={css({ color: "fg.muted" })}>{TOKEN_TEXT.ledgerBlockNumber(row.blockText)}</span>
                  )}
                </div>
              </li>
            ))}
            {inFlight.map((item) => (
              <li
                key={`mint-${item.id}`}
                className={css({ borderTopWidth: "1px", borderColor: "border.default", pt: "3" })}
              >
                <div className={css({ display: "flex", justifyContent: "space-between", gap: "3" })}>
                  <span className={css({ fontWeight: "600" })}>{holdingNames.get(item.id)?.name ?? "—"}</span>
                  <span>{holdingNames.get(item.id) ? formatNumber(holdingNames.get(item.id)?.amount) : "—"}</span>
                </div>
                <MintStatus mint={item} className={css({ display: "flex", gap: "2", flexWrap: "wrap", mt: "1" })} />
              </li>
            ))}
          </ul>
          <CardTable
            rows={[
              ...rows.map((entry) => ({ entry, mint: undefined })),
              ...inFlight.map((mint) => ({ entry: undefined, mint })),
            ]}
            scrollClass={css({ overflowX: "auto", display: { base: "none", sm: "block" } })}
            headers={[
              TOKEN_TEXT.investor,
              TOKEN_TEXT.ledgerAddress,
              { title: TOKEN_TEXT.ledgerAmount, num: true },
              withBlock && { title: TOKEN_TEXT.ledgerBlock, num: true },
              TOKEN_TEXT.ledgerStatus,
            ]}
          >
            {({ entry: row, mint: item }) =>
              row ? (
                <tr key={row.id} data-testid="ledger-row">
                  <td>
                    <div className={css({ fontWeight: "600" })}>{row.investorName ?? "—"}</div>
                    {row.investorEmail && (
                      <div className={css({ fontSize: "xs", color: "fg.muted" })}>{row.investorEmail}</div>
                    )}
                  </td>
                  <td className={mono} data-testid="ledger-address">
                    {row.address ?? "—"}
                  </td>
                  <td className="num" data-testid="ledger-amount">
                    {tokenAmountText(row.amount, token.precision)}
                  </td>
                  {withBlock && (
                    <td className="num" data-testid="ledger-block">
                      {row.blockText ?? "—"}
                    </td>
                  )}
                  <td>
                    <StatusBadge label={entryStatus(row.chain)} />
                  </td>
                </tr>
              ) : item ? (
                <tr key={`mint-${item.id}`} data-testid="ledger-pending-row">
                  <td>{holdingNames.get(item.id)?.name ?? "—"}</td>
                  <td className={mono}>{item.address ?? "—"}</td>
                  <td className="num">
                    {holdingNames.get(item.id) ? formatNumber(holdingNames.get(item.id)?.amount) : "—"}
                  </td>
                  {withBlock && <td className="num">—</td>}
                  <td>
                    <MintStatus
                      mint={item}
                      inline
                      className={css({ display: "inline-flex", gap: "2", flexWrap: "wrap" })}
                    />
                  </td>
                </tr>
              ) : null
            }
          </CardTable>
        </>
      )}
    </Card>
  );
}

/** A mint on its way (queued, issuing) or refused: its status and sync mark, then the chain's reason. */
function MintStatus({
  mint,
  inline = false,
  className,
}: {
  mint: { status: string; failure: string | null; mark: Parameters<typeof SyncMark>[0]["mark"] };
  /** In a table cell: the badges in a span. */
  inline?: boolean;
  className: string;
}) {
  const badges = (
    <>
      <StatusBadge label={mint.status === "failed" ? TOKEN_TEXT.failed : tokenStatusLabel("issuing")} />
      <SyncMark mark={mint.mark} />
    </>
  );
  return (
    <>
      {inline ? <span className={className}>{badges}</span> : <div className={className}>{badges}</div>}
      {mint.failure && <div className={css({ fontSize: "xs", color: "danger", mt: "1" })}>{mint.failure}</div>}
    </>
  );
}
