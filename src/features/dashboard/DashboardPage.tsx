// /dashboard for issuers and brokers (spec part 1 section 2.11), entirely from the local replicas so it renders
// offline: header tiles, the accounts list (brokers for issuers, issuers for brokers), assets, messages and recent
// transactions.
// Its figures read whole collections (every holding, distribution, transaction). While the FIRST sync of an account
// runs on this device (it held nothing before), the page shows the sync's progress instead and reads once when the
// sync ends: re-reading 50,000 documents while pages of them arrive froze the page (issue 8). On a device that
// already holds the account, the figures show at once and follow the catch-up live.
import { Link } from "@tanstack/react-router";
import { type ReactNode, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { css, cx } from "../../../styled-system/css";
import { badge, card } from "../../../styled-system/recipes";
import { PathLink } from "../../app/links.tsx";
import { useViewer } from "../../app/viewer.ts";
import { useModel } from "../../data/hooks.tsx";
import { type SyncStatus, syncStatus } from "../../data/sync-status.ts";
import { useSyncStatus } from "../../data/use-sync-status.ts";
import { formatDate, formatInteger, formatMoney, formatNumber } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { firstSyncPercent, firstSyncRecords } from "../../domain/sync-status.ts";
import { Card, EmptyState, Loading, linkClass, Page, PageHeader } from "../../ui/index.ts";
import { DASHBOARD_TEXT } from "./strings.ts";
import { dashboardSummary, prepareHoldingFigures, transactionUnits } from "./summary.ts";

/** The first sync of this account on this device is running (the device held nothing of it). */
function isFirstSyncRunning(status: Pick<SyncStatus, "firstSync">): boolean {
  const { firstSync } = status;
  return firstSync.fromEmpty === true && !firstSync.done && firstSync.collectionsTotal > 0;
}

const firstSyncRunning = () => isFirstSyncRunning(syncStatus.getSnapshot());

export function DashboardPage() {
  const { session } = useViewer();
  const syncing = useSyncExternalStore(syncStatus.subscribe, firstSyncRunning, firstSyncRunning);
  return (
    <Page>
      <PageHeader title={DASHBOARD_TEXT.dashboard}>
        <p className={css({ mt: "1", fontSize: "sm", color: "fg.muted" })}>{session.account?.name}</p>
      </PageHeader>
      {syncing ? <FirstSyncProgress /> : <DashboardContent />}
    </Page>
  );
}

/** The first sync's progress, in place of the figures (they would be partial and re-read per page). */
function FirstSyncProgress() {
  const { firstSync } = useSyncStatus();
  const percent = firstSyncPercent(firstSync);
  return (
    <div
      data-testid="dashboard-first-sync"
      className={cx(
        card(),
        css({
          p: "6",
          display: "flex",
          flexDirection: "column",
          gap: "3",
        }),
      )}
    >
      <p className={css({ fontWeight: "700" })}>{DASHBOARD_TEXT.syncing(percent)}</p>
      <div
        role="progressbar"
        aria-label={DASHBOARD_TEXT.syncing(percent)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className={css({ h: "2", bg: "bg.muted", borderRadius: "full", overflow: "hidden" })}
      >
        <div className={css({ h: "full", bg: "brand", transition: "width 200ms" })} style={{ width: `${percent}%` }} />
      </div>
      <p className={css({ fontSize: "sm", color: "fg.muted" })}>
        {DASHBOARD_TEXT.firstSync(firstSyncRecords(firstSync))}
      </p>
    </div>
  );
}

/** Holdings' figures are computed in slices of this many documents, one task each. */
const PREPARE_SLICE = 2_000;

/**
 * The holdings whose figures are all computed (null until the first ones are): 50,000 new documents are prepared
 * over several tasks instead of in one render. Until a newer list is prepared the previous one is shown.
 */
function usePreparedHoldings<T extends { amount: string; purchasePrice?: string | null }>(
  rows: readonly T[],
  enabled: boolean,
): readonly T[] | null {
  const [prepared, setPrepared] = useState<readonly T[] | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let at = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const step = () => {
      if (cancelled) return;
      const end = Math.min(rows.length, at + PREPARE_SLICE);
      prepareHoldingFigures(rows, at, end);
      at = end;
      if (at < rows.length) timer = setTimeout(step, 0);
      else setPrepared(rows);
    };
    step();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [rows, enabled]);
  return prepared;
}

const NOTHING = {
  rounds: [],
  holdings: [],
  customers: [],
  distributions: [],
  accounts: [],
  assets: [],
  transactions: [],
};

function DashboardContent() {
  const { session } = useViewer();
  const type = session.account?.type ?? "issuer";
  const rounds = useModel("rounds");
  const holdings = useModel("holdings");
  const customers = useModel("customers");
  const distributions = useModel("distributions");
  const accounts = useModel("accounts");
  const assets = useModel("assets");
  const transactions = useModel("transactions");
  const preparedHoldings = usePreparedHoldings(holdings.rows, !holdings.loading);
  const loading =
    [rounds, holdings, customers, distributions, accounts, assets, transactions].some((m) => m.loading) ||
    preparedHoldings === null;

  // computed once every collection has been read (not once per collection as each read arrives)
  const summary = useMemo(
    () =>
      dashboardSummary(
        loading
          ? { accountType: type, ...NOTHING }
          : {
              accountType: type,
              rounds: rounds.rows,
              holdings: preparedHoldings ?? [],
              customers: customers.rows,
              distributions: distributions.rows,
              accounts: accounts.rows.filter((account) => account.id !== session.account?.id),
              assets: assets.rows,
              transactions: transactions.rows,
            },
      ),
    [
      loading,
      type,
      rounds.rows,
      preparedHoldings,
      customers.rows,
      distributions.rows,
      accounts.rows,
      assets.rows,
      transactions.rows,
      session.account?.id,
    ],
  );
  const roundNames = useMemo(() => new Map(rounds.rows.map((round) => [round.id, round.name])), [rounds.rows]);
  const issuer = type === "issuer";

  return (
    <Loading loading={loading}>
      <div
        data-testid="dashboard-tiles"
        className={css({
          display: "grid",
          gap: "4",
          mb: "6",
          gridTemplateColumns: {
            base: "1fr",
            sm: "repeat(2, minmax(0, 1fr))",
            lg: "repeat(auto-fit, minmax(12rem, 1fr))",
          },
        })}
      >
        <Tile
          to="/assets"
          label={issuer ? DASHBOARD_TEXT.closedRounds : DASHBOARD_TEXT.activeRounds}
          value={formatInteger(summary.roundCount)}
        />
        <Tile to="/capitalization" label={DASHBOARD_TEXT.capitalRaised} value={formatMoney(summary.capitalRaised)} />
        <Tile to="/contacts" label={DASHBOARD_TEXT.investorsEngaged} value={formatInteger(summary.investorsEngaged)} />
        <Tile
          to="/distributions"
          label={DASHBOARD_TEXT.distributions}
          value={formatInteger(summary.distributionCount)}
        />
        {summary.holdingCount !== null && (
          <Tile to="/holdings" label={DASHBOARD_TEXT.allHoldings} value={formatInteger(summary.holdingCount)} />
        )}
      </div>
      <div
        className={css({
          display: "grid",
          gap: "6",
          gridTemplateColumns: { base: "1fr", lg: "repeat(2, minmax(0, 1fr))" },
        })}
      >
        <Card
          testId="dashboard-accounts"
          title={issuer ? DASHBOARD_TEXT.distributors : DASHBOARD_TEXT.issuers}
          actions={
            <SeeAll
              to={issuer ? "/distributors" : "/issuers"}
              label={issuer ? DASHBOARD_TEXT.distributors : DASHBOARD_TEXT.issuers}
            />
          }
        >
          {summary.accounts.length === 0 ? (
            <EmptyState text={MESSAGES.noneFound} />
          ) : (
            <List>
              {summary.accounts.map((account) => {
                const full = accounts.rows.find((row) => row.id === account.id);
                return (
                  <Row key={account.id}>
                    <PathLink to={issuer ? `/distributor/${account.id}` : `/issuer/${account.id}`}>
                      {account.name}
                    </PathLink>
                    <span className={css({ color: "fg.muted", fontSize: "xs" })}>{full?.email ?? ""}</span>
                  </Row>
                );
              })}
            </List>
          )}
        </Card>
        <Card
          testId="dashboard-assets"
          title={DASHBOARD_TEXT.assets}
          actions={<SeeAll to="/assets" label={DASHBOARD_TEXT.assets} />}
        >
          {summary.assets.length === 0 ? (
            <EmptyState text={MESSAGES.noAssets} />
          ) : (
            <List>
              {summary.assets.map((asset) => {
                const full = assets.rows.find((row) => row.id === asset.id);
                return (
                  <Row key={asset.id}>
                    <span className={css({ display: "flex", flexDirection: "column", minW: 0 })}>
                      <Link to="/assets" className={linkClass}>
                        {full?.name}
                      </Link>
                      <span className={css({ color: "fg.muted", fontSize: "xs" })}>
                        {full?.type} · {DASHBOARD_TEXT.authorized(formatNumber(full?.authorizedTotal))}
                      </span>
                    </span>
                    <span className={badge({ tone: full?.status === "active" ? "success" : "neutral" })}>
                      {full?.status}
                    </span>
                  </Row>
                );
              })}
            </List>
          )}
        </Card>
        <Card
          testId="dashboard-messages"
          title={DASHBOARD_TEXT.messages}
          actions={<SeeAll to="/messages" label={DASHBOARD_TEXT.messages} />}
        >
          <p className={css({ fontSize: "sm", color: "fg.muted", py: "4", textAlign: "center" })}>
            {MESSAGES.notAvailable}
          </p>
        </Card>
        <Card
          testId="dashboard-transactions"
          title={DASHBOARD_TEXT.recentTransactions}
          actions={<SeeAll to="/transactions" label={DASHBOARD_TEXT.transactions} />}
        >
          {summary.transactions.length === 0 ? (
            <EmptyState text={MESSAGES.noneFound} />
          ) : (
            <List>
              {summary.transactions.map((row) => {
                const transaction = transactions.rows.find((t) => t.id === row.id);
                const paidOn = (transaction?.chainData as { paid_on?: string } | undefined)?.paid_on ?? row.createdOn;
                return (
                  <Row key={row.id}>
                    <span className={css({ display: "flex", flexDirection: "column", minW: 0 })}>
                      <PathLink to={`/transaction/${row.id}`}>
                        {roundNames.get(transaction?.roundId ?? "") ?? DASHBOARD_TEXT.transaction}
                      </PathLink>
                      <span className={css({ color: "fg.muted", fontSize: "xs" })}>{formatDate(paidOn)}</span>
                    </span>
                    <span className={css({ fontVariantNumeric: "tabular-nums", fontWeight: "600" })}>
                      {DASHBOARD_TEXT.units(formatNumber(transactionUnits(transaction ?? {})))}
                    </span>
                  </Row>
                );
              })}
            </List>
          )}
        </Card>
      </div>
    </Loading>
  );
}

function Tile({ to, label, value }: { to: string; label: string; value: string }) {
  return (
    <Link
      to={to as "/"}
      data-testid="dashboard-tile"
      className={cx(
        card(),
        css({
          display: "flex",
          flexDirection: "column",
          gap: "2",
          p: "5",
          textDecoration: "none",
          color: "fg.default",
          transition: "border-color 120ms, box-shadow 120ms",
          _hover: { borderColor: "brand.muted", boxShadow: "0 4px 14px rgba(15, 35, 70, 0.08)" },
        }),
      )}
    >
      <span
        className={css({
          fontSize: "xs",
          fontWeight: "700",
          color: "fg.muted",
          textTransform: "uppercase",
          letterSpacing: "0.06em",
        })}
      >
        {label}
      </span>
      <span
        className={css({
          fontSize: "2xl",
          fontWeight: "700",
          letterSpacing: "-0.02em",
          fontVariantNumeric: "tabular-nums",
        })}
      >
        {value}
      </span>
    </Link>
  );
}

function SeeAll({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to as "/"}
      className={css({
        fontSize: "sm",
        color: "fg.link",
        fontWeight: "600",
        textDecoration: "none",
        _hover: { textDecoration: "underline" },
      })}
      aria-label={DASHBOARD_TEXT.allOf(label)}
    >
      {DASHBOARD_TEXT.viewAll}
    </Link>
  );
}

function List({ children }: { children: ReactNode }) {
  return <ul className={css({ display: "flex", flexDirection: "column" })}>{children}</ul>;
}

function Row({ children }: { children: ReactNode }) {
  return (
    <li
      className={css({
        display: "flex",
        alignItems: "center",
        justifyContent: "space-between",
        gap: "3",
        py: "3",
        borderTopWidth: "1px",
        borderColor: "border.default",
        _first: { borderTopWidth: 0, pt: 0 },
        fontSize: "sm",
      })}
    >
      {children}
    </li>
  );
}
