// Webhooks (issue 35 item 1, docs/API.md "Webhooks"): the event types, the headers every delivery carries and the
// endpoint address rule, shared by the screen (its check before sending) and the server (its runner, its tests).
// The database checks the same rule with the same texts (sync/database/webhooks/10_webhooks.sql check_webhook_url).

export const WEBHOOK_EVENT_TYPES = [
  "distribution.made",
  "distribution.changed",
  "step.completed",
  "holding.issued",
  "payment.settled",
  "token.minted",
  "document.signed",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The headers of a delivery (lowercase, as Node's http hands them to a receiver). */
export const WEBHOOK_HEADERS = {
  /** The delivery's id: the same on every attempt and on Send again, so a receiver can drop duplicates. */
  id: "ledgerline-webhook-id",
  /** The event type, one of WEBHOOK_EVENT_TYPES. */
  event: "ledgerline-webhook-event",
  /** Seconds since 1970 when the attempt was signed. */
  timestamp: "ledgerline-webhook-timestamp",
  /** `sha256=` and the hex HMAC-SHA256 of `${timestamp}.${body}` keyed with the endpoint's secret. */
  signature: "ledgerline-webhook-signature",
} as const;

/** What HMAC-SHA256 signs: the timestamp header, a dot and the raw body. */
export function webhookSignedText(timestamp: string, body: string): string {
  return `${timestamp}.${body}`;
}

export const WEBHOOK_URL_TEXT = {
  required: "URL is required.",
  tooLong: "URL must be at most 2000 characters.",
  httpsOnly: "Enter an address that starts with https://.",
  httpsOrLoopback:
    "Enter an address that starts with https:// (http:// only to this computer: localhost, 127.0.0.1 or ::1).",
  noEvents: "Choose at least one event.",
} as const;

const HTTPS = /^https:\/\/[^/?#@\s]+([/?#]\S*)?$/i;
const LOOPBACK_HTTP = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:[0-9]{1,5})?([/?#]\S*)?$/i;

/**
 * The endpoint address rule: https anywhere; plain http only to this computer, and only where the server allows it
 * (development and tests, never production). Answers the text to show, or null when the address is accepted.
 */
export function webhookUrlError(url: string, options: { allowLoopbackHttp: boolean }): string | null {
  const trimmed = url.trim();
  if (trimmed === "") return WEBHOOK_URL_TEXT.required;
  if (trimmed.length > 2000) return WEBHOOK_URL_TEXT.tooLong;
  if (HTTPS.test(trimmed)) return null;
  if (options.allowLoopbackHttp && LOOPBACK_HTTP.test(trimmed)) return null;
  return options.allowLoopbackHttp ? WEBHOOK_URL_TEXT.httpsOrLoopback : WEBHOOK_URL_TEXT.httpsOnly;
}
