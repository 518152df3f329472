// Migration 1710 (issue 36, finding 2; docs/ADMIN.md "Personal data"): the command log rows and audit events recorded
// before personal fields were redacted (a full tax id, dates of birth, street lines, postal codes, phones in clear)
// are redacted as log_commands now writes them: the tax id's last four characters, "[redacted]" for the rest. The
// audit trail stays append-only after it; an event still in a device's window gets a new change, so the devices pull
// it redacted. On PGlite and, when installed, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { migrate } from "../../sync/db/migrate.ts";
import { demoClaims, stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(stopTestClusters);

const MIGRATION = "1710_personal_data_redacted.sql";

const setupVariables = {
  input: {
    attestation: true,
    taxId: "123-45-6789",
    type: "Individual",
    phone: "+1 503 555 0100",
    addresses: [
      {
        type: "primary",
        lineOne: "12 Harbor St",
        lineTwo: "Unit 4B",
        city: "Portland",
        province: "OR",
        postalCode: "97201",
        countryId: 840,
      },
    ],
    parties: [{ firstName: "Priya", lastName: "Shah", dateOfBirth: "1990-05-01T00:00:00Z", taxId: "987654321" }],
  },
};
const setupRedacted = {
  input: {
    attestation: true,
    taxId: "6789",
    type: "Individual",
    phone: "[redacted]",
    addresses: [
      {
        type: "primary",
        lineOne: "[redacted]",
        lineTwo: "[redacted]",
        city: "Portland",
        province: "OR",
        postalCode: "[redacted]",
        countryId: 840,
      },
    ],
    parties: [{ firstName: "Priya", lastName: "Shah", dateOfBirth: "[redacted]", taxId: "4321" }],
  },
};
const addressVariables = {
  input: {
    id: "00000000-0000-4000-8000-000000000001",
    patch: { lineOne: "400 Lake Shore Dr", city: "Chicago", postalCode: "60611" },
  },
};
const addressRedacted = {
  input: {
    id: "00000000-0000-4000-8000-000000000001",
    patch: { lineOne: "[redacted]", city: "Chicago", postalCode: "[redacted]" },
  },
};
// what 1290 left of a step's answers, and a command with nothing personal: both as they are
const stepVariables = {
  input: { stepId: "00000000-0000-4000-8000-000000000002", blob: { taxId: "[redacted]", ssn: "[redacted]" } },
};
const customerVariables = {
  input: { email: "contact@example.test", name: "A Contact", id: "00000000-0000-4000-8000-000000000003" },
};

describe.each(testTargets)("migration 1710 on $name", (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.create({ demo: true });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it("redacts the personal fields already in the command log and the audit trail", async () => {
    const investor = await demoClaims(db, "newinvestor@demo.test", "investor");
    const logged = [
      ["setupAccount", setupVariables, "accepted"],
      ["updateAddressById", addressVariables, "accepted"],
      [
        "updateAccountById",
        { input: { id: investor.accountId, patch: { taxShort: "123456789", dateOfBirth: "1985-11-23" } } },
        "rejected",
      ],
      ["completeStep", stepVariables, "accepted"],
      ["makeCustomer", customerVariables, "accepted"],
    ] as const;
    const keys: string[] = [];
    // old-style rows: the command log as log_commands wrote it before (in clear) ...
    for (const [mutation, variables, status] of logged) {
      const { rows } = await db.query<{ key: string }>(
        `insert into app_private.command_log (idempotency_key, user_id, account_id, device_id, device_seq, mutation,
                                              variables, status)
         values (gen_random_uuid(), $1, $2, 'migration-1710-test', $3, $4, $5, $6) returning idempotency_key as key`,
        [investor.userId, investor.accountId, keys.length + 1, mutation, JSON.stringify(variables), status],
      );
      keys.push(rows[0]?.key ?? "");
    }
    // ... and the audit events as the trigger wrote them (in clear): one in the account's window (it has change rows),
    // one out of every window (its change rows gone)
    const events: string[] = [];
    for (const [mutation, variables] of [
      ["setupAccount", setupVariables],
      ["updateAddressById", addressVariables],
      ["makeCustomer", customerVariables],
    ] as const) {
      const { rows } = await db.query<{ id: string }>(
        `insert into app_public.audit_events (kind, action, user_id, account_id, device_id, details)
         values ('command', $1, $2, $3, 'migration-1710-test', jsonb_build_object('key', gen_random_uuid(), 'variables', $4::jsonb))
         returning id`,
        [mutation, investor.userId, investor.accountId, JSON.stringify(variables)],
      );
      events.push(rows[0]?.id ?? "");
    }
    await db.query("delete from app_private.changes where model = 'audit_events' and doc_id = $1", [events[1]]);
    const changes = async () =>
      (
        await db.query<{ doc_id: string; n: number }>(
          `select doc_id, count(*)::int as n from app_private.changes where model = 'audit_events' and doc_id = any ($1::uuid[])
            group by doc_id`,
          [events],
        )
      ).rows;
    expect(await changes()).toEqual(
      expect.arrayContaining([
        { doc_id: events[0], n: 1 },
        { doc_id: events[2], n: 1 },
      ]),
    );

    // the migration, as migrate runs it on a database that has not applied it yet
    await db.query("delete from app_private.migrations where name = $1", [MIGRATION]);
    expect(await migrate(db)).toEqual([MIGRATION]);

    const { rows: log } = await db.query<{ variables: unknown }>(
      "select variables from app_private.command_log where idempotency_key = any ($1::uuid[]) order by device_seq",
      [keys],
    );
    expect(log.map((row) => row.variables)).toEqual([
      setupRedacted,
      addressRedacted,
      { input: { id: investor.accountId, patch: { taxShort: "6789", dateOfBirth: "[redacted]" } } },
      stepVariables,
      customerVariables,
    ]);
    const { rows: trail } = await db.query<{ id: string; variables: unknown }>(
      "select id, details -> 'variables' as variables from app_public.audit_events where id = any ($1::uuid[])",
      [events],
    );
    const byId = new Map<string, unknown>(trail.map((row) => [row.id, row.variables]));
    expect(events.map((id) => byId.get(id))).toEqual([setupRedacted, addressRedacted, customerVariables]);
    // the redacted event still in a window has a new change (its devices pull it again); the one out of every window
    // and the unchanged one have none
    expect(await changes()).toEqual(
      expect.arrayContaining([
        { doc_id: events[0], n: 2 },
        { doc_id: events[2], n: 1 },
      ]),
    );
    expect((await changes()).length).toBe(2);

    // still append-only, the owner included
    await expect(
      db.query("update app_public.audit_events set action = 'x' where id = $1", [events[0]]),
    ).rejects.toMatchObject({ code: "LL403" });
    // and a second run changes nothing
    await db.query("delete from app_private.migrations where name = $1", [MIGRATION]);
    expect(await migrate(db)).toEqual([MIGRATION]);
    expect((await changes()).find((row) => row.doc_id === events[0])?.n).toBe(2);
  });
});
