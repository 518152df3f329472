// Account administration on the device, with the client bypassed (issue 19; docs/ADMIN.md "Offline",
// docs/PERMISSIONS.md "Delegates"): what POST /api/v2/pull gives each role for the admin console's and the Activity
// view's read models (platform_books to platform admins only, form_definitions to them and qualification vendors; audit_events to an account's
// owners and admins, a bounded window, with its members' sign-ins; delegate_invitations to the account's members),
// and the type edits and invitation commands through POST /api/v2/commands as each role.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendCommand } from "../helpers/commands.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type SignedIn, signInAs } from "../sync/harness.ts";

let t: TestServer;
let admin: SignedIn;
let issuer: SignedIn;
let viewer: SignedIn;

beforeAll(async () => {
  t = await startTestServer();
  admin = await signInAs(t.client(), "admin@demo.test", "admin");
  issuer = await signInAs(t.client(), "issuer@demo.test", "issuer");
  viewer = await signInAs(t.client(), "issuer-viewer@demo.test", "issuer");
}, 120_000);

afterAll(async () => {
  await t?.close();
});

type Doc = Record<string, unknown> & { id: string; _deleted?: boolean };

async function pull(who: SignedIn, model: string): Promise<Doc[]> {
  const response = await who.client.fetch("/api/v2/pull", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model, afterTxid: "0", afterSeq: "0", limit: 1000 }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { documents: Doc[] }).documents;
}
const live = async (who: SignedIn, model: string) => (await pull(who, model)).filter((doc) => !doc._deleted);

const command = (who: SignedIn, mutation: string, input: Record<string, unknown>) =>
  sendCommand(who, "admin-replicas-test", mutation, input);

describe("the admin console's replicas", () => {
  it("gives platform admins the figures, types, reports and form definitions; the books to nobody else", async () => {
    const books = await live(admin, "platform_books");
    expect(books.map((book) => book.name).sort()).toEqual(["accounts", "commands", "figures", "mail", "sync", "types"]);
    const figures = books.find((book) => book.name === "figures")?.data as { users: number; accountsByType: object };
    const { rows } = await t.server.db.query<{ n: number }>("select count(*)::int as n from app_public.users");
    expect(figures.users).toBe(rows[0]?.n);
    const types = books.find((book) => book.name === "types")?.data as { assetTypes: Array<{ type: string }> };
    expect(types.assetTypes.map((type) => type.type)).toContain("equity");
    const forms = await live(admin, "form_definitions");
    expect(forms).toContainEqual(expect.objectContaining({ key: "investor-details", version: 1 }));

    for (const who of [issuer, viewer]) expect(await pull(who, "platform_books")).toEqual([]);
  });

  it("brings a changed book to the admin's next pull (a new asset type and its usage)", async () => {
    expect(
      await command(admin, "createAssetType", {
        assetType: { type: "replica_check", name: "Replica check", accountingType: "equity" },
      }),
    ).toMatchObject({ status: "accepted" });
    const types = (await live(admin, "platform_books")).find((book) => book.name === "types")?.data as {
      assetTypes: Array<{ type: string; uses: number }>;
    };
    expect(types.assetTypes).toContainEqual(expect.objectContaining({ type: "replica_check", uses: 0 }));
  });
});

describe("the audit trail's replica", () => {
  it("gives an account's owners and admins its events with their members' sign-ins; viewers get none", async () => {
    // the viewer's sign-in landed on the issuer account: a sign-in the issuer's owner sees
    const events = await live(issuer, "audit_events");
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.accountId === issuer.accountId)).toBe(true);
    expect(events).toContainEqual(
      expect.objectContaining({ kind: "sign_in", userId: viewer.userId, accountId: issuer.accountId }),
    );
    expect(await live(viewer, "audit_events")).toEqual([]);
    const graphql = await viewer.client.graphql<{ allAuditEvents: { nodes: unknown[] } }>(
      "{ allAuditEvents(first: 10) { nodes { id } } }",
    );
    expect(graphql.data?.allAuditEvents.nodes).toEqual([]);
    // the admin reads every account's
    const platform = await live(admin, "audit_events");
    expect(platform.some((event) => event.accountId === issuer.accountId)).toBe(true);
    expect(platform.some((event) => event.accountId === admin.accountId)).toBe(true);
  });

  it("keeps the window bounded: the latest events only, older ones leave the change log", async () => {
    await t.server.db.query("set ledgerline.audit_window = 3");
    try {
      for (let n = 0; n < 4; n++) {
        expect(
          await command(issuer, "makeCustomer", {
            id: crypto.randomUUID(),
            email: `window-${n}-${Date.now()}@audit.test`,
            name: `Window ${n}`,
          }),
        ).toMatchObject({ status: "accepted" });
      }
      const { rows } = await t.server.db.query<{ id: string }>(
        "select id from app_public.audit_events where account_id = $1 order by created_on desc limit 3",
        [issuer.accountId],
      );
      const latest = rows.map((row) => row.id).sort();
      const pulled = await pull(issuer, "audit_events");
      expect(
        pulled
          .filter((doc) => !doc._deleted)
          .map((doc) => doc.id)
          .sort(),
      ).toEqual(latest);
      // older events of the account are not listed at all (no tombstones for a first sync to receive)
      expect(pulled.length).toBeLessThanOrEqual(3 + 4);
      const listed = await t.server.db.query<{ n: number }>(
        `select count(*)::int as n from app_private.changes c join app_public.audit_events e on e.id = c.doc_id
          where c.model = 'audit_events' and e.account_id = $1`,
        [issuer.accountId],
      );
      expect(listed.rows[0]?.n).toBeLessThanOrEqual(3 + 100);
    } finally {
      await t.server.db.query("reset ledgerline.audit_window");
    }
  });
});

describe("type edits", () => {
  it("changes an accounting type only while no asset uses the type; admins only", async () => {
    expect(
      await command(admin, "setAssetTypeAccountingType", { type: "equity", accountingType: "debt" }),
    ).toMatchObject({ status: "rejected", errorCode: "LL409" });
    expect(
      await command(issuer, "setAssetTypeAccountingType", { type: "replica_check", accountingType: "fund" }),
    ).toMatchObject({ status: "rejected", errorCode: "LL403" });
    expect(
      await command(admin, "setAssetTypeAccountingType", { type: "replica_check", accountingType: "bonds" }),
    ).toMatchObject({ status: "rejected", errorCode: "LL422" });
    expect(
      await command(admin, "setAssetTypeAccountingType", { type: "replica_check", accountingType: "fund" }),
    ).toMatchObject({ status: "accepted" });
    const { rows } = await t.server.db.query<{ accounting_type: string; type: string }>(
      "select type, accounting_type from app_public.asset_types where type in ('equity', 'replica_check') order by type",
    );
    expect(rows).toEqual([
      { type: "equity", accounting_type: "equity" },
      { type: "replica_check", accounting_type: "fund" },
    ]);
  });

  it("adds sharing options, edits their roles while unused, refuses duplicates and a used one's roles", async () => {
    const id = crypto.randomUUID();
    const option = { id, type: "holding", fromAccountType: "agent", toRole: "broker", name: "Brokers" };
    expect(await command(issuer, "makeDocumentSharingOption", option)).toMatchObject({ errorCode: "LL403" });
    expect(await command(admin, "makeDocumentSharingOption", { ...option, name: " " })).toMatchObject({
      errorCode: "LL422",
      errorMessage: "Name is required.",
    });
    expect(await command(admin, "makeDocumentSharingOption", option)).toMatchObject({ status: "accepted" });
    expect(
      await command(admin, "makeDocumentSharingOption", { ...option, id: crypto.randomUUID(), name: "Again" }),
    ).toMatchObject({ status: "rejected", errorCode: "LL409" });
    expect(
      await command(admin, "editDocumentSharingOption", { ...option, toRole: "ats", name: "Trading systems" }),
    ).toMatchObject({ status: "accepted" });
    const { rows } = await t.server.db.query<{ to_role: string; name: string }>(
      "select to_role, name from app_public.document_sharing_allowed_shares where id = $1",
      [id],
    );
    expect(rows).toEqual([{ to_role: "ats", name: "Trading systems" }]);

    // a used option (the issuer shares securities with investors in the demo data): its name only
    const used = await t.server.db.query<{ id: string; name: string }>(
      `select s.id, s.name from app_public.document_sharing_allowed_shares s
        where exists (select 1 from app_public.document_sharings ds join app_public.documents d on d.id = ds.document_id
                       where d.type = s.type and ds.to_role = s.to_role) limit 1`,
    );
    const share = used.rows[0];
    expect(share).toBeDefined();
    const before = await t.server.db.query(
      "select type, from_account_type, to_role from app_public.document_sharing_allowed_shares where id = $1",
      [share?.id],
    );
    expect(
      await command(admin, "editDocumentSharingOption", {
        id: share?.id,
        type: "holding",
        fromAccountType: "admin",
        toRole: "admin",
        name: share?.name,
      }),
    ).toMatchObject({ status: "rejected", errorCode: "LL409" });
    const after = await t.server.db.query(
      "select type, from_account_type, to_role from app_public.document_sharing_allowed_shares where id = $1",
      [share?.id],
    );
    expect(after.rows).toEqual(before.rows);
    expect(
      await command(admin, "deleteReferenceType", { kind: "document_sharing_allowed_share", key: share?.id }),
    ).toMatchObject({ status: "rejected", errorCode: "LL409" });
    expect(
      await command(admin, "deleteReferenceType", { kind: "document_sharing_allowed_share", key: id }),
    ).toMatchObject({ status: "accepted" });
  });
});

describe("pending delegate invitations", () => {
  async function invite(email: string) {
    expect(
      await command(issuer, "makeDelegate", { email, firstName: "Penny", lastName: "Pending", role: "account_viewer" }),
    ).toMatchObject({ status: "accepted" });
    const invitation = (await live(issuer, "delegate_invitations")).find((doc) => doc.email === email);
    expect(invitation).toMatchObject({
      accountId: issuer.accountId,
      firstName: "Penny",
      lastName: "Pending",
      role: "account_viewer",
      status: "pending",
      transferOwnership: false,
    });
    return invitation as Doc;
  }
  async function tokenOf(email: string): Promise<string> {
    const { rows } = await t.server.db.query<{ text_body: string }>(
      `select text_body from app_private.mail_outbox
        where lower(to_address) = lower($1) and kind = 'delegate_invitation' order by created_on desc limit 1`,
      [email],
    );
    return /\/authenticate\/claim\?token=([0-9a-f]+)/.exec(rows[0]?.text_body ?? "")?.[1] ?? "";
  }

  it("lists an account's invitations for its members only; resends with a new link; revokes", async () => {
    const email = `penny-${Date.now()}@demo.test`;
    const first = await invite(email);
    expect((await live(viewer, "delegate_invitations")).map((doc) => doc.id)).toContain(first.id);
    expect((await live(admin, "delegate_invitations")).map((doc) => doc.id)).not.toContain(first.id);
    const oldToken = await tokenOf(email);

    // a viewer, and another account's owner, cannot act on it
    expect(await command(viewer, "resendDelegateInvitation", { id: first.id })).toMatchObject({ errorCode: "LL403" });
    expect(await command(admin, "revokeDelegateInvitation", { id: first.id })).toMatchObject({ errorCode: "LL404" });

    expect(await command(issuer, "resendDelegateInvitation", { id: first.id })).toMatchObject({ status: "accepted" });
    const listed = (await live(issuer, "delegate_invitations")).filter((doc) => doc.email === email);
    expect(listed).toHaveLength(1);
    expect(listed[0]?.id).not.toBe(first.id);
    const newToken = await tokenOf(email);
    expect(newToken).not.toBe(oldToken);
    const { rows } = await t.server.db.query<{ expired: boolean }>(
      "select expires_on <= now() as expired from app_private.claim_tokens where token_hash = app_private.hash_token($1)",
      [oldToken],
    );
    expect(rows[0]?.expired).toBe(true);

    expect(await command(issuer, "revokeDelegateInvitation", { id: listed[0]?.id })).toMatchObject({
      status: "accepted",
    });
    expect((await live(issuer, "delegate_invitations")).some((doc) => doc.email === email)).toBe(false);
    expect(await command(issuer, "revokeDelegateInvitation", { id: listed[0]?.id })).toMatchObject({
      errorCode: "LL409",
    });
    // the revoked link makes nobody a member
    const claimant = t.client();
    expect(
      (await claimant.signUp({ email, password: "claimant-password-1", firstName: "Penny", lastName: "Pending" }))
        .status,
    ).toBe(200);
    await claimant.fetch(`/authenticate/claim?token=${newToken}`);
    const members = await t.server.db.query(
      `select 1 from app_public.users_accounts ua join app_public.user_emails e on e.user_id = ua.user_id
        where lower(e.email) = lower($1)`,
      [email],
    );
    expect(members.rows).toEqual([]);
  });
});

describe("a qualification of a form definition", () => {
  it("is made by an issuer's owner or admin from a version the issuer reads; its steps keep that version", async () => {
    // issuers and brokers read the definitions (pull and GraphQL); investors do not
    expect(await live(issuer, "form_definitions")).toContainEqual(
      expect.objectContaining({ key: "investor-details", version: 1 }),
    );
    const investor = await signInAs(t.client(), "investor@demo.test", "investor");
    expect(await live(investor, "form_definitions")).toEqual([]);

    const id = crypto.randomUUID();
    expect(await command(viewer, "makeFormQualification", { id, formKey: "investor-details" })).toMatchObject({
      errorCode: "LL403",
    });
    expect(await command(investor, "makeFormQualification", { id, formKey: "investor-details" })).toMatchObject({
      errorCode: "LL403",
    });
    expect(await command(issuer, "makeFormQualification", { id, formKey: "no-such-form" })).toMatchObject({
      errorCode: "LL404",
    });
    expect(
      await command(issuer, "makeFormQualification", { id, formKey: "investor-details", formVersion: 1 }),
    ).toMatchObject({ status: "accepted" });
    const { rows } = await t.server.db.query<{ account_id: string; steps: unknown }>(
      "select account_id, steps from app_public.vendor_qualifications where id = $1",
      [id],
    );
    expect(rows[0]?.account_id).toBe(issuer.accountId);
    expect(rows[0]?.steps).toEqual([
      { type: "form", renderAttributes: {}, schema: { formKey: "investor-details", formVersion: 1 } },
    ]);

    // a later version does not change what a step made from the qualification's template gets
    const { rows: defs } = await t.server.db.query<{ schema: { title: string } }>(
      "select schema from app_public.form_definitions where key = 'investor-details' and version = 1",
    );
    expect(
      await command(admin, "makeFormDefinition", {
        key: "investor-details",
        name: "Investor details",
        stepType: "form",
        renderAttributes: {},
        schema: { title: "Investor details v2", fields: [{ key: "nickname", type: "text" }] },
      }),
    ).toMatchObject({ status: "accepted" });
    const { rows: processes } = await t.server.db.query<{ id: string }>("select id from app_public.processes limit 1");
    const template = ((rows[0]?.steps ?? []) as Array<{ schema: object }>)[0]?.schema;
    const { rows: made } = await t.server.db.query<{ schema: { title: string; formVersion: number } }>(
      `insert into app_public.steps (process_id, "order", type, schema) values ($1, 98, 'form', $2) returning schema`,
      [processes[0]?.id, JSON.stringify(template)],
    );
    expect(made[0]?.schema).toMatchObject({ title: defs[0]?.schema.title, formVersion: 1 });
    await t.server.db.query('delete from app_public.steps where process_id = $1 and "order" = 98', [processes[0]?.id]);
  });
});
