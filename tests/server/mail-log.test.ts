// The one mailer without SMTP_URL (the embedded default): every queued mail is written to the mail log file with its
// text and marked logged, its links pointing at the public address. A large batch (an allocation import's invitations)
// is marked in batches, each mail still logged once.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { startMailRelay } from "../../sync/mail/mailer.ts";
import { createTestDb } from "../helpers/db.ts";

it("logs every queued mail once, with its links rendered, and marks each logged", async () => {
  const db = await createTestDb();
  const dir = mkdtempSync(join(tmpdir(), "mail-log-"));
  const lines: string[] = [];
  try {
    const count = 1_234;
    await db.query(
      `insert into app_private.mail_outbox (kind, to_address, subject, text_body, html_body)
       select 'distribution_invitation', 'investor' || n || '@example.test', 'Invitation ' || n,
              'Open {{origin}}/distribution/' || n, case when n % 2 = 0 then '<a href="{{origin}}/d/' || n || '">x</a>' end
       from generate_series(1, $1::int) n`,
      [count],
    );
    const logFile = join(dir, "mail.log");
    const relay = startMailRelay({
      db,
      origin: "https://ledgerline.example",
      smtpUrl: null,
      log: (line) => lines.push(line),
      logFile,
    });
    try {
      expect(await relay.deliverQueued()).toBe(count);
    } finally {
      await relay.stop();
    }
    const { rows } = await db.query<{
      status: string;
      text_body: string;
      html_body: string | null;
      delivered: boolean;
    }>(
      `select status, text_body, html_body, delivered_on is not null as delivered from app_private.mail_outbox
        where to_address = 'investor7@example.test' or to_address = 'investor8@example.test' order by to_address`,
    );
    expect(rows).toEqual([
      {
        status: "logged",
        text_body: "Open https://ledgerline.example/distribution/7",
        html_body: null,
        delivered: true,
      },
      {
        status: "logged",
        text_body: "Open https://ledgerline.example/distribution/8",
        html_body: '<a href="https://ledgerline.example/d/8">x</a>',
        delivered: true,
      },
    ]);
    const { rows: left } = await db.query<{ n: number }>(
      "select count(*)::int as n from app_private.mail_outbox where status <> 'logged'",
    );
    expect(left[0]?.n).toBe(0);
    expect(lines.filter((line) => line.startsWith("mail distribution_invitation to "))).toHaveLength(count);
    const file = readFileSync(logFile, "utf8");
    expect(file.match(/^Open https:\/\/ledgerline\.example\/distribution\/\d+$/gm)).toHaveLength(count);
    expect(file).toContain("mail distribution_invitation to investor1234@example.test: Invitation 1234");
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await db.close();
  }
});
