// Settings > Integrations: the account's webhook endpoints (add with the secret shown once, remove) and the delivery
// log (where each delivery stands, the endpoint's answer, Send again). Online only: the secret is made on the
// server and the log is the server's, so offline the section says so instead of showing stale or queued changes.

import { useState } from "react";
import { OnlineSection, useServerAction } from "../../app/OnlineSection.tsx";
import { useViewer } from "../../app/viewer.ts";
import { Button, ConfirmDialog, EmptyState, ListRow, ListRows, SectionTitle } from "../../ui/index.ts";
import { AddEndpointDialog } from "./AddEndpointDialog.tsx";
import { DeliveryLog } from "./DeliveryLog.tsx";
import { WEBHOOKS_TEXT } from "./strings.ts";
import { useWebhooks, type WebhookEndpoint } from "./use-webhooks.ts";

export function WebhooksSection() {
  const { canWrite } = useViewer();
  const { state, reload, register, remove, resend } = useWebhooks();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const { busy, run } = useServerAction();

  const confirmRemove = (endpoint: WebhookEndpoint) =>
    run(
      endpoint.id,
      () => remove(endpoint.id),
      WEBHOOKS_TEXT.removed,
      () => {
        setRemoving(null);
        reload();
      },
    );
  const sendAgain = (deliveryId: string) => run(deliveryId, () => resend(deliveryId), WEBHOOKS_TEXT.sentAgain, reload);

  return (
    <>
      <OnlineSection
        title={WEBHOOKS_TEXT.title}
        testId="webhooks-section"
        intro={WEBHOOKS_TEXT.intro}
        texts={WEBHOOKS_TEXT}
        state={state}
        onRetry={reload}
        onAdd={() => setAdding(true)}
      >
        {({ endpoints, deliveries }) => (
          <>
            <SectionTitle>{WEBHOOKS_TEXT.endpoints}</SectionTitle>
            {endpoints.length === 0 ? (
              <EmptyState text={WEBHOOKS_TEXT.noEndpoints} />
            ) : (
              <ListRows>
                {endpoints.map((endpoint) => (
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
              deliveries={deliveries}
              endpoints={endpoints}
              canWrite={canWrite}
              sending={busy}
              onSendAgain={(id) => void sendAgain(id)}
            />
          </>
        )}
      </OnlineSection>
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
    </>
  );
}
