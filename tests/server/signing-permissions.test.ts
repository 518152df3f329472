// The signing commands through POST /api/v2/commands with the client bypassed (issue 17): as the issuer's owner, its
// viewer, a broker and an investor. Only owners and admins of the account that owns the rows change them; a locked
// mapped template refuses every edit but Active and is never deleted; a refused command leaves nothing behind.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CommandSender, sendCommand } from "../helpers/commands.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const ids = new Map<string, string>();

beforeAll(async () => {
  t = await startTestServer({ signing: { tickMs: 0, docusign: null } });
  const { rows } = await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts");
  for (const row of rows) ids.set(row.name, row.id);
});
afterAll(async () => {
  await t?.close();
});

async function as(email: string, accountName: string): Promise<CommandSender> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  const accountId = ids.get(accountName) ?? "";
  expect((await client.selectAccount(accountId)).status).toBe(303);
  const { rows } = await t.server.db.query<{ user_id: string }>(
    "select user_id from app_public.user_emails where lower(email) = lower($1)",
    [email],
  );
  return { client, userId: rows[0]?.user_id ?? "", accountId };
}

async function run(who: CommandSender, mutation: string, input: Record<string, unknown>) {
  const result = await sendCommand(who, "signing-permissions-test", mutation, input);
  return result.status === "accepted" ? "accepted" : `${result.errorCode} ${result.errorMessage ?? ""}`.trim();
}

describe("signing commands by role", () => {
  let owner: CommandSender;
  let viewer: CommandSender;
  let broker: CommandSender;
  let investor: CommandSender;
  let templateId = "";
  let signingAccountId = "";

  beforeAll(async () => {
    owner = await as("issuer@demo.test", "Northwind Renewables, Inc.");
    viewer = await as("issuer-viewer@demo.test", "Northwind Renewables, Inc.");
    broker = await as("broker@demo.test", "Harborview Capital Markets LLC");
    investor = await as("investor@demo.test", "Emma Lawson");
    const { rows } = await t.server.db.query<{ id: string; account: string }>(
      `insert into app_public.signing_templates (signing_account_id, provider_template_id, name, roles, fields, sync_status, synced_on)
       select s.id, 'perm-1', 'Permissions template', '[{"name": "Investor", "order": 1}]',
              '[{"name": "Investor.name", "role": "Investor", "type": "text", "documentId": "1", "page": 1}]', 'synced', now()
       from app_public.signing_accounts s where s.account_id = $1 returning id, signing_account_id as account`,
      [owner.accountId],
    );
    templateId = rows[0]?.id ?? "";
    signingAccountId = rows[0]?.account ?? "";
  });

  const mappedCount = async (id: string) =>
    Number(
      (
        await t.server.db.query<{ n: number }>(
          "select count(*)::int as n from app_public.mapped_signing_templates where id = $1",
          [id],
        )
      ).rows[0]?.n,
    );

  it("only the owner's owners and admins sync, map, edit, lock and delete", async () => {
    for (const [who, code] of [
      [viewer, "LL403"],
      [broker, "LL404"],
      [investor, "LL404"],
    ] as const) {
      expect(await run(who, "docusignSyncTemplateList", { accountId: signingAccountId })).toMatch(
        new RegExp(`^${code}`),
      );
      const id = crypto.randomUUID();
      expect(await run(who, "createMappedSigningTemplate", { templateId, name: "Mine", id })).toMatch(
        new RegExp(`^${code}`),
      );
      expect(await mappedCount(id)).toBe(0);
    }
    const mappedId = crypto.randomUUID();
    expect(await run(owner, "createMappedSigningTemplate", { templateId, name: "Permissions map", id: mappedId })).toBe(
      "accepted",
    );
    const { rows } = await t.server.db.query<{ role: string; field: string }>(
      `select (select id from app_public.signing_roles where mapped_signing_template_id = $1) as role,
              (select id from app_public.signing_fields where mapped_signing_template_id = $1) as field`,
      [mappedId],
    );
    const roleId = rows[0]?.role;
    const fieldId = rows[0]?.field;
    for (const who of [viewer, broker, investor]) {
      expect(await run(who, "updateSigningRoleById", { id: roleId, patch: { mapTo: "investor" } })).not.toBe(
        "accepted",
      );
      expect(await run(who, "updateSigningFieldById", { id: fieldId, patch: { mapTo: "investor.name" } })).not.toBe(
        "accepted",
      );
      expect(await run(who, "updateMappedSigningTemplateById", { id: mappedId, patch: { name: "Taken" } })).not.toBe(
        "accepted",
      );
      expect(await run(who, "deleteMappedSigningTemplateById", { id: mappedId })).not.toBe("accepted");
      expect(await run(who, "addMappedSigningTemplateToQualifications", { id: mappedId })).not.toBe("accepted");
    }
    expect(await run(viewer, "updateSigningRoleById", { id: roleId, patch: { mapTo: "investor" } })).toMatch(/^LL403/);
    const unchanged = await t.server.db.query<{ map_to: string; name: string }>(
      `select r.map_to, m.name from app_public.signing_roles r join app_public.mapped_signing_templates m
       on m.id = r.mapped_signing_template_id where r.id = $1`,
      [roleId],
    );
    expect(unchanged.rows[0]).toEqual({ map_to: "not mapped", name: "Permissions map" });

    expect(await run(owner, "updateMappedSigningTemplateById", { id: mappedId, patch: { locked: true } })).toBe(
      "LL422 Mapping required.",
    );
    expect(await run(owner, "updateSigningRoleById", { id: roleId, patch: { mapTo: "static", toName: "A" } })).toBe(
      "LL422 To email required for static field.",
    );
    expect(await run(owner, "updateSigningRoleById", { id: roleId, patch: { mapTo: "investor" } })).toBe("accepted");
    expect(await run(owner, "updateSigningFieldById", { id: fieldId, patch: { mapTo: "custom" } })).toBe(
      "LL422 Value required for custom field.",
    );
    expect(await run(owner, "updateSigningFieldById", { id: fieldId, patch: { mapTo: "investor.name" } })).toBe(
      "accepted",
    );
    expect(await run(owner, "updateMappedSigningTemplateById", { id: mappedId, patch: { locked: true } })).toBe(
      "accepted",
    );

    // locked: nothing but Active, never deleted
    expect(await run(owner, "updateSigningFieldById", { id: fieldId, patch: { mapTo: "investor.email" } })).toBe(
      "LL409 A locked mapped template cannot be edited.",
    );
    expect(await run(owner, "updateSigningRoleById", { id: roleId, patch: { mapTo: "issuer" } })).toBe(
      "LL409 A locked mapped template cannot be edited.",
    );
    expect(await run(owner, "updateMappedSigningTemplateById", { id: mappedId, patch: { locked: false } })).toBe(
      "LL409 A locked mapped template cannot be edited.",
    );
    expect(await run(owner, "deleteMappedSigningTemplateById", { id: mappedId })).toBe(
      "LL409 Only an unlocked mapped template can be deleted.",
    );
    expect(await run(owner, "addMappedSigningTemplateToQualifications", { id: mappedId })).toBe(
      "LL409 Only a locked and active mapped template can be added to qualifications.",
    );
    expect(await run(owner, "updateMappedSigningTemplateById", { id: mappedId, patch: { active: true } })).toBe(
      "accepted",
    );
    expect(await run(viewer, "addMappedSigningTemplateToQualifications", { id: mappedId })).toMatch(/^LL403/);
    expect(await run(owner, "addMappedSigningTemplateToQualifications", { id: mappedId })).toBe("accepted");
    expect(await mappedCount(mappedId)).toBe(1);

    // an unlocked one is deleted by its owner
    const other = crypto.randomUUID();
    expect(await run(owner, "createMappedSigningTemplate", { templateId, name: "Second", id: other })).toBe("accepted");
    expect(await run(viewer, "deleteMappedSigningTemplateById", { id: other })).toMatch(/^LL403/);
    expect(await run(owner, "deleteMappedSigningTemplateById", { id: other })).toBe("accepted");
    expect(await mappedCount(other)).toBe(0);
    expect(await run(owner, "docusignSyncTemplateList", { accountId: signingAccountId })).toBe("accepted");
  });
});
