// Account settings (issue 22 item 7, spec part 1 section 6): owners and admins change their account's contact
// details (updateAccountById) and addresses (updateAddressById); a viewer, or anyone acting as another account, is
// refused through GraphQL and through POST /api/v2/commands, and the refusal changes nothing. The personal data
// (SSN last 4, addresses, parties) reads only to the account's members (docs/PERMISSIONS.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendCommand } from "../helpers/commands.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const accountIds = new Map<string, string>();

const ISSUER = "Northwind Renewables, Inc.";
const KIM = "Kim Family Trust";
const EMMA = "Emma Lawson";
const BROKER = "Harborview Capital Markets LLC";

beforeAll(async () => {
  t = await startTestServer();
  const { rows } = await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts");
  for (const row of rows) accountIds.set(row.name, row.id);
});
afterAll(async () => {
  await t?.close();
});

const idOf = (name: string) => {
  const id = accountIds.get(name);
  if (!id) throw new Error(`demo account ${name} not found`);
  return id;
};

interface Session {
  client: TestClient;
  userId: string;
  accountId: string;
}

async function as(email: string, accountName: string): Promise<Session> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  expect((await client.selectAccount(idOf(accountName))).status).toBe(303);
  const me = await client.graphql<{ currentUser: { id: string } }>("{ currentUser { id } }");
  const userId = me.data?.currentUser.id;
  if (!userId) throw new Error(`no current user for ${email}`);
  return { client, userId, accountId: idOf(accountName) };
}

/** The mutation as the device's outbox sends it. */
function command(who: Session, mutation: string, variables: { input: Record<string, unknown> }) {
  return sendCommand(who, "account-settings-test", mutation, variables.input);
}

const UPDATE_ACCOUNT = `mutation ($id: UUID!, $patch: AccountPatch!) {
  updateAccountById(input: { id: $id, patch: $patch }) { account { id url supportEmail } } }`;
const UPDATE_ADDRESS = `mutation ($id: UUID!, $patch: AddressPatch!) {
  updateAddressById(input: { id: $id, patch: $patch }) { address { id lineOne } } }`;

async function accountRow(name: string) {
  const { rows } = await t.server.db.query<{ url: string | null; support_email: string | null; email: string }>(
    "select url, support_email, email from app_public.accounts where id = $1",
    [idOf(name)],
  );
  return rows[0];
}

async function addressOf(accountName: string): Promise<{ id: string; line_one: string }> {
  const { rows } = await t.server.db.query<{ id: string; line_one: string }>(
    `select ad.id, ad.line_one from app_public.addresses ad
       join app_public.account_addresses aa on aa.address_id = ad.id and aa.account_id = $1
     union all
     select ad.id, ad.line_one from app_public.addresses ad
       join app_public.party_addresses pa on pa.address_id = ad.id
       join app_public.parties p on p.id = pa.party_id and p.account_id = $1
     order by 1 limit 1`,
    [idOf(accountName)],
  );
  const row = rows[0];
  if (!row) throw new Error(`no address of ${accountName}`);
  return row;
}

/** Every refusal leaves the row as it was. */
async function unchanged<T>(read: () => Promise<T>, attempt: () => Promise<void>): Promise<void> {
  const before = await read();
  await attempt();
  expect(await read()).toEqual(before);
}

describe("contact details (updateAccountById)", () => {
  it("an investor owner changes its own account's contact details, through GraphQL and as a command", async () => {
    const kim = await as("investor2@demo.test", KIM);
    const answer = await kim.client.graphql(UPDATE_ACCOUNT, {
      id: kim.accountId,
      patch: { url: "https://kim-trust.example", supportEmail: "office@kim-trust.example" },
    });
    expect(answer.errors).toBeUndefined();
    expect(await accountRow(KIM)).toMatchObject({
      url: "https://kim-trust.example",
      support_email: "office@kim-trust.example",
    });
    expect(
      await command(kim, "updateAccountById", { input: { id: kim.accountId, patch: { url: "https://kim.example" } } }),
    ).toMatchObject({ status: "accepted" });
    expect((await accountRow(KIM))?.url).toBe("https://kim.example");
  });

  it("an issuer admin changes the issuer's contact details", async () => {
    const admin = await as("multi@demo.test", ISSUER);
    expect(
      await command(admin, "updateAccountById", {
        input: { id: admin.accountId, patch: { supportEmail: "help@northwind-renewables.example" } },
      }),
    ).toMatchObject({ status: "accepted" });
    expect((await accountRow(ISSUER))?.support_email).toBe("help@northwind-renewables.example");
  });

  it("refuses a viewer, through GraphQL and as a command, and changes nothing", async () => {
    for (const [email, account] of [
      ["issuer-viewer@demo.test", ISSUER],
      ["multi@demo.test", BROKER],
    ] as const) {
      const viewer = await as(email, account);
      await unchanged(
        () => accountRow(account),
        async () => {
          const answer = await viewer.client.graphql(UPDATE_ACCOUNT, {
            id: viewer.accountId,
            patch: { url: "https://viewer.example" },
          });
          expect(answer.errors?.[0]?.extensions?.code, `${email} GraphQL`).toBe("LL403");
          const result = await command(viewer, "updateAccountById", {
            input: { id: viewer.accountId, patch: { url: "https://viewer.example" } },
          });
          expect(result, `${email} command`).toMatchObject({ status: "rejected", errorCode: "LL403" });
        },
      );
    }
  });

  it("refuses an owner acting on another account, and changes nothing", async () => {
    const emma = await as("investor@demo.test", EMMA);
    const broker = await as("broker@demo.test", BROKER);
    for (const [who, target] of [
      [emma, KIM],
      [broker, ISSUER],
    ] as const) {
      await unchanged(
        () => accountRow(target),
        async () => {
          const answer = await who.client.graphql(UPDATE_ACCOUNT, {
            id: idOf(target),
            patch: { url: "https://intruder.example" },
          });
          expect(answer.errors?.[0]?.extensions?.code, `GraphQL on ${target}`).toMatch(/^LL40[34]$/);
          const result = await command(who, "updateAccountById", {
            input: { id: idOf(target), patch: { url: "https://intruder.example" } },
          });
          expect(result.status, `command on ${target}`).toBe("rejected");
          expect(result.errorCode, `command on ${target}`).toMatch(/^LL40[34]$/);
        },
      );
    }
  });

  it("refuses a change of the account's name or slug (the settings show them, they do not edit them) with LL403", async () => {
    const identity = async (name: string) =>
      (
        await t.server.db.query<{ name: string; slug: string | null }>(
          "select name, slug from app_public.accounts where id = $1",
          [idOf(name)],
        )
      ).rows[0];
    const kim = await as("investor2@demo.test", KIM);
    const owner = await as("issuer@demo.test", ISSUER);
    const admin = await as("multi@demo.test", ISSUER);
    for (const [who, account, patch] of [
      [kim, KIM, { name: "Kim Holdings" }],
      [owner, ISSUER, { slug: "northwind" }],
      [admin, ISSUER, { name: "Northwind Renamed", url: "https://renamed.example" }],
    ] as const) {
      await unchanged(
        async () => ({ ...(await identity(account)), url: (await accountRow(account))?.url }),
        async () => {
          const answer = await who.client.graphql(UPDATE_ACCOUNT, { id: who.accountId, patch });
          expect(answer.errors?.[0]?.extensions?.code).toBe("LL403");
          expect(await command(who, "updateAccountById", { input: { id: who.accountId, patch } })).toMatchObject({
            status: "rejected",
            errorCode: "LL403",
          });
        },
      );
    }
    // the same name and slug in a patch are no change
    const same = await identity(ISSUER);
    expect(
      await command(owner, "updateAccountById", {
        input: { id: owner.accountId, patch: { name: same?.name, url: "https://northwind.example" } },
      }),
    ).toMatchObject({ status: "accepted" });
    expect(await identity(ISSUER)).toEqual(same);
  });

  it("refuses fields the settings do not edit (the tax number), and a malformed email, naming the problem", async () => {
    const kim = await as("investor2@demo.test", KIM);
    const before = await t.server.db.query(
      "select tax_short from app_private.account_personal_data where account_id = $1",
      [kim.accountId],
    );
    const tax = await command(kim, "updateAccountById", { input: { id: kim.accountId, patch: { taxShort: "0000" } } });
    expect(tax).toMatchObject({ status: "rejected", errorCode: "LL403" });
    const bad = await command(kim, "updateAccountById", {
      input: { id: kim.accountId, patch: { email: "not-an-email" } },
    });
    expect(bad.status).toBe("rejected");
    expect(bad.errorCode).toBe("LL422");
    const after = await t.server.db.query(
      "select tax_short from app_private.account_personal_data where account_id = $1",
      [kim.accountId],
    );
    expect(after.rows).toEqual(before.rows);
    expect((await accountRow(KIM))?.email).toBe("investor2@demo.test");
  });
});

describe("addresses (updateAddressById)", () => {
  it("an investor owner corrects its party's address; an issuer admin the issuer's", async () => {
    const kim = await as("investor2@demo.test", KIM);
    const trustee = await addressOf(KIM);
    const answer = await kim.client.graphql(UPDATE_ADDRESS, { id: trustee.id, patch: { lineOne: "17 Harbor Lane" } });
    expect(answer.errors).toBeUndefined();
    expect((await addressOf(KIM)).line_one).toBe("17 Harbor Lane");

    const admin = await as("multi@demo.test", ISSUER);
    const office = await addressOf(ISSUER);
    expect(
      await command(admin, "updateAddressById", { input: { id: office.id, patch: { lineOne: "1300 Harbor Way" } } }),
    ).toMatchObject({ status: "accepted" });
    expect((await addressOf(ISSUER)).line_one).toBe("1300 Harbor Way");
  });

  it("refuses a viewer and another account, through GraphQL and as a command, and changes nothing", async () => {
    const viewer = await as("issuer-viewer@demo.test", ISSUER);
    const emma = await as("investor@demo.test", EMMA);
    const broker = await as("broker@demo.test", BROKER);
    for (const [who, target, label] of [
      [viewer, ISSUER, "issuer viewer"],
      [emma, KIM, "another investor"],
      [broker, ISSUER, "a broker on the issuer"],
    ] as const) {
      const address = await addressOf(target);
      await unchanged(
        () => addressOf(target),
        async () => {
          const answer = await who.client.graphql(UPDATE_ADDRESS, { id: address.id, patch: { lineOne: "Nowhere 1" } });
          expect(answer.errors?.[0]?.extensions?.code, `${label}: GraphQL`).toMatch(/^LL40[34]$/);
          const result = await command(who, "updateAddressById", {
            input: { id: address.id, patch: { lineOne: "Nowhere 1" } },
          });
          expect(result.status, `${label}: command`).toBe("rejected");
          expect(result.errorCode, `${label}: command`).toMatch(/^LL40[34]$/);
        },
      );
    }
  });
});

describe("personal data", () => {
  const PERSONAL = `query ($id: UUID!) { accountById(id: $id) {
    taxShort
    accountAddresses { nodes { address { lineOne } } }
    parties { nodes { firstName lastName role partyAddresses { nodes { address { lineOne } } } } } } }`;
  type Personal = {
    accountById: {
      taxShort: string | null;
      accountAddresses: { nodes: unknown[] };
      parties: { nodes: Array<{ firstName: string; partyAddresses: { nodes: unknown[] } }> };
    } | null;
  };

  it("reads the SSN last 4, addresses and parties to the account's members only", async () => {
    const kim = await as("investor2@demo.test", KIM);
    const own = await kim.client.graphql<Personal>(PERSONAL, { id: kim.accountId });
    expect(own.data?.accountById?.taxShort).toBe("7310");
    expect(own.data?.accountById?.parties.nodes.map((p) => p.firstName)).toEqual(["Daniel"]);
    expect(own.data?.accountById?.parties.nodes[0]?.partyAddresses.nodes).toHaveLength(1);

    // The issuer sees the trust on its cap table, not its personal data.
    const issuer = await as("issuer@demo.test", ISSUER);
    const other = await issuer.client.graphql<Personal>(PERSONAL, { id: idOf(KIM) });
    expect(other.data?.accountById).toMatchObject({
      taxShort: null,
      accountAddresses: { nodes: [] },
      parties: { nodes: [] },
    });
  });
});

describe("the account_details read model (the panel's addresses and parties, offline too)", () => {
  interface Located {
    id: string;
    type: string;
    address: { id: string; lineOne: string };
  }
  interface Details {
    id: string;
    accountId: string;
    addresses: Located[];
    parties: Array<{ firstName: string; lastName: string; addresses: Located[] }>;
    _deleted?: boolean;
  }
  async function pull(who: Session): Promise<Details[]> {
    const response = await who.client.fetch("/api/v2/pull", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "account_details", afterTxid: "0", afterSeq: "0", limit: 1000 }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { documents: Details[] }).documents.filter((d) => !d._deleted);
  }

  it("gives an account's members its own addresses and parties only, and follows an address's correction", async () => {
    const kim = await as("investor2@demo.test", KIM);
    const [details, ...others] = await pull(kim);
    expect(others).toEqual([]);
    expect(details?.id).toBe(kim.accountId);
    const { rows: parties } = await t.server.db.query<{ first_name: string }>(
      "select first_name from app_public.parties where account_id = $1",
      [kim.accountId],
    );
    expect(details?.parties.map((p) => p.firstName).sort()).toEqual(parties.map((p) => p.first_name).sort());
    const stored = await addressOf(KIM);
    const located = [...(details?.addresses ?? []), ...(details?.parties.flatMap((p) => p.addresses) ?? [])];
    expect(located.map((l) => l.address.id)).toContain(stored.id);

    // another investor and an issuer of the same books get only their own account's document
    for (const [email, account] of [
      ["investor@demo.test", EMMA],
      ["issuer@demo.test", ISSUER],
    ] as const) {
      const documents = await pull(await as(email, account));
      expect(documents.map((d) => d.id)).toEqual([idOf(account)]);
    }

    // a corrected address (a queued command) reaches the document
    expect(
      await command(kim, "updateAddressById", { input: { id: stored.id, patch: { lineOne: "9 Offline Row" } } }),
    ).toMatchObject({ status: "accepted" });
    const [after] = await pull(kim);
    const lines = [...(after?.addresses ?? []), ...(after?.parties.flatMap((p) => p.addresses) ?? [])]
      .filter((l) => l.address.id === stored.id)
      .map((l) => l.address.lineOne);
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines)).toEqual(new Set(["9 Offline Row"]));
  });
});
