// The holdings of an asset's rounds under the asset on /assets (spec part 1 section 2.7: "A holding row opens
// /asset-class/{id}", the id being the holding's round). Only the holdings the account can see are on the device
// (an issuer's own securities, a broker's managed rounds), so the list is what the replica holds. Holdings of 0 units
// are hidden and every holding shows as issued (spec part 1 section 4). A long list shows its newest rows only. The
// query runs only while the asset is expanded.
import { Link, useNavigate } from "@tanstack/react-router";
import { useMemo } from "react";
import { css, cx } from "../../../styled-system/css";
import { useModel } from "../../data/hooks.tsx";
import type { HoldingDoc, RoundDoc } from "../../data/models/index.ts";
import type { WithPending } from "../../data/pending.ts";
import { isZero, parseDecimal } from "../../domain/decimal.ts";
import { formatDate, formatMoney, formatNumber } from "../../domain/format.ts";
import { DataTableHead, dataTable, dateCell, linkClass, mutedText, StatusBadge } from "../../ui/index.ts";
import { ASSET_HOLDINGS_TEXT } from "./strings.ts";

/** At most this many holding rows per asset; the holdings screen has them all. */
const ASSET_HOLDINGS_SHOWN = 25;

/** The holdings worth listing: more than 0 units, newest issued first. */
function visibleHoldings<T extends Pick<HoldingDoc, "amount" | "issuedOn" | "createdOn">>(holdings: readonly T[]): T[] {
  return holdings
    .filter((holding) => {
      const amount = parseDecimal(holding.amount);
      return amount !== null && !isZero(amount);
    })
    .sort((a, b) => (b.issuedOn ?? b.createdOn).localeCompare(a.issuedOn ?? a.createdOn));
}

export function AssetHoldings({
  assetName,
  rounds,
  allHoldingsLink,
  headingLevel,
}: {
  assetName: string;
  rounds: readonly WithPending<RoundDoc>[];
  /** Issuers have the holdings screen (/holdings) with every row. */
  allHoldingsLink: boolean;
  /** h2 under the issuer's page title, h3 under a broker's issuer group. */
  headingLevel: 2 | 3;
}) {
  const navigate = useNavigate();
  const roundIds = rounds.map((round) => round.id).sort();
  // useModel compares the query by value: a new literal each render is fine.
  const holdings = useModel("holdings", { selector: { roundId: { $in: roundIds } } });
  const roundsById = useMemo(() => new Map(rounds.map((round) => [round.id, round])), [rounds]);
  const rows = useMemo(() => visibleHoldings(holdings.rows), [holdings.rows]);
  if (rows.length === 0) return null;
  const shown = rows.slice(0, ASSET_HOLDINGS_SHOWN);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className={css({ pl: "10", pr: "2", pb: "3" })}>
      <Heading
        className={css({ fontSize: "xs", fontWeight: "700", color: "fg.muted", textTransform: "uppercase", py: "2" })}
      >
        {ASSET_HOLDINGS_TEXT.holdings}
      </Heading>
      <table className={dataTable} aria-label={ASSET_HOLDINGS_TEXT.holdingsOf(assetName)}>
        <DataTableHead
          headers={[
            ASSET_HOLDINGS_TEXT.investor,
            ASSET_HOLDINGS_TEXT.round,
            { title: ASSET_HOLDINGS_TEXT.units, numeric: true },
            { title: ASSET_HOLDINGS_TEXT.purchasePrice, numeric: true },
            ASSET_HOLDINGS_TEXT.issuedOn,
            ASSET_HOLDINGS_TEXT.status,
          ]}
        />
        <tbody>
          {shown.map((holding) => {
            const round = roundsById.get(holding.roundId);
            return (
              <tr
                key={holding.id}
                data-testid="holding-row"
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest("a")) return;
                  void navigate({ to: "/asset-class/$roundId", params: { roundId: holding.roundId } });
                }}
                className={css({ bg: "bg.surface", cursor: "pointer", _hover: { bg: "bg.subtle" } })}
              >
                <td>{holding.investor?.name ?? holding.investor?.email ?? ASSET_HOLDINGS_TEXT.none}</td>
                <td className={css({ whiteSpace: "nowrap" })}>
                  <Link to="/asset-class/$roundId" params={{ roundId: holding.roundId }} className={linkClass}>
                    {round?.name ?? ASSET_HOLDINGS_TEXT.round}
                  </Link>
                </td>
                <td data-numeric="">{formatNumber(holding.amount)}</td>
                <td data-numeric="">
                  {holding.purchasePrice ? formatMoney(holding.purchasePrice) : ASSET_HOLDINGS_TEXT.none}
                </td>
                <td className={dateCell}>{formatDate(holding.issuedOn ?? holding.createdOn, "MMM DD YYYY")}</td>
                <td>
                  <StatusBadge status="active" label={ASSET_HOLDINGS_TEXT.issued} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {rows.length > shown.length && (
        <p className={cx(css({ fontSize: "sm", mt: "2" }), mutedText)} data-testid="holdings-more">
          {ASSET_HOLDINGS_TEXT.showingNewest(shown.length, rows.length)}{" "}
          {allHoldingsLink && (
            <Link to="/holdings" className={linkClass}>
              {ASSET_HOLDINGS_TEXT.allHoldings}
            </Link>
          )}
        </p>
      )}
    </div>
  );
}
