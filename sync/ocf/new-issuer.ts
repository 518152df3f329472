// A platform admin creates a new issuer by importing an OCF package (issue 20): the issuer account is made from the
// package's issuer (name: the request's, else the package's legal_name; e-mail: the owner's), the owner becomes its
// owner through the claim flow that exists (a user with that e-mail is made owner at once; anybody else gets an
// invitation mail whose claim link, sync/mail/claim.ts and app_private.claim_accounts, makes them owner of the
// accounts registered with the address), and the package is applied into it by applyImport, all in the caller's
// transaction. The caller checks that the session is an admin's and runs this as the database owner.
import type { Sql } from "../db/database.ts";
import type { OcfPackage } from "./import.ts";

export interface NewIssuerRequest {
  ownerEmail: string;
  accountName: string | null;
}

export interface NewIssuer {
  id: string;
  name: string;
  ownerEmail: string;
  /** true: the owner had no sign-in yet and was sent the invitation mail; false: an existing user made owner. */
  invited: boolean;
  mailId: string | null;
}

/** `?newIssuer=1&ownerEmail=...&accountName=...` on the import paths; null when the request is not for a new issuer. */
export function newIssuerRequest(search: URLSearchParams): NewIssuerRequest | null {
  if (!search.has("newIssuer")) return null;
  const accountName = search.get("accountName")?.trim() || null;
  return { ownerEmail: search.get("ownerEmail") ?? "", accountName };
}

/** The owner's e-mail, checked as everywhere else (app_private.normalized_email: LL422 with the message). */
export async function checkedOwnerEmail(tx: Sql, email: string): Promise<string> {
  const { rows } = await tx.query<{ email: string }>(
    "select lower(app_private.normalized_email($1, 'Owner email is required.')) as email",
    [email],
  );
  return rows[0]?.email ?? "";
}

/** The new account's name: the request's, else the package's issuer legal_name. */
export function newIssuerName(request: NewIssuerRequest, pkg: OcfPackage): string {
  const legal = (pkg.manifest?.issuer as { legal_name?: unknown } | undefined)?.legal_name;
  return (request.accountName ?? (typeof legal === "string" ? legal.trim() : "")).slice(0, 200);
}

/** Whether an issuer account of this name (letter case and surrounding blanks aside) exists already. */
export async function issuerNameTaken(tx: Sql, name: string): Promise<boolean> {
  const { rows } = await tx.query<{ taken: boolean }>(
    "select exists (select 1 from app_public.accounts where type = 'issuer' and lower(trim(name)) = lower(trim($1))) as taken",
    [name],
  );
  return rows[0]?.taken === true;
}

/** The user who signs in with this e-mail, if any. */
export async function userWithEmail(tx: Sql, email: string): Promise<string | null> {
  const { rows } = await tx.query<{ user_id: string }>(
    "select user_id from app_public.user_emails where lower(email) = lower($1) order by is_verified desc, is_primary desc limit 1",
    [email],
  );
  return rows[0]?.user_id ?? null;
}

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

/**
 * Creates the issuer account and its owner's membership or invitation, in the caller's transaction (as the
 * database owner). LL422 when the name is empty or too long or the e-mail is not valid.
 */
export async function createIssuerForImport(
  tx: Sql,
  request: NewIssuerRequest,
  pkg: OcfPackage,
  invitedBy: string,
): Promise<NewIssuer> {
  const ownerEmail = await checkedOwnerEmail(tx, request.ownerEmail);
  const name = newIssuerName(request, pkg);
  if (!name) throw Object.assign(new Error("Name is required."), { code: "LL422" });
  const issuer = pkg.manifest?.issuer as { formation_date?: unknown } | undefined;
  const formation =
    typeof issuer?.formation_date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(issuer.formation_date)
      ? issuer.formation_date
      : null;
  const { rows } = await tx.query<{ id: string; name: string }>(
    `insert into app_public.accounts (type, name, email, formation_date)
     values ('issuer', $1, $2, case when $3::date <= current_date then $3::date end) returning id, name`,
    [name, ownerEmail, formation],
  );
  const account = rows[0] as { id: string; name: string };
  const userId = await userWithEmail(tx, ownerEmail);
  if (userId) {
    await tx.query(
      `insert into app_public.users_accounts (user_id, account_id, role, status)
       values ($1, $2, 'account_owner', 'active')`,
      [userId, account.id],
    );
    return { id: account.id, name: account.name, ownerEmail, invited: false, mailId: null };
  }
  // The claim flow's token and mail (as app_private.queue_claim_mail makes them), worded as an invitation.
  const html = escapeHtml(account.name);
  const { rows: mail } = await tx.query<{ mail_id: string }>(
    `with token as (select replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') as value),
     mail as (
       insert into app_private.mail_outbox (kind, to_address, subject, text_body, html_body)
       select 'issuer_invitation', $1, 'You are invited to ' || $2 || ' on Ledgerline',
              'You were made the owner of the issuer account ' || $2 || ' on Ledgerline; its cap table was imported '
                || 'from an Open Cap Format package.' || chr(10) || chr(10)
                || 'Open this link within 7 days to accept (sign up first if you have no Ledgerline sign-in yet):'
                || chr(10) || '{{origin}}/authenticate/claim?token=' || token.value || chr(10) || chr(10)
                || 'If you did not expect this, ignore this mail.',
              '<p>You were made the owner of the issuer account <strong>' || $3 || '</strong> on Ledgerline; its cap '
                || 'table was imported from an Open Cap Format package.</p>'
                || '<p><a href="{{origin}}/authenticate/claim?token=' || token.value || '">Accept the invitation</a> '
                || 'within 7 days (sign up first if you have no Ledgerline sign-in yet).</p>'
                || '<p>If you did not expect this, ignore this mail.</p>'
         from token
       returning id
     )
     insert into app_private.claim_tokens (token_hash, email, mail_id, requested_by, expires_on)
     select app_private.hash_token(token.value), $1, mail.id, $4, now() + interval '7 days' from token, mail
     returning mail_id`,
    [ownerEmail, account.name, html, invitedBy],
  );
  const mailId = mail[0]?.mail_id ?? null;
  await tx.query("select pg_notify('mail_outbox', $1)", [mailId]);
  return { id: account.id, name: account.name, ownerEmail, invited: true, mailId };
}
