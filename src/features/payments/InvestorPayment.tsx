// The investor's payment (issue 18). Where the round's offering is mapped to a payment provider, the payment is a step
// of the investor's onboarding (type 'payment', PaymentStepAction): it shows the amount due (units x price, less
// payments pending or paid), Pay, which creates a trade at the issuer's provider (createPaymentTrade, a queued
// command: offline it waits in the outbox and is sent when the network is back), and the trade's live status as the
// server writes it on the step (the distribution replica carries it, so it reads offline too); the step completes
// when the provider reports the funds settled. A distribution whose process has no payment step (made before the
// mapping and already past onboarding) gets the same as a card, InvestorPayment, where paymentAvailable says the
// issuer's provider takes its payments. A refusal (e.g. 'Payments are not set up for this offering.') shows its reason.
import { createContext, useContext, useEffect, useState } from "react";
import { css } from "../../../styled-system/css";
import { useOnline } from "../../app/useOnline.ts";
import { graphql } from "../../data/graphql.ts";
import { useCommand } from "../../data/hooks.tsx";
import { usePending } from "../../data/pending-hooks.ts";
import { totalValue } from "../../domain/capital.ts";
import { compare, dec, toString as decimalText, round, sub, sum, ZERO } from "../../domain/decimal.ts";
import { formatMoney } from "../../domain/format.ts";
import type { StepDoc } from "../../domain/onboarding.ts";
import { Button, Card, SyncMark } from "../../ui/index.ts";
import { INVESTOR_PAYMENT_TEXT as T } from "./strings.ts";

interface Payment {
  amount: string;
  status?: string | null;
}

/** What the payment step needs of its distribution (DistributionPage provides it around the step process). */
export interface PaymentTarget {
  distributionId: string;
  units: string;
  price: string | null;
  payments: readonly Payment[];
}
export const PaymentTargetContext = createContext<PaymentTarget | null>(null);

function amountDue(target: PaymentTarget) {
  if (!target.price) return null;
  const counted = target.payments.filter((p) => p.status === "paid" || p.status === "pending");
  return sub(round(totalValue(target.units, target.price), 2), sum(counted.map((p) => dec(p.amount))));
}

/** The latest createPaymentTrade of this distribution in the outbox, as a sync mark. */
function usePaymentCommand(distributionId: string) {
  const command = usePending("distribution.paymentTrades", distributionId)
    .filter((entry) => entry.parentId === distributionId)
    .at(-1)?.command;
  return command
    ? { status: command.status as "pending" | "accepted" | "rejected", errorMessage: command.errorMessage }
    : null;
}

/** Amount due and Pay (or paid in full); `busy` hides Pay while a trade is under way. */
function PayBody({ target, busy, inStep }: { target: PaymentTarget; busy: boolean; inStep: boolean }) {
  const send = useCommand();
  const online = useOnline();
  const [tradeId, setTradeId] = useState(() => crypto.randomUUID());
  const mark = usePaymentCommand(target.distributionId);
  const due = amountDue(target);
  if (due === null) return <p className={css({ fontSize: "sm" })}>{T.noPrice}</p>;
  // the card waits on its accepted command too; the step follows the trade's status the server writes on it
  const waiting = mark !== null && (mark.status === "pending" || (!inStep && mark.status === "accepted"));
  if (compare(due, ZERO) <= 0) return <p className={css({ fontSize: "sm" })}>{T.paidInFull}</p>;
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
      <p className={css({ fontSize: "sm" })}>{T.due(formatMoney(decimalText(due)))}</p>
      {!busy && (
        <div className={css({ display: "flex", gap: "2", alignItems: "center", flexWrap: "wrap" })}>
          <Button
            disabled={waiting}
            onClick={() => {
              send("createPaymentTrade", { input: { distributionId: target.distributionId, id: tradeId } });
              // a later payment (after a cancelled or failed one) is another trade
              setTradeId(crypto.randomUUID());
            }}
          >
            {T.pay(formatMoney(decimalText(due)))}
          </Button>
          {mark && <SyncMark mark={mark} />}
        </div>
      )}
      {waiting && <p className={css({ fontSize: "sm", color: "fg.muted" })}>{online ? T.sent : T.offline}</p>}
    </div>
  );
}

/** The payment step's action: the trade's status as the server wrote it on the step, and Pay while none is under way. */
export function PaymentStepAction({ step }: { step: StepDoc }) {
  const target = useContext(PaymentTargetContext);
  const payment = (step.outputData as { payment?: { status?: string; amount?: string } }).payment;
  const error = typeof step.outputData?.error === "string" ? step.outputData.error : null;
  const underWay = step.status === "processing";
  if (!target) return <p className={css({ fontSize: "sm", color: "fg.muted" })}>{T.noTarget}</p>;
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3" })} data-testid="payment-step">
      {payment?.status && (
        <p role="status" className={css({ fontSize: "sm", fontWeight: "600" })} data-testid="payment-step-status">
          {T.tradeStatus(payment.status, payment.amount ? formatMoney(payment.amount) : "")}
        </p>
      )}
      {error && !underWay && (
        <p className={css({ fontSize: "sm", color: "danger" })} data-testid="payment-step-error">
          {error}
        </p>
      )}
      {step.status !== "complete" && <PayBody target={target} busy={underWay} inStep />}
    </div>
  );
}

/** The card for a distribution without a payment step. */
export function InvestorPayment(target: PaymentTarget) {
  const online = useOnline();
  const available = usePaymentAvailable(target.distributionId, online);
  const mark = usePaymentCommand(target.distributionId);
  if (!target.price) return null;
  // shown where the issuer's payment provider takes this offering's payments, or once a payment was asked for
  if (!available && !mark) return null;
  return (
    <Card title={T.title} testId="investor-payment">
      <PayBody target={target} busy={false} inStep={false} />
    </Card>
  );
}

/**
 * Whether the issuer's payment provider takes this distribution's payments (paymentAvailable, asked of the server
 * when online: the investor does not replicate the issuer's payment mapping); remembered for the page's life.
 */
function usePaymentAvailable(distributionId: string, online: boolean): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    if (!online || available) return;
    let cancelled = false;
    graphql<{ paymentAvailable: boolean | null }>(
      "query PaymentAvailable($id: UUID!) { paymentAvailable(distributionId: $id) }",
      { id: distributionId },
    ).then(
      (data) => {
        if (!cancelled) setAvailable(data.paymentAvailable === true);
      },
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [distributionId, online, available]);
  return available;
}
