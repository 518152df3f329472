// Personal data sent in commands through POST /api/v2/commands (issue 36, finding 2; docs/ADMIN.md "Personal data"):
// setupAccount with a full tax id, dates of birth, street addresses and a phone and updateAddressById (which the app
// itself queues) are applied, updateAccountById and updatePartyById with a tax id and a date of birth refused, but
// neither the audit trail (read by the platform's admin and by the account's owners and admins, through GraphQL and
// the pull) nor the command log (accepted and rejected commands) keeps a clear value: a tax id keeps its last four
// characters, as the account does; the rest reads "[redacted]".
// And the audit trail's replica gives an account's viewer nothing, not even deleted markers (issue 36, finding 9c).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommandResult } from "../../src/domain/wire.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type SignedIn, signInAs } from "../sync/harness.ts";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
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

interface Event {
  id: string;
  action: string;
  accountId: string | null;
  details: { key?: string; variables?: { input?: Record<string, unknown> } };
}

async function trail(who: SignedIn): Promise<Event[]> {
  const answer = await who.client.graphql<{ allAuditEvents: { nodes: Event[] } }>(
    `{ allAuditEvents(orderBy: CREATED_ON_DESC, first: 500) { nodes { id action accountId details } } }`,
  );
  expect(answer.errors).toBeUndefined();
  return answer.data?.allAuditEvents.nodes ?? [];
}

let seq = 0;
async function post(who: SignedIn, commands: Array<{ key: string; mutation: string; input: Record<string, unknown> }>) {
  const response = await who.client.fetch("/api/v2/commands", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(
      commands.map((command) => ({
        key: command.key,
        mutation: command.mutation,
        variables: { input: command.input },
        userId: who.userId,
        accountId: who.accountId,
        createdOn: new Date().toISOString(),
        deviceId: "audit-personal-data-test",
        seq: ++seq,
      })),
    ),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: CommandResult[] }).results;
}

// Every clear value the commands below send: none may be read back from the trail or the log.
const CLEAR = [
  "123-45-6789",
  "123456789",
  "987-65-4321",
  "987654321",
  "1990-05-01",
  "1985-11-23",
  "1971-02-03",
  "12 Harbor St",
  "Unit 4B",
  "97201",
  "400 Lake Shore Dr",
  "Suite 9",
  "60611",
  "77 Elm Road",
  "Floor 3",
  "02139",
  "+1 503 555 0100",
  "+15035550100",
  "555-44-3333",
];

function clearValuesIn(value: unknown): string[] {
  const text = JSON.stringify(value);
  return CLEAR.filter((clear) => text.includes(clear));
}

describe("personal data in the audit trail and the command log", () => {
  it("records setupAccount, updateAddressById, updateAccountById and updatePartyById with no clear value", async () => {
    const priya = await signInAs(t.client(), "newinvestor@demo.test", "investor");
    const keys = { setup: crypto.randomUUID(), address: crypto.randomUUID(), account: crypto.randomUUID() };
    const setup = {
      attestation: true,
      taxId: "123-45-6789",
      type: "Individual",
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
      parties: [
        {
          firstName: "Priya",
          lastName: "Shah",
          dateOfBirth: "1990-05-01T00:00:00Z",
          taxId: "987-65-4321",
          usCitizen: true,
          addresses: [
            {
              type: "mailing",
              lineOne: "77 Elm Road",
              lineTwo: "Floor 3",
              city: "Cambridge",
              province: "MA",
              postalCode: "02139",
              countryId: 840,
            },
          ],
        },
      ],
      phone: "+1 503 555 0100",
    };
    expect(await post(priya, [{ key: keys.setup, mutation: "setupAccount", input: setup }])).toMatchObject([
      { status: "accepted" },
    ]);
    // the account keeps the last four of the tax id, and the address in full (its members read it)
    const { rows: addresses } = await t.server.db.query<{ id: string; line_one: string }>(
      `select ad.id, ad.line_one from app_public.account_addresses aa join app_public.addresses ad on ad.id = aa.address_id
        where aa.account_id = $1 and aa.type = 'primary'`,
      [priya.accountId],
    );
    expect(addresses[0]?.line_one).toBe("12 Harbor St");
    const { rows: party } = await t.server.db.query<{ id: string; tax_short: string }>(
      "select id, tax_short from app_public.parties where account_id = $1",
      [priya.accountId],
    );
    expect(party[0]?.tax_short).toBe("4321");

    const results = await post(priya, [
      {
        key: keys.address,
        mutation: "updateAddressById",
        input: {
          id: addresses[0]?.id,
          patch: {
            lineOne: "400 Lake Shore Dr",
            lineTwo: "Suite 9",
            city: "Chicago",
            province: "IL",
            postalCode: "60611",
          },
        },
      },
      {
        key: keys.account,
        mutation: "updateAccountById",
        input: { id: priya.accountId, patch: { dateOfBirth: "1985-11-23", taxShort: "6789" } },
      },
      {
        key: crypto.randomUUID(),
        mutation: "updateAccountById",
        input: { id: priya.accountId, patch: { taxShort: "123456789" } },
      },
      {
        key: crypto.randomUUID(),
        mutation: "updatePartyById",
        input: { id: party[0]?.id, patch: { dateOfBirth: "1971-02-03", taxShort: "987654321" } },
      },
      // a step's answers stay redacted as before (field names only), a tax id among them too
      {
        key: crypto.randomUUID(),
        mutation: "completeStep",
        input: { stepId: crypto.randomUUID(), blob: { taxId: "555-44-3333" } },
      },
    ]);
    // the tax id and date of birth are not the client's to change (column grants: LL403; a party's tax id takes the
    // last four only: LL422), yet the refused commands are logged too
    expect(results.map((result) => [result.status, result.errorCode])).toEqual([
      ["accepted", null],
      ["rejected", "LL403"],
      ["rejected", "LL403"],
      ["rejected", "LL422"],
      ["rejected", "LL404"],
    ]);
    const { rows: moved } = await t.server.db.query<{ line_one: string }>(
      "select line_one from app_public.addresses where id = $1",
      [addresses[0]?.id],
    );
    expect(moved[0]?.line_one).toBe("400 Lake Shore Dr");

    // the command log: every command of the test, accepted or rejected
    const { rows: logged } = await t.server.db.query<{ idempotency_key: string; mutation: string; variables: unknown }>(
      `select idempotency_key, mutation, variables from app_private.command_log
        where device_id = 'audit-personal-data-test' order by device_seq`,
    );
    expect(logged.length).toBe(6);
    expect(clearValuesIn(logged)).toEqual([]);
    const setupLogged = logged.find((row) => row.idempotency_key === keys.setup)?.variables;
    expect(setupLogged).toEqual({
      input: {
        ...setup,
        taxId: "6789",
        phone: "[redacted]",
        addresses: [
          {
            ...setup.addresses[0],
            lineOne: "[redacted]",
            lineTwo: "[redacted]",
            postalCode: "[redacted]",
          },
        ],
        parties: [
          {
            ...setup.parties[0],
            dateOfBirth: "[redacted]",
            taxId: "4321",
            addresses: [
              {
                ...setup.parties[0]?.addresses[0],
                lineOne: "[redacted]",
                lineTwo: "[redacted]",
                postalCode: "[redacted]",
              },
            ],
          },
        ],
      },
    });

    // the audit trail, as the account's owner and as the platform's admin, through GraphQL and the pull
    const admin = await signInAs(t.client(), "admin@demo.test", "admin");
    for (const who of [priya, admin]) {
      const events = (await trail(who)).filter((event) => event.accountId === priya.accountId);
      const pulled = (await pull(who, "audit_events")).filter((doc) => doc.accountId === priya.accountId);
      for (const seen of [events, pulled] as Array<Array<{ action?: unknown; details?: unknown }>>) {
        expect(seen.map((event) => event.action)).toEqual(
          expect.arrayContaining(["setupAccount", "updateAddressById"]),
        );
        expect(clearValuesIn(seen)).toEqual([]);
        const setupEvent = seen.find((event) => event.action === "setupAccount")?.details as Event["details"];
        expect(setupEvent.variables?.input).toMatchObject({
          taxId: "6789",
          phone: "[redacted]",
          addresses: [{ lineOne: "[redacted]", lineTwo: "[redacted]", postalCode: "[redacted]", city: "Portland" }],
          parties: [{ firstName: "Priya", taxId: "4321", dateOfBirth: "[redacted]" }],
        });
        const addressEvent = seen.find((event) => event.action === "updateAddressById")?.details as Event["details"];
        expect(addressEvent.variables?.input?.patch).toEqual({
          lineOne: "[redacted]",
          lineTwo: "[redacted]",
          city: "Chicago",
          province: "IL",
          postalCode: "[redacted]",
        });
      }
    }
  });
});

describe("the audit trail's replica and an account's viewer (issue 36, finding 9c)", () => {
  it("lists none of the account's events to a viewer, not even as deleted; its owner gets them", async () => {
    const issuer = await signInAs(t.client(), "issuer@demo.test", "issuer");
    // the viewer's own sign-in lands on the issuer account: an event of the account, as is the owner's command
    const viewer = await signInAs(t.client(), "issuer-viewer@demo.test", "issuer");
    expect(
      await post(issuer, [
        {
          key: crypto.randomUUID(),
          mutation: "makeCustomer",
          input: { id: crypto.randomUUID(), email: `viewer-pull-${Date.now()}@audit.test`, name: "Viewer Pull" },
        },
      ]),
    ).toMatchObject([{ status: "accepted" }]);
    const owned = await pull(issuer, "audit_events");
    expect(owned.filter((doc) => !doc._deleted).length).toBeGreaterThan(1);

    expect(await pull(viewer, "audit_events")).toEqual([]);
    const graphql = await viewer.client.graphql<{ pullDocuments: { documents: Doc[] } }>(
      `{ pullDocuments(model: "audit_events", afterTxid: "0", afterSeq: "0", lim: 1000) }`,
    );
    expect(graphql.errors).toBeUndefined();
    expect(graphql.data?.pullDocuments.documents).toEqual([]);
  });
});
