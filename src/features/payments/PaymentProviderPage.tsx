// /north-capital/issuers/{issuer_id?}/{instrument_id?}/{payment_id?} (spec part 2 "Payment provider page"): the
// breadcrumb names the provider; the left panel has the payment account with Sync, the issuer's details with its
// mapping process and the offering's details with its mapping process (and a payment's details); the right panel
// lists the provider's issuers, an issuer's offerings ('No templates found.') and an offering's payments. Everything
// is read from the `payment_accounts` replica; Sync, the mappings and the funds confirmation are commands
// (northCapitalSync, mapPaymentIssuer, mapPaymentInstrument, confirmPaymentFunds) that need the network: offline they
// are disabled and say so.
import { Link } from "@tanstack/react-router";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { useOnline } from "../../app/useOnline.ts";
import { useViewer } from "../../app/viewer.ts";
import { graphql } from "../../data/graphql.ts";
import { useCommand, useModel, useOutbox } from "../../data/hooks.tsx";
import type { PaymentInstrument, PaymentIssuer, PaymentTrade } from "../../data/models/payment-accounts.ts";
import { formatDate, formatMoney } from "../../domain/format.ts";
import {
  Breadcrumb,
  type BreadcrumbItem,
  Button,
  Card,
  EmptyState,
  Fact,
  LoadingIndicator,
  linkClass,
  Page,
  PageHeader,
  Select,
  StatusBadge,
  SyncMark,
} from "../../ui/index.ts";
import { PAYMENTS_TEXT as T } from "./strings.ts";

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
  const { rows: outbox } = useOutbox();
  const { rows: rounds } = useModel("rounds");
  const { rows: assets } = useModel("assets");
  const account = (rows as unknown as PaymentAccountRow[]).find(
    (r) => (r as { accountId?: string }).accountId === accountId,
  );

  const markOf = (mutation: string, id: string): Mark | null => {
    const command = [...outbox]
      .reverse()
      .find((c) => c.mutation === mutation && (c.variables as { input?: { id?: string } }).input?.id === id);
    return command ? { status: command.status as Mark["status"], errorMessage: command.errorMessage } : null;
  };

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
    return (
      <Page>
        <LoadingIndicator />
      </Page>
    );
  }
  if (!account) {
    return (
      <Page>
        <PageHeader title={T.issuers} />
        <EmptyState text={T.noAccount}>
          <Link to="/settings/integrations" className={linkClass}>
            {T.toIntegrations}
          </Link>
        </EmptyState>
      </Page>
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

  const syncMark = markOf("northCapitalSync", account.id);
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
      <div
        className={css({
          display: "grid",
          gap: "4",
          gridTemplateColumns: { base: "1fr", lg: "minmax(0, 1fr) minmax(0, 2fr)" },
          alignItems: "start",
        })}
      >
        <div className={css({ display: "flex", flexDirection: "column", gap: "4" })} data-testid="payment-left">
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
            <Fact label={T.syncedOn}>{account.syncedOn ? formatDate(account.syncedOn) : T.neverSynced}</Fact>
            {account.failure && (
              <p className={css({ fontSize: "sm", color: "fg.error" })} role="alert">
                {account.syncStatus === "failed" ? `${T.syncFailed}: ` : ""}
                {account.failure}
              </p>
            )}
            {syncMark?.status === "rejected" && <SyncMark mark={syncMark} />}
            {!online && <Offline>{T.syncNeedsNetwork}</Offline>}
            {!canWrite && <Offline>{T.readOnly}</Offline>}
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
              canMap={canWrite && online}
              online={online}
              mark={markOf("mapPaymentIssuer", issuer.id)}
              onMap={(value) => send("mapPaymentIssuer", { input: { id: issuer.id, issuerId: value } })}
            />
          )}
          {instrument && issuer && (
            <OfferingDetails
              instrument={instrument}
              issuerMapped={issuer.issuerId === accountId}
              rounds={ownRounds}
              roundName={roundName}
              canMap={canWrite && online}
              online={online}
              mark={markOf("mapPaymentInstrument", instrument.id)}
              onMap={(value) => send("mapPaymentInstrument", { input: { id: instrument.id, roundId: value } })}
            />
          )}
          {trade && (
            <Card title={T.payment} testId="payment-details">
              <Fact label={T.distribution}>{trade.distributionName ?? trade.distributionId}</Fact>
              <Fact label={T.amount}>{formatMoney(trade.amount)}</Fact>
              <Fact label={T.status}>
                <StatusBadge label={trade.status} />
              </Fact>
              <Fact label={T.providerId}>{trade.paymentTradeId ?? "—"}</Fact>
              {trade.failure && <Fact label={T.failure}>{trade.failure}</Fact>}
              {account.provider === "builtin" && trade.status === "CREATED" && canWrite && (
                <>
                  <p className={css({ fontSize: "sm", color: "fg.muted" })}>{T.confirmHint}</p>
                  <Button
                    disabled={!online || markOf("confirmPaymentFunds", trade.id)?.status === "pending"}
                    onClick={() => send("confirmPaymentFunds", { input: { id: trade.id } })}
                  >
                    {T.confirmFunds}
                  </Button>
                  {!online && <Offline>{T.confirmNeedsNetwork}</Offline>}
                </>
              )}
              {canWrite && trade.status === "CREATED" && (
                <>
                  <p className={css({ fontSize: "sm", color: "fg.muted" })}>{T.cancelHint}</p>
                  <div>
                    <Button
                      variant="ghost"
                      disabled={!online || markOf("cancelPaymentTrade", trade.id)?.status === "pending"}
                      onClick={() => send("cancelPaymentTrade", { input: { id: trade.id } })}
                    >
                      {T.cancel}
                    </Button>
                  </div>
                </>
              )}
              {canWrite && account.provider === "builtin" && trade.status === "SETTLED" && (
                <>
                  <p className={css({ fontSize: "sm", color: "fg.muted" })}>{T.unwindHint}</p>
                  <div>
                    <Button
                      variant="ghost"
                      disabled={!online || markOf("unwindPaymentTrade", trade.id)?.status === "pending"}
                      onClick={() => send("unwindPaymentTrade", { input: { id: trade.id } })}
                    >
                      {T.unwind}
                    </Button>
                  </div>
                </>
              )}
              {(["cancelPaymentTrade", "unwindPaymentTrade"] as const).map((name) => {
                const mark = markOf(name, trade.id);
                return mark?.status === "rejected" ? <SyncMark key={name} mark={mark} /> : null;
              })}
              {!online &&
                canWrite &&
                (trade.status === "CREATED" || (account.provider === "builtin" && trade.status === "SETTLED")) && (
                  <Offline>{T.tradeNeedsNetwork}</Offline>
                )}
            </Card>
          )}
        </div>
        <div data-testid="payment-right">
          {!issuer && (
            <ListCard title={T.issuers} empty={T.empty} testId="payment-issuers">
              {issuers.map((i) => (
                <Row key={i.id} link={to({ issuerId: i.id })} title={i.name} detail={i.email ?? i.paymentIssuerId}>
                  {i.issuerId ? (
                    <StatusBadge label={T.mappedTo} status="active" />
                  ) : (
                    <StatusBadge label={T.notMapped} />
                  )}
                </Row>
              ))}
            </ListCard>
          )}
          {issuer && !instrument && (
            <ListCard title={T.offerings} empty={T.empty} testId="payment-offerings">
              {instruments
                .filter((i) => i.paymentIssuerRowId === issuer.id)
                .map((i) => (
                  <Row
                    key={i.id}
                    link={to({ issuerId: issuer.id, instrumentId: i.id })}
                    title={i.name}
                    detail={`${i.paymentInstrumentId}${i.status ? ` · ${i.status}` : ""}`}
                  >
                    <span className={css({ fontSize: "sm", color: "fg.muted" })}>{roundName(i.roundId)}</span>
                  </Row>
                ))}
            </ListCard>
          )}
          {instrument && issuer && (
            <ListCard title={T.payments} empty={T.noPayments} testId="payment-trades">
              {trades
                .filter((t) => t.paymentInstrumentRowId === instrument.id)
                .map((t) => (
                  <Row
                    key={t.id}
                    link={to({ issuerId: issuer.id, instrumentId: instrument.id, paymentId: t.id })}
                    title={t.distributionName ?? t.distributionId}
                    detail={formatMoney(t.amount)}
                  >
                    <StatusBadge label={t.status} />
                  </Row>
                ))}
            </ListCard>
          )}
        </div>
      </div>
    </Page>
  );
}

/** The status callback's URL with the payment account's secret, to give North Capital (owners and admins, online). */
function CallbackUrl({ paymentAccountId }: { paymentAccountId: string }) {
  const [path, setPath] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    graphql<{ paymentCallbackPath: string | null }>("query ($id: UUID!) { paymentCallbackPath(id: $id) }", {
      id: paymentAccountId,
    }).then(
      (data) => {
        if (!cancelled) setPath(data.paymentCallbackPath);
      },
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [paymentAccountId]);
  if (!path) return null;
  return (
    <Fact label={T.callbackUrl}>
      <code className={css({ fontSize: "xs", wordBreak: "break-all" })} data-testid="payment-callback-url">
        {`${window.location.origin}${path}`}
      </code>
    </Fact>
  );
}

function Offline({ children }: { children: ReactNode }) {
  return (
    <p className={css({ fontSize: "sm", color: "fg.muted" })} data-testid="needs-network">
      {children}
    </p>
  );
}

function ListCard({
  title,
  empty,
  testId,
  children,
}: {
  title: string;
  empty: string;
  testId: string;
  children: ReactNode[];
}) {
  return (
    <Card title={title} testId={testId}>
      {children.length === 0 ? (
        <EmptyState text={empty} />
      ) : (
        <ul className={css({ display: "flex", flexDirection: "column" })}>{children}</ul>
      )}
    </Card>
  );
}

function Row({
  link,
  title,
  detail,
  children,
}: {
  link: ReturnType<typeof to>;
  title: string;
  detail: string;
  children?: ReactNode;
}) {
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
        _first: { borderTopWidth: "0" },
      })}
    >
      <div className={css({ minW: 0 })}>
        <Link {...link} className={linkClass}>
          {title}
        </Link>
        <p className={css({ fontSize: "sm", color: "fg.muted", overflowWrap: "anywhere" })}>{detail}</p>
      </div>
      {children}
    </li>
  );
}

function MappingProcess({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <ol aria-label={T.mapping} className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
      {steps.map((step, index) => (
        <li
          key={step}
          aria-current={index === current ? "step" : undefined}
          className={css({
            fontSize: "xs",
            fontWeight: "600",
            px: "2",
            py: "1",
            borderRadius: "full",
            borderWidth: "1px",
            borderColor: index === current ? "accent.default" : "border.default",
            color: index < current ? "fg.muted" : "fg.default",
            textDecoration: index < current ? "line-through" : "none",
          })}
        >
          {index + 1}. {step}
        </li>
      ))}
    </ol>
  );
}

function IssuerDetails({
  issuer,
  accountId,
  accountName,
  offeringMapped,
  canMap,
  online,
  mark,
  onMap,
}: {
  issuer: PaymentIssuer;
  accountId: string;
  accountName: string;
  offeringMapped: boolean;
  canMap: boolean;
  online: boolean;
  mark: Mark | null;
  onMap(value: string | null): void;
}) {
  const [value, setValue] = useState<string | null>(issuer.issuerId);
  return (
    <Card title={T.issuer} testId="payment-issuer">
      <Fact label={T.name}>{issuer.name}</Fact>
      <Fact label={T.email}>{issuer.email ?? "—"}</Fact>
      <Fact label={T.providerId}>{issuer.paymentIssuerId}</Fact>
      <MappingProcess steps={T.mappingSteps} current={issuer.issuerId ? (offeringMapped ? 3 : 2) : 1} />
      <Select
        label={T.mapIssuer}
        name="issuerId"
        options={[
          { label: T.notMapped, value: "" },
          { label: accountName, value: accountId },
        ]}
        value={value ?? ""}
        onChange={(next) => setValue(next || null)}
        disabled={!canMap}
      />
      <div className={css({ display: "flex", gap: "2", alignItems: "center" })}>
        <Button size="sm" disabled={!canMap || value === issuer.issuerId} onClick={() => onMap(value)}>
          {T.save}
        </Button>
        {mark && mark.status !== "accepted" && <SyncMark mark={mark} />}
      </div>
      {!online && <Offline>{T.mapNeedsNetwork}</Offline>}
    </Card>
  );
}

function OfferingDetails({
  instrument,
  issuerMapped,
  rounds,
  roundName,
  canMap,
  online,
  mark,
  onMap,
}: {
  instrument: PaymentInstrument;
  issuerMapped: boolean;
  rounds: Array<{ id: string; name: string }>;
  roundName(id: string | null): string;
  canMap: boolean;
  online: boolean;
  mark: Mark | null;
  onMap(value: string | null): void;
}) {
  const [value, setValue] = useState<string | null>(instrument.roundId);
  return (
    <Card title={T.offering} testId="payment-offering">
      <Fact label={T.name}>{instrument.name}</Fact>
      <Fact label={T.providerId}>{instrument.paymentInstrumentId}</Fact>
      <Fact label={T.status}>{instrument.status ?? "—"}</Fact>
      <Fact label={T.mappedTo}>{roundName(instrument.roundId)}</Fact>
      <MappingProcess steps={T.mappingSteps} current={instrument.roundId ? 3 : issuerMapped ? 2 : 1} />
      {issuerMapped ? (
        <>
          <Select
            label={T.mapRound}
            name="roundId"
            options={[{ label: T.notMapped, value: "" }, ...rounds.map((r) => ({ label: r.name, value: r.id }))]}
            value={value ?? ""}
            onChange={(next) => setValue(next || null)}
            disabled={!canMap}
          />
          <div className={css({ display: "flex", gap: "2", alignItems: "center" })}>
            <Button size="sm" disabled={!canMap || value === instrument.roundId} onClick={() => onMap(value)}>
              {T.save}
            </Button>
            {mark && mark.status !== "accepted" && <SyncMark mark={mark} />}
          </div>
        </>
      ) : (
        <p className={css({ fontSize: "sm", color: "fg.muted" })}>{T.mapIssuerFirst}</p>
      )}
      {!online && <Offline>{T.mapNeedsNetwork}</Offline>}
    </Card>
  );
}
