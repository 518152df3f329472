// POST /api/v2/commands for the outbox's sender (src/data/outbox/sender.ts): one request per batch, its outcome
// classified: answered (with the results; complete=false when the server stopped part-way, HTTP 503), transient (no
// network, no answer in time, HTTP 5xx/429, an answer that is not the protocol's) or unauthorized (HTTP 401/403).
import type { CommandResult, CommandsAnswer, WireCommand } from "../../domain/wire.ts";
import type { SyncTransport } from "../transport.ts";

export type SendOutcome =
  /** complete=false: the server stopped part-way (HTTP 503); the rest must be retried later. */
  | { kind: "answered"; results: CommandResult[]; complete: boolean }
  | { kind: "transient"; reason: string }
  | { kind: "unauthorized" };

export type SendCommands = (commands: WireCommand[]) => Promise<SendOutcome>;

/**
 * How long the sender waits for the server's answer: COMMANDS_TIMEOUT_MS, plus COMMANDS_TIMEOUT_PER_COMMAND_MS for
 * each command of the request (a full request of 200 on a slow server takes a while). A request whose connection
 * died silently (a network that dropped mid-answer) would otherwise keep the outbox "sending" until the page
 * reloads. Resending is safe: the server answers a known idempotency key from its command log instead of applying
 * it again.
 */
const COMMANDS_TIMEOUT_MS = 30_000;
const COMMANDS_TIMEOUT_PER_COMMAND_MS = 150;

/** POST /api/v2/commands through a transport; classifies every failure as transient or unauthorized. */
export function commandSender(
  transport: Pick<SyncTransport, "commandsUrl" | "fetch">,
  timeout: { baseMs: number; perCommandMs: number } = {
    baseMs: COMMANDS_TIMEOUT_MS,
    perCommandMs: COMMANDS_TIMEOUT_PER_COMMAND_MS,
  },
): SendCommands {
  return async (commands) => {
    const ms = timeout.baseMs + timeout.perCommandMs * commands.length;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error(`no answer within ${ms / 1000} s`)), ms);
    try {
      return await post(transport, commands, abort.signal);
    } finally {
      clearTimeout(timer);
    }
  };
}

async function post(
  transport: Pick<SyncTransport, "commandsUrl" | "fetch">,
  commands: WireCommand[],
  signal: AbortSignal,
): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await transport.fetch(transport.commandsUrl, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(commands),
      signal,
    });
  } catch (error) {
    const reason = signal.aborted ? (signal.reason as Error).message : (error as Error).message;
    return { kind: "transient", reason: `network: ${reason}` };
  }
  if (response.status === 401 || response.status === 403) return { kind: "unauthorized" };
  let body: Partial<CommandsAnswer> = {};
  try {
    body = await response.json();
  } catch {
    // a proxy's HTML error page, a cut connection, no answer in time: nothing was learnt
  }
  if (response.ok && Array.isArray(body.results)) return { kind: "answered", results: body.results, complete: true };
  if (response.status >= 500 || response.status === 429 || !response.ok) {
    if (Array.isArray(body.results) && body.results.length > 0 && response.status === 503) {
      return { kind: "answered", results: body.results, complete: false };
    }
    return { kind: "transient", reason: `HTTP ${response.status}` };
  }
  return { kind: "transient", reason: "unexpected answer" };
}
