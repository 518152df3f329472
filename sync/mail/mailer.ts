// One mailer for the whole product. Every mail is recorded in app_private.mail_outbox first (so nothing is lost and
// tests can read what was sent), then delivered by the relay: rendered ({{origin}} -> the public address), logged,
// and marked `logged`. There is no SMTP library among the project's dependencies, so SMTP_URL is not acted on yet:
// mails are recorded and logged only (see docs/SERVER.md).
import type { Database } from "../db/database.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for, e.g. claim_account; lowercase with underscores. */
  kind: string;
}

export interface MailRelayOptions {
  db: Database;
  /** The address links in mails point at (PUBLIC_URL, else the server's own URL). */
  origin: string;
  smtpUrl: string | null;
  /** Where deliveries are reported; the body is included only when `verbose`. */
  log?: (line: string) => void;
  verbose?: boolean;
  /** NOTIFY mail_outbox events (the PostGraphile service's subscriber), so SQL-queued mails go out at once. */
  notifications?: AsyncIterableIterator<unknown> | null;
}

interface QueuedMail {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
}

export interface MailRelay {
  sendMail(mail: Mail): Promise<string>;
  /** Delivers every queued mail; resolves when the outbox has none left. */
  deliverQueued(): Promise<number>;
  stop(): Promise<void>;
}

export function startMailRelay(options: MailRelayOptions): MailRelay {
  const { db, origin, smtpUrl, verbose = false } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  if (smtpUrl) log("SMTP_URL is set, but this build has no SMTP transport: mails are recorded and logged only.");
  const render = (body: string) => body.replaceAll("{{origin}}", origin);

  let draining: Promise<number> | null = null;
  let again = false;

  async function drainOnce(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const { rows } = await db.query<QueuedMail>(
        `select id, kind, to_address, subject, text_body, html_body from app_private.mail_outbox
          where status = 'queued' order by created_on limit 20`,
      );
      if (rows.length === 0) return delivered;
      for (const mail of rows) {
        const text = render(mail.text_body);
        const html = mail.html_body === null ? null : render(mail.html_body);
        log(`mail ${mail.kind} to ${mail.to_address}: ${mail.subject}${verbose ? `\n${text}` : ""}`);
        await db.query(
          `update app_private.mail_outbox
              set status = 'logged', text_body = $2, html_body = $3, delivered_on = now()
            where id = $1 and status = 'queued'`,
          [mail.id, text, html],
        );
        delivered += 1;
      }
    }
  }

  function deliverQueued(): Promise<number> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      let total = 0;
      do {
        again = false;
        total += await drainOnce();
      } while (again);
      return total;
    })().finally(() => {
      draining = null;
    });
    return draining;
  }

  const report = (error: unknown) => console.error("mail relay:", error);
  let stopped = false;
  const notifications = options.notifications ?? null;
  if (notifications) {
    (async () => {
      for await (const _ of notifications) {
        if (stopped) break;
        await deliverQueued().catch(report);
      }
    })().catch(report);
  }
  // Mails queued while no server was running go out at start; the slow timer covers a lost notification.
  deliverQueued().catch(report);
  const timer = setInterval(() => deliverQueued().catch(report), 60_000);
  timer.unref();

  return {
    async sendMail(mail) {
      const { rows } = await db.query<{ id: string }>(
        `insert into app_private.mail_outbox (kind, to_address, subject, text_body, html_body)
         values ($1, $2, $3, $4, $5) returning id`,
        [mail.kind, mail.to, mail.subject, mail.text, mail.html ?? null],
      );
      await deliverQueued();
      const id = rows[0]?.id;
      if (!id) throw new Error("mail_outbox insert returned no id");
      return id;
    },
    deliverQueued,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await notifications?.return?.();
      await draining?.catch(() => {});
    },
  };
}
