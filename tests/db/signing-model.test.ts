// E-signature with the client bypassed (sync/migrations/1110_signing.sql, sync/database/signing/): who reads the
// signing rows, the mapping rules and their texts (spec part 2 section 5), editable only while unlocked, Active only
// when locked, delete only when unlocked, only owners and admins of the issuer or broker account change anything,
// investors read only the documents sent to them, and completeStep on a signing step waits for the signature.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database, Sql } from "../../sync/db/database.ts";
import { asAccount, type Claims, createTestDb, demoClaims } from "../helpers/db.ts";

let db: Database;
let issuer: Claims;
let viewer: Claims;
let broker: Claims;
let investor: Claims;
let investor2: Claims;

beforeEach(async () => {
  db = await createTestDb({ demo: true });
  issuer = await demoClaims(db, "issuer@demo.test", "issuer");
  viewer = await demoClaims(db, "issuer-viewer@demo.test", "issuer");
  broker = await demoClaims(db, "broker@demo.test", "broker");
  investor = await demoClaims(db, "investor@demo.test", "investor");
  investor2 = await demoClaims(db, "investor2@demo.test", "investor");
});
afterEach(async () => {
  await db.close();
});

async function failure(claims: Claims, fn: (tx: Sql) => Promise<unknown>): Promise<string | null> {
  try {
    await asAccount(db, claims, fn);
    return null;
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return `${e.code ?? "error"} ${e.message ?? ""}`.trim();
  }
}

/** A template as a sync leaves it (written by the server's signing service as the database owner). */
async function syncedTemplate(accountId: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into app_public.signing_templates (signing_account_id, provider_template_id, name, roles, fields,
       sync_status, synced_on)
     select s.id, 'tpl-1', 'Subscription agreement',
       '[{"name": "Investor", "order": 1}, {"name": "Witness", "order": 2}]',
       '[{"name": "Investor.name", "role": "Investor", "type": "text", "documentId": "1", "page": 1},
         {"name": "Investor.signature", "role": "Investor", "type": "signature", "documentId": "1", "page": 1},
         {"name": "Investor.company", "role": "Investor", "type": "text", "documentId": "1", "page": 1}]',
       'synced', now()
     from app_public.signing_accounts s where s.account_id = $1 returning id`,
    [accountId],
  );
  const id = rows[0]?.id as string;
  await db.query(
    "insert into app_public.signing_documents (signing_template_id, provider_document_id, name) values ($1, '1', 'Agreement')",
    [id],
  );
  return id;
}

async function mapped(claims: Claims, templateId: string, name = "Agreement for Series A"): Promise<string> {
  return asAccount(db, claims, async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      "select id from app_public.create_mapped_signing_template($1, $2)",
      [templateId, name],
    );
    return rows[0]?.id as string;
  });
}

const roleId = async (mappedId: string, name: string) =>
  (
    await db.query<{ id: string }>(
      "select id from app_public.signing_roles where mapped_signing_template_id = $1 and name = $2",
      [mappedId, name],
    )
  ).rows[0]?.id as string;
const fieldId = async (mappedId: string, name: string) =>
  (
    await db.query<{ id: string }>(
      "select id from app_public.signing_fields where mapped_signing_template_id = $1 and name = $2",
      [mappedId, name],
    )
  ).rows[0]?.id as string;

async function mapEverything(mappedId: string): Promise<void> {
  const investorRole = await roleId(mappedId, "Investor");
  const witnessRole = await roleId(mappedId, "Witness");
  const nameField = await fieldId(mappedId, "Investor.name");
  const companyField = await fieldId(mappedId, "Investor.company");
  await asAccount(db, issuer, async (tx) => {
    await tx.query("update app_public.signing_roles set map_to = 'investor' where id = $1", [investorRole]);
    await tx.query(
      "update app_public.signing_roles set map_to = 'static', to_name = 'Wendy Witness', to_email = 'w@x.test' where id = $1",
      [witnessRole],
    );
    await tx.query("update app_public.signing_fields set map_to = 'investor.name' where id = $1", [nameField]);
    await tx.query("update app_public.signing_fields set map_to = 'static', value = 'Acme' where id = $1", [
      companyField,
    ]);
  });
}

describe("reading", () => {
  it("every issuer and broker account has a signing account its members read; others read none", async () => {
    const accounts = async (claims: Claims) =>
      asAccount(db, claims, async (tx) =>
        (await tx.query<{ account_id: string }>("select account_id from app_public.signing_accounts")).rows.map(
          (r) => r.account_id,
        ),
      );
    expect(await accounts(issuer)).toEqual([issuer.accountId]);
    expect(await accounts(viewer)).toEqual([issuer.accountId]);
    expect(await accounts(broker)).toEqual([broker.accountId]);
    expect(await accounts(investor)).toEqual([]);
  });

  it("templates and mapped templates are the account's own", async () => {
    const templateId = await syncedTemplate(issuer.accountId as string);
    await mapped(issuer, templateId);
    const count = (claims: Claims, table: string) =>
      asAccount(db, claims, async (tx) =>
        Number((await tx.query<{ n: string }>(`select count(*) as n from app_public.${table}`)).rows[0]?.n),
      );
    for (const table of ["signing_templates", "mapped_signing_templates", "signing_roles", "signing_fields"]) {
      expect(await count(issuer, table), table).toBeGreaterThan(0);
      expect(await count(viewer, table), table).toBeGreaterThan(0);
      expect(await count(broker, table), table).toBe(0);
      expect(await count(investor, table), table).toBe(0);
    }
  });
});

describe("mapping", () => {
  it("owners and admins map; viewers, other accounts and investors are refused", async () => {
    const templateId = await syncedTemplate(issuer.accountId as string);
    expect(
      await failure(viewer, (tx) =>
        tx.query("select app_public.create_mapped_signing_template($1, 'x')", [templateId]),
      ),
    ).toMatch(/^LL403/);
    expect(
      await failure(broker, (tx) =>
        tx.query("select app_public.create_mapped_signing_template($1, 'x')", [templateId]),
      ),
    ).toMatch(/^LL404/);
    expect(
      await failure(investor, (tx) =>
        tx.query("select app_public.create_mapped_signing_template($1, 'x')", [templateId]),
      ),
    ).toMatch(/^LL404/);
    expect(
      await failure(issuer, (tx) =>
        tx.query("select app_public.create_mapped_signing_template($1, ' ')", [templateId]),
      ),
    ).toBe("LL422 Template name is required.");
    const id = await mapped(issuer, templateId);
    const roles = await db.query<{ name: string; map_to: string }>(
      'select name, map_to from app_public.signing_roles where mapped_signing_template_id = $1 order by "order"',
      [id],
    );
    expect(roles.rows).toEqual([
      { name: "Investor", map_to: "not mapped" },
      { name: "Witness", map_to: "not mapped" },
    ]);
    const role = await roleId(id, "Investor");
    expect(
      await failure(viewer, (tx) =>
        tx.query("update app_public.signing_roles set map_to = 'investor' where id = $1", [role]),
      ),
    ).toMatch(/^LL403/);
    const touched = await asAccount(
      db,
      broker,
      async (tx) =>
        (await tx.query("update app_public.signing_roles set map_to = 'investor' where id = $1 returning id", [role]))
          .rows.length,
    );
    expect(touched).toBe(0);
    expect(
      await failure(issuer, (tx) =>
        tx.query("update app_public.signing_roles set account_id = null where id = $1", [role]),
      ),
    ).toMatch(/^(42703|42501)/);
  });

  it("the spec's texts for roles and fields", async () => {
    const id = await mapped(issuer, await syncedTemplate(issuer.accountId as string));
    const role = await roleId(id, "Witness");
    const field = await fieldId(id, "Investor.company");
    const roleUpdate = (set: string) => (tx: Sql) =>
      tx.query(`update app_public.signing_roles set ${set} where id = $1`, [role]);
    const fieldUpdate = (set: string) => (tx: Sql) =>
      tx.query(`update app_public.signing_fields set ${set} where id = $1`, [field]);
    expect(await failure(issuer, roleUpdate("map_to = 'static', to_email = 'w@x.test'"))).toBe(
      "LL422 To name required for static field.",
    );
    expect(await failure(issuer, roleUpdate("map_to = 'static', to_name = 'W'"))).toBe(
      "LL422 To email required for static field.",
    );
    expect(await failure(issuer, roleUpdate("map_to = 'static', to_name = 'W', to_email = 'nope'"))).toBe(
      "LL422 Valid email required",
    );
    expect(await failure(issuer, roleUpdate("map_to = 'somebody'"))).toBe("LL422 Mapping required.");
    expect(await failure(issuer, fieldUpdate("map_to = ''"))).toBe("LL422 Name is required.");
    expect(await failure(issuer, fieldUpdate("map_to = 'error'"))).toBe("LL422 Name is required.");
    expect(await failure(issuer, fieldUpdate("map_to = 'static', value = ''"))).toBe(
      "LL422 Value required for static field.",
    );
    expect(await failure(issuer, fieldUpdate("map_to = 'custom'"))).toBe("LL422 Value required for custom field.");
    expect(await failure(issuer, fieldUpdate("map_to = 'investor.email'"))).toBeNull();
    const valueVariable = await db.query<{ value_variable: string }>(
      "select value_variable from app_public.signing_fields where id = $1",
      [field],
    );
    expect(valueVariable.rows[0]?.value_variable).toBe("investor.email");
  });

  it("locking needs every role mapped; a locked template changes only Active and is never deleted", async () => {
    const id = await mapped(issuer, await syncedTemplate(issuer.accountId as string));
    const update = (set: string) => (tx: Sql) =>
      tx.query(`update app_public.mapped_signing_templates set ${set} where id = $1`, [id]);
    expect(await failure(issuer, update("active = true"))).toBe("LL409 Lock the mapped template before activating it.");
    expect(await failure(issuer, update("locked = true"))).toBe("LL422 Mapping required.");
    expect(await failure(issuer, update("name = ''"))).toBe("LL422 Template name is required.");
    await mapEverything(id);
    expect(await failure(viewer, update("locked = true"))).toMatch(/^LL403/);
    expect(await failure(issuer, update("locked = true"))).toBeNull();
    expect(await failure(issuer, update("name = 'Renamed'"))).toBe("LL409 A locked mapped template cannot be edited.");
    expect(await failure(issuer, update("locked = false"))).toBe("LL409 A locked mapped template cannot be edited.");
    expect(await failure(issuer, update("qualification_step_type = 'email'"))).toBe(
      "LL409 A locked mapped template cannot be edited.",
    );
    const role = await roleId(id, "Investor");
    const field = await fieldId(id, "Investor.name");
    expect(
      await failure(issuer, (tx) =>
        tx.query("update app_public.signing_roles set map_to = 'issuer' where id = $1", [role]),
      ),
    ).toBe("LL409 A locked mapped template cannot be edited.");
    expect(
      await failure(issuer, (tx) =>
        tx.query("update app_public.signing_fields set map_to = 'investor.email' where id = $1", [field]),
      ),
    ).toBe("LL409 A locked mapped template cannot be edited.");
    expect(
      await failure(issuer, (tx) => tx.query("delete from app_public.mapped_signing_templates where id = $1", [id])),
    ).toBe("LL409 Only an unlocked mapped template can be deleted.");
    expect(await failure(issuer, update("active = true"))).toBeNull();
    expect(await failure(issuer, update("active = false"))).toBeNull();
  });

  it("an unlocked mapped template is deleted by its owner or admin only", async () => {
    const id = await mapped(issuer, await syncedTemplate(issuer.accountId as string));
    const remove = (tx: Sql) => tx.query("delete from app_public.mapped_signing_templates where id = $1", [id]);
    expect(await failure(viewer, remove)).toMatch(/^LL403/);
    await asAccount(db, broker, remove);
    expect(await failure(issuer, remove)).toBeNull();
    const left = await db.query("select 1 from app_public.mapped_signing_templates where id = $1", [id]);
    expect(left.rows).toEqual([]);
  });

  it("a deleted template cannot be mapped", async () => {
    const templateId = await syncedTemplate(issuer.accountId as string);
    await db.query("update app_public.signing_templates set deleted = true where id = $1", [templateId]);
    expect(
      await failure(issuer, (tx) =>
        tx.query("select app_public.create_mapped_signing_template($1, 'x')", [templateId]),
      ),
    ).toBe("LL409 Template has been deleted, new mapped templates cannot be created from this template.");
  });
});

describe("onboarding", () => {
  async function signingDistribution(
    delivery: "inline" | "email" = "inline",
  ): Promise<{ mappedId: string; stepId: string; distributionId: string }> {
    const mappedId = await mapped(issuer, await syncedTemplate(issuer.accountId as string));
    await mapEverything(mappedId);
    await asAccount(db, issuer, (tx) =>
      tx.query("update app_public.mapped_signing_templates set qualification_step_type = $2 where id = $1", [
        mappedId,
        delivery,
      ]),
    );
    const add = (tx: Sql) =>
      tx.query("select id from app_public.add_mapped_signing_template_to_qualifications($1)", [mappedId]);
    expect(await failure(issuer, add)).toBe(
      "LL409 Only a locked and active mapped template can be added to qualifications.",
    );
    await asAccount(db, issuer, (tx) =>
      tx.query("update app_public.mapped_signing_templates set locked = true, active = true where id = $1", [mappedId]),
    );
    expect(await failure(viewer, add)).toMatch(/^LL403/);
    return asAccount(db, issuer, async (tx) => {
      const vq = (await add(tx)).rows[0] as { id: string };
      const round = await tx.query<{ id: string; opens_on: string; closes_on: string }>(
        `select r.id, r.opens_on, r.closes_on from app_public.rounds r join app_public.assets a on a.id = r.asset_id
         where a.issuer_id = $1 order by r.created_on limit 1`,
        [issuer.accountId],
      );
      const allocation = await tx.query<{ id: string }>(
        `insert into app_public.allocations (round_id, name, status, opens_on, closes_on)
         values ($1, 'Signing test', 'open', now() - interval '1 day', now() + interval '30 days') returning id`,
        [round.rows[0]?.id],
      );
      await tx.query(
        "insert into app_public.allocation_qualifications (allocation_id, vendor_qualification_id, execute_order) values ($1, $2, 1)",
        [allocation.rows[0]?.id, vq.id],
      );
      const distribution = await tx.query<{ id: string }>(
        "select id from app_public.make_distribution($1, 'investor@demo.test', 10, 'Signer')",
        [allocation.rows[0]?.id],
      );
      const distributionId = distribution.rows[0]?.id as string;
      const step = await tx.query<{ id: string; type: string; schema: { mappedSigningTemplateId: string } }>(
        `select s.id, s.type, s.schema from app_public.steps s join app_public.processes p on p.id = s.process_id
         where p.distribution_id = $1`,
        [distributionId],
      );
      return { mappedId, stepId: step.rows[0]?.id as string, distributionId, step: step.rows };
    }).then((result) => {
      const { step, ...rest } = result as typeof result & {
        step: { type: string; schema: { mappedSigningTemplateId: string } }[];
      };
      expect(step.map((s) => [s.type, s.schema.mappedSigningTemplateId])).toEqual([["signing", rest.mappedId]]);
      return rest;
    });
  }

  it("a locked, active mapped template becomes a qualification whose signing step waits for the signature", async () => {
    const { mappedId, stepId, distributionId } = await signingDistribution();
    const complete = (tx: Sql) => tx.query("select id from app_public.complete_step('{}', $1)", [stepId]);
    expect(await failure(investor, complete)).toBe("LL422 Please sign the document first.");
    expect(await failure(investor2, complete)).toMatch(/^LL404/);
    await db.query(
      `insert into app_public.sent_signing_documents (mapped_signing_template_id, step_id, distribution_id, sent_to_id,
         provider, status, completed_on) values ($1, $2, $3, $4, 'builtin', 'completed', now())`,
      [mappedId, stepId, distributionId, investor.accountId],
    );
    expect(await failure(investor, complete)).toBeNull();
    const status = await db.query<{ status: string }>("select status from app_public.steps where id = $1", [stepId]);
    expect(status.rows[0]?.status).toBe("complete");
  });

  it("investors read only the documents sent to them; the issuer reads its own", async () => {
    const { mappedId, stepId, distributionId } = await signingDistribution();
    await db.query(
      `insert into app_public.sent_signing_documents (mapped_signing_template_id, step_id, distribution_id, sent_to_id, provider)
       values ($1, $2, $3, $4, 'builtin'), ($1, null, null, $5, 'builtin')`,
      [mappedId, stepId, distributionId, investor.accountId, investor2.accountId],
    );
    const seen = (claims: Claims) =>
      asAccount(db, claims, async (tx) =>
        (
          await tx.query<{ sent_to_id: string }>(
            "select sent_to_id from app_public.sent_signing_documents order by sent_to_id",
          )
        ).rows.map((r) => r.sent_to_id),
      );
    expect(await seen(investor)).toEqual([investor.accountId]);
    expect(await seen(investor2)).toEqual([investor2.accountId]);
    expect((await seen(issuer)).length).toBe(2);
    expect(await seen(broker)).toEqual([]);
    expect(
      await failure(investor, (tx) => tx.query("update app_public.sent_signing_documents set status = 'completed'")),
    ).toMatch(/^42501/);
  });

  it("an e-mail signing step sends the investor the link through the mailer when it becomes current", async () => {
    const { stepId, distributionId } = await signingDistribution("email");
    const sent = await db.query<{ status: string; delivery: string }>(
      "select status, delivery from app_public.sent_signing_documents where step_id = $1",
      [stepId],
    );
    expect(sent.rows).toEqual([{ status: "sent", delivery: "email" }]);
    const mail = await db.query<{ to_address: string; text_body: string }>(
      "select to_address, text_body from app_private.mail_outbox where kind = 'signing_request'",
    );
    expect(mail.rows.map((m) => m.to_address)).toEqual(["investor@demo.test"]);
    expect(mail.rows[0]?.text_body).toContain(`{{origin}}/distribution/${distributionId}`);
  });

  it("a mapped template's question sets come before its signing step; another account's set is refused", async () => {
    const mappedId = await mapped(issuer, await syncedTemplate(issuer.accountId as string));
    await mapEverything(mappedId);
    const set = await db.query<{ id: string }>(
      `with q as (
         insert into app_public.onboarding_questions (account_id, name, description, error_message, type_id)
         select $1, 'Accredited for signing', 'Are you accredited?', 'Answer yes or no.', t.id
         from app_public.onboarding_question_types t order by t.name limit 1 returning id),
       s as (insert into app_public.onboarding_question_sets (account_id, name) values ($1, 'Signing questions') returning id),
       j as (insert into app_public.onboarding_question_joins (question_set_id, question_id, execute_order)
             select s.id, q.id, 1 from s, q returning question_set_id)
       select question_set_id as id from j`,
      [issuer.accountId],
    );
    const setId = set.rows[0]?.id as string;
    const brokerSet = await db.query<{ id: string }>(
      "insert into app_public.onboarding_question_sets (account_id, name) values ($1, 'Broker set') returning id",
      [broker.accountId],
    );
    const join = (questionSet: string) => (tx: Sql) =>
      tx.query(
        "insert into app_public.mapped_signing_template_question_sets (mapped_signing_template_id, onboarding_question_set_id) values ($1, $2)",
        [mappedId, questionSet],
      );
    expect(await failure(issuer, join(brokerSet.rows[0]?.id as string))).toBe("LL404 Question set not found.");
    expect(await failure(viewer, join(setId))).toMatch(/^LL403/);
    expect(await failure(issuer, join(setId))).toBeNull();
    await asAccount(db, issuer, (tx) =>
      tx.query("update app_public.mapped_signing_templates set locked = true, active = true where id = $1", [mappedId]),
    );
    expect(
      await failure(issuer, (tx) => tx.query("delete from app_public.mapped_signing_template_question_sets")),
    ).toBe("LL409 A locked mapped template cannot be edited.");
    const steps = await asAccount(
      db,
      issuer,
      async (tx) =>
        (
          await tx.query<{
            steps: { type: string; schema: { questionSetId?: string; mappedSigningTemplateId?: string } }[];
          }>("select steps from app_public.add_mapped_signing_template_to_qualifications($1)", [mappedId])
        ).rows[0]?.steps,
    );
    expect(steps?.map((step) => [step.type, step.schema.questionSetId ?? step.schema.mappedSigningTemplateId])).toEqual(
      [
        ["encrypted_form", setId],
        ["signing", mappedId],
      ],
    );
  });
});
