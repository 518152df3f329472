// The asset table (spec part 1 section 2.7): each asset expands to its rounds, latest opening first, and the holdings
// of those rounds. A round row opens /asset-class/{id}/manage, its security /security/{id}, a holding row
// /asset-class/{round id}. Issuers get the security and listing exchange columns ("Unlisted" when none) and, as owners
// or admins, the edit actions; everyone else reads the same table without security links.
import { Link } from "@tanstack/react-router";
import { Fragment, useState } from "react";
import { css } from "../../../styled-system/css";
import type { AssetDoc, RoundDoc, SecurityDoc } from "../../data/models/index.ts";
import type { WithPending } from "../../data/pending.ts";
import { sortRounds, statusLabel } from "../../domain/assets.ts";
import { formatDate, formatMoney, formatNumber, formatPercent } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { ChevronRightIcon } from "../../ui/icons.tsx";
import {
  Button,
  DataTableHead,
  dataTable,
  dateCell,
  linkClass,
  mutedText,
  StatusBadge,
  SyncMark,
} from "../../ui/index.ts";
import { AssetHoldings } from "./AssetHoldings.tsx";
import { exchangeText } from "./exchange.ts";
import { ASSETS_TEXT } from "./strings.ts";

interface AssetTableProps {
  assets: WithPending<AssetDoc>[];
  roundsByAsset: Map<string, WithPending<RoundDoc>[]>;
  securities: Map<string, WithPending<SecurityDoc>>;
  /** Issuer view: security link and listing exchange columns. */
  issuerView: boolean;
  /**
   * The securities (which carry the listings) have completed their first load: until then the exchange of a round
   * whose security is not on the device yet shows nothing instead of "Unlisted".
   */
  listingsLoaded?: boolean;
  canWrite: boolean;
  /** The level of the headings inside the table (one below the heading the table sits under). */
  headingLevel?: 2 | 3;
  onEditAsset?: (asset: AssetDoc) => void;
  onAddRound?: (asset: AssetDoc) => void;
  onEditRound?: (asset: AssetDoc, round: RoundDoc) => void;
}

export const isDebt = (asset: Pick<AssetDoc, "type" | "assetTypeByType">) =>
  (asset.assetTypeByType?.accountingType ?? asset.type) === "debt";

export function AssetTable(props: AssetTableProps) {
  const { assets, roundsByAsset, canWrite, issuerView } = props;
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const columns = 7 + (issuerView && canWrite ? 1 : 0);
  return (
    <table className={dataTable} aria-label={ASSETS_TEXT.assets}>
      <DataTableHead
        headers={[
          { title: ASSETS_TEXT.expand, hidden: true, className: css({ w: "10" }) },
          ASSETS_TEXT.name,
          ASSETS_TEXT.type,
          ASSETS_TEXT.status,
          { title: ASSETS_TEXT.authorizedTotal, numeric: true },
          { title: ASSETS_TEXT.rounds, numeric: true },
          ASSETS_TEXT.created,
          issuerView && canWrite && { title: ASSETS_TEXT.actions, hidden: true },
        ]}
      />
      <tbody>
        {assets.map((asset) => {
          const rounds = roundsByAsset.get(asset.id) ?? [];
          const expanded = open.has(asset.id);
          return (
            <Fragment key={asset.id}>
              <tr data-testid="asset-row" data-asset-id={asset.id} className={css({ _hover: { bg: "bg.subtle" } })}>
                <td>
                  <button
                    type="button"
                    aria-expanded={expanded}
                    aria-label={ASSETS_TEXT.toggleRounds(expanded, asset.name)}
                    onClick={() => toggle(asset.id)}
                    className={css({
                      display: "inline-flex",
                      p: "1",
                      borderRadius: "sm",
                      cursor: "pointer",
                      color: "fg.muted",
                      _hover: { bg: "bg.muted" },
                    })}
                  >
                    <ChevronRightIcon
                      width={16}
                      height={16}
                      style={{ transform: expanded ? "rotate(90deg)" : undefined, transition: "transform 120ms" }}
                    />
                  </button>
                </td>
                <td className={css({ fontWeight: "600" })}>
                  {asset.name}
                  <SyncMark mark={asset._pending} />
                </td>
                <td className={css({ textTransform: "capitalize" })}>{asset.assetTypeByType?.type ?? asset.type}</td>
                <td>
                  <StatusBadge status={asset.status} label={statusLabel(asset.status)} />
                </td>
                <td data-numeric="">{formatNumber(asset.authorizedTotal)}</td>
                <td data-numeric="">{rounds.length}</td>
                <td className={dateCell}>
                  {asset.createdOn ? formatDate(asset.createdOn, "MMM DD YYYY") : ASSETS_TEXT.none}
                </td>
                {issuerView && canWrite && (
                  <td className={css({ textAlign: "right", whiteSpace: "nowrap" })}>
                    <Button size="sm" variant="ghost" onClick={() => props.onAddRound?.(asset)}>
                      {ASSETS_TEXT.addRound}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => props.onEditAsset?.(asset)}
                      aria-label={ASSETS_TEXT.editLabel(asset.name)}
                    >
                      {ASSETS_TEXT.edit}
                    </Button>
                  </td>
                )}
              </tr>
              {expanded && (
                <tr>
                  <td colSpan={columns} className={css({ bg: "bg.subtle", p: "0!" })}>
                    <RoundRows {...props} asset={asset} rounds={rounds} />
                    <AssetHoldings
                      assetName={asset.name}
                      rounds={rounds}
                      allHoldingsLink={issuerView}
                      headingLevel={props.headingLevel ?? 2}
                    />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}

function RoundRows({
  asset,
  rounds,
  securities,
  issuerView,
  canWrite,
  onEditRound,
  listingsLoaded = true,
}: AssetTableProps & { asset: AssetDoc; rounds: WithPending<RoundDoc>[] }) {
  if (rounds.length === 0) {
    return <p className={css({ px: "14", py: "4", color: "fg.muted", fontSize: "sm" })}>{MESSAGES.noRounds}</p>;
  }
  const debt = isDebt(asset);
  return (
    <div className={css({ pl: "10", pr: "2", py: "2" })}>
      <table className={dataTable} aria-label={ASSETS_TEXT.roundsOf(asset.name)}>
        <DataTableHead
          headers={[
            ASSETS_TEXT.round,
            ASSETS_TEXT.opens,
            ASSETS_TEXT.closes,
            ASSETS_TEXT.status,
            { title: ASSETS_TEXT.price, numeric: true },
            { title: ASSETS_TEXT.totalUnits, numeric: true },
            debt && { title: ASSETS_TEXT.coupon, numeric: true },
            debt && { title: ASSETS_TEXT.term, numeric: true },
            issuerView && ASSETS_TEXT.security,
            issuerView && ASSETS_TEXT.listingExchange,
            issuerView && canWrite && { title: ASSETS_TEXT.actions, hidden: true },
          ]}
        />
        <tbody>
          {sortRounds(rounds).map((round) => {
            const security = round.securityId ? securities.get(round.securityId) : undefined;
            const tranche = round.trancheBondData as { term?: string; coupon?: string } | null | undefined;
            return (
              <tr key={round.id} data-testid="round-row" className={css({ bg: "bg.surface" })}>
                <td className={css({ whiteSpace: "nowrap" })}>
                  <Link
                    to="/asset-class/$roundId/$view"
                    params={{ roundId: round.id, view: "manage" }}
                    className={linkClass}
                  >
                    {round.name}
                  </Link>
                  <SyncMark mark={round._pending} />
                </td>
                <td className={dateCell}>{formatDate(round.opensOn, "MMM DD YYYY")}</td>
                <td className={dateCell}>{formatDate(round.closesOn, "MMM DD YYYY")}</td>
                <td>
                  <StatusBadge status={round.status} label={statusLabel(round.status)} />
                </td>
                <td data-numeric="">{formatMoney(round.price)}</td>
                <td data-numeric="">{formatNumber(round.total)}</td>
                {debt && <td data-numeric="">{tranche?.coupon ? formatPercent(tranche.coupon) : ASSETS_TEXT.none}</td>}
                {debt && (
                  <td data-numeric="">
                    {tranche?.term
                      ? ASSETS_TEXT.years(formatNumber(tranche.term, 2).replace(/\.00$/, ""))
                      : ASSETS_TEXT.none}
                  </td>
                )}
                {issuerView && (
                  <td>
                    {round.securityId ? (
                      <Link to="/security/$securityId" params={{ securityId: round.securityId }} className={linkClass}>
                        {security?.name ?? (round.security as { name?: string } | null)?.name ?? ASSETS_TEXT.security}
                      </Link>
                    ) : (
                      <span className={mutedText}>{ASSETS_TEXT.none}</span>
                    )}
                  </td>
                )}
                {issuerView && <ExchangeCell text={exchangeText(round.securityId, security, listingsLoaded)} />}
                {issuerView && canWrite && (
                  <td className={css({ textAlign: "right" })}>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => onEditRound?.(asset, round)}
                      aria-label={ASSETS_TEXT.editLabel(round.name)}
                    >
                      {ASSETS_TEXT.edit}
                    </Button>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The listing exchange, or an empty busy cell while the listing is not known yet (exchange.ts). */
function ExchangeCell({ text }: { text: string | null }) {
  return text === null ? <td aria-busy="true" data-testid="exchange-loading" /> : <td>{text}</td>;
}
