// "Add as Delegate" with the client bypassed (sync/database/accounts/10_accounts.sql): a party allowed to
// log in whose email has no user gets an invitation mail through the mail outbox; signing up alone gives no access,
// opening the mail's link signed in makes the new user an admin member of the investor account (they can select
// it and land on its home); a party whose email belongs to a user is a member at once and gets no mail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const SETUP = `mutation ($accountName: String, $attestation: Boolean!, $taxId: String!, $type: String!, $formationDate: Datetime,
  $addresses: JSON!, $parties: JSON!) {
  setupAccount(input: { accountName: $accountName, attestation: $attestation, taxId: $taxId, type: $type,
    formationDate: $formationDate, addresses: $addresses, parties: $parties }) { account { id setup } } }`;

const home = {
  type: "primary",
  lineOne: "12 Harbor St",
  city: "Portland",
  province: "OR",
  postalCode: "97201",
  countryId: 840,
};

async function acceptTerms(email: string): Promise<void> {
  await t.server.db.query(
    `insert into app_public.terms_acceptances (terms_id, user_id)
     select t.id, e.user_id from app_public.terms_of_service t, app_public.user_emails e
     where t.active and lower(e.email) = lower($1)`,
    [email],
  );
}

/** A new user owning a new investor account that is not set up; signed in with it selected. */
async function newOwner(email: string, name: string): Promise<{ client: TestClient; accountId: string }> {
  const client = t.client();
  expect(
    (await client.signUp({ email, password: "owner-password-1", firstName: "Olive", lastName: "Owner" })).status,
  ).toBe(200);
  const { rows } = await t.server.db.query<{ id: string }>(
    `with u as (select user_id from app_public.user_emails where email = $1),
          a as (insert into app_public.accounts (type, name, email) values ('investor', $2, $1) returning id)
     insert into app_public.users_accounts (user_id, account_id, role) select u.user_id, a.id, 'account_owner' from u, a
     returning account_id as id`,
    [email, name],
  );
  await acceptTerms(email);
  const accountId = rows[0]?.id ?? "";
  expect((await client.selectAccount(accountId)).status).toBe(303);
  return { client, accountId };
}

async function mailsTo(address: string) {
  await t.server.mail.deliverQueued();
  const { rows } = await t.server.db.query<{ id: string; kind: string; subject: string; text_body: string }>(
    `select id, kind, subject, text_body from app_private.mail_outbox
     where lower(to_address) = lower($1) and kind = 'delegate_invitation' order by created_on`,
    [address],
  );
  return rows;
}

describe("Add as Delegate", () => {
  it("invites a person without a user; the mail's link makes them a member after they sign up", async () => {
    const { client, accountId } = await newOwner("trust.owner@demo.test", "Owner Family Trust");
    const done = await client.graphql<{ setupAccount: { account: { setup: boolean } } }>(SETUP, {
      attestation: true,
      taxId: "12-3456789",
      type: "Revocable Trust",
      accountName: "Owner Family Trust",
      formationDate: "2015-06-01T00:00:00Z",
      addresses: [home],
      parties: [
        { firstName: "Olive", lastName: "Owner", role: "Trustee", isPrimary: true },
        {
          firstName: "Dana",
          lastName: "Delegate",
          role: "Beneficiary",
          email: "Dana.Delegate@demo.test",
          allowLogin: true,
        },
        { firstName: "No", lastName: "Login", role: "Beneficiary", email: "no.login@demo.test" },
      ],
    });
    expect(done.errors).toBeUndefined();

    const [invitation, ...more] = await mailsTo("dana.delegate@demo.test");
    expect(more).toEqual([]);
    expect(invitation?.kind).toBe("delegate_invitation");
    expect(invitation?.subject).toBe("You are invited to Owner Family Trust on Ledgerline");
    expect(await mailsTo("no.login@demo.test")).toEqual([]);
    const token = /\/authenticate\/claim\?token=([0-9a-f]+)/.exec(invitation?.text_body ?? "")?.[1];
    expect(token).toBeTruthy();

    // Signing up with the address is not enough: the account is not theirs until the link is opened.
    const dana = t.client();
    expect(
      (
        await dana.signUp({
          email: "dana.delegate@demo.test",
          password: "dana-password-1",
          firstName: "Dana",
          lastName: "Delegate",
        })
      ).status,
    ).toBe(200);
    await acceptTerms("dana.delegate@demo.test");
    expect((await dana.selectAccount(accountId)).status).toBe(403);

    const claimed = await dana.fetch(`/authenticate/claim?token=${token}`);
    expect(claimed.headers.get("location")).toBe(`/account/claim?status=complete&email_id=${invitation?.id}`);
    expect(await dana.selectAccount(accountId)).toEqual({ status: 303, location: "/portfolio" });
    const me = await dana.graphql<{ currentAccount: { id: string }; currentUsersAccount: { role: string } }>(
      "{ currentAccount { id } currentUsersAccount { role } }",
    );
    expect(me.data).toEqual({ currentAccount: { id: accountId }, currentUsersAccount: { role: "account_admin" } });
    const { rows: party } = await t.server.db.query<{ linked: boolean }>(
      `select p.user_id = e.user_id as linked from app_public.parties p, app_public.user_emails e
       where p.account_id = $1 and p.first_name = 'Dana' and e.email = 'dana.delegate@demo.test'`,
      [accountId],
    );
    expect(party).toEqual([{ linked: true }]);

    // The link works once.
    const again = await dana.fetch(`/authenticate/claim?token=${token}`);
    expect(again.headers.get("location")).toContain("status=used");
  });

  it("makes a known user a member at once, without a mail", async () => {
    const { client, accountId } = await newOwner("llc.owner@demo.test", "Owner Ventures LLC");
    const done = await client.graphql(SETUP, {
      attestation: true,
      taxId: "98-7654321",
      type: "LLC",
      accountName: "Owner Ventures LLC",
      formationDate: "2018-03-01T00:00:00Z",
      addresses: [home],
      parties: [
        { firstName: "Olive", lastName: "Owner", role: "Managing Member", isPrimary: true },
        { firstName: "Kim", lastName: "Family", role: "Partner", email: "investor2@demo.test", allowLogin: true },
      ],
    });
    expect(done.errors).toBeUndefined();
    expect(await mailsTo("investor2@demo.test")).toEqual([]);
    const kim = t.client();
    expect((await kim.signIn("investor2@demo.test")).status).toBe(200);
    expect(await kim.selectAccount(accountId)).toEqual({ status: 303, location: "/portfolio" });
  });
});
