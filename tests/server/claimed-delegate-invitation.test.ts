// claimedDelegateInvitation(emailId) (sync/database/accounts/10_accounts.sql): after opening a claim
// link, the claim page asks whether that mail was a delegate invitation. The claimant of an invitation gets the
// investor account's name; the claimant of a plain account claim, and anyone else asking with the same mail id, get
// null.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const QUERY = "query ($id: UUID!) { claimedDelegateInvitation(emailId: $id) }";

/** A new user (terms accepted, no account chosen) who opens the claim link of `mailId`; the page it lands on. */
async function claimAs(email: string, mailId: string): Promise<{ client: TestClient; location: string | null }> {
  const client = t.client();
  expect(
    (await client.signUp({ email, password: "claimant-password-1", firstName: "C", lastName: "Laimant" })).status,
  ).toBe(200);
  await t.server.db.query(
    `insert into app_public.terms_acceptances (terms_id, user_id)
     select t.id, e.user_id from app_public.terms_of_service t, app_public.user_emails e
     where t.active and lower(e.email) = lower($1)`,
    [email],
  );
  const { rows } = await t.server.db.query<{ text_body: string }>(
    "select text_body from app_private.mail_outbox where id = $1",
    [mailId],
  );
  const token = /\/authenticate\/claim\?token=([0-9a-f]+)/.exec(rows[0]?.text_body ?? "")?.[1];
  const claimed = await client.fetch(`/authenticate/claim?token=${token}`);
  return { client, location: claimed.headers.get("location") };
}

describe("claimedDelegateInvitation", () => {
  it("names the investor account for the invitation's claimant only", async () => {
    const { rows } = await t.server.db.query<{ mail_id: string }>(
      `with a as (insert into app_public.accounts (type, name) values ('investor', 'Kite Family Trust') returning id),
            p as (insert into app_public.parties (account_id, first_name, last_name, email, allow_login)
                  select a.id, 'Kit', 'Delegate', 'kit.delegate@demo.test', true from a returning id, account_id)
       select app_private.queue_delegate_invitation(p.account_id, p.id, 'kit.delegate@demo.test', null) as mail_id
       from p`,
    );
    const mailId = rows[0]?.mail_id ?? "";
    const kit = await claimAs("kit.delegate@demo.test", mailId);
    expect(kit.location).toBe(`/account/claim?status=complete&email_id=${mailId}`);
    expect((await kit.client.graphql(QUERY, { id: mailId })).data).toEqual({
      claimedDelegateInvitation: "Kite Family Trust",
    });

    const other = t.client();
    await other.signIn("investor@demo.test");
    expect((await other.graphql(QUERY, { id: mailId })).data).toEqual({ claimedDelegateInvitation: null });
  });

  it("is null after a claim of one's own accounts", async () => {
    const { rows } = await t.server.db.query<{ mail_id: string }>(
      `with a as (insert into app_public.accounts (type, name, email)
                  values ('investor', 'Own Claim LLC', 'own.claim@demo.test') returning id)
       select app_private.queue_claim_mail('own.claim@demo.test', null) as mail_id from a`,
    );
    const mailId = rows[0]?.mail_id ?? "";
    const owner = await claimAs("own.claim@demo.test", mailId);
    expect(owner.location).toBe(`/account/claim?status=complete&email_id=${mailId}`);
    expect((await owner.client.graphql(QUERY, { id: mailId })).data).toEqual({ claimedDelegateInvitation: null });
  });
});
