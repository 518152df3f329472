// The mail runner (docs/SERVER.md "Mail"): each step delivers one batch of queued mails from
// app_private.mail_outbox, rendered ({{origin}} -> the public address) and
//   - with SMTP_URL: handed to the SMTP server (smtp.ts) and marked `sent`; a refusal or a dead connection keeps it
//     queued for another try after a growing pause, and after MAIL_MAX_ATTEMPTS tries it is marked `failed`;
//   - without (the embedded default): written to the mail log file (with its text, so a demo user can follow the
//     links) and marked `logged`.
// Every delivery is one line on the log function (the console by default) and one entry in the mail log file
// (MAIL_LOG, default .data/mail.log beside the embedded database) when there is one.
import { appendFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Database } from "../db/database.ts";
import { IDLE, type Runner } from "../runners/runner.ts";
import { type MailTransport, smtpTransport } from "./smtp.ts";

/** Tries an SMTP server gets for one mail before the mail is marked failed. */
export const MAIL_MAX_ATTEMPTS = 8;
/** The pause after the first failed try; it doubles with each further one, up to MAIL_MAX_RETRY_MS. */
const MAIL_FIRST_RETRY_MS = 30_000;
const MAIL_MAX_RETRY_MS = 60 * 60_000;

export interface MailDeliveryOptions {
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

/** Mail delivery: woken by NOTIFY mail_outbox, at start (mails queued while no server ran) and every minute. */
export function mailDelivery(options: MailDeliveryOptions): Runner {
  const { db, origin, smtpUrl } = options;
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

  /** One batch: the due queued mails, oldest first. */
  async function step() {
    const { rows } = await db.query<QueuedMail>(
      `select id, kind, to_address, subject, text_body, html_body, attempts from app_private.mail_outbox
        where status = 'queued' and (next_attempt_on is null or next_attempt_on <= now())
        order by created_on limit ${transport ? 20 : 500}`,
    );
    if (rows.length === 0) return IDLE;
    if (!transport) {
      // the embedded default: each mail is written to the log, then the whole batch is marked logged at once
      for (const mail of rows) {
        log(`mail ${mail.kind} to ${mail.to_address}: ${mail.subject}`, render(mail.text_body));
      }
      await settleLogged(rows);
      return { done: rows.length, more: true };
    }
    let delivered = 0;
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
    return { done: delivered, more: true };
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

  return {
    name: "mail",
    channel: "mail_outbox",
    intervalMs: 60_000,
    runAtStart: true,
    step,
    async close() {
      transport?.close();
    },
  };
}
