import type { ErrorComponentProps } from "@tanstack/react-router";
import { useEffect } from "react";
import { NetworkError } from "../data/graphql.ts";
import { MESSAGES } from "../domain/messages.ts";
import { Button } from "../ui/Button.tsx";
import { ErrorBlock } from "../ui/Message.tsx";
import { Page } from "../ui/Page.tsx";
import { APP_TEXT } from "./strings.ts";

/** A route whose loader failed. Offline failures say so and retry by themselves when the network returns. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const offline = error instanceof NetworkError;
  useEffect(() => {
    if (!offline) return;
    window.addEventListener("online", reset);
    return () => window.removeEventListener("online", reset);
  }, [offline, reset]);
  return (
    <Page maxWidth="40rem">
      <ErrorBlock text={offline ? MESSAGES.offlinePage : MESSAGES.defaultError} />
      <Button variant="outline" onClick={reset} style={{ marginTop: 16 }}>
        {APP_TEXT.tryAgain}
      </Button>
    </Page>
  );
}
