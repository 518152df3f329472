// Settings > Integrations: the account's webhook endpoints and their deliveries.
import { Card, mutedText } from "../../ui/index.ts";
import { WEBHOOKS_TEXT } from "./strings.ts";

export function WebhooksSection() {
  return (
    <Card title={WEBHOOKS_TEXT.title} testId="webhooks-section">
      <p className={mutedText}>{WEBHOOKS_TEXT.intro}</p>
    </Card>
  );
}
