// Sign-in locked per email, whatever address the attempts come from (issue 35, item 8): five failures for one email,
// each from another source address (127.0.0.x: the whole loopback network reaches the server, so these are real
// peer addresses, not a header the server might trust), lock that email: 429 with Retry-After, the right password
// refused too, for every address; another email is unaffected; the owner is mailed once per lock; an unknown email
// is answered exactly alike (no mail: nobody to tell). Every user here is a fresh sign-up, so no other test's
// sign-in is ever locked.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_LOCKED_KIND } from "../../sync/mail/sign-in-lock.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let t: TestServer;
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${++counter}-${Date.now()}@lock.test`;
const PASSWORD = "correct horse battery";
const THROTTLED = {
  ok: false,
  error: { code: "LL429", message: "Too many failed sign-in attempts. Please wait 15 minutes and try again." },
};

beforeAll(async () => {
  t = await startTestServer({ seedDemo: false });
});
afterAll(async () => {
  await t?.close();
});

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: unknown;
}

/** A JSON sign-in from the source address `from` (a 127.0.0.x), with an X-Forwarded-For naming yet another. */
function signInFrom(from: string, email: string, password: string): Promise<Answer> {
  const url = new URL("/authenticate/login", t.url);
  const payload = JSON.stringify({ email, password, mode: "signin" });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress: from,
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          "x-forwarded-for": `203.0.113.${++counter % 250}`,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => {
          const header = res.headers["retry-after"];
          resolve({ status: res.statusCode ?? 0, retryAfter: header, body: JSON.parse(text) });
        });
      },
    );
    req.once("error", reject);
    req.end(payload);
  });
}

/** The loopback addresses the attempts come from, one per attempt. */
const ADDRESSES = ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5", "127.0.0.6", "127.0.0.7", "127.0.0.8"];

async function signUp(email: string): Promise<void> {
  const answer = await t.client().signUp({ email, password: PASSWORD, firstName: "Grace", lastName: "Hopper" });
  expect(answer.status).toBe(200);
}

async function lockMails(email: string): Promise<Array<{ subject: string; text_body: string }>> {
  const { rows } = await t.server.db.query<{ subject: string; text_body: string }>(
    "select subject, text_body from app_private.mail_outbox where kind = $1 and lower(to_address) = lower($2)",
    [SIGN_IN_LOCKED_KIND, email],
  );
  return rows;
}

/** Five wrong passwords for the email, each from another source address: all answered as wrong passwords. */
async function fiveFailures(email: string): Promise<void> {
  for (const [attempt, from] of ADDRESSES.slice(0, 5).entries()) {
    const answer = await signInFrom(from, email, `wrong password ${attempt}`);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ ok: false, error: { code: "LL401", message: "Wrong email or password." } });
  }
}

function expectLocked(answer: Answer): void {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual(THROTTLED);
  const seconds = Number(answer.retryAfter);
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThan(800);
  expect(seconds).toBeLessThanOrEqual(900);
}

describe("sign-in locked per email", () => {
  it("locks an email after five failures from five addresses: the right password refused from any address", async () => {
    const email = uniqueEmail("owner");
    const other = uniqueEmail("bystander");
    await signUp(email);
    await signUp(other);
    await fiveFailures(email);

    // Locked: the right password from a sixth and a seventh address, and from the first again.
    for (const from of [ADDRESSES[5]!, ADDRESSES[6]!, ADDRESSES[0]!])
      expectLocked(await signInFrom(from, email, PASSWORD));
    // The same email in other letter case is the same email.
    expectLocked(await signInFrom(ADDRESSES[5]!, email.toUpperCase(), PASSWORD));
    // Sign-up with the locked address is refused alike.
    const signUpAgain = await t.client().signUp({ email, password: PASSWORD });
    expect(signUpAgain.status).toBe(429);
    expect(signUpAgain.body).toEqual(THROTTLED);

    // Another email from the very same addresses is not locked by this one.
    for (const from of ADDRESSES.slice(0, 5)) expect((await signInFrom(from, other, PASSWORD)).status).toBe(200);

    // The owner is told once, however many attempts the lock refuses.
    const mails = await lockMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Sign-in to your Ledgerline account was locked");
    expect(mails[0]!.text_body).toContain("5 failed attempts to sign in");
    expect(mails[0]!.text_body).toContain("locked for 15 minutes");
    expect(await lockMails(other)).toEqual([]);

    // When the lock has ended, the right password signs in again (and the failures before the lock count no more).
    await t.server.db.query(
      "update app_private.sign_in_locks set locked_on = now() - interval '16 minutes', locked_until = now() - interval '1 minute'",
    );
    expect((await signInFrom(ADDRESSES[6]!, email, PASSWORD)).status).toBe(200);
  });

  it("mails the owner again for a new lock after the last one ended", async () => {
    const email = uniqueEmail("again");
    await signUp(email);
    await fiveFailures(email);
    expectLocked(await signInFrom(ADDRESSES[5]!, email, PASSWORD));
    expect(await lockMails(email)).toHaveLength(1);
    // The lock ends without a successful sign-in: one failure more does not lock again, five more do.
    await t.server.db.query(
      `update app_private.sign_in_locks set locked_on = now() - interval '16 minutes',
              locked_until = now() - interval '1 minute'`,
    );
    await t.server.db.query("update app_private.sign_in_failures set created_on = now() - interval '16 minutes'");
    expect((await signInFrom(ADDRESSES[5]!, email, "wrong again")).status).toBe(401);
    expect((await signInFrom(ADDRESSES[5]!, email, PASSWORD)).status).toBe(200);
    await fiveFailures(email);
    expectLocked(await signInFrom(ADDRESSES[6]!, email, PASSWORD));
    expect(await lockMails(email)).toHaveLength(2);
  });

  it("locks an unknown email exactly alike, so the lock does not tell whether an account exists", async () => {
    const known = uniqueEmail("known");
    const unknown = uniqueEmail("unknown");
    await signUp(known);
    const answers: Record<string, Answer[]> = { known: [], unknown: [] };
    for (const [label, email] of [
      ["known", known],
      ["unknown", unknown],
    ] as const) {
      for (const [attempt, from] of ADDRESSES.slice(0, 5).entries())
        answers[label]!.push(await signInFrom(from, email, `wrong password ${attempt}`));
      answers[label]!.push(await signInFrom(ADDRESSES[5]!, email, PASSWORD));
    }
    const shape = (list: Answer[]) =>
      list.map((a) => ({ status: a.status, body: a.body, retryAfter: a.retryAfter === undefined ? "none" : "set" }));
    expect(shape(answers.unknown!)).toEqual(shape(answers.known!));
    expectLocked(answers.unknown!.at(-1)!);
    expect(await lockMails(unknown)).toEqual([]);
    expect(await lockMails(known)).toHaveLength(1);
  });
});
