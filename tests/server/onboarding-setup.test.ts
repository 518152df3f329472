// setupAccount with the client bypassed: the rules of spec part 1 sections 2.6 and 5 raised with their codes, who
// may set up an account, and what a successful setup writes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const accountIds = new Map<string, string>();

beforeAll(async () => {
  t = await startTestServer();
  const { rows } = await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts");
  for (const row of rows) accountIds.set(row.name, row.id);
});
afterAll(async () => {
  await t?.close();
});

async function as(email: string, accountName: string): Promise<TestClient> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  expect((await client.selectAccount(accountIds.get(accountName) ?? "")).status).toBe(303);
  return client;
}

const SETUP = `mutation ($accountName: String, $attestation: Boolean!, $taxId: String!, $type: String!, $formationDate: Datetime,
  $addresses: JSON!, $parties: JSON!, $phone: String) {
  setupAccount(input: { accountName: $accountName, attestation: $attestation, taxId: $taxId, type: $type,
    formationDate: $formationDate, addresses: $addresses, parties: $parties, phone: $phone }) {
    account { id name setup formationDate investorType taxShort } } }`;

const home = {
  type: "primary",
  lineOne: "12 Harbor St",
  city: "Portland",
  province: "OR",
  postalCode: "97201",
  countryId: 840,
};
const person = {
  firstName: "Priya",
  lastName: "Shah",
  dateOfBirth: "1990-05-01T00:00:00Z",
  taxId: "123-45-6789",
  usCitizen: true,
};
const valid = {
  attestation: true,
  taxId: "123-45-6789",
  type: "Individual",
  addresses: [home],
  parties: [person],
  phone: "+1 503 555 0100",
};

type Setup = {
  setupAccount: {
    account: { name: string; setup: boolean; formationDate: string; investorType: string; taxShort: string };
  };
};

describe("setupAccount", () => {
  it("refuses each broken rule with its code, then sets up an individual account from the person's details", async () => {
    const priya = await as("newinvestor@demo.test", "Priya Shah");
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ attestation: false }, "1302 Please accept the attestation to proceed."],
      [{ type: "Space Trust" }, "1303 Investor type is required."],
      [{ taxId: " " }, "1312 Tax ID is required. If not applicable, enter 000"],
      [{ addresses: [{ ...home, lineOne: "" }] }, "1313 Street address is required."],
      [{ addresses: [{ ...home, city: "" }] }, "1314 City is required."],
      [{ addresses: [{ ...home, province: "Ontario" }] }, "1315 State/Province is required."],
      [{ addresses: [{ ...home, postalCode: " " }] }, "1316 Postal code is required, enter N/A if not applicable."],
      [{ addresses: [{ ...home, countryId: null }] }, "1317 Country is required"],
      [
        { parties: [person, { firstName: "Ann", lastName: "Lee" }] },
        "1318 Additional parties can be added only for types other than Individual and Sole Proprietorship.",
      ],
      [{ parties: [{ ...person, dateOfBirth: future }] }, "1311 Date of birth must not be in the future."],
      [{ phone: "+0123" }, "1318 Phone number must be a + followed by up to 15 digits."],
      [{ type: "LLC", accountName: "" }, "1304 Account name is required."],
      [{ type: "LLC", accountName: "Shah Ventures LLC", formationDate: null }, "1310 Formation date is required."],
      [
        { type: "LLC", accountName: "Shah Ventures LLC", formationDate: future },
        "1311 Formation date must not be in the future.",
      ],
      [
        {
          type: "LLC",
          accountName: "Shah Ventures LLC",
          formationDate: "2020-01-01T00:00:00Z",
          parties: [{ ...person, role: "Captain" }],
        },
        "1318 Party role is not valid.",
      ],
    ];
    for (const [change, message] of cases) {
      const refused = await priya.graphql(SETUP, { ...valid, ...change });
      expect(refused.errors?.[0]?.message, message).toBe(message);
      expect(refused.errors?.[0]?.extensions?.code).toBe("LL422");
    }
    const { rows: untouched } = await t.server.db.query<{ setup: boolean }>(
      "select setup from app_public.accounts where id = $1",
      [accountIds.get("Priya Shah")],
    );
    expect(untouched[0]?.setup).toBe(false);

    const done = await priya.graphql<Setup>(SETUP, {
      ...valid,
      addresses: [home, { ...home, lineOne: "Ignored duplicate" }],
      accountName: "ignored",
    });
    expect(done.errors).toBeUndefined();
    expect(done.data?.setupAccount.account).toMatchObject({
      name: "Priya Shah",
      setup: true,
      formationDate: "1990-05-01",
      investorType: "Individual",
      taxShort: "6789",
    });
    const { rows: addresses } = await t.server.db.query<{ type: string; line_one: string; postal_code: string }>(
      `select aa.type, a.line_one, a.postal_code from app_public.account_addresses aa join app_public.addresses a on a.id = aa.address_id
       where aa.account_id = $1 order by aa.type`,
      [accountIds.get("Priya Shah")],
    );
    // One address: it is also the mailing address; the duplicate primary was dropped.
    expect(addresses).toEqual([
      { type: "mailing", line_one: "12 Harbor St", postal_code: "97201" },
      { type: "primary", line_one: "12 Harbor St", postal_code: "97201" },
    ]);
    const { rows: phones } = await t.server.db.query<{ phone: string }>(
      "select phone from app_public.account_phone_numbers where account_id = $1",
      [accountIds.get("Priya Shah")],
    );
    expect(phones).toEqual([{ phone: "+15035550100" }]);

    const again = await priya.graphql(SETUP, valid);
    expect(again.errors?.[0]?.message).toBe("1301 This account is already set up.");
  });

  it("is only for the investor account's owner or admin", async () => {
    const issuer = await as("issuer@demo.test", "Northwind Renewables, Inc.");
    expect((await issuer.graphql(SETUP, valid)).errors?.[0]?.message).toBe("1300 Operation not allowed");
  });

  it("sets a joint account's formation date to today and keeps the other parties, making a delegate of a known user", async () => {
    // A fresh investor account owned by a new user.
    const client = t.client();
    expect(
      (
        await client.signUp({
          email: "joint@demo.test",
          password: "joint-password-1",
          firstName: "Sam",
          lastName: "Joint",
        })
      ).status,
    ).toBe(200);
    const { rows } = await t.server.db.query<{ id: string; user_id: string }>(
      `with u as (select user_id from app_public.user_emails where email = 'joint@demo.test'),
            a as (insert into app_public.accounts (type, name, email) values ('investor', 'Sam Joint', 'joint@demo.test') returning id)
       insert into app_public.users_accounts (user_id, account_id, role) select u.user_id, a.id, 'account_owner' from u, a
       returning account_id as id, user_id`,
    );
    await t.server.db.query(
      `insert into app_public.terms_acceptances (terms_id, user_id) select t.id, $1 from app_public.terms_of_service t where t.active`,
      [rows[0]?.user_id],
    );
    const accountId = rows[0]?.id ?? "";
    expect((await client.selectAccount(accountId)).status).toBe(303);
    const done = await client.graphql<Setup>(SETUP, {
      ...valid,
      type: "Joint TIC",
      accountName: "Sam and Alex Joint",
      formationDate: "2001-01-01T00:00:00Z",
      parties: [
        { firstName: "Sam", lastName: "Joint", role: "Individual", isPrimary: true },
        {
          firstName: "Emma",
          lastName: "Lawson",
          email: "investor@demo.test",
          role: "Beneficiary",
          allowLogin: true,
          addresses: [home],
        },
      ],
    });
    expect(done.errors).toBeUndefined();
    const today = new Date().toISOString().slice(0, 10);
    expect(done.data?.setupAccount.account.formationDate).toBe(today);
    const { rows: parties } = await t.server.db.query<{
      first_name: string;
      role: string;
      allow_login: boolean;
      addresses: string;
    }>(
      `select p.first_name, p.role, p.allow_login, (select count(*)::text from app_public.party_addresses pa where pa.party_id = p.id) as addresses
       from app_public.parties p where p.account_id = $1 order by p.first_name`,
      [accountId],
    );
    expect(parties).toEqual([
      { first_name: "Emma", role: "Beneficiary", allow_login: true, addresses: "2" },
      { first_name: "Sam", role: "Individual", allow_login: false, addresses: "0" },
    ]);
    const { rows: members } = await t.server.db.query<{ role: string }>(
      `select ua.role from app_public.users_accounts ua join app_public.user_emails e on e.user_id = ua.user_id
       where ua.account_id = $1 and e.email = 'investor@demo.test'`,
      [accountId],
    );
    expect(members).toEqual([{ role: "account_admin" }]);
  });
});
