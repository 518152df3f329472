// One mailer for the whole product. Every mail is recorded in app_private.mail_outbox first (so nothing is lost and
// tests can read what was sent), then delivered by the relay: rendered ({{origin}} -> the public address) and
//   - with SMTP_URL: handed to the SMTP server and marked `sent`; a refusal or a dead connection keeps it queued
//     for another try after a growing pause, and after MAIL_MAX_ATTEMPTS tries it is marked `failed` with the error;
//   - without (the embedded default): written to the mail log file (with its text, so a demo user can follow the
//     links) and marked `logged`.
// Every delivery is one line on the log function (the console by default) and one entry in the mail log file
// (MAIL_LOG, default .data/mail.log beside the embedded database) when there is one.
import { appendFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Database } from "../db/database.ts";
import { type MailTransport, smtpTransport } from "./smtp.ts";

/** Tries an SMTP server gets for one mail before the mail is marked failed. */
export const MAIL_MAX_ATTEMPTS = 8;
/** The pause after the first failed try; it doubles with each further one, up to MAIL_MAX_RETRY_MS. */
const MAIL_FIRST_RETRY_MS = 30_000;
const MAIL_MAX_RETRY_MS = 60 * 60_000;

interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for, e.g. claim_account; lowercase with underscores. */
  kind: string;
}

interface MailRelayOptions {
  db: Database;
  /** The address links in mails point at (PUBLIC_URL, else the server's own URL). */
  origin: string;
  smtpUrl: string | null;
  /** The sender of SMTP mails; default no-reply@ the origin's host. */
  mailFrom?: string | null;
  /** Where deliveries are reported, one line each (never a body). */
  log?: (line: string) => void;
  /** The mail log file: every delivery line, and the text of each mail that was logged rather than sent. */
  logFile?: string | null;
  /** NOTIFY mail_outbox events (the PostGraphile service's subscriber), so SQL-queued mails go out at once. */
  notifications?: AsyncIterableIterator<unknown> | null;
  /**
   * Whether this process delivers mail now (it holds the mail runner's lock, sync/db/runner-locks.ts); default
   * always. A process that does not records mails and leaves them to the one that does.
   */
  leads?: () => boolean;
}

interface QueuedMail {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: number;
}

export interface MailRelay {
  sendMail(mail: Mail): Promise<string>;
  /** Delivers every queued mail; resolves when the outbox has none left. */
  deliverQueued(): Promise<number>;
  stop(): Promise<void>;
}

export function startMailRelay(options: MailRelayOptions): MailRelay {
  const { db, origin, smtpUrl } = options;
  const leads = options.leads ?? (() => true);
  const logFile = options.logFile ?? null;
  const toConsole = options.log ?? ((line: string) => console.log(line));
  let logFileReady = false;
  const log = (line: string, body?: string) => {
    toConsole(line);
    if (!logFile) return;
    try {
      if (!logFileReady) {
        mkdirSync(dirname(logFile), { recursive: true });
        logFileReady = true;
      }
      const entry = `${new Date().toISOString()} ${line}\n${body === undefined ? "" : `${body.trimEnd()}\n\n`}`;
      appendFileSync(logFile, entry, { mode: 0o600 });
    } catch (error) {
      console.error(`mail log ${logFile}:`, (error as Error).message);
    }
  };
  const from = options.mailFrom ?? `Ledgerline <no-reply@${new URL(origin).hostname}>`;
  const transport: MailTransport | null = smtpUrl ? smtpTransport(smtpUrl, from) : null;
  const render = (body: string) => body.replaceAll("{{origin}}", origin);

  let draining: Promise<number> | null = null;
  let again = false;

  async function drainOnce(): Promise<number> {
    let delivered = 0;
    for (;;) {
      // checked before every batch: a process that loses the lock stops after the mails in hand
      if (!leads()) return delivered;
      const { rows } = await db.query<QueuedMail>(
        `select id, kind, to_address, subject, text_body, html_body, attempts from app_private.mail_outbox
          where status = 'queued' and (next_attempt_on is null or next_attempt_on <= now())
          order by created_on limit ${transport ? 20 : 500}`,
      );
      if (rows.length === 0) return delivered;
      if (!transport) {
        // the embedded default: each mail is written to the log, then the whole batch is marked logged at once
        for (const mail of rows) {
          log(`mail ${mail.kind} to ${mail.to_address}: ${mail.subject}`, render(mail.text_body));
        }
        await settleLogged(rows);
        delivered += rows.length;
        continue;
      }
      for (const mail of rows) {
        const text = render(mail.text_body);
        const html = mail.html_body === null ? null : render(mail.html_body);
        const line = `mail ${mail.kind} to ${mail.to_address}: ${mail.subject}`;
        try {
          await transport.send({ to: mail.to_address, subject: mail.subject, text, html });
          log(`${line} (sent)`);
          await settle(mail.id, "sent", text, html, null);
          delivered += 1;
        } catch (error) {
          const reason = (error as Error).message || String(error);
          const attempts = mail.attempts + 1;
          if (attempts >= MAIL_MAX_ATTEMPTS) {
            log(`${line} (failed after ${attempts} tries: ${reason})`);
            await settle(mail.id, "failed", text, html, reason, attempts);
          } else {
            const pause = Math.min(MAIL_FIRST_RETRY_MS * 2 ** (attempts - 1), MAIL_MAX_RETRY_MS);
            log(`${line} (not sent: ${reason}; try ${attempts + 1} in ${Math.round(pause / 1000)} s)`);
            await db.query(
              `update app_private.mail_outbox
                  set attempts = $2, error = $3, next_attempt_on = now() + $4::float8 * interval '1 millisecond'
                where id = $1 and status = 'queued'`,
              [mail.id, attempts, reason, pause],
            );
          }
        }
      }
    }
  }

  async function settle(
    id: string,
    status: "logged" | "sent" | "failed",
    text: string,
    html: string | null,
    error: string | null,
    attempts?: number,
  ): Promise<void> {
    await db.query(
      `update app_private.mail_outbox
          set status = $2::text, text_body = $3, html_body = $4, error = $5, attempts = coalesce($6::int, attempts + 1),
              delivered_on = case when $2::text = 'failed' then null else now() end
        where id = $1 and status = 'queued'`,
      [id, status, text, html, error, attempts ?? null],
    );
  }

  /** Marks a batch of queued mails logged, with their rendered texts, in one statement. */
  async function settleLogged(mails: QueuedMail[]): Promise<void> {
    await db.query(
      `update app_private.mail_outbox o
          set status = 'logged', text_body = m.text_body, html_body = m.html_body, error = null,
              attempts = o.attempts + 1, delivered_on = now()
         from unnest($1::uuid[], $2::text[], $3::text[]) as m(id, text_body, html_body)
        where o.id = m.id and o.status = 'queued'`,
      [
        mails.map((mail) => mail.id),
        mails.map((mail) => render(mail.text_body)),
        mails.map((mail) => (mail.html_body === null ? null : render(mail.html_body))),
      ],
    );
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
      const id = rows[0]?.id;
      if (!id) throw new Error("mail_outbox insert returned no id");
      // another process delivers mail: tell it (every process listens on mail_outbox)
      if (leads()) await deliverQueued();
      else await db.query("select pg_notify('mail_outbox', $1)", [id]);
      return id;
    },
    deliverQueued,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await notifications?.return?.();
      await draining?.catch(() => {});
      transport?.close();
    },
  };
}
