// The one mailer with SMTP_URL set: mails go to the SMTP server and are marked sent; a refused mail stays queued,
// is tried again once its pause is over, and is given up after MAIL_MAX_ATTEMPTS tries. The SMTP server here is a
// small fake speaking the protocol on a local port (no extensions: no STARTTLS, no AUTH).
import { createServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { MAIL_MAX_ATTEMPTS, type MailRelay, startMailRelay } from "../../sync/mail/mailer.ts";
import { createTestDb } from "../helpers/db.ts";

interface Received {
  from: string;
  to: string[];
  data: string;
}

interface FakeSmtp {
  url: string;
  received: Received[];
  /** When true, every recipient is refused with 550. */
  refuse: boolean;
  close(): Promise<void>;
}

async function fakeSmtp(): Promise<FakeSmtp> {
  const fake: FakeSmtp = { url: "", received: [], refuse: false, close: async () => {} };
  const server: Server = createServer((socket) => {
    socket.setEncoding("utf8");
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = "";
    let inData = false;
    let current: Received = { from: "", to: [], data: "" };
    reply("220 fake.test ESMTP");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            fake.received.push(current);
            current = { from: "", to: [], data: "" };
            reply("250 2.0.0 queued");
          } else {
            current.data += `${line.startsWith("..") ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250 fake.test");
        else if (verb === "MAIL") {
          current.from = line.slice(10);
          reply("250 2.1.0 ok");
        } else if (verb === "RCPT") {
          if (fake.refuse) reply("550 5.1.1 mailbox unavailable");
          else {
            current.to.push(line.slice(8));
            reply("250 2.1.5 ok");
          }
        } else if (verb === "DATA") {
          inData = true;
          reply("354 end with <CRLF>.<CRLF>");
        } else if (verb === "QUIT") {
          reply("221 2.0.0 bye");
          socket.end();
        } else reply("250 ok");
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  fake.url = `smtp://127.0.0.1:${address.port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

interface OutboxRow {
  status: string;
  attempts: number;
  error: string | null;
  due_in_s: number | null;
  delivered: boolean;
}

async function outboxRow(db: Database, id: string): Promise<OutboxRow> {
  const { rows } = await db.query<OutboxRow>(
    `select status, attempts, error, extract(epoch from next_attempt_on - now())::float8 as due_in_s,
            delivered_on is not null as delivered
       from app_private.mail_outbox where id = $1`,
    [id],
  );
  if (!rows[0]) throw new Error(`no mail ${id}`);
  return rows[0];
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(): Promise<{ db: Database; smtp: FakeSmtp; relay: MailRelay; lines: string[] }> {
  const db = await createTestDb();
  const smtp = await fakeSmtp();
  const lines: string[] = [];
  const relay = startMailRelay({
    db,
    origin: "https://ledgerline.example",
    smtpUrl: smtp.url,
    mailFrom: "Ledgerline <mail@ledgerline.example>",
    log: (line) => lines.push(line),
  });
  cleanups.push(async () => {
    await relay.stop();
    await smtp.close();
    await db.close();
  });
  return { db, smtp, relay, lines };
}

const mail = (to: string) => ({
  to,
  kind: "test_notice",
  subject: "Your distribution",
  text: "Open {{origin}}/portfolio to see it.",
});

describe("SMTP delivery", () => {
  it("hands a mail to the SMTP server with its links pointing at the public address, and marks it sent", async () => {
    const { db, smtp, relay } = await setup();
    const id = await relay.sendMail(mail("ada@investor.test"));

    expect(smtp.received).toHaveLength(1);
    const [received] = smtp.received;
    expect(received?.from).toContain("mail@ledgerline.example");
    expect(received?.to).toEqual(["<ada@investor.test>"]);
    expect(received?.data).toContain("Subject: Your distribution");
    expect(received?.data).toContain("https://ledgerline.example/portfolio");
    expect(await outboxRow(db, id)).toMatchObject({ status: "sent", attempts: 1, error: null, delivered: true });
  });

  it("keeps a refused mail queued with the refusal, tries again after the pause, and sends it then", async () => {
    const { db, smtp, relay, lines } = await setup();
    smtp.refuse = true;
    const id = await relay.sendMail(mail("ben@investor.test"));

    const refused = await outboxRow(db, id);
    expect(refused).toMatchObject({ status: "queued", attempts: 1, delivered: false });
    expect(refused.error).toContain("550");
    expect(refused.due_in_s).toBeGreaterThan(20);
    expect(lines.at(-1)).toContain("not sent");

    // Not due yet: another pass leaves it alone.
    smtp.refuse = false;
    expect(await relay.deliverQueued()).toBe(0);
    expect(smtp.received).toHaveLength(0);

    await db.query("update app_private.mail_outbox set next_attempt_on = now() - interval '1 second' where id = $1", [
      id,
    ]);
    expect(await relay.deliverQueued()).toBe(1);
    expect(smtp.received.map((r) => r.to)).toEqual([["<ben@investor.test>"]]);
    expect(await outboxRow(db, id)).toMatchObject({ status: "sent", attempts: 2, error: null, delivered: true });
  });

  it("gives a mail up as failed, with the last error, after the last try", async () => {
    const { db, smtp, relay } = await setup();
    smtp.refuse = true;
    const id = await relay.sendMail(mail("cy@investor.test"));
    await db.query(
      "update app_private.mail_outbox set attempts = $2, next_attempt_on = now() - interval '1 second' where id = $1",
      [id, MAIL_MAX_ATTEMPTS - 1],
    );
    await relay.deliverQueued();

    const failed = await outboxRow(db, id);
    expect(failed).toMatchObject({ status: "failed", attempts: MAIL_MAX_ATTEMPTS, delivered: false });
    expect(failed.error).toContain("550");
    // A failed mail is not tried again.
    smtp.refuse = false;
    await relay.deliverQueued();
    expect(smtp.received).toHaveLength(0);
  });
});
