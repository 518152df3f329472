// GraphQL timestamps are selected as text and rebuilt in JavaScript (sync/graphql/timestamps.ts) instead of by
// PostgreSQL's to_char: the answers must be the very strings to_char prints, and timestamp filters, ordering and
// cursors must work as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isoFromPgTimestamptz } from "../../sync/graphql/timestamps.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

const TO_CHAR = `'YYYY-MM-DD"T"HH24:MI:SS.USTZH:TZM'`;

let t: TestServer;
let issuer: TestClient;

beforeAll(async () => {
  t = await startTestServer();
  issuer = t.client();
  expect((await issuer.signIn("issuer@demo.test")).status).toBe(200);
  const answer = await issuer.graphql<{
    currentUser: { usersAccounts: { nodes: Array<{ account: { id: string; type: string } }> } };
  }>("{ currentUser { usersAccounts { nodes { account { id type } } } } }");
  const account = answer.data?.currentUser.usersAccounts.nodes.find((node) => node.account.type === "issuer");
  expect(account).toBeDefined();
  expect((await issuer.selectAccount(account?.account.id ?? "")).status).toBe(303);
});

afterAll(async () => {
  await t?.close();
});

describe("isoFromPgTimestamptz", () => {
  it("prints what to_char prints, in every time zone, for any date", async () => {
    const fixed = [
      "2026-11-22 14:36:37.15+00",
      "2026-11-22 14:36:37+00",
      "2000-01-01 00:00:00.123456+00",
      "2000-01-01 00:00:00.000001+00",
      "1850-01-01 00:00:00+00",
      "1900-01-01 00:00:00+00",
      "0044-03-15 12:00:00+00 BC",
      "12000-01-01 00:00:00.5+00",
      "infinity",
      "-infinity",
    ];
    let compared = 0;
    for (const zone of ["UTC", "Asia/Kolkata", "America/St_Johns", "Europe/Amsterdam", "Pacific/Chatham"]) {
      await t.server.db.transaction(async (tx) => {
        await tx.query("select set_config('TimeZone', $1, true), set_config('DateStyle', 'ISO, MDY', true)", [zone]);
        const { rows } = await tx.query<{ text: string; expected: string | null }>(
          `with v(ts) as (
             select x::timestamptz from unnest($1::text[]) x
             union all
             -- random instants between year 1 and 9999, with and without fractions
             select timestamptz '0001-01-01 00:00:00+00'
                    + make_interval(secs => floor(random() * 315000000000)::float8 + (case when i % 3 = 0 then 0
                      else floor(random() * 1000000) / 1000000 end))
             from generate_series(1, 400) i)
           select ts::text as text, to_char(ts, ${TO_CHAR}::text) as expected from v`,
          [fixed],
        );
        for (const row of rows) {
          expect({ text: row.text, iso: isoFromPgTimestamptz(row.text) }).toEqual({
            text: row.text,
            iso: row.expected,
          });
          compared++;
        }
      });
    }
    expect(compared).toBe(5 * 410);
  });

  it("passes to_char's own output through and refuses text it does not know", () => {
    expect(isoFromPgTimestamptz("2026-11-22T14:36:37.150000+00:00")).toBe("2026-11-22T14:36:37.150000+00:00");
    expect(() => isoFromPgTimestamptz("11/22/2026 14:36:37.15 UTC")).toThrow(/Unexpected timestamptz/);
  });
});

describe("GraphQL timestamps", () => {
  it("answers every holding's timestamps as to_char prints them", async () => {
    const answer = await issuer.graphql<{
      allHoldings: { nodes: Array<{ id: string; issuedOn: string | null; createdOn: string; updatedOn: string }> };
    }>("{ allHoldings(orderBy: PRIMARY_KEY_ASC) { nodes { id issuedOn createdOn updatedOn } } }");
    expect(answer.errors).toBeUndefined();
    const nodes = answer.data?.allHoldings.nodes ?? [];
    expect(nodes.length).toBeGreaterThan(0);
    const { rows } = await t.server.db.query<{
      id: string;
      issued_on: string | null;
      created_on: string;
      updated_on: string;
    }>(
      `select id, to_char(issued_on, ${TO_CHAR}) as issued_on, to_char(created_on, ${TO_CHAR}) as created_on,
              to_char(updated_on, ${TO_CHAR}) as updated_on
         from app_public.holdings where id = any ($1::uuid[]) order by id`,
      [nodes.map((node) => node.id)],
    );
    expect(nodes).toEqual(
      rows.map((row) => ({
        id: row.id,
        issuedOn: row.issued_on,
        createdOn: row.created_on,
        updatedOn: row.updated_on,
      })),
    );
  });

  it("filters, orders and pages by a timestamp as before", async () => {
    const all = await issuer.graphql<{ allHoldings: { nodes: Array<{ id: string; createdOn: string }> } }>(
      "{ allHoldings(orderBy: [CREATED_ON_ASC, PRIMARY_KEY_ASC]) { nodes { id createdOn } } }",
    );
    const nodes = all.data?.allHoldings.nodes ?? [];
    expect(nodes.length).toBeGreaterThan(2);
    const middle = nodes[Math.floor(nodes.length / 2)];
    const later = await issuer.graphql<{ allHoldings: { nodes: Array<{ id: string }> } }>(
      `query later($after: Datetime!) {
        allHoldings(filter: { createdOn: { greaterThanOrEqualTo: $after } }, orderBy: [CREATED_ON_ASC, PRIMARY_KEY_ASC]) {
          nodes { id }
        }
      }`,
      { after: middle?.createdOn },
    );
    expect(later.errors).toBeUndefined();
    expect(later.data?.allHoldings.nodes.map((node) => node.id)).toEqual(
      nodes.filter((node) => node.createdOn >= (middle?.createdOn ?? "")).map((node) => node.id),
    );
    // cursor pagination over a timestamp ordering walks the same rows
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 100; page++) {
      const answer: {
        data?: {
          allHoldings: {
            edges: Array<{ node: { id: string } }>;
            pageInfo: { endCursor: string; hasNextPage: boolean };
          };
        } | null;
        errors?: unknown;
      } = await issuer.graphql(
        `query page($after: Cursor) {
          allHoldings(first: 2, after: $after, orderBy: [CREATED_ON_ASC, PRIMARY_KEY_ASC]) {
            edges { node { id } } pageInfo { endCursor hasNextPage }
          }
        }`,
        { after },
      );
      expect(answer.errors).toBeUndefined();
      seen.push(...(answer.data?.allHoldings.edges ?? []).map((edge) => edge.node.id));
      if (!answer.data?.allHoldings.pageInfo.hasNextPage) break;
      after = answer.data.allHoldings.pageInfo.endCursor;
    }
    expect(seen).toEqual(nodes.map((node) => node.id));
  });
});
