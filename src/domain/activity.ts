// The audit trail as people read it (Settings > Activity, the admin home; docs/ADMIN.md "The audit trail"): an
// event (its kind, action, actor and details) as one sentence ("Emma Lawson invited Delia Ortiz to Harborview
// Placement for 1,250.00 units") and the details a reviewer needs as labelled values formatted as the screens show
// them. Never a command name, an id, a snake_case role or JSON: a command's sentence comes from its declaration's
// `describe` (src/domain/commands, the sync review's line) in the past tense, names of the ids it carries from the
// device's replicas (`names`), and a command outside the catalogue reads as what it touched ("Changed a
// distribution"). Pure: the screens pass the names they hold.
import { COMMANDS, isCommandName } from "./commands/catalogue.ts";
import { formatDate, formatNumber } from "./format.ts";

export interface ActivityEvent {
  kind: string;
  action: string;
  actor: string | null;
  accountName?: string | null;
  details: Record<string, unknown> | null;
}

/** A labelled value of an event's details ("Amount", "1,250.00"). */
export interface ActivityDetail {
  label: string;
  value: string;
}

export interface ActivityLine {
  sentence: string;
  details: ActivityDetail[];
}

/** The name of a record the device holds (an account, round, allocation, distribution...), by id. */
export type NameOf = (id: string) => string | null | undefined;

const ROLE_NAMES: Record<string, string> = {
  account_owner: "Owner",
  account_admin: "Admin",
  account_viewer: "Viewer",
};

/** account_admin -> "Admin"; an unknown role in words. */
export function roleName(role: unknown): string {
  const said = typeof role === "string" ? role : "";
  return ROLE_NAMES[said] ?? capitalise(words(said.replace(/^account_/, "")));
}

const STATUS_NAMES: Record<string, string> = { active: "active", suspended: "suspended", invited: "invited" };

/** "Emma Lawson <emma@x.test>" -> { name: "Emma Lawson", email: "emma@x.test" }; the server when nobody acted. */
export function actorParts(actor: string | null | undefined): { name: string; email: string | null } {
  if (!actor) return { name: "Ledgerline", email: null };
  const match = /^(.*?)\s*<([^>]+)>\s*$/.exec(actor);
  if (!match) return { name: actor.replace(/\s*\(server\)$/, ""), email: null };
  const name = (match[1] ?? "").trim();
  return { name: name || (match[2] ?? ""), email: match[2] ?? null };
}

const PAST: Record<string, string> = {
  Add: "added",
  Attach: "attached",
  Cancel: "cancelled",
  Change: "changed",
  Complete: "completed",
  Confirm: "confirmed",
  Connect: "connected",
  Create: "created",
  Delete: "deleted",
  Deploy: "deployed",
  Edit: "edited",
  Import: "imported",
  Invite: "invited",
  Link: "linked",
  Map: "mapped",
  Move: "moved",
  Record: "recorded",
  Refund: "refunded",
  Remove: "removed",
  Reorder: "reordered",
  Request: "requested",
  Resend: "resent",
  Revoke: "revoked",
  Save: "saved",
  Set: "set",
  Start: "started",
  Sync: "synced",
  Tokenize: "tokenized",
  Transfer: "transferred",
};

/** "Add contact Ann Lee" -> "added contact Ann Lee" (the sync review's line in the past tense). */
export function pastTense(line: string): string | null {
  const [verb = "", ...rest] = line.split(" ");
  const past = PAST[verb];
  return past ? [past, ...rest].join(" ") : null;
}

/** The ids an event's input names, by what they are, resolved to the records' names. */
const NAMED_IDS: Record<string, string> = {
  accountId: "Account",
  investorAccountId: "Investor",
  issuerAccountId: "Issuer",
  brokerId: "Broker",
  agentId: "Agent",
  assetId: "Asset",
  securityId: "Security",
  roundId: "Round",
  allocationId: "Allocation",
  brokerAllocationId: "Broker allocation",
  distributionId: "Distribution",
  tokenId: "Token",
  customerId: "Contact",
  holdingId: "Holding",
  fromAccountId: "From account",
  toAccountId: "To account",
};

/** Keys that carry nothing a reviewer reads (ids, keys, positions). */
const SKIPPED = /^(id|key|clientMutationId|nodeId|idempotencyKey|memberUserId|before|after|blob)$|Ids?$/;

/** One event as a sentence and its details. */
export function activityLine(event: ActivityEvent, nameOf: NameOf = () => null): ActivityLine {
  const who = actorParts(event.actor).name;
  const details = event.details ?? {};
  switch (event.kind) {
    case "sign_in":
      return { sentence: `${who} signed in`, details: [] };
    case "account_switch": {
      const to = idName(details.toAccountId, nameOf) ?? event.accountName;
      return { sentence: to ? `${who} switched to ${to}` : `${who} switched account`, details: [] };
    }
    case "membership":
    case "ownership_transfer":
      return membershipLine(event, who, details);
    case "command":
      return commandLine(event.action, who, details, nameOf);
    case "in_person":
      return inPersonLine(event.action, who, details);
    default:
      return { sentence: `${who}: ${capitalise(words(event.action))}`, details: [] };
  }
}

/**
 * What happened in an in-person session (docs/IN-PERSON.md), in the investor's account: done by the investor, hosted
 * by the event's user of the host's account, at the device's time.
 */
function inPersonLine(action: string, who: string, details: Record<string, unknown>): ActivityLine {
  const account = text(details.hostAccountName);
  const host = account ? `${who} of ${account}` : who;
  const list: ActivityDetail[] = [];
  const device = text(details.deviceLabel);
  if (device) list.push({ label: "Device", value: device });
  const at = text(details.doneAtDevice) ?? text(details.startedAtDevice) ?? text(details.endedAtDevice);
  if (at) list.push({ label: "On the device's clock", value: formatDate(at, "MMM DD YYYY h:mma") });
  const step = text(details.step);
  if (action === "completed a step in person")
    return { sentence: `Completed ${step ? `“${step}”` : "a step"} in person, hosted by ${host}`, details: list };
  if (action === "started an in-person session")
    return { sentence: `${host} started an in-person session on their device`, details: list };
  if (action === "ended an in-person session")
    return { sentence: `${host} ended the in-person session`, details: list };
  return { sentence: `${host}: ${capitalise(words(action))}`, details: list };
}

function membershipLine(event: ActivityEvent, who: string, details: Record<string, unknown>): ActivityLine {
  const member = typeof details.memberEmail === "string" ? details.memberEmail : "a member";
  const before = record(details.before);
  const after = record(details.after);
  const list: ActivityDetail[] = [{ label: "Member", value: member }];
  if (!details.before && details.after) {
    list.push({ label: "Role", value: roleName(after.role) });
    return { sentence: `${who} added ${member} as ${roleName(after.role)}`, details: list };
  }
  if (details.before && !details.after) {
    list.push({ label: "Role", value: roleName(before.role) });
    return { sentence: `${who} removed ${member} (was ${roleName(before.role)})`, details: list };
  }
  const changes: string[] = [];
  if (before.role !== after.role) {
    changes.push(`role from ${roleName(before.role)} to ${roleName(after.role)}`);
    list.push({ label: "Role", value: `${roleName(before.role)} → ${roleName(after.role)}` });
  }
  if (before.status !== after.status) {
    changes.push(`status from ${statusName(before.status)} to ${statusName(after.status)}`);
    list.push({ label: "Status", value: `${statusName(before.status)} → ${statusName(after.status)}` });
  }
  if (event.kind === "ownership_transfer" && after.role === "account_owner")
    return { sentence: `${who} made ${member} the owner`, details: list };
  return {
    sentence: changes.length ? `${who} changed ${member}'s ${changes.join(" and ")}` : `${who} changed ${member}`,
    details: list,
  };
}

function commandLine(mutation: string, who: string, details: Record<string, unknown>, nameOf: NameOf): ActivityLine {
  const variables = record(details.variables);
  const input = record(variables.input ?? variables);
  const list = detailList(input, nameOf);
  if (mutation === "makeDistribution") {
    const invited = text(input.name) ?? text(input.accountEmail) ?? "an investor";
    const where = idName(input.allocationId, nameOf);
    const amount = formatNumber(text(input.amount));
    const sentence = `${who} invited ${invited}${where ? ` to ${where}` : ""}${amount ? ` for ${amount} units` : ""}`;
    return { sentence, details: list };
  }
  if (isCommandName(mutation)) {
    let line: string | null = null;
    try {
      line = pastTense(COMMANDS[mutation].describe(input));
    } catch {
      line = null;
    }
    if (line) return { sentence: `${who} ${line}`, details: list };
  }
  return { sentence: `${who} ${fallback(mutation)}`, details: list };
}

/** A command outside the catalogue as what it touched: updateDistributionById -> "changed a distribution". */
export function fallback(mutation: string): string {
  const match = /^(create|make|add|update|edit|set|delete|remove)?(.*?)(By[A-Z]\w*)?$/.exec(mutation);
  const verb = match?.[1] ?? "";
  const what = words(match?.[2] ?? "").toLowerCase();
  const thing = what ? `${/^[aeiou]/.test(what) ? "an" : "a"} ${what}` : "something";
  if (verb === "create" || verb === "make" || verb === "add") return `added ${thing}`;
  if (verb === "delete" || verb === "remove") return `removed ${thing}`;
  if (verb === "update" || verb === "edit" || verb === "set") return `changed ${thing}`;
  return "made a change";
}

/** An input's values a reviewer reads, labelled, formatted; ids as the names the device knows, or left out. */
export function detailList(input: Record<string, unknown>, nameOf: NameOf, depth = 0): ActivityDetail[] {
  const list: ActivityDetail[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value === null || value === undefined || value === "") continue;
    if (key in NAMED_IDS) {
      const name = idName(value, nameOf);
      if (name) list.push({ label: NAMED_IDS[key] ?? "", value: name });
      continue;
    }
    if (SKIPPED.test(key)) {
      if (Array.isArray(value) && value.length > 0) list.push({ label: capitalise(words(key)), value: count(value) });
      continue;
    }
    if (typeof value === "object" && !Array.isArray(value)) {
      if (depth < 2) list.push(...detailList(value as Record<string, unknown>, nameOf, depth + 1));
      continue;
    }
    const shown = valueText(key, value);
    if (shown) list.push({ label: capitalise(words(key)), value: shown });
  }
  return list.slice(0, 8);
}

function valueText(key: string, value: unknown): string {
  if (Array.isArray(value)) return count(value);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return formatNumber(value);
  const said = String(value);
  if (/role$/i.test(key)) return roleName(said);
  if (/^-?\d+(\.\d+)?$/.test(said) && /amount|price|units|shares|value|total/i.test(key)) return formatNumber(said);
  if (/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/.test(said)) return formatDate(said, "MMM DD YYYY");
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(said)) return "";
  if (/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(said)) return capitalise(words(said));
  return said.length > 120 ? `${said.slice(0, 120)}…` : said;
}

function count(value: unknown[]): string {
  return value.length === 1 ? "1 item" : `${value.length.toLocaleString("en-US")} items`;
}

function idName(value: unknown, nameOf: NameOf): string | null {
  return typeof value === "string" && value ? (nameOf(value) ?? null) : null;
}

function statusName(status: unknown): string {
  return typeof status === "string" ? (STATUS_NAMES[status] ?? words(status)) : "";
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const said = String(value).trim();
  return said ? said : null;
}

/** camelCase or snake_case as lower-case words: "accountEmail" -> "account email". */
export function words(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replaceAll("_", " ")
    .replaceAll("-", " ")
    .toLowerCase()
    .trim();
}

function capitalise(said: string): string {
  return said ? said[0]?.toUpperCase() + said.slice(1) : said;
}

/** An e-mail address with a break opportunity after "@" only (screens render `wbr` there). */
export function emailParts(email: string): [string, string] | null {
  const at = email.indexOf("@");
  return at > 0 ? [email.slice(0, at + 1), email.slice(at + 1)] : null;
}
