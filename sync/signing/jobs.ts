// The signing runner (docs/SIGNING.md): template syncs of signing accounts marked `loading`, the DocuSign envelopes
// of e-mailed signing documents and the signatures made offline (offline.ts), woken by pg_notify('signing_jobs'), at
// start and every 2 s.
import type { Database } from "../db/database.ts";
import type { Runner } from "../runners/runner.ts";
import type { FileStorage } from "../storage/index.ts";
import { sendEnvelope } from "./envelopes.ts";
import type { SigningKey } from "./keys.ts";
import { offlineSigner } from "./offline.ts";
import type { SigningProviderApi } from "./provider.ts";
import { syncSigningAccount } from "./templates.ts";
import { loadMapping } from "./values.ts";

export interface SigningJobsOptions {
  db: Database;
  storage: FileStorage;
  docusign: SigningProviderApi | null;
  /** The built-in signer's key (seals the signatures made offline). */
  key: SigningKey;
  /** How often due syncs are looked for (default 2 s; 0: only when woken or asked). */
  tickMs?: number;
}

export function signingJobs(options: SigningJobsOptions): Runner {
  const { db, storage, docusign } = options;
  const offline = offlineSigner({ db, storage, key: options.key });

  async function createDueEnvelopes(): Promise<number> {
    if (!docusign) return 0;
    const { rows } = await db.query<{
      id: string;
      step_id: string;
      mapped_signing_template_id: string;
      distribution_id: string;
    }>(
      `select id, step_id, mapped_signing_template_id, distribution_id from app_public.sent_signing_documents
       where provider = 'docusign' and status = 'created' and delivery = 'email' and envelope_id is null`,
    );
    for (const row of rows) {
      try {
        const mapping = await loadMapping(db, row.mapped_signing_template_id);
        if (!mapping) continue;
        const envelopeId = await sendEnvelope(db, docusign, mapping, row.distribution_id, null);
        await db.query(
          "update app_public.sent_signing_documents set envelope_id = $2, status = 'sent', sent_on = now() where id = $1",
          [row.id, envelopeId],
        );
      } catch (error) {
        console.error("signing: envelope not created", row.id, (error as Error).message);
      }
    }
    return rows.length;
  }

  async function runOnce(): Promise<number> {
    const { rows } = await db.query<{ id: string; provider: string }>(
      "select id, provider from app_public.signing_accounts where sync_status = 'loading' order by updated_on",
    );
    for (const account of rows) await syncSigningAccount(db, storage, docusign, account);
    return rows.length + (await createDueEnvelopes()) + (await offline.runDue());
  }

  return {
    name: "signing",
    channel: "signing_jobs",
    intervalMs: options.tickMs ?? 2000,
    runAtStart: true,
    step: async () => ({ done: await runOnce(), more: false }),
  };
}
