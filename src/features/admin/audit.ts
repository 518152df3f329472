// The audit trail as screens show and export it: the GraphQL read of older pages (owners and admins read their
// account's events, platform admins every event: the database's policy decides) and the CSV (src/domain/csv.ts: neutralised cells, like every export).
import { activityLine, actorParts, type NameOf } from "../../domain/activity.ts";
import { type CsvText, toCsv } from "../../domain/csv.ts";
import { formatDate } from "../../domain/format.ts";
import { AUDIT_TEXT } from "./strings.ts";

export interface AuditEvent {
  id: string;
  kind: string;
  action: string;
  accountId: string | null;
  accountName: string | null;
  actor: string | null;
  userId: string | null;
  sessionId: string | null;
  deviceId: string | null;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown> | null;
  createdOn: string;
}

/** The window the device keeps (app_private.audit_window() on the server). */
export const AUDIT_LIMIT = 500;

/** `condition` is {} for every kind, or { kind } (a null kind would ask for events without one). */
export const AUDIT_QUERY = `query AuditTrail($first: Int!, $offset: Int, $condition: AuditEventCondition) {
  allAuditEvents(orderBy: CREATED_ON_DESC, first: $first, offset: $offset, condition: $condition) {
    nodes { id kind action accountId accountName actor userId sessionId deviceId ip userAgent details createdOn }
  }
}`;

/** The device as one text: the session's browser with the IP. */
export function deviceText(event: Pick<AuditEvent, "deviceId" | "ip" | "userAgent" | "sessionId">): string {
  const parts = [event.userAgent ? shortAgent(event.userAgent) : null, event.ip].filter(Boolean);
  return parts.join(" · ");
}

/** "Chrome 131 on Linux"-like short form of a user agent; the whole text when nothing is recognised. */
export function shortAgent(agent: string): string {
  const browser = /(Edg|Chrome|Firefox|Safari|HeadlessChrome)\/(\d+)/.exec(agent);
  const system = /(Windows|Mac OS X|Android|iPhone|Linux)/.exec(agent);
  if (!browser) return agent.slice(0, 60);
  return `${browser[1]} ${browser[2]}${system ? ` on ${system[1]}` : ""}`;
}

/**
 * The events as the card shows them (issue 37): when, the sentence, its kind, who (name and e-mail), the account, the
 * device and the details as "Label: value" lines (src/domain/activity.ts), never the stored JSON, a command name or
 * an id where a name exists. `nameOf` is the card's: the names of the records the device holds.
 */
export function auditCsv(events: readonly AuditEvent[], nameOf: NameOf = () => null): CsvText {
  return toCsv(
    ["When", "What", "Kind", "Who", "Email", "Account", "Device", "IP", "User agent", "Details"],
    events.map((event) => {
      const line = activityLine(event, nameOf);
      const actor = actorParts(event.actor);
      return [
        formatDate(event.createdOn, "MMM DD YYYY h:mma"),
        line.sentence,
        AUDIT_TEXT.kinds[event.kind] ?? AUDIT_TEXT.otherKind,
        actor.name,
        actor.email ?? "",
        event.accountName ?? "",
        event.userAgent ? shortAgent(event.userAgent) : "",
        event.ip ?? "",
        event.userAgent ?? "",
        line.details.map((detail) => `${detail.label}: ${detail.value}`).join("\n"),
      ];
    }),
  );
}

export const fileDay = () => new Date().toISOString().slice(0, 10).replaceAll("-", "_");
