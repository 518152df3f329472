// The signing service (docs/SIGNING.md): the signer's key, the configured DocuSign account (or none: the built-in
// signer), the runner of template syncs and e-mailed envelopes (jobs.ts) and the signing routes (routes.ts, step.ts).
import type { Database } from "../db/database.ts";
import type { SessionClaims } from "../graphql/settings.ts";
import type { Route } from "../http/routes.ts";
import type { Runner } from "../runners/runner.ts";
import type { FileStorage } from "../storage/index.ts";
import { configuredDocusign, type DocusignSettings, docusignSettingsFromEnv } from "./docusign.ts";
import { signingJobs } from "./jobs.ts";
import { loadSigningKey, type SigningKey } from "./keys.ts";
import type { SigningProviderApi } from "./provider.ts";
import { signingRoutes } from "./routes.ts";
import { signingStep } from "./step.ts";

export { SIGNING_PATH } from "./answers.ts";
export { SYNC_ERROR } from "./templates.ts";

export interface SigningServiceOptions {
  db: Database;
  storage: FileStorage;
  dataDir: string | null;
  env?: NodeJS.ProcessEnv;
  /** Replaces the configured DocuSign account (tests: the stand-in). */
  docusign?: SigningProviderApi | null;
  /** Replaces the configured Connect HMAC key. */
  connectKey?: string | null;
  /** The public address (links in mails and DocuSign's return URL). */
  origin?: string;
  /** How often due syncs are looked for (default 2 s; 0: only when woken or asked). */
  tickMs?: number;
}

export interface SigningService {
  key: SigningKey;
  /** The DocuSign account, when one is configured. */
  docusign: SigningProviderApi | null;
  runner: Runner;
  routes: Route[];
  /** POST /api/v2/integration/docusign-link for a signing step: null when the step is not a signing step. */
  docusignLink(stepId: string, session: SessionClaims): Promise<{ status: number; body: unknown } | null>;
}

export async function prepareSigningService(options: SigningServiceOptions): Promise<SigningService> {
  const { db, storage } = options;
  const env = options.env ?? process.env;
  const key = await loadSigningKey({ dataDir: options.dataDir, env });
  const docusignSettings: DocusignSettings | null = docusignSettingsFromEnv(env);
  const docusign = options.docusign !== undefined ? options.docusign : configuredDocusign(docusignSettings);
  const connectKey = options.connectKey !== undefined ? options.connectKey : (docusignSettings?.connectKey ?? null);

  // New signing accounts use the configured provider; an account with no template yet moves to it too.
  const provider = docusign ? ["docusign", "DocuSign"] : ["builtin", "Ledgerline Signing"];
  await db.query(
    "update app_private.signing_settings set provider = $1, provider_name = $2, updated_on = now()",
    provider,
  );
  await db.query(
    `update app_public.signing_accounts s set provider = $1, name = $2
     where s.provider <> $1 and not exists (select 1 from app_public.signing_templates t where t.signing_account_id = s.id)`,
    provider,
  );

  const deps = { db, storage, docusign, connectKey, key, origin: options.origin ?? "" };
  return {
    key,
    docusign,
    runner: signingJobs({ db, storage, docusign, key, tickMs: options.tickMs }),
    routes: signingRoutes(deps),
    docusignLink: signingStep(deps).docusignLink,
  };
}
