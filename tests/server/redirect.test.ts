// ?next= on the server: after sign-in (form and JSON) and on account selection only a same-origin path is followed;
// every hostile form falls back to the usual destination. Through the real server: the 303's Location is read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const HOSTILE_NEXT = [
  "/\t/evil.example/",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\/evil.example",
  "/＼evil.example",
  "//evil.example",
  "/.//evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
  " javascript:alert(1)",
  "evil.example",
];
const PASSWORD = "correct horse battery";

let t: TestServer;
let counter = 0;

beforeAll(async () => {
  t = await startTestServer({ seedDemo: false });
});
afterAll(async () => {
  await t?.close();
});

async function member() {
  const client = t.client();
  const email = `next-${++counter}@redirect.test`;
  expect((await client.signUp({ email, password: PASSWORD, firstName: "Ada", lastName: "Lovelace" })).status).toBe(200);
  const { rows } = await t.server.db.query<{ id: string }>(
    "insert into app_public.accounts (name, type) values ('Next Issuer', 'issuer') returning id",
  );
  const accountId = rows[0]!.id;
  await t.server.db.query(
    `insert into app_public.users_accounts (user_id, account_id, role, status)
     select user_id, $2, 'account_owner', 'active' from app_public.user_emails where lower(email) = lower($1)`,
    [email, accountId],
  );
  return { client, email, accountId };
}

const withNext = (path: string, next: string) => `${path}?${new URLSearchParams({ next })}`;

describe("?next= on the server", () => {
  it("follows a same-origin path after sign-in and on account selection", async () => {
    const { client, email, accountId } = await member();
    const signIn = await t.client().fetch(withNext("/authenticate/login", "/authenticate/claim?token=abc"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password: PASSWORD }).toString(),
    });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get("location")).toBe("/authenticate/claim?token=abc");
    const selected = await client.fetch(withNext(`/authenticate/role/${accountId}`, "/cap-table"));
    expect(selected.status).toBe(303);
    expect(selected.headers.get("location")).toBe("/cap-table");
  });

  it.each(HOSTILE_NEXT)(
    "ignores next=%j after a form sign-in, a JSON sign-in and on account selection",
    async (next) => {
      const { client, email, accountId } = await member();
      const form = await t.client().fetch(withNext("/authenticate/login", next), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email, password: PASSWORD }).toString(),
      });
      expect(form.status).toBe(303);
      expect(form.headers.get("location")).toBe("/authenticate/terms-of-service");
      const json = await t.client().fetch(withNext("/authenticate/login", next), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(await json.json()).toEqual({ ok: true, next: "/authenticate/terms-of-service" });
      const selected = await client.fetch(withNext(`/authenticate/role/${accountId}`, next));
      expect(selected.status).toBe(303);
      expect(selected.headers.get("location")).toBe("/dashboard");
    },
  );
});
