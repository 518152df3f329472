// Delegates with the client bypassed (spec part 2 settings; sync/database/delegates; docs/PERMISSIONS.md
// "Delegates"): makeDelegate, updateUsersAccountById and transferOwnership tried through GraphQL and through
// POST /api/v2/commands as each role; a refusal changes nothing. A suspended member's sessions lose the account at
// once: GraphQL, the pull, the commands and the stream refuse them, also a copy of their cookie (a stolen
// session); reactivation restores access. A transfer makes the old owner an admin and ends both users' sessions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
let issuerId = "";

beforeAll(async () => {
  t = await startTestServer();
  const { rows } = await t.server.db.query<{ id: string }>(
    "select id from app_public.accounts where name = 'Northwind Renewables, Inc.'",
  );
  issuerId = rows[0]?.id ?? "";
});
afterAll(async () => {
  await t?.close();
});

interface Session {
  client: TestClient;
  userId: string;
  accountId: string;
}

async function as(email: string, accountId = issuerId, password?: string): Promise<Session> {
  const client = t.client();
  expect((await client.signIn(email, password)).status).toBe(200);
  expect((await client.selectAccount(accountId)).status).toBe(303);
  const me = await client.graphql<{ currentUser: { id: string } }>("{ currentUser { id } }");
  const userId = me.data?.currentUser.id;
  if (!userId) throw new Error(`no current user for ${email}`);
  return { client, userId, accountId };
}

/** A client carrying a copy of the session cookie (what a thief who copied it has). */
function stolen(who: Session): TestClient {
  const cookie = who.client.session;
  const request = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("cookie", `ll_session=${cookie}`);
    return fetch(new URL(path, t.url), { ...init, headers, redirect: "manual" });
  };
  return {
    ...t.client(),
    fetch: request,
    async graphql<T>(query: string, variables?: Record<string, unknown>) {
      const response = await request("/api/v2/graphql", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query, variables }),
      });
      return { status: response.status, ...((await response.json()) as { data?: T }) };
    },
  };
}

let seq = 0;
async function command(who: Session, mutation: string, variables: Record<string, unknown>, client = who.client) {
  const response = await client.fetch("/api/v2/commands", {
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
        deviceId: "delegates-test",
        seq: ++seq,
      },
    ]),
  });
  if (response.status !== 200) return { httpStatus: response.status, status: null, errorCode: null };
  const body = (await response.json()) as {
    results: Array<{ status: string; errorCode: string | null; errorMessage: string | null }>;
  };
  return { httpStatus: 200, ...body.results[0] };
}

async function pull(client: TestClient, model = "users_accounts") {
  const response = await client.fetch("/api/v2/pull", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model, afterTxid: "0", afterSeq: "0", limit: 1000 }),
  });
  const body = (await response.json()) as { documents?: Array<Record<string, unknown>> };
  return { status: response.status, documents: body.documents ?? [] };
}

const MAKE_DELEGATE = `mutation ($email: String!, $firstName: String!, $lastName: String!, $role: String!) {
  makeDelegate(input: { email: $email, firstName: $firstName, lastName: $lastName, role: $role }) {
    usersAccount { id role status } } }`;
const UPDATE = `mutation ($id: UUID!, $patch: UsersAccountPatch!) {
  updateUsersAccountById(input: { id: $id, patch: $patch }) { usersAccount { id role status } } }`;
const TRANSFER = `mutation ($email: String!) { transferOwnership(input: { email: $email }) { usersAccount { id role } } }`;
const MEMBERS = `query ($accountId: UUID!) { allUsersAccounts(condition: { accountId: $accountId }) {
  nodes { id role status user { firstName lastName userEmails { nodes { email } } } } } }`;

async function memberships(accountId = issuerId) {
  const { rows } = await t.server.db.query<{ id: string; email: string; role: string; status: string }>(
    `select ua.id, e.email, ua.role, ua.status from app_public.users_accounts ua
       join app_public.user_emails e on e.user_id = ua.user_id
      where ua.account_id = $1 order by e.email`,
    [accountId],
  );
  return rows;
}
const membershipOf = async (email: string, accountId = issuerId) =>
  (await memberships(accountId)).find((m) => m.email === email);

async function invitationToken(address: string): Promise<string> {
  await t.server.mail.deliverQueued();
  const { rows } = await t.server.db.query<{ text_body: string }>(
    `select text_body from app_private.mail_outbox
      where lower(to_address) = lower($1) and kind = 'delegate_invitation' order by created_on desc limit 1`,
    [address],
  );
  const token = /\/authenticate\/claim\?token=([0-9a-f]+)/.exec(rows[0]?.text_body ?? "")?.[1];
  if (!token) throw new Error(`no invitation mail to ${address}`);
  return token;
}

async function acceptTerms(email: string): Promise<void> {
  await t.server.db.query(
    `insert into app_public.terms_acceptances (terms_id, user_id)
     select t.id, e.user_id from app_public.terms_of_service t, app_public.user_emails e
     where t.active and lower(e.email) = lower($1) on conflict do nothing`,
    [email],
  );
}

describe("the delegates list", () => {
  it("is every membership of the account with user and email, through GraphQL and the replicated kind", async () => {
    const viewer = await as("issuer-viewer@demo.test");
    const listed = await viewer.client.graphql<{
      allUsersAccounts: { nodes: Array<{ role: string; user: { userEmails: { nodes: Array<{ email: string }> } } }> };
    }>(MEMBERS, { accountId: issuerId });
    const emails = listed.data?.allUsersAccounts.nodes.map((n) => n.user.userEmails.nodes[0]?.email).sort();
    expect(emails).toEqual(["issuer-viewer@demo.test", "issuer@demo.test", "multi@demo.test"]);

    const pulled = await pull(viewer.client);
    expect(pulled.status).toBe(200);
    const docs = pulled.documents.filter((d) => !d._deleted);
    expect(docs.map((d) => (d.user as { emails: Array<{ email: string }> }).emails[0]?.email).sort()).toEqual(emails);
    expect(new Set(docs.map((d) => d.accountId))).toEqual(new Set([issuerId]));
    const owner = docs.find((d) => d.role === "account_owner");
    expect(owner?.user).toMatchObject({
      firstName: expect.any(String),
      lastName: expect.any(String),
      status: "active",
    });

    // Another account's member receives none of them.
    const emma = await as("investor@demo.test", await accountOf("investor@demo.test"));
    const theirs = (await pull(emma.client)).documents.filter((d) => !d._deleted);
    expect(theirs.every((d) => d.accountId === emma.accountId)).toBe(true);
  });
});

async function accountOf(email: string): Promise<string> {
  const { rows } = await t.server.db.query<{ account_id: string }>(
    `select ua.account_id from app_public.users_accounts ua join app_public.user_emails e on e.user_id = ua.user_id
      where e.email = $1 and ua.role = 'account_owner'`,
    [email],
  );
  return rows[0]?.account_id ?? "";
}

describe("makeDelegate", () => {
  it("refuses a viewer, through GraphQL and the command endpoint, and adds nothing", async () => {
    const viewer = await as("issuer-viewer@demo.test");
    const before = await memberships();
    const answer = await viewer.client.graphql(MAKE_DELEGATE, {
      email: "investor2@demo.test",
      firstName: "Ivy",
      lastName: "Two",
      role: "account_admin",
    });
    expect(answer.errors?.[0]?.extensions?.code).toBe("LL403");
    const queued = await command(viewer, "makeDelegate", {
      input: { email: "nobody.yet@demo.test", firstName: "No", lastName: "Body", role: "account_viewer" },
    });
    expect(queued).toMatchObject({ status: "rejected", errorCode: "LL403" });
    expect(await memberships()).toEqual(before);
    const { rows } = await t.server.db.query("select 1 from app_private.mail_outbox where to_address = $1", [
      "nobody.yet@demo.test",
    ]);
    expect(rows).toEqual([]);
  });

  it("checks the form's fields with the spec's texts; delegates are admins or viewers only", async () => {
    const admin = await as("multi@demo.test");
    const fields = { email: "investor2@demo.test", firstName: "Ivy", lastName: "Two", role: "account_viewer" };
    const problem = async (patch: Record<string, unknown>) => {
      const answer = await admin.client.graphql(MAKE_DELEGATE, { ...fields, ...patch });
      return [answer.errors?.[0]?.extensions?.code, answer.errors?.[0]?.message];
    };
    expect(await problem({ firstName: " " })).toEqual(["LL422", "First name is required."]);
    expect(await problem({ lastName: null })).toEqual(["LL422", "Last name is required."]);
    expect(await problem({ email: "" })).toEqual(["LL422", "Email is required."]);
    expect(await problem({ role: null })).toEqual(["LL422", "Role is required."]);
    expect(await problem({ role: "account_owner" })).toEqual(["LL403", "Operation not allowed"]);
    expect(await membershipOf("investor2@demo.test")).toBeUndefined();
  });

  it("adds an existing user at once with the given role (a queued command), and refuses a second time", async () => {
    const admin = await as("multi@demo.test");
    const result = await command(admin, "makeDelegate", {
      input: { email: "Investor2@demo.test", firstName: "Ivy", lastName: "Two", role: "account_viewer" },
    });
    expect(result).toMatchObject({ status: "accepted" });
    expect(await membershipOf("investor2@demo.test")).toMatchObject({ role: "account_viewer", status: "active" });
    const again = await admin.client.graphql(MAKE_DELEGATE, {
      email: "investor2@demo.test",
      firstName: "Ivy",
      lastName: "Two",
      role: "account_admin",
    });
    expect(again.errors?.[0]?.extensions?.code).toBe("LL409");
    // the new delegate signs in with that role
    const ivy = await as("investor2@demo.test");
    const me = await ivy.client.graphql<{ currentUsersAccount: { role: string } }>("{ currentUsersAccount { role } }");
    expect(me.data?.currentUsersAccount.role).toBe("account_viewer");
  });

  it("invites anyone else by mail; the claim link makes them a member with the role", async () => {
    const owner = await as("issuer@demo.test");
    const answer = await owner.client.graphql<{ makeDelegate: { usersAccount: unknown } }>(MAKE_DELEGATE, {
      email: "dora.delegate@demo.test",
      firstName: "Dora",
      lastName: "Delegate",
      role: "account_admin",
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.makeDelegate.usersAccount).toBeNull();
    const token = await invitationToken("dora.delegate@demo.test");

    const dora = t.client();
    await dora.signUp({ email: "dora.delegate@demo.test", password: "dora-password-1", firstName: "Dora" });
    await acceptTerms("dora.delegate@demo.test");
    expect((await dora.selectAccount(issuerId)).status).toBe(403);
    expect((await dora.fetch(`/authenticate/claim?token=${token}`)).headers.get("location")).toContain(
      "status=complete",
    );
    expect((await dora.selectAccount(issuerId)).status).toBe(303);
    const me = await dora.graphql<{ currentUsersAccount: { role: string } }>("{ currentUsersAccount { role } }");
    expect(me.data?.currentUsersAccount.role).toBe("account_admin");
  });
});

describe("updateUsersAccountById", () => {
  it("never edits the owner's row, nor makes anyone owner", async () => {
    const admin = await as("multi@demo.test");
    const owner = await as("issuer@demo.test");
    const ownerRow = await membershipOf("issuer@demo.test");
    const viewerRow = await membershipOf("issuer-viewer@demo.test");
    for (const who of [admin, owner]) {
      const suspend = await who.client.graphql(UPDATE, { id: ownerRow?.id, patch: { status: "suspended" } });
      expect(suspend.errors?.[0]?.extensions?.code).toBe("LL403");
      const promote = await command(who, "updateUsersAccountById", {
        input: { id: viewerRow?.id, patch: { role: "account_owner" } },
      });
      expect(promote).toMatchObject({ status: "rejected", errorCode: "LL403" });
    }
    expect(await membershipOf("issuer@demo.test")).toEqual(ownerRow);
    expect(await membershipOf("issuer-viewer@demo.test")).toEqual(viewerRow);
  });

  it("refuses a viewer and another account's admin; checks role and status", async () => {
    const viewer = await as("issuer-viewer@demo.test");
    const adminRow = await membershipOf("multi@demo.test");
    const refused = await command(viewer, "updateUsersAccountById", {
      input: { id: adminRow?.id, patch: { role: "account_viewer" } },
    });
    expect(refused.status).toBe("rejected");
    const emma = await as("investor@demo.test", await accountOf("investor@demo.test"));
    const foreign = await emma.client.graphql(UPDATE, { id: adminRow?.id, patch: { status: "suspended" } });
    expect(foreign.errors?.length).toBeGreaterThan(0);
    const admin = await as("issuer@demo.test");
    const noRole = await admin.client.graphql(UPDATE, { id: adminRow?.id, patch: { role: "account_boss" } });
    expect(noRole.errors?.[0]?.message).toBe("Role is required.");
    const noStatus = await admin.client.graphql(UPDATE, { id: adminRow?.id, patch: { status: "gone" } });
    expect(noStatus.errors?.[0]?.message).toBe("Status is required.");
    expect(await membershipOf("multi@demo.test")).toEqual(adminRow);
  });
});

describe("suspension", () => {
  it("ends the member's sessions for the account at once, everywhere; reactivation restores access", async () => {
    const viewer = await as("issuer-viewer@demo.test");
    const thief = stolen(viewer);
    const row = await membershipOf("issuer-viewer@demo.test");
    expect((await pull(thief)).status).toBe(200);

    // an open stream
    const ws = viewer.client.ws();
    const closed = new Promise<void>((resolve) => ws.on("closed", () => resolve()));
    const events: unknown[] = [];
    const unsubscribe = ws.subscribe(
      { query: "subscription { changes { table } }" },
      { next: (event) => void events.push(event), error: () => {}, complete: () => {} },
    );
    await new Promise<void>((resolve) => ws.on("connected", () => resolve()));

    const owner = await as("issuer@demo.test");
    expect(
      await command(owner, "updateUsersAccountById", { input: { id: row?.id, patch: { status: "suspended" } } }),
    ).toMatchObject({ status: "accepted" });
    await closed; // the server closed the socket

    for (const client of [viewer.client, thief]) {
      const me = await client.graphql<{ currentAccount: unknown; allRounds: { totalCount: number } }>(
        "{ currentAccount { id } allRounds { totalCount } }",
      );
      expect(me.errors).toBeUndefined();
      expect(me.data).toEqual({ currentAccount: null, allRounds: { totalCount: 0 } });
      expect((await pull(client)).status).toBe(401);
      expect((await pull(client, "rounds")).status).toBe(401);
      expect(
        (await command(viewer, "updateAccountById", { input: { id: issuerId, patch: { url: null } } }, client))
          .httpStatus,
      ).toBe(401);
      const again = await client.fetch(`/authenticate/role/${issuerId}`);
      expect(again.status).toBe(403);
    }
    unsubscribe();
    await ws.dispose();

    // back to active: the member selects the account again
    expect((await owner.client.graphql(UPDATE, { id: row?.id, patch: { status: "active" } })).errors).toBeUndefined();
    expect((await viewer.client.selectAccount(issuerId)).status).toBe(303);
    expect((await pull(viewer.client)).status).toBe(200);
  });
});

describe("transferOwnership", () => {
  it("is the owner's only; checks the address", async () => {
    const admin = await as("multi@demo.test");
    expect((await admin.client.graphql(TRANSFER, { email: "multi@demo.test" })).errors?.[0]?.extensions?.code).toBe(
      "LL403",
    );
    const owner = await as("issuer@demo.test");
    const bad = await owner.client.graphql(TRANSFER, { email: "not an address" });
    expect(bad.errors?.[0]?.message).toBe("A valid email is required.");
    expect((await membershipOf("issuer@demo.test"))?.role).toBe("account_owner");
  });

  it("makes a member the owner, the old owner an admin, and both sign in again; others keep their sessions", async () => {
    const owner = await as("issuer@demo.test");
    const admin = await as("multi@demo.test");
    const viewer = await as("issuer-viewer@demo.test");
    const ws = admin.client.ws();
    const closed = new Promise<void>((resolve) => ws.on("closed", () => resolve()));
    const connected = new Promise<void>((resolve) => ws.on("connected", () => resolve()));
    const unsubscribe = ws.subscribe(
      { query: "subscription { changes { table } }" },
      { next: () => {}, error: () => {}, complete: () => {} },
    );
    await connected;
    const result = await command(owner, "transferOwnership", { input: { email: "multi@demo.test" } });
    await closed; // the new owner's stream ends with the session
    expect(result).toMatchObject({ status: "accepted" });
    expect((await membershipOf("issuer@demo.test"))?.role).toBe("account_admin");
    expect((await membershipOf("multi@demo.test"))?.role).toBe("account_owner");
    expect((await owner.client.graphql("{ currentUser { id } }")).status).toBe(401);
    expect((await admin.client.graphql("{ currentUser { id } }")).status).toBe(401);
    expect((await pull(viewer.client)).status).toBe(200);
    unsubscribe();
    await ws.dispose();

    const newOwner = await as("multi@demo.test");
    const me = await newOwner.client.graphql<{ currentUsersAccount: { role: string } }>(
      "{ currentUsersAccount { role } }",
    );
    expect(me.data?.currentUsersAccount.role).toBe("account_owner");
    // and hands it back
    expect(await command(newOwner, "transferOwnership", { input: { email: "issuer@demo.test" } })).toMatchObject({
      status: "accepted",
    });
    expect((await membershipOf("issuer@demo.test"))?.role).toBe("account_owner");
  });

  it("invites someone who is not a member; claiming the invitation makes them the owner", async () => {
    const owner = await as("issuer@demo.test");
    const answer = await owner.client.graphql<{ transferOwnership: { usersAccount: unknown } }>(TRANSFER, {
      email: "otto.owner@demo.test",
    });
    expect(answer.data?.transferOwnership.usersAccount).toBeNull();
    expect((await membershipOf("issuer@demo.test"))?.role).toBe("account_owner");
    const token = await invitationToken("otto.owner@demo.test");
    const otto = t.client();
    await otto.signUp({ email: "otto.owner@demo.test", password: "otto-password-1", firstName: "Otto" });
    await acceptTerms("otto.owner@demo.test");
    await otto.fetch(`/authenticate/claim?token=${token}`);
    expect((await membershipOf("otto.owner@demo.test"))?.role).toBe("account_owner");
    expect((await membershipOf("issuer@demo.test"))?.role).toBe("account_admin");
    expect((await owner.client.graphql("{ currentUser { id } }")).status).toBe(401);
    const roles = (await memberships()).filter((m) => m.role === "account_owner");
    expect(roles).toHaveLength(1);
  });
});
