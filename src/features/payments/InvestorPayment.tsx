// The investor's payment on /distribution/{id} (issue 18), where the issuer's payment provider takes the offering's
// payments (paymentAvailable): what is still due (units x price, less payments pending or
// paid) and Pay, which creates a trade at the issuer's payment provider (createPaymentTrade, a queued command: offline
// it waits and is sent when the network is back). The payments themselves arrive in the distribution replica as the
// provider reports them. A refusal (e.g. 'Payments are not set up for this offering.') is shown with its reason.
import { useEffect, useState } from "react";
import { css } from "../../../styled-system/css";
import { graphql } from "../../data/graphql.ts";
import { useCommand, useOutbox } from "../../data/hooks.tsx";
import { totalValue } from "../../domain/capital.ts";
import { compare, dec, toString as decimalText, round, sub, sum, ZERO } from "../../domain/decimal.ts";
import { formatMoney } from "../../domain/format.ts";
import { Button, Card, SyncMark } from "../../ui/index.ts";
import { useOnline } from "../shell/useOnline.ts";
import { INVESTOR_PAYMENT_TEXT as T } from "./strings.ts";

interface Payment {
  amount: string;
  status?: string | null;
}

export function InvestorPayment({
  distributionId,
  units,
  price,
  payments,
}: {
  distributionId: string;
  units: string;
  price: string | null;
  payments: readonly Payment[];
}) {
  const send = useCommand();
  const online = useOnline();
  const { rows: outbox } = useOutbox();
  const [tradeId] = useState(() => crypto.randomUUID());
  const available = usePaymentAvailable(distributionId, online);
  if (!price) return null;
  const counted = payments.filter((p) => p.status === "paid" || p.status === "pending");
  const due = sub(round(totalValue(units, price), 2), sum(counted.map((p) => dec(p.amount))));
  const command = [...outbox]
    .reverse()
    .find(
      (c) =>
        c.mutation === "createPaymentTrade" &&
        (c.variables as { input?: { distributionId?: string } }).input?.distributionId === distributionId,
    );
  const mark = command
    ? { status: command.status as "pending" | "accepted" | "rejected", errorMessage: command.errorMessage }
    : null;
  const waiting = mark !== null && mark.status !== "rejected";
  // shown where the issuer's payment provider takes this offering's payments, or once a payment was asked for
  if (!available && !mark) return null;
  return (
    <Card title={T.title} testId="investor-payment">
      {compare(due, ZERO) > 0 ? (
        <>
          <p className={css({ fontSize: "sm" })}>{T.due(formatMoney(decimalText(due)))}</p>
          <div className={css({ display: "flex", gap: "2", alignItems: "center", flexWrap: "wrap" })}>
            <Button
              disabled={waiting}
              onClick={() =>
                send("createPaymentTrade", {
                  input: { distributionId, id: mark?.status === "rejected" ? crypto.randomUUID() : tradeId },
                })
              }
            >
              {T.pay(formatMoney(decimalText(due)))}
            </Button>
            {mark && <SyncMark mark={mark} />}
          </div>
          {waiting && <p className={css({ fontSize: "sm", color: "fg.muted" })}>{online ? T.sent : T.offline}</p>}
        </>
      ) : (
        <p className={css({ fontSize: "sm" })}>{T.paidInFull}</p>
      )}
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
