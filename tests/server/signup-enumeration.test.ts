// Sign-up does not tell whether an address has an account (issue 13, item 11): a new and a registered address get
// the same status, body and cookie shape in about the same time; the registered user is left as it was and its
// owner is told by mail; the owner signing up again with the right password is simply signed in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_EXISTS_KIND } from "../../sync/mail/signup.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${++counter}@signup.test`;
const PASSWORD = "correct horse battery";

beforeAll(async () => {
  t = await startTestServer({ seedDemo: false });
});
afterAll(async () => {
  await t?.close();
});

interface RawAnswer {
  status: number;
  body: unknown;
  cookie: string | undefined;
  ms: number;
}

async function rawSignUp(client: TestClient, email: string, password: string): Promise<RawAnswer> {
  const started = performance.now();
  const response = await client.fetch("/authenticate/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ mode: "signup", email, password, firstName: "Ada", lastName: "Byron" }),
  });
  const body = await response.json();
  const ms = performance.now() - started;
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("ll_session="));
  return { status: response.status, body, cookie, ms };
}

/** The cookie without its value: attributes must be the same for both answers. */
const cookieShape = (cookie: string | undefined) => cookie?.replace(/^ll_session=[^;]*/, "ll_session=<token>");

async function snapshot(email: string) {
  const { rows } = await t.server.db.query<{ id: string; first_name: string; hash: string; emails: number }>(
    `select u.id, u.first_name, s.password_hash as hash,
            (select count(*)::int from app_public.user_emails e where lower(e.email) = lower($1)) as emails
       from app_public.user_emails e join app_public.users u on u.id = e.user_id
       join app_private.user_secrets s on s.user_id = u.id
      where lower(e.email) = lower($1)`,
    [email],
  );
  const users = await t.server.db.query<{ n: number }>("select count(*)::int as n from app_public.users");
  return { rows, users: users.rows[0]?.n };
}

async function mailsTo(email: string) {
  const { rows } = await t.server.db.query<{ kind: string; text_body: string }>(
    "select kind, text_body from app_private.mail_outbox where lower(to_address) = lower($1)",
    [email],
  );
  return rows;
}

describe("sign-up of a registered address", () => {
  it("answers exactly as for a new address, changes nothing, and mails the owner", async () => {
    const owner = uniqueEmail("owner");
    expect((await rawSignUp(t.client(), owner, PASSWORD)).status).toBe(200);
    const before = await snapshot(owner);
    expect(before.rows).toHaveLength(1);

    const fresh = await rawSignUp(t.client(), uniqueEmail("fresh"), "a stranger's password");
    const attacker = t.client();
    const taken = await rawSignUp(attacker, owner.toUpperCase(), "a stranger's password");

    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual(fresh.body);
    expect(taken.body).toEqual({ ok: true, next: "/account-role" });
    expect(cookieShape(taken.cookie)).toBe(cookieShape(fresh.cookie));
    expect(taken.cookie).toMatch(/^ll_session=[A-Za-z0-9_-]{43};/);

    // Nothing of the registered user changed; no second user was made for the address.
    const after = await snapshot(owner);
    expect(after.rows).toEqual(before.rows);
    expect(after.users).toBe((before.users ?? 0) + 1); // only the fresh address's user
    // The attacker is not signed in as the owner (nor as anyone).
    const me = await attacker.graphql("{ currentUser { id } }");
    expect(me.status).toBe(401);

    // The owner is told, in the mail outbox.
    const mails = await mailsTo(owner);
    expect(mails.map((mail) => mail.kind)).toEqual([ACCOUNT_EXISTS_KIND]);
    expect(mails[0]?.text_body).toMatch(/already has an account/);
    expect(await mailsTo(`fresh-${counter - 1}@signup.test`)).toEqual([]);
  });

  it("takes about as long for a registered address as for a new one (one password hash either way)", async () => {
    const owners = await Promise.all([1, 2, 3].map(async () => uniqueEmail("timed")));
    for (const email of owners) await rawSignUp(t.client(), email, PASSWORD);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const fresh: number[] = [];
    const taken: number[] = [];
    for (const email of owners) {
      fresh.push((await rawSignUp(t.client(), uniqueEmail("timed-new"), "another password")).ms);
      taken.push((await rawSignUp(t.client(), email, "another password")).ms);
    }
    const ratio = median(taken) / median(fresh);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });

  it("signs the owner in when the password is the owner's (a sign-up of an account one already has)", async () => {
    const owner = uniqueEmail("again");
    const first = t.client();
    await rawSignUp(first, owner, PASSWORD);
    const userId = (await snapshot(owner)).rows[0]?.id;
    const again = t.client();
    const answer = await rawSignUp(again, owner, PASSWORD);
    expect(answer.body).toEqual({ ok: true, next: "/account-role" });
    const me = await again.graphql<{ currentUser: { id: string } }>("{ currentUser { id } }");
    expect(me.data?.currentUser.id).toBe(userId);
    expect(await mailsTo(owner)).toEqual([]);
  });

  it("counts a wrong password on a registered address as a failed sign-in (the throttle bounds guessing)", async () => {
    const owner = uniqueEmail("guessed");
    await rawSignUp(t.client(), owner, PASSWORD);
    for (let i = 0; i < 5; i++) await rawSignUp(t.client(), owner, `guess number ${i}`);
    const throttled = await rawSignUp(t.client(), owner, PASSWORD);
    expect(throttled.status).toBe(429);
    const signIn = await t.client().signIn(owner, PASSWORD);
    expect(signIn.status).toBe(429);
  });
});
