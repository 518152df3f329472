// /securities (spec part 1 section 2.8): the account's securities from the local replica, filtered by name and
// sorted by latest price (unitValue). Issuers see the ATS (listing exchange) column and, as owners or admins,
// create securities; an ATS account sees the securities listed on it.
import { Link } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { input } from "../../../styled-system/recipes";
import { useViewer } from "../../app/viewer.ts";
import { useModel } from "../../data/hooks.tsx";
import { filterAndSortSecurities, type ListingLike, latestValue, listingName } from "../../domain/assets.ts";
import { formatMoney, formatNumber } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import {
  Breadcrumb,
  Button,
  dataTable,
  dataTableCard,
  EmptyState,
  LoadingIndicator,
  linkClass,
  mutedText,
  Page,
  PageHeader,
  SyncMark,
} from "../../ui/index.ts";
import { SecurityDialog } from "./SecurityDialog.tsx";
import { SECURITIES_TEXT } from "./strings.ts";

export function SecuritiesPage() {
  const viewer = useViewer();
  const securities = useModel("securities");
  const [filter, setFilter] = useState("");
  const [direction, setDirection] = useState<"desc" | "asc">("desc");
  const [creating, setCreating] = useState(false);
  const issuer = viewer.accountType === "issuer";
  const rows = useMemo(
    () =>
      filterAndSortSecurities(
        securities.rows.filter((row) => !row._pending?.deleted),
        filter,
        direction,
      ),
    [securities.rows, filter, direction],
  );
  return (
    <Page>
      <Breadcrumb items={[{ display: SECURITIES_TEXT.securities, active: true }]} />
      <PageHeader
        title={SECURITIES_TEXT.securities}
        actions={
          issuer &&
          viewer.canWrite && <Button onClick={() => setCreating(true)}>{SECURITIES_TEXT.createSecurity}</Button>
        }
      >
        <p className={css({ color: "fg.muted", fontSize: "sm", mt: "1" })}>
          {issuer ? SECURITIES_TEXT.issuerIntro : SECURITIES_TEXT.atsIntro}
        </p>
      </PageHeader>
      <div className={css({ display: "flex", gap: "3", mb: "4", alignItems: "center" })}>
        <input
          type="search"
          aria-label={SECURITIES_TEXT.filterByName}
          placeholder={SECURITIES_TEXT.filterByName}
          className={`${input()} ${css({ maxW: "22rem" })}`}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      </div>
      {securities.loading ? (
        <LoadingIndicator />
      ) : rows.length === 0 ? (
        <EmptyState text={MESSAGES.noSecurities} />
      ) : (
        <div className={dataTableCard}>
          <table className={dataTable} aria-label={SECURITIES_TEXT.securities}>
            <thead>
              <tr>
                <th>{SECURITIES_TEXT.name}</th>
                <th>{SECURITIES_TEXT.symbol}</th>
                <th data-numeric="">{SECURITIES_TEXT.totalUnits}</th>
                <th data-numeric="" aria-sort={direction === "desc" ? "descending" : "ascending"}>
                  <button
                    type="button"
                    onClick={() => setDirection(direction === "desc" ? "asc" : "desc")}
                    className={css({
                      cursor: "pointer",
                      fontWeight: "inherit",
                      textTransform: "inherit",
                      letterSpacing: "inherit",
                      color: "inherit",
                    })}
                  >
                    {SECURITIES_TEXT.latestPriceSort}
                    {direction === "desc" ? "↓" : "↑"}
                  </button>
                </th>
                <th data-numeric="">{SECURITIES_TEXT.latestValue}</th>
                {issuer && <th>{SECURITIES_TEXT.ats}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((security) => (
                <tr key={security.id} data-testid="security-row">
                  <td>
                    <Link to="/security/$securityId" params={{ securityId: security.id }} className={linkClass}>
                      {security.name}
                    </Link>
                    <SyncMark mark={security._pending} />
                  </td>
                  <td className={mutedText}>{security.symbol ?? security.ticker ?? "—"}</td>
                  <td data-numeric="">{formatNumber(security.total)}</td>
                  <td data-numeric="">{security.unitValue ? formatMoney(security.unitValue) : "—"}</td>
                  <td data-numeric="">{formatMoney(latestValue(security.unitValue, security.total)) || "—"}</td>
                  {issuer && <td>{listingName(security.listing as ListingLike | null)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {creating && <SecurityDialog onClose={() => setCreating(false)} />}
    </Page>
  );
}
