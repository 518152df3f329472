// POST /api/v2/commands: the server side of the device outbox (docs/REPLICATION.md "Commands").
//
// Body: [{key, mutation, variables, userId, accountId, createdOn, deviceId, seq}] in the device's order.
// Answer: {results: [{key, status, errorCode, errorMessage}]} with status accepted | rejected | refused.
//
// A request's commands run in order, a few dozen per transaction (at most TransactionLimits.commands, and no new
// command after TransactionLimits.ms): one look-up of the keys in app_private.command_log (a retried delivery gets
// the stored outcome and nothing runs twice), then per command the named GraphQL mutation inside a savepoint, under
// the session's role and claims: through grafast (the very plan an online client's request runs), or, for a
// mutation that is one SQL function called with plain values, as that function's statement alone (direct-commands.ts:
// the same SQL grafast sends, the same answers and error codes, without grafast's execution around it); at the end
// one insert of the log rows (accepted, or rejected with the coded error), committed with the commands' writes. A
// business rejection is an answer, not a failure: only its own writes are rolled back (to its savepoint), and the
// commands before and behind it still apply. A failure of the database itself rolls back the transaction under
// way and ends the request with HTTP 503 and the results of the transactions committed before; the device resends
// the rest with backoff (the log answers any command it had already delivered).
// A command of the catalogue (src/domain/commands/catalogue.ts) is checked against its variables' schema before it
// runs: a wrong shape is rejected with LL422 naming the field (and logged like any rejection). Any other mutation of
// the API runs as GraphQL types it (an unknown name is rejected with LL404).
import type { IncomingMessage, ServerResponse } from "node:http";
import { execute, hookArgs } from "postgraphile/grafast";
import {
  type DocumentNode,
  GraphQLError,
  type GraphQLField,
  type GraphQLSchema,
  getNamedType,
  isCompositeType,
  parse,
  validate,
} from "postgraphile/graphql";
import { commandProblem } from "../../src/domain/commands/catalogue.ts";
import {
  type IncomingCommand as Command,
  type CommandResult,
  type CommandStatus,
  type CommandsAnswer,
  MAX_COMMANDS_PER_REQUEST,
} from "../../src/domain/wire.ts";
import { type Database, isTransientDatabaseError as isTransient, sqlState } from "../db/database.ts";
import { codedError, withoutSuggestions } from "../graphql/errors.ts";
import { requiredInputMessage } from "../graphql/field-messages.ts";
import { attachSession, pgSettingsFor, type SessionClaims } from "../graphql/settings.ts";
import { BodyTooLargeError, readBody, refuse, sendJson } from "../http/respond.ts";
import { type DirectCall, directCallFor } from "./direct-commands.ts";
import { inTransaction } from "./held-transaction.ts";

const MAX_BODY_BYTES = 4 * 1024 * 1024;

interface SchemaResult {
  schema: GraphQLSchema;
  resolvedPreset: GraphileConfig.ResolvedPreset;
}

interface SchemaSource {
  /** PostGraphile answers with the result itself once built, a promise before. */
  getSchemaResult(): PromiseLike<SchemaResult> | SchemaResult;
}

interface CommandHandlerOptions {
  /** The PostGraphile instance serving /api/v2/graphql (its schema and preset run the commands). */
  pgl: SchemaSource;
  db: Database;
  production: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The database could not answer (down, restarting, connection lost): the device must retry later. */
class TransientError extends Error {}

/** PostgreSQL text and jsonb cannot hold U+0000: such a command is answered as rejected, never run. */
export const NUL_MESSAGE = "Text cannot contain the NUL character (U+0000).";

function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === "object")
    return Object.entries(value).some(([key, item]) => key.includes("\u0000") || containsNul(item));
  return false;
}

/** The variables as the log keeps them: U+0000 replaced by U+FFFD (PostgreSQL's jsonb refuses it). */
function loggable(value: unknown): unknown {
  if (typeof value === "string") return value.replaceAll("\u0000", "\ufffd");
  if (Array.isArray(value)) return value.map(loggable);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [loggable(key), loggable(item)]));
  return value;
}

function parseCommands(body: unknown): Command[] | string {
  if (!Array.isArray(body)) return "Body must be a JSON array of commands";
  if (body.length > MAX_COMMANDS_PER_REQUEST) return `At most ${MAX_COMMANDS_PER_REQUEST} commands per request`;
  for (const item of body) {
    const command = item as Partial<Command> | null;
    if (!command || typeof command !== "object") return "A command must be an object";
    if (typeof command.key !== "string" || !UUID.test(command.key)) return "A command needs a UUID key";
    if (typeof command.mutation !== "string" || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(command.mutation))
      return "A command needs a mutation name";
    if (command.variables != null && (typeof command.variables !== "object" || Array.isArray(command.variables)))
      return "Command variables must be an object";
    if (typeof command.userId !== "string" || typeof command.accountId !== "string")
      return "A command needs userId and accountId";
    if (command.deviceId != null && (typeof command.deviceId !== "string" || containsNul(command.deviceId)))
      return "A command's deviceId must be text";
  }
  return (body as Command[]).map((command) => ({ ...command, variables: command.variables ?? {} }));
}

/** The GraphQL operation for a mutation name: every argument of the field as a variable, nothing but __typename back. */
function mutationDocument(schema: GraphQLSchema, name: string): DocumentNode | null {
  const field: GraphQLField<unknown, unknown> | undefined = schema.getMutationType()?.getFields()[name];
  if (!field) return null;
  const declarations = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(", ");
  const passing = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(", ");
  const selection = isCompositeType(getNamedType(field.type)) ? " { __typename }" : "";
  const text = `mutation ${name}Command${declarations ? `(${declarations})` : ""} { ${name}${passing ? `(${passing})` : ""}${selection} }`;
  return parse(text);
}

function rejection(errors: readonly GraphQLError[], production: boolean): { code: string; message: string } {
  const first = errors[0];
  if (!first) return { code: "LL500", message: "Command failed" };
  const coded = codedError(first);
  if (coded)
    return {
      code: String(coded.extensions.code),
      message: production ? withoutSuggestions(coded.message) : coded.message,
    };
  const original = first.originalError;
  // No underlying error: the variables did not fit the mutation's input types.
  if (!original) return { code: "LL422", message: production ? withoutSuggestions(first.message) : first.message };
  if (isTransient(original)) throw new TransientError(original.message);
  const state = sqlState(original);
  const code = state === "23505" ? "LL409" : state ? "LL422" : "LL500";
  return { code, message: production ? "The change was refused by the server." : first.message };
}

/** A direct call (direct-commands.ts) answered like grafast's execute: its data, or its error as a GraphQLError. */
async function runDirect(
  direct: DirectCall,
  statement: { sql: string; values: string[] },
  mutation: string,
  tx: { query(text: string, values?: unknown[]): Promise<unknown[]> },
): Promise<{ data?: unknown; errors?: readonly GraphQLError[] }> {
  try {
    await tx.query(statement.sql, statement.values);
    return { data: direct.data() };
  } catch (error) {
    return failed(error, mutation);
  }
}

/** A direct call's error as grafast reports a step's error: a GraphQLError with the database error as originalError. */
function failed(error: unknown, mutation: string): { errors: readonly GraphQLError[] } {
  const original = error instanceof Error ? error : new Error(String(error));
  return { errors: [new GraphQLError(original.message, { path: [mutation], originalError: original })] };
}

/** How much of a request one transaction applies (see the header). */
interface TransactionLimits {
  /**
   * At most this many commands: on PostgreSQL 50 (a backend keeps 64 subtransactions per transaction in shared memory;
   * beyond, other sessions' visibility checks read pg_subtrans); on PGlite, one session, 100 (each transaction also
   * pays its log insert, key look-up, commit and the change stream's audience query: bench/README.md).
   */
  commands: number;
  /** No further command starts after this long (other requests and pulls wait for the transaction on PGlite). */
  ms: number;
}

const DEFAULT_TRANSACTION_LIMITS: Record<Database["kind"], TransactionLimits> = {
  pglite: { commands: 100, ms: 250 },
  postgres: { commands: 50, ms: 250 },
};

/** A transaction that lost a race with a concurrent one (below) is tried this often in all. */
const CONFLICT_ATTEMPTS = 3;
/** unique_violation (of the log's key: see applyNext), serialization_failure, deadlock_detected */
const RETRIED_SQLSTATE = new Set(["23505", "40001", "40P01"]);

interface StoredOutcome {
  idempotency_key: string;
  status: "accepted" | "rejected";
  error_code: string | null;
  error_message: string | null;
  user_id: string;
}

interface LogEntry {
  key: string;
  device_id: string | null;
  device_seq: number | null;
  mutation: string;
  variables: Record<string, unknown>;
  status: "accepted" | "rejected";
  error_code: string | null;
  error_message: string | null;
  result: unknown;
  created_on: string | null;
}

function resultOf(
  command: Command,
  status: CommandStatus,
  errorCode: string | null = null,
  errorMessage: string | null = null,
): CommandResult {
  return { key: command.key, status, errorCode, errorMessage };
}

/** The device's time of the command as an ISO timestamp PostgreSQL reads, or null. */
function createdOn(command: Command): string | null {
  if (typeof command.createdOn !== "string") return null;
  const time = Date.parse(command.createdOn);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

const SAVEPOINT = "ll_command";

/** How long an answer waits for the pull's watermark to pass its transactions (then it answers anyway). */
const VISIBLE_WAIT_MS = 2_000;

/**
 * Waits until the replication pull serves what the request committed: the pull serves changes below its safe
 * watermark, the oldest transaction still running (app_private.next_changes). Every transaction of the request has
 * an id below the snapshot's xmax taken now; once the oldest running transaction is at or past it, any pull that
 * starts after the answer brings the commands' effects. The device relies on this: it drops an accepted command
 * from its outbox after a pull that started later (src/data/local-data.ts), and shows the command's effect until
 * then. Usually nothing else is running and one query suffices; a concurrent transaction delays the answer until
 * it ends, at most VISIBLE_WAIT_MS.
 */
async function awaitVisibleToPulls(db: Database): Promise<void> {
  const { rows } = await db.query<{ xmin: string; xmax: string }>(
    "select pg_snapshot_xmin(s)::text as xmin, pg_snapshot_xmax(s)::text as xmax from pg_current_snapshot() s",
  );
  const committedBelow = BigInt(rows[0]?.xmax ?? "0");
  let oldestRunning = BigInt(rows[0]?.xmin ?? "0");
  const deadline = Date.now() + VISIBLE_WAIT_MS;
  while (oldestRunning < committedBelow && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    const next = await db.query<{ xmin: string }>("select pg_snapshot_xmin(pg_current_snapshot())::text as xmin");
    oldestRunning = BigInt(next.rows[0]?.xmin ?? "0");
  }
}

export function createCommandHandler({
  pgl,
  db,
  production,
  limits = DEFAULT_TRANSACTION_LIMITS[db.kind],
}: CommandHandlerOptions & { limits?: TransactionLimits }) {
  const documents = new Map<string, DocumentNode | null>();
  // A mutation's generated document is the same for every command: validated once (the variables are checked by
  // execute on every command).
  const validationErrors = new Map<string, string | null>();
  // A mutation's direct call (direct-commands.ts), or null when its commands run through grafast; per schema.
  const directCalls = new WeakMap<GraphQLSchema, Map<string, Promise<DirectCall | null>>>();

  function directCall(
    schema: GraphQLSchema,
    mutation: string,
    query: <T>(text: string, values?: unknown[]) => Promise<T[]>,
  ): Promise<DirectCall | null> {
    let calls = directCalls.get(schema);
    if (!calls) {
      calls = new Map();
      directCalls.set(schema, calls);
    }
    let call = calls.get(mutation);
    if (!call) {
      call = directCallFor(schema, mutation, query);
      calls.set(mutation, call);
      // A failed look-up (the transaction failed under it) is tried again by the next command.
      call.catch(() => calls.delete(mutation));
    }
    return call;
  }

  /** The mutation's document, or the rejection that answers the command without running anything. */
  function documentFor(schema: GraphQLSchema, command: Command): DocumentNode | CommandResult {
    if (!documents.has(command.mutation)) documents.set(command.mutation, mutationDocument(schema, command.mutation));
    const document = documents.get(command.mutation) ?? null;
    if (!document) return resultOf(command, "rejected", "LL404", `Unknown command: ${command.mutation}`);
    if (!validationErrors.has(command.mutation)) {
      const invalid = validate(schema, document);
      validationErrors.set(command.mutation, invalid.length > 0 ? (invalid[0]?.message ?? "Invalid command") : null);
    }
    const invalid = validationErrors.get(command.mutation) ?? null;
    return invalid === null ? document : resultOf(command, "rejected", "LL422", invalid);
  }

  /**
   * One transaction: applies commands[from...] until the limits, returns their results (committed with them).
   * `answered` holds the logged outcomes of this request's earlier transactions, for a key sent twice in one request.
   */
  async function applySome(
    req: IncomingMessage,
    res: ServerResponse,
    session: SessionClaims,
    commands: readonly Command[],
    from: number,
    answered: ReadonlyMap<string, CommandResult>,
  ): Promise<{ results: CommandResult[]; logged: Map<string, CommandResult> }> {
    const { schema, resolvedPreset } = await pgl.getSchemaResult();
    const candidates = commands.slice(from, from + Math.max(1, limits.commands));
    const own = (command: Command) => command.userId === session.userId && command.accountId === session.accountId;
    return inTransaction(db, pgSettingsFor(session), async (tx) => {
      const started = performance.now();
      // Waits while a concurrent delivery of any of these keys is under way (0741), then reads their outcomes.
      const keys = [...new Set(candidates.filter(own).map((command) => command.key))];
      const stored = new Map(
        (keys.length > 0
          ? await tx.query<StoredOutcome>(
              "select idempotency_key, status, error_code, error_message, user_id from app_private.command_outcomes($1::uuid[])",
              [keys],
            )
          : []
        ).map((row) => [row.idempotency_key, row]),
      );
      const results: CommandResult[] = [];
      const logged = new Map<string, CommandResult>();
      const entries: LogEntry[] = [];
      // The request's grafast context (session, settings, this transaction's client) is the same for every command
      // of the transaction: prepared once, then each command executes with its own document, variables and a
      // shallow copy of the context (grafast keeps per-operation state in it).
      let prepared: Awaited<ReturnType<typeof hookArgs>> | null = null;
      const argsFor = async (document: DocumentNode, variableValues: Record<string, unknown>) => {
        if (!prepared) {
          prepared = await hookArgs({
            schema,
            document,
            variableValues,
            resolvedPreset,
            requestContext: { node: { req, res } } as Partial<Grafast.RequestContext>,
            contextValue: {},
          });
          (prepared.contextValue as unknown as Record<string, unknown>).withPgClient = tx.withPgClient;
          return prepared;
        }
        return {
          ...prepared,
          document,
          variableValues,
          contextValue: Object.assign(Object.create(null), prepared.contextValue),
        } as typeof prepared;
      };
      // The savepoint before the next command: none yet, set and clean (nothing ran since, or it was rolled back
      // to), or holding the writes of an accepted command (released and set again, in one round trip).
      let savepoint: "none" | "clean" | "holding" = "none";
      for (const command of candidates) {
        if (results.length > 0 && performance.now() - started >= limits.ms) break;
        // Never applied under another user or account than the one that made it.
        if (!own(command)) {
          results.push(resultOf(command, "refused", "LL403", "This command belongs to another user or account."));
          continue;
        }
        // A repeated delivery gets the stored outcome, and nothing runs twice.
        const previous = stored.get(command.key);
        if (previous) {
          results.push(
            previous.user_id !== session.userId
              ? resultOf(command, "refused", "LL409", "Duplicate command key.")
              : resultOf(command, previous.status, previous.error_code, previous.error_message),
          );
          continue;
        }
        const earlier = logged.get(command.key) ?? answered.get(command.key);
        if (earlier) {
          results.push(earlier);
          continue;
        }

        let outcome: CommandResult;
        let data: unknown = null;
        const nul = containsNul(command.variables);
        // A command of the catalogue must fit its variables' schema (the one the device's outbox checked):
        // a wrong shape is answered LL422 naming the field, before the mutation runs.
        const problem = nul ? null : commandProblem(command.mutation, command.variables);
        const document = nul
          ? resultOf(command, "rejected", "LL422", NUL_MESSAGE)
          : problem
            ? resultOf(
                command,
                "rejected",
                "LL422",
                // A missing or null required value: the field's text, as GraphQL answers it (required-values.ts).
                problem.required
                  ? requiredInputMessage([
                      command.mutation,
                      ...problem.field.split(".").filter((key) => !/^\d+$/.test(key)),
                    ])
                  : problem.message,
              )
            : documentFor(schema, command);
        if (!("kind" in document)) {
          outcome = document;
        } else {
          const direct = await directCall(schema, command.mutation, (text, values) => tx.query(text, values));
          const statement = direct?.statement(command.variables) ?? null;
          const args = statement ? null : await argsFor(document, command.variables);
          if (savepoint === "none") await tx.exec(`savepoint ${SAVEPOINT}`);
          else if (savepoint === "holding") await tx.exec(`release savepoint ${SAVEPOINT}; savepoint ${SAVEPOINT}`);
          savepoint = "clean";
          const executed =
            direct && statement
              ? await runDirect(direct, statement, command.mutation, tx)
              : ((await execute(args as NonNullable<typeof args>)) as {
                  data?: unknown;
                  errors?: readonly GraphQLError[];
                });
          if (executed.errors?.length) {
            // Only this command's writes are undone; the savepoint stays for the next command.
            await tx.exec(`rollback to savepoint ${SAVEPOINT}`);
            const { code, message } = rejection(executed.errors, production);
            outcome = resultOf(command, "rejected", code, message);
          } else {
            savepoint = "holding";
            data = executed.data ?? null;
            outcome = resultOf(command, "accepted");
          }
        }
        results.push(outcome);
        logged.set(command.key, outcome);
        entries.push({
          key: command.key,
          device_id: command.deviceId ?? null,
          device_seq: Number.isSafeInteger(command.seq) ? (command.seq as number) : null,
          mutation: command.mutation,
          variables: nul ? (loggable(command.variables) as Record<string, unknown>) : command.variables,
          status: outcome.status as LogEntry["status"],
          error_code: outcome.errorCode,
          error_message: outcome.errorMessage,
          result: data,
          created_on: createdOn(command),
        });
      }
      if (entries.length > 0) await tx.query("select app_private.log_commands($1::jsonb)", [JSON.stringify(entries)]);
      return { results, logged };
    });
  }

  /** applySome, retried when a concurrent delivery of one of its keys committed first; database failures are transient. */
  async function applyNext(...batch: Parameters<typeof applySome>) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await applySome(...batch);
      } catch (error) {
        // Another delivery of a key logged it first (PostgreSQL, keys not locked: see 0741), or the transaction was
        // chosen as a deadlock's victim (two requests' commands locking the same rows in another order): everything
        // of this transaction was rolled back; the next attempt's look-up answers the keys logged meanwhile.
        if (RETRIED_SQLSTATE.has(sqlState(error) ?? "") && attempt < CONFLICT_ATTEMPTS) continue;
        if (error instanceof TransientError || isTransient(error)) throw new TransientError(String(error));
        throw error;
      }
    }
  }

  return async function handleCommands(req: IncomingMessage, res: ServerResponse, session: SessionClaims) {
    if (req.method !== "POST") return refuse(res, 405, "LL405", "Use POST");
    if (!session.accountId) {
      return refuse(res, 401, "LL401", "No account selected");
    }
    if (!/^application\/json\b/i.test(req.headers["content-type"] ?? "")) {
      return refuse(res, 415, "LL415", "JSON only");
    }
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req, MAX_BODY_BYTES));
    } catch (error) {
      const tooLarge = error instanceof BodyTooLargeError;
      return sendJson(res, tooLarge ? 413 : 400, {
        errors: [{ message: tooLarge ? "Too many commands" : "Invalid JSON", extensions: { code: "LL422" } }],
      });
    }
    const commands = parseCommands(body);
    if (typeof commands === "string") {
      return refuse(res, 400, "LL422", commands);
    }
    attachSession(req, session);
    const results: CommandResult[] = [];
    const answered = new Map<string, CommandResult>();
    while (results.length < commands.length) {
      try {
        const applied = await applyNext(req, res, session, commands, results.length, answered);
        results.push(...applied.results);
        for (const [key, outcome] of applied.logged) answered.set(key, outcome);
      } catch (error) {
        if (!(error instanceof TransientError)) console.error("commands failed:", error);
        // The results so far are committed; the device resends the rest (the log answers any it already sent).
        if (results.some((result) => result.status === "accepted")) await awaitVisibleToPulls(db).catch(() => {});
        return sendJson(res, 503, {
          results,
          errors: [
            { message: "The server cannot apply commands right now; retry later.", extensions: { code: "LL503" } },
          ],
        });
      }
    }
    if (results.some((result) => result.status === "accepted")) await awaitVisibleToPulls(db).catch(() => {});
    return sendJson(res, 200, { results } satisfies CommandsAnswer);
  };
}
