// Template syncs (docs/SIGNING.md): the built-in provider's templates are the account's uploaded PDFs, read again
// (roles and fields from their form fields); DocuSign's are its template list with recipients, tabs and documents
// (templates no longer listed become deleted). A sync that finds different roles or fields moves the template's
// modifiedOn (a mapped copy older than that shows 'Change detected in the template...'). Failures are recorded with
// the spec's text first ('Error loading templates, please try agian.') and the reason after it.
import type { Database } from "../db/database.ts";
import type { FileStorage } from "../storage/index.ts";
import { readStored } from "./files.ts";
import { readTemplate, sha256 } from "./pdf.ts";
import { type SigningProviderApi, SigningProviderError } from "./provider.ts";

/** The spec's text for a failed sync (sic). */
export const SYNC_ERROR = "Error loading templates, please try agian.";

async function syncBuiltinAccount(db: Database, storage: FileStorage, accountId: string): Promise<void> {
  const { rows } = await db.query<{ id: string; name: string; file_key: string | null; content_hash: string | null }>(
    "select id, name, file_key, content_hash from app_public.signing_templates where signing_account_id = $1 and not deleted",
    [accountId],
  );
  for (const template of rows) {
    try {
      if (!template.file_key) throw new Error("The template has no PDF.");
      const content = await readTemplate(await readStored(storage, template.file_key));
      const hash = sha256(Buffer.from(JSON.stringify({ roles: content.roles, fields: content.fields })));
      await db.transaction(async (tx) => {
        await tx.query(
          `insert into app_public.signing_documents (signing_template_id, provider_document_id, name, "order", pages)
           values ($1, '1', $2, 1, $3)
           on conflict (signing_template_id, provider_document_id) do update set name = excluded.name, pages = excluded.pages`,
          [template.id, template.name, content.pages],
        );
        await tx.query(
          `update app_public.signing_templates set roles = $2, fields = $3, content_hash = $4, sync_status = 'synced',
             failure = null, synced_on = now(),
             modified_on = case when content_hash is distinct from $4 and content_hash is not null then now() else modified_on end
           where id = $1`,
          [template.id, JSON.stringify(content.roles), JSON.stringify(content.fields), hash],
        );
      });
    } catch (error) {
      await db.query(
        "update app_public.signing_templates set sync_status = 'error', failure = $2, synced_on = now() where id = $1",
        [template.id, `${SYNC_ERROR} ${(error as Error).message}`.slice(0, 5000)],
      );
    }
  }
}

async function syncDocusignAccount(db: Database, accountId: string, api: SigningProviderApi): Promise<void> {
  const templates = await api.listTemplates();
  await db.transaction(async (tx) => {
    for (const t of templates) {
      const hash = sha256(Buffer.from(JSON.stringify({ roles: t.roles, fields: t.fields, documents: t.documents })));
      const { rows } = await tx.query<{ id: string }>(
        `insert into app_public.signing_templates as x (signing_account_id, provider_template_id, name, description,
           template_uri, roles, fields, content_hash, modified_on, sync_status, synced_on, deleted)
         values ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9::timestamptz, now()), 'synced', now(), false)
         on conflict (signing_account_id, provider_template_id) do update set name = excluded.name,
           description = excluded.description, template_uri = excluded.template_uri, roles = excluded.roles,
           fields = excluded.fields, content_hash = excluded.content_hash, sync_status = 'synced', failure = null,
           synced_on = now(), deleted = false,
           modified_on = case when x.content_hash is distinct from excluded.content_hash
                              then greatest(excluded.modified_on, x.modified_on) else x.modified_on end
         returning id`,
        [
          accountId,
          t.id,
          t.name,
          t.description,
          t.uri,
          JSON.stringify(t.roles),
          JSON.stringify(t.fields),
          hash,
          t.modifiedOn,
        ],
      );
      const templateId = rows[0]?.id;
      for (const d of t.documents) {
        await tx.query(
          `insert into app_public.signing_documents (signing_template_id, provider_document_id, name, "order", pages)
           values ($1, $2, $3, $4, $5)
           on conflict (signing_template_id, provider_document_id) do update set name = excluded.name,
             "order" = excluded."order", pages = excluded.pages`,
          [templateId, d.id, d.name, d.order, d.pages],
        );
      }
    }
    await tx.query(
      `update app_public.signing_templates set deleted = true
       where signing_account_id = $1 and not deleted and not (provider_template_id = any ($2::text[]))`,
      [accountId, templates.map((t) => t.id)],
    );
  });
}

/** One account's sync: its provider's templates (built-in: its uploaded PDFs) and the account's sync status. */
export async function syncSigningAccount(
  db: Database,
  storage: FileStorage,
  docusign: SigningProviderApi | null,
  account: { id: string; provider: string },
): Promise<void> {
  try {
    if (account.provider === "docusign") {
      if (!docusign) throw new SigningProviderError("auth", "DocuSign is not configured on this server.");
      await syncDocusignAccount(db, account.id, docusign);
    } else {
      await syncBuiltinAccount(db, storage, account.id);
    }
    await db.query(
      "update app_public.signing_accounts set sync_status = 'synced', synced_on = now(), failure = null where id = $1",
      [account.id],
    );
  } catch (error) {
    const detail =
      error instanceof SigningProviderError && error.kind === "consent"
        ? `${SYNC_ERROR} DocuSign needs the user's consent: ${error.consentUrl ?? ""}`
        : `${SYNC_ERROR} ${(error as Error).message}`;
    await db.query("update app_public.signing_accounts set sync_status = 'error', failure = $2 where id = $1", [
      account.id,
      detail.slice(0, 5000),
    ]);
  }
}
