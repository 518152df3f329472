// Settings > Integrations: the account's webhook endpoints (add with the secret shown once, remove) and the delivery
// log (where each delivery stands, the endpoint's answer, Send again). Online only: the secret is made on the
// server and the log is the server's, so offline the section says so instead of showing stale or queued changes.

import { useState } from "react";
import { OnlineReadStatus } from "../../app/OnlineReadStatus.tsx";
import { useViewer } from "../../app/viewer.ts";
import { serverRefusalText } from "../../data/graphql.ts";
import {
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  ListRow,
  ListRows,
  mutedText,
  SectionTitle,
  toast,
} from "../../ui/index.ts";
import { AddEndpointDialog } from "./AddEndpointDialog.tsx";
import { DeliveryLog } from "./DeliveryLog.tsx";
import { WEBHOOKS_TEXT } from "./strings.ts";
import { useWebhooks, type WebhookEndpoint } from "./use-webhooks.ts";

export function WebhooksSection() {
  const { canWrite } = useViewer();
  const { state, reload, register, remove, resend } = useWebhooks();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function confirmRemove(endpoint: WebhookEndpoint) {
    setBusy(endpoint.id);
    try {
      await remove(endpoint.id);
      toast.success(WEBHOOKS_TEXT.removed);
      setRemoving(null);
      reload();
    } catch (error) {
      toast.error(serverRefusalText(error));
    } finally {
      setBusy(null);
    }
  }

  async function sendAgain(deliveryId: string) {
    setBusy(deliveryId);
    try {
      await resend(deliveryId);
      toast.success(WEBHOOKS_TEXT.sentAgain);
      reload();
    } catch (error) {
      toast.error(serverRefusalText(error));
    } finally {
      setBusy(null);
    }
  }

  const ready = state.status === "ready";
  return (
    <Card
      title={WEBHOOKS_TEXT.title}
      testId="webhooks-section"
      actions={
        canWrite && ready ? (
          <Button size="sm" onClick={() => setAdding(true)}>
            {WEBHOOKS_TEXT.add}
          </Button>
        ) : undefined
      }
    >
      <p className={mutedText}>{WEBHOOKS_TEXT.intro}</p>
      <OnlineReadStatus state={state} texts={WEBHOOKS_TEXT} onRetry={reload} />
      {ready && (
        <>
          {!canWrite && <p className={mutedText}>{WEBHOOKS_TEXT.readOnly}</p>}
          <SectionTitle>{WEBHOOKS_TEXT.endpoints}</SectionTitle>
          {state.endpoints.length === 0 ? (
            <EmptyState text={WEBHOOKS_TEXT.noEndpoints} />
          ) : (
            <ListRows>
              {state.endpoints.map((endpoint) => (
                <ListRow
                  key={endpoint.id}
                  title={endpoint.url}
                  detail={endpoint.eventTypes
                    .map((type) => WEBHOOKS_TEXT.eventLabels[type as keyof typeof WEBHOOKS_TEXT.eventLabels] ?? type)
                    .join(", ")}
                >
                  {canWrite && (
                    <Button size="sm" variant="outline" onClick={() => setRemoving(endpoint)}>
                      {WEBHOOKS_TEXT.remove}
                    </Button>
                  )}
                </ListRow>
              ))}
            </ListRows>
          )}
          <SectionTitle>{WEBHOOKS_TEXT.deliveries}</SectionTitle>
          <DeliveryLog
            deliveries={state.deliveries}
            endpoints={state.endpoints}
            canWrite={canWrite}
            sending={busy}
            onSendAgain={(id) => void sendAgain(id)}
          />
        </>
      )}
      {adding && (
        <AddEndpointDialog
          register={register}
          onClose={(added) => {
            setAdding(false);
            if (added) reload();
          }}
        />
      )}
      {removing && (
        <ConfirmDialog
          title={WEBHOOKS_TEXT.removeTitle}
          description={WEBHOOKS_TEXT.removeDescription(removing.url)}
          cancelLabel={WEBHOOKS_TEXT.cancel}
          confirmLabel={WEBHOOKS_TEXT.removeConfirm}
          busy={busy === removing.id}
          onCancel={() => setRemoving(null)}
          onConfirm={() => void confirmRemove(removing)}
        />
      )}
    </Card>
  );
}
