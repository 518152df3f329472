// Placeholder for screens whose issue has not landed (spec: "This feature is not available").
import { css } from "../../../styled-system/css";
import { MESSAGES } from "../../domain/messages.ts";
import { Page, PageHeader } from "../../ui/index.ts";

export function NotAvailablePage({ title }: { title?: string }) {
  return (
    <Page>
      {title && <PageHeader title={title} />}
      <NotAvailable />
    </Page>
  );
}

export function NotAvailable() {
  return (
    <div
      data-testid="not-available"
      className={css({
        bg: "bg.surface",
        borderWidth: "1px",
        borderColor: "border.default",
        borderRadius: "card",
        boxShadow: "card",
        px: "6",
        py: "16",
        textAlign: "center",
      })}
    >
      <p className={css({ fontSize: "md", fontWeight: "600", color: "fg.default" })}>{MESSAGES.notAvailable}</p>
    </div>
  );
}
