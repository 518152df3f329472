// The mail to the owner of an address someone tried to sign up with again (sync/http/auth-routes.ts signUp): the
// sign-up answer is the same for a new and a registered address, so the only one told that the address is taken is
// its owner, here. Queued in the mail outbox like every mail (the relay delivers it; tests read the outbox).
import type { Sql } from "../db/database.ts";

export const ACCOUNT_EXISTS_KIND = "signup_account_exists";

export async function queueAccountExistsMail(db: Sql, email: string): Promise<void> {
  await db.query(
    `insert into app_private.mail_outbox (kind, to_address, subject, text_body, html_body) values ($1, $2, $3, $4, $5)`,
    [
      ACCOUNT_EXISTS_KIND,
      email,
      "You already have a Ledgerline account",
      [
        "Someone tried to sign up for Ledgerline with this email address, which already has an account.",
        "",
        "If it was you, sign in with your password instead: {{origin}}/login",
        "",
        "If it was not you, you can ignore this mail: nothing was changed and no new account was made.",
      ].join("\n"),
      "<p>Someone tried to sign up for Ledgerline with this email address, which already has an account.</p>" +
        '<p>If it was you, <a href="{{origin}}/login">sign in</a> with your password instead.</p>' +
        "<p>If it was not you, you can ignore this mail: nothing was changed and no new account was made.</p>",
    ],
  );
}
