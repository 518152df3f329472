// Sign-in, sign-up, sessions and the /authenticate flow, through the real server on an in-memory PGlite.
// Runs without demo data: every user and account here is made by the test.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeClient, startTestServer, type TestServer } from "../helpers/server.ts";

let t: TestServer;
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${++counter}@auth.test`;
const PASSWORD = "correct horse battery";

beforeAll(async () => {
  t = await startTestServer({ seedDemo: false });
});
afterAll(async () => {
  await t?.close();
});

async function signedUpClient(label: string) {
  const client = t.client();
  const email = uniqueEmail(label);
  const answer = await client.signUp({ email, password: PASSWORD, firstName: "Ada", lastName: "Lovelace" });
  expect(answer.status).toBe(200);
  return { client, email };
}

async function userIdOf(email: string): Promise<string> {
  const { rows } = await t.server.db.query<{ user_id: string }>(
    "select user_id from app_public.user_emails where lower(email) = lower($1)",
    [email],
  );
  const id = rows[0]?.user_id;
  if (!id) throw new Error(`no user ${email}`);
  return id;
}

async function makeAccount(type: string, name: string): Promise<string> {
  const { rows } = await t.server.db.query<{ id: string }>(
    "insert into app_public.accounts (name, type) values ($1, $2) returning id",
    [name, type],
  );
  return rows[0]!.id;
}

async function addMember(email: string, accountId: string, role = "account_owner", status = "active") {
  await t.server.db.query(
    "insert into app_public.users_accounts (user_id, account_id, role, status) values ($1, $2, $3, $4)",
    [await userIdOf(email), accountId, role, status],
  );
}

describe("the sign-in page", () => {
  it("serves an accessible sign-in and sign-up form that keeps the query string", async () => {
    const response = await t.client().fetch("/authenticate/login?next=/account/claim");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const html = await response.text();
    expect(html).toContain('<label for="signin-email">Email</label>');
    expect(html).toContain('<label for="signup-password">Password</label>');
    expect(html).toContain('action="/authenticate/login?next=/account/claim"');
    expect(html).not.toContain("<script");
  });
});

describe("sign-up", () => {
  it("creates a user with an email and no account, signs in, and goes to account selection", async () => {
    const client = t.client();
    const email = uniqueEmail("new");
    const answer = await client.signUp({ email, password: PASSWORD, firstName: "Grace", lastName: "Hopper" });
    expect(answer).toEqual({ status: 200, body: { ok: true, next: "/account-role" } });
    expect(client.session).not.toBeNull();
    const { rows } = await t.server.db.query<{ first_name: string; accounts: number; hash: string }>(
      `select u.first_name, (select count(*)::int from app_public.users_accounts ua where ua.user_id = u.id) as accounts,
              s.password_hash as hash
         from app_public.users u join app_private.user_secrets s on s.user_id = u.id where u.id = $1`,
      [await userIdOf(email)],
    );
    expect(rows[0]?.first_name).toBe("Grace");
    expect(rows[0]?.accounts).toBe(0);
    expect(rows[0]?.hash).toMatch(/^\$argon2id\$/);
  });

  it("sets an HttpOnly SameSite=Lax session cookie", async () => {
    const response = await t.client().fetch("/authenticate/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ mode: "signup", email: uniqueEmail("cookie"), password: PASSWORD }),
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("ll_session="));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
  });

  it("answers a registered email as it answers a new one, and leaves the registered user as it was", async () => {
    const { email } = await signedUpClient("dup");
    const users = async () => (await t.server.db.query("select id from app_public.users")).rows.length;
    const before = await users();
    const again = t.client();
    const answer = await again.signUp({ email: email.toUpperCase(), password: "another password" });
    // The same answer a new address gets (tests/server/signup-enumeration.test.ts compares them in full).
    expect(answer).toEqual({ status: 200, body: { ok: true, next: "/account-role" } });
    expect(await users()).toBe(before);
    // The cookie it got is no session: the client is not signed in as the registered user.
    expect((await again.graphql("{ currentUser { id } }")).status).not.toBe(200);
  });

  it("refuses a short password with a clear message and stores nothing", async () => {
    const email = uniqueEmail("short");
    const answer = await t.client().signUp({ email, password: "short" });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      ok: false,
      error: { code: "LL422", message: "Password must be at least 8 characters." },
    });
    const { rows } = await t.server.db.query("select 1 from app_public.user_emails where email = $1", [email]);
    expect(rows).toHaveLength(0);
  });
});

describe("sign-in", () => {
  it("signs in with the right password and sends the browser to the flow router", async () => {
    const { email } = await signedUpClient("ok");
    const client = t.client();
    const answer = await client.signIn(email, PASSWORD);
    expect(answer).toEqual({ status: 200, body: { ok: true, next: "/authenticate/terms-of-service" } });
    expect(client.session).not.toBeNull();
  });

  it("answers a wrong password and an unknown email with the same message, and starts no session", async () => {
    const { email } = await signedUpClient("wrong");
    const wrongPassword = t.client();
    const unknown = t.client();
    const a = await wrongPassword.signIn(email, "not the password");
    const b = await unknown.signIn(uniqueEmail("nobody"), PASSWORD);
    const expected = { ok: false, error: { code: "LL401", message: "Wrong email or password." } };
    expect(a).toEqual({ status: 401, body: expected });
    expect(b).toEqual({ status: 401, body: expected });
    expect(wrongPassword.session).toBeNull();
    expect(unknown.session).toBeNull();
    const { rows } = await t.server.db.query<{ n: number }>("select count(*)::int as n from app_private.sessions");
    const before = rows[0]!.n;
    await t.client().signIn(uniqueEmail("nobody"), PASSWORD);
    const after = await t.server.db.query<{ n: number; users: number }>(
      "select (select count(*)::int from app_private.sessions) as n, (select count(*)::int from app_public.users) as users",
    );
    expect(after.rows[0]!.n).toBe(before);
  });

  it("answers malformed input with 400 and a clear message", async () => {
    const client = t.client();
    const notJson = await client.fetch("/authenticate/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({
      ok: false,
      error: { code: "LL422", message: "Send the sign-in as JSON {email, password, mode} or as a form." },
    });
    const badEmail = await client.signIn("not-an-email", PASSWORD);
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toMatchObject({ error: { message: "Enter a valid email address." } });
    const noPassword = await client.signIn(uniqueEmail("nopw"), "");
    expect(noPassword.status).toBe(400);
    expect(noPassword.body).toMatchObject({ error: { message: "Enter your password." } });
    const badMode = await client.fetch("/authenticate/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: uniqueEmail("mode"), password: PASSWORD, mode: "admin" }),
    });
    expect(badMode.status).toBe(400);
    const plain = await client.fetch("/authenticate/login", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "email=x",
    });
    expect(plain.status).toBe(400);
  });

  it("refuses further attempts for an email after 5 failures in 15 minutes, even with the right password", async () => {
    const { email } = await signedUpClient("throttle");
    const client = t.client();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await client.signIn(email, `wrong-${attempt}`)).status).toBe(401);
    }
    const refused = await client.fetch("/authenticate/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(refused.status).toBe(429);
    // The seconds left of the email's 15-minute lock (tests/server/sign-in-lock.test.ts covers the lock in full).
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(900);
    expect(await refused.json()).toEqual({
      ok: false,
      error: {
        code: "LL429",
        message: "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
      },
    });
    // Another email from the same address is not locked out by this one.
    const other = await signedUpClient("throttle-other");
    expect((await t.client().signIn(other.email, PASSWORD)).status).toBe(200);
    // The lock ends 15 minutes after it began, and failures older than the window no longer count.
    await t.server.db.query("update app_private.sign_in_failures set created_on = now() - interval '16 minutes'");
    await t.server.db.query(
      "update app_private.sign_in_locks set locked_on = now() - interval '16 minutes', locked_until = now() - interval '1 minute'",
    );
    expect((await t.client().signIn(email, PASSWORD)).status).toBe(200);
  });

  it("works as an HTML form: redirect on success, the page again with the message on failure", async () => {
    const { email } = await signedUpClient("form");
    const client = t.client();
    const ok = await client.fetch("/authenticate/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ mode: "signin", email, password: PASSWORD }).toString(),
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/authenticate/terms-of-service");
    const failed = await t.client().fetch("/authenticate/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ mode: "signin", email, password: "nope" }).toString(),
    });
    expect(failed.status).toBe(401);
    const html = await failed.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain("Wrong email or password.");
    expect(html).toContain(`value="${email}"`);
  });

  it("refuses a form posted from another site", async () => {
    const { email } = await signedUpClient("csrf");
    const response = await t.client().fetch("/authenticate/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ email, password: PASSWORD }).toString(),
    });
    expect(response.status).toBe(403);
  });
});

describe("sessions and GraphQL", () => {
  it("answers GraphQL with 401 without a session or with an unknown cookie", async () => {
    const anonymous = await t.client().graphql("{ __typename }");
    expect(anonymous.status).toBe(401);
    expect(anonymous.errors?.[0]?.extensions?.code).toBe("LL401");
    const forged = await makeClient(t.url).fetch("/api/v2/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: "ll_session=forged-token" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(forged.status).toBe(401);
  });

  it("lets a session without an account read its own user and nothing of any account", async () => {
    const { client } = await signedUpClient("noaccount");
    const me = await client.graphql<{ currentUser: { firstName: string } | null; allAccounts: { nodes: unknown[] } }>(
      "{ currentUser { firstName } allAccounts { nodes { id } } }",
    );
    expect(me.status).toBe(200);
    expect(me.errors).toBeUndefined();
    expect(me.data?.currentUser?.firstName).toBe("Ada");
    expect(me.data?.allAccounts.nodes).toEqual([]);
  });

  it("slides the expiry of a session in use and refuses an expired one", async () => {
    const { client, email } = await signedUpClient("sliding");
    const userId = await userIdOf(email);
    await t.server.db.query(
      "update app_private.sessions set expires_on = now() + interval '2 days' where user_id = $1",
      [userId],
    );
    const used = await client.fetch("/api/v2/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ currentUser { id } }" }),
    });
    expect(used.status).toBe(200);
    expect(used.headers.getSetCookie().join()).toMatch(/ll_session=[^;]+;.*Max-Age=1209600/);
    const { rows } = await t.server.db.query<{ days: number }>(
      "select extract(day from expires_on - now())::int as days from app_private.sessions where user_id = $1",
      [userId],
    );
    expect(rows[0]?.days).toBe(13);

    await t.server.db.query(
      "update app_private.sessions set expires_on = now() - interval '1 second' where user_id = $1",
      [userId],
    );
    expect((await client.graphql("{ currentUser { id } }")).status).toBe(401);
  });

  it("ends the session on logout: cookie cleared, the old cookie no longer works", async () => {
    const { client } = await signedUpClient("logout");
    const cookie = client.session;
    const response = await client.fetch("/authenticate/logout");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/login");
    expect(client.session).toBeNull();
    const reused = await t.client().fetch("/api/v2/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `ll_session=${cookie}` },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(reused.status).toBe(401);
  });
});

describe("account selection and the flow router", () => {
  it("selects only the user's own active accounts and goes to the account type's home", async () => {
    const { client, email } = await signedUpClient("select");
    const issuer = await makeAccount("issuer", "Select Issuer");
    const investor = await makeAccount("investor", "Select Investor");
    const suspended = await makeAccount("agent", "Suspended Agent");
    const foreign = await makeAccount("broker", "Someone Else's Broker");
    await addMember(email, issuer, "account_admin");
    await addMember(email, investor, "account_viewer");
    await addMember(email, suspended, "account_owner", "suspended");

    expect(await client.selectAccount(issuer)).toEqual({ status: 303, location: "/dashboard" });
    const chosen = await client.graphql<{ currentAccount: { id: string; type: string } }>(
      "{ currentAccount { id type } currentUsersAccount { role } }",
    );
    expect(chosen.data).toEqual({
      currentAccount: { id: issuer, type: "issuer" },
      currentUsersAccount: { role: "account_admin" },
    });

    expect(await client.selectAccount(investor)).toEqual({ status: 303, location: "/portfolio" });
    expect((await client.selectAccount(foreign)).status).toBe(403);
    expect((await client.selectAccount(suspended)).status).toBe(403);
    expect((await client.selectAccount("not-a-uuid")).status).toBe(403);
    // A refused selection leaves the previous choice in place.
    const still = await client.graphql<{ currentAccount: { id: string } }>("{ currentAccount { id } }");
    expect(still.data?.currentAccount.id).toBe(investor);
  });

  it("sends a signed-out browser to /login", async () => {
    const anonymous = t.client();
    const response = await anonymous.fetch("/authenticate/terms-of-service");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/login");
    expect((await anonymous.selectAccount("00000000-0000-4000-8000-000000000000")).location).toBe("/login");
  });

  it("routes after sign-in: one account -> its home, several -> /account-role; app-user clears the choice", async () => {
    const one = await signedUpClient("one-account");
    const agent = await makeAccount("agent", "Only Agent");
    await addMember(one.email, agent);
    const routed = await one.client.fetch("/authenticate/terms-of-service");
    expect(routed.headers.get("location")).toBe("/distributions");
    const selected = await one.client.graphql<{ currentAccount: { id: string } }>("{ currentAccount { id } }");
    expect(selected.data?.currentAccount.id).toBe(agent);

    const switched = await one.client.fetch("/authenticate/app-user");
    expect(switched.headers.get("location")).toBe("/account-role");
    const cleared = await one.client.graphql<{ currentAccount: null }>("{ currentAccount { id } }");
    expect(cleared.data?.currentAccount).toBeNull();

    const several = await signedUpClient("several");
    await addMember(several.email, await makeAccount("ats", "Several ATS"));
    await addMember(several.email, await makeAccount("issuer", "Several Issuer"));
    const many = await several.client.fetch("/authenticate/terms-of-service");
    expect(many.headers.get("location")).toBe("/account-role");
  });

  it("holds a user with pending terms at /account-role until they accept them", async () => {
    const { client, email } = await signedUpClient("terms");
    const account = await makeAccount("ats", "Terms ATS");
    await addMember(email, account);
    const { rows } = await t.server.db.query<{ id: string }>(
      "insert into app_public.terms_of_service (type, agreement) values ('text', 'Be nice.') returning id",
    );
    const termsId = rows[0]!.id;
    try {
      expect((await client.fetch("/authenticate/terms-of-service")).headers.get("location")).toBe("/account-role");
      expect((await client.selectAccount(account)).location).toBe("/account-role");
      const pending = await client.graphql<{
        currentUser: { pendingTermsOfService: { nodes: Array<{ id: string; agreement: string }> } };
      }>("{ currentUser { pendingTermsOfService { nodes { id agreement } } } }");
      expect(pending.data?.currentUser.pendingTermsOfService.nodes).toEqual([{ id: termsId, agreement: "Be nice." }]);

      const accepted = await client.graphql(
        "mutation acceptTerms($termsId: UUID!) { acceptTerms(input: { termsId: $termsId }) { clientMutationId } }",
        { termsId },
      );
      expect(accepted.errors).toBeUndefined();
      expect((await client.fetch("/authenticate/terms-of-service")).headers.get("location")).toBe("/securities");
    } finally {
      await t.server.db.query("update app_public.terms_of_service set active = false where id = $1", [termsId]);
    }
  });
});

describe("claiming an account by email", () => {
  const send = `mutation send($email: String!) { sendClaimAccountEmail(input: { email: $email }) { uuid } }`;
  const resend = `mutation resend($id: UUID!) { resendEmail(input: { id: $id }) { uuid } }`;

  async function claimLink(mailId: string): Promise<string> {
    await t.server.mail.deliverQueued();
    const { rows } = await t.server.db.query<{ text_body: string; status: string; to_address: string }>(
      "select text_body, status, to_address from app_private.mail_outbox where id = $1",
      [mailId],
    );
    expect(rows[0]?.status).toBe("logged");
    const link = /(http\S+\/authenticate\/claim\?token=\S+)/.exec(rows[0]?.text_body ?? "")?.[1];
    if (!link) throw new Error(`no claim link in mail ${mailId}`);
    expect(link.startsWith(t.url)).toBe(true);
    return new URL(link).pathname + new URL(link).search;
  }

  it("mails a claim link; following it makes the user owner of the account, once", async () => {
    const { client, email } = await signedUpClient("claimer");
    const accountEmail = uniqueEmail("claimed-account");
    const account = await makeAccount("investor", "Claimable Investor");
    await t.server.db.query("update app_public.accounts set email = $2 where id = $1", [account, accountEmail]);

    const sent = await client.graphql<{ sendClaimAccountEmail: { uuid: string } }>(send, { email: accountEmail });
    expect(sent.errors).toBeUndefined();
    const firstMail = sent.data!.sendClaimAccountEmail.uuid;
    const firstLink = await claimLink(firstMail);

    const resent = await client.graphql<{ resendEmail: { uuid: string } }>(resend, { id: firstMail });
    expect(resent.errors).toBeUndefined();
    const secondMail = resent.data!.resendEmail.uuid;
    expect(secondMail).not.toBe(firstMail);
    const secondLink = await claimLink(secondMail);

    const expired = await client.fetch(firstLink);
    expect(expired.headers.get("location")).toBe(`/account/claim?status=expired-token&email_id=${firstMail}`);
    const claimed = await client.fetch(secondLink);
    expect(claimed.headers.get("location")).toBe(`/account/claim?status=complete&email_id=${secondMail}`);
    const { rows } = await t.server.db.query<{ role: string }>(
      "select role from app_public.users_accounts where user_id = $1 and account_id = $2",
      [await userIdOf(email), account],
    );
    expect(rows).toEqual([{ role: "account_owner" }]);
    expect((await client.selectAccount(account)).location).toBe("/portfolio");

    const used = await client.fetch(secondLink);
    expect(used.headers.get("location")).toBe(`/account/claim?status=used&email_id=${secondMail}`);
    const again = await client.graphql(resend, { id: secondMail });
    expect(again.errors?.[0]).toMatchObject({
      message: "Account has already been claimed!",
      extensions: { code: "LL409" },
    });
  });

  it("answers bad tokens, missing input and signed-out visitors clearly", async () => {
    const { client } = await signedUpClient("claim-errors");
    expect((await client.fetch("/authenticate/claim?token=nonsense")).headers.get("location")).toBe(
      "/account/claim?status=invalid-token",
    );
    expect((await client.fetch("/authenticate/claim")).headers.get("location")).toBe("/account/claim?status=no-token");
    const empty = await client.graphql(send, { email: "" });
    expect(empty.errors?.[0]).toMatchObject({ message: "Email is required.", extensions: { code: "LL422" } });
    const unknown = await client.graphql(send, { email: uniqueEmail("no-such-account") });
    expect(unknown.errors?.[0]?.extensions?.code).toBe("LL404");
    const signedOut = await t.client().fetch("/authenticate/claim?token=abc");
    expect(signedOut.headers.get("location")).toBe(
      `/login?${new URLSearchParams({ next: "/authenticate/claim?token=abc" })}`,
    );
  });

  it("continues to a same-site `next` after sign-in, never to another site", async () => {
    const { email } = await signedUpClient("next");
    const client = t.client();
    const inside = await client.fetch("/authenticate/login?next=%2Fauthenticate%2Fclaim%3Ftoken%3Dabc", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(await inside.json()).toEqual({ ok: true, next: "/authenticate/claim?token=abc" });
    const outside = await client.fetch("/authenticate/login?next=%2F%2Fevil.example", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(await outside.json()).toEqual({ ok: true, next: "/authenticate/terms-of-service" });
  });
});
