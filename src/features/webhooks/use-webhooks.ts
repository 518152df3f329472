// The account's webhook endpoints and deliveries, read from the server while online (they are not kept on the
// device: the secret is made on the server and the delivery log is the server's), and the three changes.
import { useCallback } from "react";
import { type OnlineRead, useOnlineRead } from "../../app/use-online-read.ts";
import { graphql } from "../../data/graphql.ts";

export interface WebhookEndpoint {
  id: string;
  url: string;
  eventTypes: string[];
  createdOn: string;
}

export interface WebhookAttempt {
  id: string;
  statusCode: number | null;
  answer: string | null;
  error: string | null;
  createdOn: string;
}

export interface WebhookDelivery {
  id: string;
  endpointId: string;
  eventType: string;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastAnswer: string | null;
  createdOn: string;
  webhookAttemptsByDeliveryId: { nodes: WebhookAttempt[] };
}

const LOAD = `{
  allWebhookEndpoints(orderBy: CREATED_ON_ASC) { nodes { id url eventTypes createdOn } }
  allWebhookDeliveries(orderBy: CREATED_ON_DESC, first: 50) { nodes { id endpointId eventType status attempts
    lastStatusCode lastAnswer createdOn
    webhookAttemptsByDeliveryId(orderBy: CREATED_ON_DESC, first: 5) { nodes { id statusCode answer error createdOn } } } }
}`;
const REGISTER = `mutation ($url: String!, $eventTypes: [String]!) {
  registerWebhookEndpoint(input: { url: $url, eventTypes: $eventTypes }) { webhookRegistration { endpointId secret } } }`;
const REMOVE = `mutation ($endpointId: UUID!) { removeWebhookEndpoint(input: { endpointId: $endpointId }) { clientMutationId } }`;
const RESEND = `mutation ($deliveryId: UUID!) { resendWebhookDelivery(input: { deliveryId: $deliveryId }) { clientMutationId } }`;

const REFRESH_MS = 5_000;

export type WebhooksState = OnlineRead<{ endpoints: WebhookEndpoint[]; deliveries: WebhookDelivery[] }>;

export function useWebhooks() {
  // the runner delivers in the background: the log reads again every few seconds while it is shown and online; a
  // refresh that fails keeps what is shown
  const { state, online, reload } = useOnlineRead(
    () =>
      graphql<{
        allWebhookEndpoints: { nodes: WebhookEndpoint[] };
        allWebhookDeliveries: { nodes: WebhookDelivery[] };
      }>(LOAD).then((data) => ({
        endpoints: data.allWebhookEndpoints.nodes,
        deliveries: data.allWebhookDeliveries.nodes,
      })),
    { refreshMs: REFRESH_MS, keepOnFailure: true },
  );

  const register = useCallback(async (url: string, eventTypes: string[]) => {
    const data = await graphql<{
      registerWebhookEndpoint: { webhookRegistration: { endpointId: string; secret: string } };
    }>(REGISTER, { url, eventTypes });
    return data.registerWebhookEndpoint.webhookRegistration.secret;
  }, []);
  const remove = useCallback(async (endpointId: string) => {
    await graphql(REMOVE, { endpointId });
  }, []);
  const resend = useCallback(async (deliveryId: string) => {
    await graphql(RESEND, { deliveryId });
  }, []);

  return { state, online, reload, register, remove, resend };
}
