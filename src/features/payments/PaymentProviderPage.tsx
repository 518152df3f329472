// /north-capital/issuers/{issuer_id?}/{instrument_id?}/{payment_id?} (spec part 2 "Payment provider page"): the
// breadcrumb names the provider; the left panel has the payment account with Sync, the issuer's details with its
// mapping process and the offering's details with its mapping process (and a payment's details); the right panel
// lists the provider's issuers, an issuer's offerings ('No templates found.') and an offering's payments. Everything
// is read from the `payment_accounts` replica; Sync, the mappings and the funds confirmation are commands
// (northCapitalSync, mapPaymentIssuer, mapPaymentInstrument, confirmPaymentFunds) that need the network: offline they
// are disabled and say so.
import { Link } from "@tanstack/react-router";
import { useMemo } from "react";
import { css } from "../../../styled-system/css";
import { useOnline } from "../../app/useOnline.ts";
import { useViewer } from "../../app/viewer.ts";
import { useCommand, useModel } from "../../data/hooks.tsx";
import type { PaymentInstrument, PaymentIssuer, PaymentTrade } from "../../data/models/payment-accounts.ts";
import { usePending } from "../../data/pending-hooks.ts";
import type { PendingOps } from "../../domain/commands/lists.ts";
import { formatDate, formatMoney } from "../../domain/format.ts";
import {
  Breadcrumb,
  type BreadcrumbItem,
  Button,
  Card,
  EmptyPage,
  Fact,
  ListCard,
  ListRow,
  LoadingPage,
  linkClass,
  Note,
  Page,
  PageHeader,
  Panels,
  StatusBadge,
  SyncMark,
} from "../../ui/index.ts";
import { CallbackUrl } from "./CallbackUrl.tsx";
import { IssuerDetails, OfferingDetails } from "./MappingCards.tsx";
import { PAYMENTS_TEXT as T } from "./strings.ts";

/** A card's facts: a description list (dt/dd in a dl), one under the other. */
const facts = css({ display: "grid", gap: "3" });

const ROUTE = "/north-capital/issuers/{-$issuerId}/{-$instrumentId}/{-$paymentId}" as const;

interface Props {
  issuerId?: string;
  instrumentId?: string;
  paymentId?: string;
}

interface PaymentAccountRow {
  id: string;
  provider: string;
  providerName: string;
  syncedOn?: string | null;
  syncStatus?: string;
  failure?: string | null;
  issuers?: PaymentIssuer[];
  instruments?: PaymentInstrument[];
  trades?: PaymentTrade[];
}

type Mark = { status: "pending" | "accepted" | "rejected"; errorMessage?: string | null };

function to(params: Props) {
  return {
    to: ROUTE,
    params: { issuerId: params.issuerId, instrumentId: params.instrumentId, paymentId: params.paymentId },
  };
}

export function PaymentProviderPage({ issuerId, instrumentId, paymentId }: Props) {
  const { accountId, canWrite, session } = useViewer();
  const online = useOnline();
  const send = useCommand();
  const { rows, loading } = useModel("payment_accounts");
  const provider = usePending("payments.provider");
  const { rows: rounds } = useModel("rounds");
  const { rows: assets } = useModel("assets");
  const account = (rows as unknown as PaymentAccountRow[]).find(
    (r) => (r as { accountId?: string }).accountId === accountId,
  );

  /** The newest queued action `op` on the provider's row `id`, with its mark. */
  const markOf = (op: PendingOps["payments.provider"], id: string): Mark | null => {
    const entry = [...provider].reverse().find((e) => e.op === op && e.id === id);
    return entry ? { status: entry.mark.status, errorMessage: entry.command.errorMessage } : null;
  };
  /** A mapping card's command and its mark; writers map, online. */
  const mapping = (mark: Mark | null, onMap: (value: string | null) => void) => ({
    canMap: canWrite && online,
    online,
    mark,
    onMap,
  });

  const ownRounds = useMemo(() => {
    const ownAssets = new Set(
      (assets as unknown as Array<{ id: string; issuerId?: string }>)
        .filter((a) => a.issuerId === accountId)
        .map((a) => a.id),
    );
    return (rounds as unknown as Array<{ id: string; name: string; assetId: string }>).filter((r) =>
      ownAssets.has(r.assetId),
    );
  }, [rounds, assets, accountId]);

  if (loading) {
    return <LoadingPage />;
  }
  if (!account) {
    return (
      <EmptyPage
        title={T.provider}
        text={T.noAccount}
        breadcrumb={[
          { display: T.integrations, link: "/settings/integrations" },
          { display: T.provider, active: true },
        ]}
      >
        {/* to the page of Integrations holding Payment processing */}
        <Link to="/settings/integrations" search={{ type: "payment" }} className={linkClass}>
          {T.toIntegrations}
        </Link>
      </EmptyPage>
    );
  }

  const issuers = account.issuers ?? [];
  const instruments = account.instruments ?? [];
  const trades = account.trades ?? [];
  const issuer = issuers.find((i) => i.id === issuerId);
  const instrument = instruments.find((i) => i.id === instrumentId && i.paymentIssuerRowId === issuer?.id);
  const trade = trades.find((t) => t.id === paymentId && t.paymentInstrumentRowId === instrument?.id);
  const roundName = (id: string | null) => ownRounds.find((r) => r.id === id)?.name ?? id ?? T.notMapped;

  const crumbs: BreadcrumbItem[] = [{ display: account.providerName, link: "/north-capital/issuers", active: !issuer }];
  if (issuer) crumbs.push({ display: issuer.name, link: `/north-capital/issuers/${issuer.id}`, active: !instrument });
  if (issuer && instrument)
    crumbs.push({
      display: instrument.name,
      link: `/north-capital/issuers/${issuer.id}/${instrument.id}`,
      active: !trade,
    });
  if (trade) crumbs.push({ display: trade.distributionName ?? T.payment, active: true });
  const up: Props | null = trade ? { issuerId, instrumentId } : instrument ? { issuerId } : issuer ? {} : null;

  const syncMark = markOf("sync", account.id);
  const syncing = account.syncStatus === "queued" || syncMark?.status === "pending";

  return (
    <Page>
      <Breadcrumb items={crumbs} />
      <PageHeader title={account.providerName}>
        {up && (
          <Link {...to(up)} className={linkClass}>
            ← {T.back}
          </Link>
        )}
      </PageHeader>
      <Panels.Root from="lg">
        <Panels.Panel testId="payment-left">
          <Card
            title={account.providerName}
            testId="payment-account"
            actions={
              <Button
                size="sm"
                loading={syncing}
                disabled={!online || !canWrite}
                onClick={() => send("northCapitalSync", { input: { id: account.id } })}
              >
                {syncing ? T.syncing : T.sync}
              </Button>
            }
          >
            <dl>
              <Fact label={T.syncedOn}>{account.syncedOn ? formatDate(account.syncedOn) : T.neverSynced}</Fact>
            </dl>
            {account.failure && (
              <p className={css({ fontSize: "sm", color: "fg.error" })} role="alert">
                {account.syncStatus === "failed" ? `${T.syncFailed}: ` : ""}
                {account.failure}
              </p>
            )}
            {syncMark?.status === "rejected" && <SyncMark mark={syncMark} />}
            {!online && <Note testId="needs-network">{T.syncNeedsNetwork}</Note>}
            {!canWrite && <Note testId="needs-network">{T.readOnly}</Note>}
            {account.provider === "north-capital" && canWrite && online && (
              <CallbackUrl paymentAccountId={account.id} />
            )}
          </Card>
          {issuer && (
            <IssuerDetails
              issuer={issuer}
              accountId={accountId}
              accountName={session.account?.name ?? accountId}
              offeringMapped={instruments.some((i) => i.paymentIssuerRowId === issuer.id && i.roundId)}
              mapping={mapping(markOf("mapIssuer", issuer.id), (value) =>
                send("mapPaymentIssuer", { input: { id: issuer.id, issuerId: value } }),
              )}
            />
          )}
          {instrument && issuer && (
            <OfferingDetails
              instrument={instrument}
              issuerMapped={issuer.issuerId === accountId}
              rounds={ownRounds}
              roundName={roundName}
              mapping={mapping(markOf("mapInstrument", instrument.id), (value) =>
                send("mapPaymentInstrument", { input: { id: instrument.id, roundId: value } }),
              )}
            />
          )}
          {trade && (
            <Card title={T.payment} testId="payment-details">
              <dl className={facts}>
                <Fact label={T.distribution}>{trade.distributionName ?? trade.distributionId}</Fact>
                <Fact label={T.amount}>{formatMoney(trade.amount)}</Fact>
                <Fact label={T.status}>
                  <StatusBadge label={trade.status} />
                </Fact>
                <Fact label={T.providerId}>{trade.paymentTradeId ?? "—"}</Fact>
                {trade.failure && <Fact label={T.failure}>{trade.failure}</Fact>}
              </dl>
              {account.provider === "builtin" && trade.status === "CREATED" && canWrite && (
                <>
                  <Note>{T.confirmHint}</Note>
                  <Button
                    disabled={!online || markOf("confirmFunds", trade.id)?.status === "pending"}
                    onClick={() => send("confirmPaymentFunds", { input: { id: trade.id } })}
                  >
                    {T.confirmFunds}
                  </Button>
                  {!online && <Note testId="needs-network">{T.confirmNeedsNetwork}</Note>}
                </>
              )}
              {canWrite && trade.status === "CREATED" && (
                <TradeUndo
                  hint={T.cancelHint}
                  label={T.cancel}
                  disabled={!online || markOf("cancel", trade.id)?.status === "pending"}
                  onClick={() => send("cancelPaymentTrade", { input: { id: trade.id } })}
                />
              )}
              {canWrite && account.provider === "builtin" && trade.status === "SETTLED" && (
                <TradeUndo
                  hint={T.unwindHint}
                  label={T.unwind}
                  disabled={!online || markOf("unwind", trade.id)?.status === "pending"}
                  onClick={() => send("unwindPaymentTrade", { input: { id: trade.id } })}
                />
              )}
              {(["cancel", "unwind"] as const).map((op) => {
                const mark = markOf(op, trade.id);
                return mark?.status === "rejected" ? <SyncMark key={op} mark={mark} /> : null;
              })}
              {!online &&
                canWrite &&
                (trade.status === "CREATED" || (account.provider === "builtin" && trade.status === "SETTLED")) && (
                  <Note testId="needs-network">{T.tradeNeedsNetwork}</Note>
                )}
            </Card>
          )}
        </Panels.Panel>
        <Panels.Panel testId="payment-right">
          {!issuer && (
            <ListCard title={T.issuers} empty={T.empty} testId="payment-issuers">
              {issuers.map((i) => (
                <ListRow
                  key={i.id}
                  wrap={false}
                  link={to({ issuerId: i.id })}
                  title={i.name}
                  detail={i.email ?? i.paymentIssuerId}
                >
                  {i.issuerId ? (
                    <StatusBadge label={T.mappedTo} status="active" />
                  ) : (
                    <StatusBadge label={T.notMapped} />
                  )}
                </ListRow>
              ))}
            </ListCard>
          )}
          {issuer && !instrument && (
            <ListCard title={T.offerings} empty={T.empty} testId="payment-offerings">
              {instruments
                .filter((i) => i.paymentIssuerRowId === issuer.id)
                .map((i) => (
                  <ListRow
                    key={i.id}
                    wrap={false}
                    link={to({ issuerId: issuer.id, instrumentId: i.id })}
                    title={i.name}
                    detail={`${i.paymentInstrumentId}${i.status ? ` · ${i.status}` : ""}`}
                  >
                    <span className={css({ fontSize: "sm", color: "fg.muted" })}>{roundName(i.roundId)}</span>
                  </ListRow>
                ))}
            </ListCard>
          )}
          {instrument && issuer && (
            <ListCard title={T.payments} empty={T.noPayments} testId="payment-trades">
              {trades
                .filter((t) => t.paymentInstrumentRowId === instrument.id)
                .map((t) => (
                  <ListRow
                    key={t.id}
                    wrap={false}
                    link={to({ issuerId: issuer.id, instrumentId: instrument.id, paymentId: t.id })}
                    title={t.distributionName ?? t.distributionId}
                    detail={formatMoney(t.amount)}
                  >
                    <StatusBadge label={t.status} />
                  </ListRow>
                ))}
            </ListCard>
          )}
        </Panels.Panel>
      </Panels.Root>
    </Page>
  );
}

/** A payment's undo on the provider (Cancel, Unwind): what it does, and its button (held offline or while queued). */
function TradeUndo({
  hint,
  label,
  disabled,
  onClick,
}: {
  hint: string;
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <>
      <Note>{hint}</Note>
      <div>
        <Button variant="ghost" disabled={disabled} onClick={onClick}>
          {label}
        </Button>
      </div>
    </>
  );
}
