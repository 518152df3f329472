// POST /api/v2/commands: the server side of the device outbox (docs/REPLICATION.md "Commands").
//
// Body: [{key, mutation, variables, userId, accountId, createdOn, deviceId, seq}] in the device's order.
// Answer: {results: [{key, status, errorCode, errorMessage}]} with status accepted | rejected | refused.
//
// Each command runs in its own transaction: look the key up in app_private.command_log (a retried delivery gets the
// stored outcome and nothing runs twice), otherwise execute the named GraphQL mutation through grafast - the very
// plan an online client's request runs, under the session's role and claims - inside a savepoint, then write the
// log row (accepted, or rejected with the coded error) and commit both together. A business rejection is an
// answer, not a failure: the commands behind it still run. A failure of the database itself ends the batch with
// HTTP 503 and the results so far; the device retries the rest with backoff (what committed is in the log).
import type { IncomingMessage, ServerResponse } from "node:http";
import { execute, hookArgs } from "postgraphile/grafast";
import {
  type DocumentNode,
  type GraphQLError,
  type GraphQLField,
  type GraphQLSchema,
  getNamedType,
  isCompositeType,
  parse,
  validate,
} from "postgraphile/graphql";
import type { Database } from "../db/database.ts";
import { codedError } from "../graphql/errors.ts";
import { attachSession, pgSettingsFor, type SessionClaims } from "../graphql/settings.ts";
import { BodyTooLargeError, readBody, sendJson } from "../http/respond.ts";
import { inTransaction } from "./held-transaction.ts";

export const COMMANDS_PATH = "/api/v2/commands";

/** At most this many commands per request; the device sends bigger queues in several requests. */
export const MAX_COMMANDS_PER_REQUEST = 200;
const MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface Command {
  key: string;
  mutation: string;
  variables: Record<string, unknown>;
  userId: string;
  accountId: string;
  createdOn?: string;
  deviceId?: string;
  seq?: number;
}

export type CommandStatus = "accepted" | "rejected" | "refused";

export interface CommandResult {
  key: string;
  status: CommandStatus;
  errorCode: string | null;
  errorMessage: string | null;
}

interface SchemaResult {
  schema: GraphQLSchema;
  resolvedPreset: GraphileConfig.ResolvedPreset;
}

interface SchemaSource {
  /** PostGraphile answers with the result itself once built, a promise before. */
  getSchemaResult(): PromiseLike<SchemaResult> | SchemaResult;
}

export interface CommandHandlerOptions {
  /** The PostGraphile instance serving /api/v2/graphql (its schema and preset run the commands). */
  pgl: SchemaSource;
  db: Database;
  production: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The database could not answer (down, restarting, connection lost): the device must retry later. */
export class TransientError extends Error {}

// SQLSTATE classes that say nothing about the command itself: connection, resources, shutdown, serialization.
const TRANSIENT_SQLSTATE = /^(08|53|57|58|40)/;

function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

function isTransient(error: unknown): boolean {
  const state = sqlState(error);
  if (state) return TRANSIENT_SQLSTATE.test(state);
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && /^E[A-Z]+$/.test(code)) return true; // ECONNREFUSED, ECONNRESET, ...
  const message = error instanceof Error ? error.message : String(error);
  return /closed|terminat|connection|not running|ECONN/i.test(message);
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
  if (coded) return { code: String(coded.extensions.code), message: coded.message };
  const original = first.originalError;
  // No underlying error: the variables did not fit the mutation's input types.
  if (!original) return { code: "LL422", message: first.message };
  if (isTransient(original)) throw new TransientError(original.message);
  const state = sqlState(original);
  const code = state === "23505" ? "LL409" : state ? "LL422" : "LL500";
  return { code, message: production ? "The change was refused by the server." : first.message };
}

export function createCommandHandler({ pgl, db, production }: CommandHandlerOptions) {
  const documents = new Map<string, DocumentNode | null>();
  // A mutation's generated document is the same for every command: validated once (the variables are checked by
  // execute on every command).
  const validationErrors = new Map<string, string | null>();

  async function runCommand(
    req: IncomingMessage,
    res: ServerResponse,
    session: SessionClaims,
    command: Command,
  ): Promise<CommandResult> {
    const result = (status: CommandStatus, errorCode: string | null = null, errorMessage: string | null = null) => ({
      key: command.key,
      status,
      errorCode,
      errorMessage,
    });
    // Never applied under another user or account than the one that made it.
    if (command.userId !== session.userId || command.accountId !== session.accountId) {
      return result("refused", "LL403", "This command belongs to another user or account.");
    }
    const { schema, resolvedPreset } = await pgl.getSchemaResult();
    if (!documents.has(command.mutation)) documents.set(command.mutation, mutationDocument(schema, command.mutation));
    const document = documents.get(command.mutation) ?? null;

    try {
      return await inTransaction(db, pgSettingsFor(session), async (tx) => {
        const [previous] = await tx.query<{
          status: CommandStatus;
          error_code: string | null;
          error_message: string | null;
          user_id: string;
        }>("select * from app_private.command_outcome($1)", [command.key]);
        if (previous) {
          if (previous.user_id !== session.userId) return result("refused", "LL409", "Duplicate command key.");
          return result(previous.status, previous.error_code, previous.error_message);
        }

        let outcome: CommandResult;
        let data: unknown = null;
        if (!document) {
          outcome = result("rejected", "LL404", `Unknown command: ${command.mutation}`);
        } else {
          if (!validationErrors.has(command.mutation)) {
            const invalid = validate(schema, document);
            validationErrors.set(
              command.mutation,
              invalid.length > 0 ? (invalid[0]?.message ?? "Invalid command") : null,
            );
          }
          const invalid = validationErrors.get(command.mutation) ?? null;
          if (invalid !== null) {
            outcome = result("rejected", "LL422", invalid);
          } else {
            const args = await hookArgs({
              schema,
              document,
              variableValues: command.variables,
              resolvedPreset,
              requestContext: { node: { req, res } } as Partial<Grafast.RequestContext>,
              contextValue: {},
            });
            (args.contextValue as unknown as Record<string, unknown>).withPgClient = tx.withPgClient;
            try {
              data = await tx.savepoint(async () => {
                const executed = (await execute(args)) as { data?: unknown; errors?: readonly GraphQLError[] };
                if (executed.errors?.length) throw new RejectedCommand(executed.errors);
                return executed.data ?? null;
              });
              outcome = result("accepted");
            } catch (error) {
              if (!(error instanceof RejectedCommand)) throw error;
              const { code, message } = rejection(error.errors, production);
              outcome = result("rejected", code, message);
            }
          }
        }
        await tx.query("select app_private.log_command($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)", [
          command.key,
          command.deviceId ?? null,
          Number.isSafeInteger(command.seq) ? command.seq : null,
          command.mutation,
          JSON.stringify(command.variables),
          outcome.status,
          outcome.errorCode,
          outcome.errorMessage,
          data == null ? null : JSON.stringify(data),
          command.createdOn && !Number.isNaN(Date.parse(command.createdOn)) ? command.createdOn : null,
        ]);
        return outcome;
      });
    } catch (error) {
      // A concurrent delivery of the same key committed first: answer with its stored outcome.
      if (sqlState(error) === "23505") {
        const {
          rows: [stored],
        } = await db.query<{ status: CommandStatus; error_code: string | null; error_message: string | null }>(
          "select status, error_code, error_message from app_private.command_log where idempotency_key = $1",
          [command.key],
        );
        if (stored) return result(stored.status, stored.error_code, stored.error_message);
      }
      if (error instanceof TransientError || isTransient(error)) throw new TransientError(String(error));
      throw error;
    }
  }

  return async function handleCommands(req: IncomingMessage, res: ServerResponse, session: SessionClaims) {
    if (req.method !== "POST")
      return sendJson(res, 405, { errors: [{ message: "Use POST", extensions: { code: "LL405" } }] });
    if (!session.accountId) {
      return sendJson(res, 401, { errors: [{ message: "No account selected", extensions: { code: "LL401" } }] });
    }
    if (!/^application\/json\b/i.test(req.headers["content-type"] ?? "")) {
      return sendJson(res, 415, { errors: [{ message: "JSON only", extensions: { code: "LL415" } }] });
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
      return sendJson(res, 400, { errors: [{ message: commands, extensions: { code: "LL422" } }] });
    }
    attachSession(req, session);
    const results: CommandResult[] = [];
    for (const command of commands) {
      try {
        results.push(await runCommand(req, res, session, command));
      } catch (error) {
        if (!(error instanceof TransientError)) console.error("command failed:", command.mutation, error);
        return sendJson(res, 503, {
          results,
          errors: [
            { message: "The server cannot apply commands right now; retry later.", extensions: { code: "LL503" } },
          ],
        });
      }
    }
    return sendJson(res, 200, { results });
  };
}

class RejectedCommand extends Error {
  readonly errors: readonly GraphQLError[];
  constructor(errors: readonly GraphQLError[]) {
    super(errors[0]?.message ?? "rejected");
    this.errors = errors;
  }
}
