// Issue 13 items 1, 2, 3 and 14 tried as an outside client would, with the client bypassed: GraphQL through the real
// server, the command endpoint (POST /api/v2/commands) for every refused mutation, and the pull (POST /api/v2/pull)
// for every read. Each refusal is checked to leave the database as it was.
//   1. The owner's membership cannot be edited and nobody becomes owner (0800).
//   2. A broker managing a round changes none of the issuer's round, tranche bond data or security (0801).
//   3. Investors' personal fields (taxShort, dateOfBirth, an investor's formationDate) answer only to the account's
//      members; agents read no notes on distributions (0803).
//  14. Distribution.paidInCapital: the issuer's GraphQL figure equals the pulled document's for a distribution whose
//      payments a broker recorded (0802).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const accountIds = new Map<string, string>();

const ISSUER = "Northwind Renewables, Inc.";
const BROKER = "Harborview Capital Markets LLC";
const ATS = "Meridian Alternative Exchange";
const AGENT = "Keystone Transfer Agents";

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

/** The mutation as the device's outbox sends it; returns the command's result. */
async function command(
  who: Session,
  mutation: string,
  variables: Record<string, unknown>,
): Promise<{ status: string; errorCode: string | null; errorMessage: string | null }> {
  const response = await who.client.fetch("/api/v2/commands", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify([
      {
        key: crypto.randomUUID(),
        mutation,
        variables,
        userId: who.userId,
        accountId: who.accountId,
        createdOn: new Date().toISOString(),
        deviceId: "permissions-test",
        seq: 1,
      },
    ]),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as {
    results: Array<{ status: string; errorCode: string | null; errorMessage: string | null }>;
  };
  const result = body.results[0];
  if (!result) throw new Error("no command result");
  return result;
}

/** Every document of a model the session may pull, from the start. */
async function pullAll(who: Session, model: string): Promise<Array<Record<string, unknown>>> {
  const documents: Array<Record<string, unknown>> = [];
  let after = { txid: "0", seq: "0" };
  for (let page = 0; page < 50; page++) {
    const response = await who.client.fetch("/api/v2/pull", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model, afterTxid: after.txid, afterSeq: String(after.seq), limit: 500 }),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`pull ${model}: ${response.status} ${text}`);
    const batch = JSON.parse(text) as {
      documents: Array<Record<string, unknown>>;
      checkpoint: { txid: string; seq: string };
    };
    documents.push(...batch.documents);
    if (batch.documents.length < 500) return documents;
    after = batch.checkpoint;
  }
  throw new Error(`pull ${model}: too many pages`);
}

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await t.server.db.query<T>(sql, params);
  if (rows.length !== 1 || !rows[0]) throw new Error(`expected one row: ${sql}`);
  return rows[0];
}

const membershipOf = (email: string, account: string) =>
  one<{ id: string; role: string; status: string }>(
    `select ua.id, ua.role, ua.status from app_public.users_accounts ua
       join app_public.user_emails e on e.user_id = ua.user_id
      where lower(e.email) = $1 and ua.account_id = $2`,
    [email, idOf(account)],
  );

const UPDATE_MEMBERSHIP = `mutation ($id: UUID!, $patch: UsersAccountPatch!) {
  updateUsersAccountById(input: { id: $id, patch: $patch }) { usersAccount { id role status } } }`;

describe("1. the owner's membership", () => {
  it("an account admin can neither demote nor suspend the owner, nor make anyone owner; nothing changes", async () => {
    // multi@demo.test is an admin of Northwind; issuer@demo.test its owner; issuer-viewer@demo.test a viewer
    const admin = await as("multi@demo.test", ISSUER);
    const owner = await membershipOf("issuer@demo.test", ISSUER);
    const viewer = await membershipOf("issuer-viewer@demo.test", ISSUER);
    expect(owner.role).toBe("account_owner");

    const attempts: Array<[string, Record<string, unknown>]> = [
      [owner.id, { role: "account_admin" }],
      [owner.id, { role: "account_viewer" }],
      [owner.id, { status: "suspended" }],
      [viewer.id, { role: "account_owner" }],
    ];
    for (const [id, patch] of attempts) {
      const answer = await admin.client.graphql(UPDATE_MEMBERSHIP, { id, patch });
      expect(answer.errors?.[0]?.extensions?.code, JSON.stringify(patch)).toBe("LL403");
      expect(answer.errors?.[0]?.message).toBe("Operation not allowed");
      const result = await command(admin, "updateUsersAccountById", { input: { id, patch } });
      expect(result).toMatchObject({ status: "rejected", errorCode: "LL403" });
    }
    expect(await membershipOf("issuer@demo.test", ISSUER)).toEqual(owner);
    expect(await membershipOf("issuer-viewer@demo.test", ISSUER)).toEqual(viewer);
  });

  it("the owner cannot change its own row either; delegates' rows stay editable", async () => {
    const ownerSession = await as("issuer@demo.test", ISSUER);
    const owner = await membershipOf("issuer@demo.test", ISSUER);
    const answer = await ownerSession.client.graphql(UPDATE_MEMBERSHIP, {
      id: owner.id,
      patch: { status: "suspended" },
    });
    expect(answer.errors?.[0]?.extensions?.code).toBe("LL403");
    expect(await membershipOf("issuer@demo.test", ISSUER)).toEqual(owner);

    const viewer = await membershipOf("issuer-viewer@demo.test", ISSUER);
    const changed = await ownerSession.client.graphql<{
      updateUsersAccountById: { usersAccount: { role: string } };
    }>(UPDATE_MEMBERSHIP, { id: viewer.id, patch: { role: "account_admin" } });
    expect(changed.errors).toBeUndefined();
    expect(changed.data?.updateUsersAccountById.usersAccount.role).toBe("account_admin");
    await t.server.db.query("update app_public.users_accounts set role = $2 where id = $1", [viewer.id, viewer.role]);
  });
});

describe("2. a broker managing a round", () => {
  const roundRow = (name: string) =>
    one<Record<string, unknown>>(
      `select r.*, to_jsonb(t) as tranche, to_jsonb(s) as security from app_public.rounds r
         left join app_public.tranche_bond_data t on t.round_id = r.id
         left join app_public.securities s on s.id = r.security_id
        where r.name = $1`,
      [name],
    );

  it("manages Series A (accepted) but changes none of its issuer-only fields, on GraphQL or as commands", async () => {
    const broker = await as("broker@demo.test", BROKER);
    const before = await roundRow("Series A");
    const id = before.id as string;
    const securityId = before.security_id as string;
    const attempts: Array<[string, Record<string, unknown>]> = [
      ["updateRoundById", { input: { id, patch: { price: "0.01" } } }],
      ["updateRoundById", { input: { id, patch: { total: "1" } } }],
      ["updateRoundById", { input: { id, patch: { status: "closed" } } }],
      ["updateRoundById", { input: { id, patch: { closesOn: "2020-01-01T00:00:00Z" } } }],
      ["updateRoundById", { input: { id, patch: { termsUrl: "https://evil.example" } } }],
      ["updateRoundById", { input: { id, patch: { managedUnits: "1" } } }],
      ["updateSecurityById", { input: { id: securityId, patch: { unitValue: "0.01" } } }],
    ];
    for (const [mutation, variables] of attempts) {
      const input = variables.input as { id: string; patch: Record<string, unknown> };
      const patchType = mutation === "updateRoundById" ? "RoundPatch" : "SecurityPatch";
      const field = mutation === "updateRoundById" ? "round" : "security";
      const answer = await broker.client.graphql(
        `mutation ($id: UUID!, $patch: ${patchType}!) { ${mutation}(input: { id: $id, patch: $patch }) { ${field} { id } } }`,
        input,
      );
      expect(answer.errors?.[0]?.extensions?.code, JSON.stringify(variables)).toBe("LL403");
      expect(await command(broker, mutation, variables)).toMatchObject({ status: "rejected", errorCode: "LL403" });
    }
    expect(await roundRow("Series A")).toEqual(before);
  });

  it("cannot change a debt round's tranche bond data even after accepting to manage it", async () => {
    const broker = await as("broker@demo.test", BROKER);
    const invitation = await one<{ id: string; status: string }>(
      `select ba.id, ba.status from app_public.broker_allocations ba join app_public.rounds r on r.id = ba.round_id
        where r.name = 'Tranche A' and ba.broker_id = $1`,
      [idOf(BROKER)],
    );
    await t.server.db.query("update app_public.broker_allocations set status = 'accepted' where id = $1", [
      invitation.id,
    ]);
    try {
      const before = await roundRow("Tranche A");
      const variables = { input: { roundId: before.id, patch: { coupon: "99", term: "1" } } };
      const answer = await broker.client.graphql(
        `mutation ($roundId: UUID!, $patch: TrancheBondDatumPatch!) {
          updateTrancheBondDatumByRoundId(input: { roundId: $roundId, patch: $patch }) { trancheBondDatum { id } } }`,
        variables.input,
      );
      expect(answer.errors?.[0]?.extensions?.code).toBe("LL403");
      expect(await command(broker, "updateTrancheBondDatumByRoundId", variables)).toMatchObject({
        status: "rejected",
        errorCode: "LL403",
      });
      expect(await roundRow("Tranche A")).toEqual(before);
    } finally {
      await t.server.db.query("update app_public.broker_allocations set status = $2 where id = $1", [
        invitation.id,
        invitation.status,
      ]);
    }
  });

  it("the issuer still edits its round", async () => {
    const issuer = await as("issuer@demo.test", ISSUER);
    const before = await roundRow("Series A");
    const answer = await issuer.client.graphql<{ updateRoundById: { round: { price: string } } }>(
      `mutation ($id: UUID!) { updateRoundById(input: { id: $id, patch: { price: "1.75" } }) { round { price } } }`,
      { id: before.id },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.updateRoundById.round.price).toBe("1.75");
    await t.server.db.query("update app_public.rounds set price = $2 where id = $1", [before.id, before.price]);
  });
});

describe("3. personal data", () => {
  const PERSONAL = "{ allAccounts { nodes { id name type taxShort dateOfBirth formationDate } } }";
  type AccountNode = {
    id: string;
    name: string;
    type: string;
    taxShort: string | null;
    dateOfBirth: string | null;
    formationDate: string | null;
  };

  it("the demo investors have the fields (the test can fail)", async () => {
    const emma = await one<{ tax_short: string | null; date_of_birth: string | null }>(
      `select p.tax_short, p.date_of_birth::text from app_private.account_personal_data p
         join app_public.accounts a on a.id = p.account_id where a.name = 'Emma Lawson'`,
    );
    expect(emma.tax_short).toBe("4821");
    expect(emma.date_of_birth).toBeTruthy();
  });

  for (const [email, account] of [
    ["ats@demo.test", ATS],
    ["agent@demo.test", AGENT],
    ["issuer@demo.test", ISSUER],
    ["broker@demo.test", BROKER],
  ] as const) {
    it(`${account} reads investors' names but not their tax id, date of birth or formation date (GraphQL and pull)`, async () => {
      const who = await as(email, account);
      const answer = await who.client.graphql<{ allAccounts: { nodes: AccountNode[] } }>(PERSONAL);
      expect(answer.errors).toBeUndefined();
      const investors = answer.data?.allAccounts.nodes.filter((a) => a.type === "investor") ?? [];
      expect(investors.length).toBeGreaterThan(0);
      for (const investor of investors) {
        expect(investor, investor.name).toMatchObject({ taxShort: null, dateOfBirth: null, formationDate: null });
      }
      // (an agent's pull carries no investor accounts at all; the others' do)
      const pulled = (await pullAll(who, "accounts")).filter((doc) => doc.type === "investor");
      if (account !== AGENT) expect(pulled.length).toBeGreaterThan(0);
      for (const doc of pulled) {
        expect(doc, String(doc.name)).toMatchObject({ taxShort: null, dateOfBirth: null, formationDate: null });
      }
      // nor by filtering or sorting on them
      const filtered = await who.client.graphql('{ allAccounts(condition: { taxShort: "4821" }) { nodes { id } } }');
      expect(filtered.errors?.length).toBeGreaterThan(0);
      const sorted = await who.client.graphql("{ allAccounts(orderBy: TAX_SHORT_ASC) { nodes { id } } }");
      expect(sorted.errors?.length).toBeGreaterThan(0);
      // the filters see the computed columns, i.e. the masked values: they find nobody (Emma's is 4821)
      for (const query of [
        '{ allAccounts(filter: { taxShort: { equalTo: "4821" } }) { nodes { id } } }',
        "{ allAccounts(filter: { dateOfBirth: { isNull: false } }) { nodes { id } } }",
      ]) {
        const answer = await who.client.graphql<{ allAccounts: { nodes: unknown[] } }>(query);
        expect(answer.errors, query).toBeUndefined();
        expect(answer.data?.allAccounts.nodes, query).toEqual([]);
      }
    });
  }

  it("the investor reads its own (GraphQL and pull)", async () => {
    const emma = await as("investor@demo.test", "Emma Lawson");
    const stored = await one<{ tax_short: string; date_of_birth: string }>(
      `select p.tax_short, p.date_of_birth::text from app_private.account_personal_data p
         join app_public.accounts a on a.id = p.account_id where a.name = 'Emma Lawson'`,
    );
    const answer = await emma.client.graphql<{ allAccounts: { nodes: AccountNode[] } }>(PERSONAL);
    const own = answer.data?.allAccounts.nodes.find((a) => a.name === "Emma Lawson");
    expect(own).toMatchObject({ taxShort: stored.tax_short, dateOfBirth: stored.date_of_birth });
    const pulled = (await pullAll(emma, "accounts")).find((doc) => doc.name === "Emma Lawson");
    expect(pulled).toMatchObject({ taxShort: stored.tax_short, dateOfBirth: stored.date_of_birth });
  });

  it("an investor's formation date answers only to its members; an issuer's stays readable to others", async () => {
    await t.server.db.query(
      `update app_public.accounts set formation_date = '2015-06-01'
        where name in ('Kim Family Trust', 'Northwind Renewables, Inc.')`,
    );
    try {
      for (const [email, account] of [
        ["ats@demo.test", ATS],
        ["broker@demo.test", BROKER],
      ] as const) {
        const who = await as(email, account);
        const answer = await who.client.graphql<{ allAccounts: { nodes: AccountNode[] } }>(PERSONAL);
        const nodes = answer.data?.allAccounts.nodes ?? [];
        expect(nodes.find((a) => a.name === ISSUER)?.formationDate, account).toBe("2015-06-01");
        const trust = nodes.find((a) => a.name === "Kim Family Trust");
        if (trust) expect(trust.formationDate, account).toBeNull();
      }
      const issuer = await as("issuer@demo.test", ISSUER);
      const issuerAnswer = await issuer.client.graphql<{ allAccounts: { nodes: AccountNode[] } }>(PERSONAL);
      const trust = issuerAnswer.data?.allAccounts.nodes.find((a) => a.name === "Kim Family Trust");
      expect(trust?.formationDate === null).toBe(true);
      const pulled = (await pullAll(issuer, "accounts")).find((doc) => doc.name === "Kim Family Trust");
      expect(pulled?.formationDate).toBeNull();
      const own = await as("investor2@demo.test", "Kim Family Trust");
      const ownAnswer = await own.client.graphql<{ allAccounts: { nodes: AccountNode[] } }>(PERSONAL);
      expect(ownAnswer.data?.allAccounts.nodes.find((a) => a.name === "Kim Family Trust")?.formationDate).toBe(
        "2015-06-01",
      );
      const ownPulled = (await pullAll(own, "accounts")).find((doc) => doc.name === "Kim Family Trust");
      expect(ownPulled?.formationDate).toBe("2015-06-01");
    } finally {
      await t.server.db.query(
        "update app_public.accounts set formation_date = null where name = 'Northwind Renewables, Inc.'",
      );
      await t.server.db.query(
        `update app_private.account_personal_data p set formation_date = null
           from app_public.accounts a where a.id = p.account_id and a.name = 'Kim Family Trust'`,
      );
    }
  });

  it("the agent reads no notes on the distributions it sees; the issuer reads them (GraphQL and pull)", async () => {
    const note = await one<{ distribution_id: string; annotation: string }>(
      `select n.distribution_id, n.annotation from app_public.distribution_annotations n
         join app_public.distributions d on d.id = n.distribution_id
         join app_public.allocation_offering_links l on l.allocation_id = d.allocation_id
        where l.agent_id = $1 limit 1`,
      [idOf(AGENT)],
    ).catch(async () => {
      // a note on a distribution of the agent's linked allocation, written as the database owner
      const d = await one<{ id: string }>(
        `select d.id from app_public.distributions d join app_public.allocation_offering_links l
           on l.allocation_id = d.allocation_id where l.agent_id = $1 order by d.created_on limit 1`,
        [idOf(AGENT)],
      );
      return one<{ distribution_id: string; annotation: string }>(
        `insert into app_public.distribution_annotations (distribution_id, annotation, author_id)
         values ($1, 'Wire expected Friday', $2) returning distribution_id, annotation`,
        [d.id, idOf(ISSUER)],
      );
    });
    const NOTES = `query ($id: UUID!) { distributionById(id: $id) { id
      distributionAnnotations { nodes { annotation } } } }`;
    type Notes = { distributionById: { id: string; distributionAnnotations: { nodes: unknown[] } } };

    const agent = await as("agent@demo.test", AGENT);
    const seen = await agent.client.graphql<Notes>(NOTES, { id: note.distribution_id });
    expect(seen.errors).toBeUndefined();
    expect(seen.data?.distributionById.id).toBe(note.distribution_id);
    expect(seen.data?.distributionById.distributionAnnotations.nodes).toEqual([]);
    const pulled = (await pullAll(agent, "distributions")).find((doc) => doc.id === note.distribution_id);
    expect(pulled?.annotations).toEqual([]);

    const issuer = await as("issuer@demo.test", ISSUER);
    const issuerSees = await issuer.client.graphql<Notes>(NOTES, { id: note.distribution_id });
    expect(issuerSees.data?.distributionById.distributionAnnotations.nodes).toEqual([{ annotation: note.annotation }]);
    const issuerPulled = (await pullAll(issuer, "distributions")).find((doc) => doc.id === note.distribution_id);
    expect(((issuerPulled?.annotations ?? []) as Array<{ annotation: string }>).map((n) => n.annotation)).toEqual([
      note.annotation,
    ]);
  });
});

describe("14. paid-in capital", () => {
  it("a payment the broker records shows the same paidInCapital to the issuer on GraphQL and in the pull", async () => {
    const broker = await as("broker@demo.test", BROKER);
    const distribution = await one<{ id: string }>(
      `select d.id from app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
        where al.name = 'Harborview Placement' and not d.locked order by d.created_on limit 1`,
    );
    const paidBefore = await one<{ paid: string }>(
      "select coalesce(sum(amount), 0)::text as paid from app_public.distribution_payments where distribution_id = $1 and status = 'paid'",
      [distribution.id],
    );
    const recorded = await broker.client.graphql(
      `mutation ($id: UUID!) { createDistributionPayment(input: { distributionPayment: {
        distributionId: $id, currencyId: 1, amount: "1234.5", paidOn: "2026-01-15T00:00:00Z", status: "paid" } }) {
        distributionPayment { id } } }`,
      { id: distribution.id },
    );
    expect(recorded.errors).toBeUndefined();
    const expected = String(Number(paidBefore.paid) + 1234.5);

    const issuer = await as("issuer@demo.test", ISSUER);
    const answer = await issuer.client.graphql<{
      distributionById: { paidInCapital: string };
      allDistributionPayments: { nodes: unknown[] };
    }>(
      `query ($id: UUID!) { distributionById(id: $id) { paidInCapital }
        allDistributionPayments(condition: { distributionId: $id }) { nodes { id } } }`,
      { id: distribution.id },
    );
    expect(answer.errors).toBeUndefined();
    // the payment rows stay the allocation owner's (spec part 2 section 6) ...
    expect(answer.data?.allDistributionPayments.nodes).toEqual([]);
    // ... the figure is the same on every path
    expect(Number(answer.data?.distributionById.paidInCapital)).toBe(Number(expected));
    const pulled = (await pullAll(issuer, "distributions")).find((doc) => doc.id === distribution.id);
    expect(Number(pulled?.paidInCapital)).toBe(Number(expected));
    const brokerAnswer = await broker.client.graphql<{ distributionById: { paidInCapital: string } }>(
      "query ($id: UUID!) { distributionById(id: $id) { paidInCapital } }",
      { id: distribution.id },
    );
    expect(Number(brokerAnswer.data?.distributionById.paidInCapital)).toBe(Number(expected));
  });
});
