// One mailer for the whole product. Every mail is recorded in app_private.mail_outbox first (so nothing is lost and
// tests can read what was sent), then delivered by the mail runner (jobs.ts) in the process that leads it.
import type { Database } from "../db/database.ts";
import { type RunningRunner, startRunner } from "../runners/runner.ts";
import { type MailDeliveryOptions, mailDelivery } from "./jobs.ts";

export { MAIL_MAX_ATTEMPTS } from "./jobs.ts";

interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for, e.g. claim_account; lowercase with underscores. */
  kind: string;
}

export interface MailRelay {
  sendMail(mail: Mail): Promise<string>;
  /** Delivers every queued mail; resolves when the outbox has none left. */
  deliverQueued(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The mailer over a running mail runner. `leads`: whether this process delivers mail now (it holds the mail
 * runner's lock, sync/db/runner-locks.ts); a process that does not records mails and tells the one that does.
 */
export function mailRelay(db: Database, runner: Pick<RunningRunner, "run" | "close">, leads: () => boolean): MailRelay {
  return {
    async sendMail(mail) {
      const { rows } = await db.query<{ id: string }>(
        `insert into app_private.mail_outbox (kind, to_address, subject, text_body, html_body)
         values ($1, $2, $3, $4, $5) returning id`,
        [mail.kind, mail.to, mail.subject, mail.text, mail.html ?? null],
      );
      const id = rows[0]?.id;
      if (!id) throw new Error("mail_outbox insert returned no id");
      // another process delivers mail: tell it (every process listens on mail_outbox)
      if (leads()) await runner.run();
      else await db.query("select pg_notify('mail_outbox', $1)", [id]);
      return id;
    },
    deliverQueued: () => runner.run(),
    stop: () => runner.close(),
  };
}

/** The mail runner and its mailer on their own (tests); the server starts the runner with the others. */
export function startMailRelay(
  options: MailDeliveryOptions & {
    /** NOTIFY mail_outbox events, so SQL-queued mails go out at once. */
    notifications?: AsyncIterableIterator<unknown> | null;
    leads?: () => boolean;
  },
): MailRelay {
  const leads = options.leads ?? (() => true);
  const runner = startRunner(mailDelivery(options), { leads, notifications: options.notifications });
  return mailRelay(options.db, runner, leads);
}
