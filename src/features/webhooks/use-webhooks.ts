// The account's webhook endpoints and deliveries, read from the server while online (they are not kept on the
// device: the secret is made on the server and the delivery log is the server's), and the three changes.
import { useCallback, useEffect, useState } from "react";
import { useOnline } from "../../app/useOnline.ts";
import { GraphqlError, graphql } from "../../data/graphql.ts";
import { MESSAGES } from "../../domain/messages.ts";

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

/** The server's text for a refused change (its own words, class LL), else the generic one. */
export function webhookErrorText(error: unknown): string {
  if (error instanceof GraphqlError && error.code?.startsWith("LL") && error.errors[0]?.message)
    return error.errors[0].message;
  return MESSAGES.defaultError;
}

export type WebhooksState =
  | { status: "offline" }
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; endpoints: WebhookEndpoint[]; deliveries: WebhookDelivery[] };

export function useWebhooks() {
  const online = useOnline();
  const [state, setState] = useState<WebhooksState>({ status: "loading" });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  // the runner delivers in the background: the log reads again every few seconds while it is shown and online
  useEffect(() => {
    if (!online) return;
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [online, reload]);

  useEffect(() => {
    // version: a reload after a change or a retry reads again
    void version;
    if (!online) {
      setState({ status: "offline" });
      return;
    }
    let live = true;
    setState((current) => (current.status === "ready" ? current : { status: "loading" }));
    graphql<{
      allWebhookEndpoints: { nodes: WebhookEndpoint[] };
      allWebhookDeliveries: { nodes: WebhookDelivery[] };
    }>(LOAD).then(
      (data) => {
        if (live)
          setState({
            status: "ready",
            endpoints: data.allWebhookEndpoints.nodes,
            deliveries: data.allWebhookDeliveries.nodes,
          });
      },
      () => {
        // a refresh that fails keeps what is shown; only a first read that fails says so
        if (live) setState((current) => (current.status === "ready" ? current : { status: "failed" }));
      },
    );
    return () => {
      live = false;
    };
  }, [online, version]);

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
