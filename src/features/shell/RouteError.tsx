import type { ErrorComponentProps } from "@tanstack/react-router";
import { MESSAGES } from "../../domain/messages.ts";
import { Button, ErrorBlock, Page } from "../../ui/index.ts";

export function RouteError({ reset }: ErrorComponentProps) {
  return (
    <Page maxWidth="40rem">
      <ErrorBlock text={MESSAGES.defaultError} />
      <Button variant="outline" onClick={reset} style={{ marginTop: 16 }}>
        Try again
      </Button>
    </Page>
  );
}
