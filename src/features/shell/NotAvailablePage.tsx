// Placeholder for screens whose issue has not landed (spec: "This feature is not available").
import { css, cx } from "../../../styled-system/css";
import { card } from "../../../styled-system/recipes";
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
      className={cx(
        card(),
        css({
          px: "6",
          py: "16",
          textAlign: "center",
        }),
      )}
    >
      <p className={css({ fontSize: "md", fontWeight: "600", color: "fg.default" })}>{MESSAGES.notAvailable}</p>
    </div>
  );
}
