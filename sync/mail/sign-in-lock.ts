// The mail to the owner of an address whose sign-in was locked after repeated failed attempts (sync/http/throttle.ts,
// auth-routes.ts): queued in the mail outbox in the transaction that takes the lock, so it goes once per lock, and
// announced with NOTIFY mail_outbox so the relay's leader (sync/mail/mailer.ts) delivers it at once. Only an
// address with an account is mailed; the answers on the wire are the same for an unknown one.
import type { Sql } from "../db/database.ts";

export const SIGN_IN_LOCKED_KIND = "sign_in_locked";

export async function queueSignInLockedMail(
  db: Sql,
  email: string,
  failures: number,
  lockedUntil: Date,
  minutes: number,
): Promise<void> {
  const until = `${lockedUntil.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const { rows } = await db.query<{ id: string }>(
    `insert into app_private.mail_outbox (kind, to_address, subject, text_body, html_body)
     values ($1, $2, $3, $4, $5) returning id`,
    [
      SIGN_IN_LOCKED_KIND,
      email,
      "Sign-in to your Ledgerline account was locked",
      [
        `There were ${failures} failed attempts to sign in to Ledgerline with this email address, so signing in with`,
        `it is locked for ${minutes} minutes (until ${until}), whatever password is given.`,
        "",
        `If it was you, wait until then and sign in again: {{origin}}/login`,
        "",
        "If it was not you, someone may be trying to guess your password. Nothing was changed and nobody signed in;",
        "make sure your password is one you use nowhere else.",
      ].join("\n"),
      `<p>There were ${failures} failed attempts to sign in to Ledgerline with this email address, so signing in ` +
        `with it is locked for ${minutes} minutes (until ${until}), whatever password is given.</p>` +
        `<p>If it was you, wait until then and <a href="{{origin}}/login">sign in</a> again.</p>` +
        "<p>If it was not you, someone may be trying to guess your password. Nothing was changed and nobody signed " +
        "in; make sure your password is one you use nowhere else.</p>",
    ],
  );
  if (rows[0]) await db.query("select pg_notify('mail_outbox', $1)", [rows[0].id]);
}
