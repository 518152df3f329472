// The replication routes (docs/REPLICATION.md): the pull, the bootstrap stream and the command endpoint, each for a
// signed-in session (401 `LL401` in the GraphQL shape otherwise); each handler refuses other methods itself.
import type { PostGraphileInstance } from "postgraphile";
import { BOOTSTRAP_PATH, COMMANDS_PATH, PULL_PATH } from "../../src/domain/wire.ts";
import type { Database } from "../db/database.ts";
import type { Route } from "../http/routes.ts";
import type { ResolvedSession } from "../http/sessions.ts";
import { createBootstrapHandler } from "./bootstrap.ts";
import { createCommandHandler } from "./commands.ts";
import { createPullHandler } from "./pull.ts";

export function replicationRoutes(options: { pgl: PostGraphileInstance; db: Database; production: boolean }): Route[] {
  const pull = createPullHandler(options);
  const bootstrap = createBootstrapHandler(options);
  const commands = createCommandHandler(options);
  const session = (value: ResolvedSession | null) => value as ResolvedSession;
  return [
    {
      method: "POST",
      answersOtherMethods: true,
      path: PULL_PATH,
      access: "session",
      doc: 'The replication pull without GraphQL (see "The pull endpoint")',
      handle: (req, res, context) => pull(req, res, session(context.session)),
    },
    {
      method: "GET",
      answersOtherMethods: true,
      path: BOOTSTRAP_PATH,
      access: "session",
      doc: 'Every document of one read model, streamed, compressed and resumable (GET with a query or POST with JSON; docs/REPLICATION.md "Bootstrap")',
      handle: (req, res, context) => bootstrap(req, res, session(context.session)),
    },
    {
      method: "POST",
      answersOtherMethods: true,
      path: COMMANDS_PATH,
      access: "session",
      doc: 'The replication command endpoint (sync/replication/commands.ts; one-function mutations with plain values run as their statement alone, direct-commands.ts; docs/REPLICATION.md "Commands")',
      handle: (req, res, context) => commands(req, res, session(context.session)),
    },
  ];
}
