// The delivery log: the latest deliveries with where each stands, the endpoint's last answer and Send again.
import { css } from "../../../styled-system/css";
import { formatDate } from "../../domain/format.ts";
import { Button, EmptyState, FramedTable, ScrollRegion, StatusBadge, tableStyles } from "../../ui/index.ts";
import { WEBHOOKS_TEXT } from "./strings.ts";
import type { WebhookDelivery, WebhookEndpoint } from "./use-webhooks.ts";

function answerText(delivery: WebhookDelivery): string {
  const last = delivery.webhookAttemptsByDeliveryId.nodes[0];
  if (!last) return "";
  if (last.statusCode === null) return last.error ?? WEBHOOKS_TEXT.noAnswer;
  return last.answer
    ? `${WEBHOOKS_TEXT.answered(last.statusCode)}: ${last.answer}`
    : WEBHOOKS_TEXT.answered(last.statusCode);
}

export function DeliveryLog({
  deliveries,
  endpoints,
  canWrite,
  sending,
  onSendAgain,
}: {
  deliveries: WebhookDelivery[];
  endpoints: WebhookEndpoint[];
  canWrite: boolean;
  /** The delivery whose Send again is under way. */
  sending: string | null;
  onSendAgain: (deliveryId: string) => void;
}) {
  if (deliveries.length === 0) return <EmptyState text={WEBHOOKS_TEXT.noDeliveries} />;
  const urls = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint.url]));
  return (
    <ScrollRegion label={WEBHOOKS_TEXT.deliveries} className={tableStyles.wrap} testId="webhook-deliveries">
      <FramedTable
        rows={deliveries}
        headers={[
          WEBHOOKS_TEXT.when,
          WEBHOOKS_TEXT.event,
          WEBHOOKS_TEXT.endpoint,
          WEBHOOKS_TEXT.status,
          WEBHOOKS_TEXT.answer,
          ...(canWrite ? [{ title: WEBHOOKS_TEXT.sendAgain, hidden: true }] : []),
        ]}
      >
        {(delivery) => (
          <tr key={delivery.id} data-testid="webhook-delivery">
            <td className={tableStyles.td}>{formatDate(delivery.createdOn, "MMM DD YYYY h:mma")}</td>
            <td className={tableStyles.td}>
              {WEBHOOKS_TEXT.eventLabels[delivery.eventType as keyof typeof WEBHOOKS_TEXT.eventLabels] ??
                delivery.eventType}
            </td>
            <td className={tableStyles.td} data-identifier>
              {urls.get(delivery.endpointId) ?? ""}
            </td>
            <td className={tableStyles.td}>
              <StatusBadge
                label={WEBHOOKS_TEXT.statusLabels[delivery.status] ?? delivery.status}
                status={delivery.status === "delivered" ? "active" : delivery.status}
              />
              <div className={css({ fontSize: "xs", color: "fg.muted", mt: "1" })}>
                {WEBHOOKS_TEXT.attempts(delivery.attempts)}
              </div>
            </td>
            <td className={tableStyles.td} data-identifier data-testid="webhook-answer">
              {answerText(delivery)}
            </td>
            {canWrite && (
              <td className={tableStyles.td}>
                <Button
                  size="sm"
                  variant="outline"
                  loading={sending === delivery.id}
                  onClick={() => onSendAgain(delivery.id)}
                >
                  {WEBHOOKS_TEXT.sendAgain}
                </Button>
              </td>
            )}
          </tr>
        )}
      </FramedTable>
    </ScrollRegion>
  );
}
