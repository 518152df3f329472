// /test/ws: a developer page that opens the graphql-ws socket at /wss/v1/ and shows what a subscription receives.
import { type Client, createClient } from "graphql-ws";
import { useEffect, useRef, useState } from "react";
import { css } from "../../../styled-system/css";
import { badge, input } from "../../../styled-system/recipes";
import { WEBSOCKET_PATH } from "../../domain/wire.ts";
import { Button, Page, PageHeader } from "../../ui/index.ts";

const DEFAULT_SUBSCRIPTION = "subscription changes { changes { table } }";
const MAX_MESSAGES = 50;

type Status = "closed" | "connecting" | "open";

export function WsTestPage() {
  const [query, setQuery] = useState(DEFAULT_SUBSCRIPTION);
  const [status, setStatus] = useState<Status>("closed");
  const [messages, setMessages] = useState<string[]>([]);
  const client = useRef<Client | null>(null);
  const stop = useRef<(() => void) | null>(null);

  const disconnect = () => {
    stop.current?.();
    void client.current?.dispose();
    client.current = null;
    stop.current = null;
    setStatus("closed");
  };
  useEffect(
    () => () => {
      stop.current?.();
      void client.current?.dispose();
    },
    [],
  );

  const push = (text: string) => setMessages((list) => [text, ...list].slice(0, MAX_MESSAGES));
  const connect = () => {
    disconnect();
    const url = `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}${WEBSOCKET_PATH}`;
    setStatus("connecting");
    client.current = createClient({
      url,
      retryAttempts: 0,
      on: { connected: () => setStatus("open"), closed: () => setStatus("closed") },
    });
    stop.current = client.current.subscribe(
      { query },
      {
        next: (value) => push(JSON.stringify(value)),
        error: (error) => push(`error: ${error instanceof Error ? error.message : JSON.stringify(error)}`),
        complete: () => push("complete"),
      },
    );
  };

  return (
    <Page>
      <PageHeader
        title="WebSocket Test"
        actions={<span className={badge({ tone: status === "open" ? "success" : "neutral" })}>{status}</span>}
      />
      <div className={css({ display: "flex", flexDirection: "column", gap: "3", maxW: "48rem" })}>
        <label className={css({ fontWeight: "600", fontSize: "sm" })}>
          Subscription
          <textarea
            className={`${input()} ${css({ fontFamily: "mono", minH: "6rem", py: "2" })}`}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
        <div className={css({ display: "flex", gap: "3" })}>
          <Button onClick={connect}>Subscribe</Button>
          <Button variant="outline" onClick={disconnect} disabled={status === "closed"}>
            Disconnect
          </Button>
        </div>
        <ol
          data-testid="ws-messages"
          className={css({ fontFamily: "mono", fontSize: "xs", display: "flex", flexDirection: "column", gap: "1" })}
        >
          {messages.map((message, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an append-only log
            <li key={`${messages.length - index}`}>{message}</li>
          ))}
        </ol>
      </div>
    </Page>
  );
}
