// The allocation import as the device sends it (src/features/allocations/CsvImport.tsx): a file of 1,100 rows as
// three bulkAllocation commands of up to 500 rows, each with its own idempotency key, through POST /api/v2/commands
// (the issuer's allocation with a qualification: onboarding steps and invitation mails).
// The answer is dropped and the same commands are sent again (the outbox resends what it has no answer for): every
// row is applied exactly once. A chunk with a bad row is refused whole while the chunks beside it are applied.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_CHUNK_ROWS, importChunks } from "../../src/domain/allocation-csv.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
let issuer: TestClient;
let userId: string;
let accountId: string;
let allocationId: string;

beforeAll(async () => {
  t = await startTestServer();
  const { rows } = await t.server.db.query<{ id: string; owner_id: string }>(
    "select id, owner_id from app_public.allocations where name = 'Series A Direct'",
  );
  allocationId = rows[0]!.id;
  accountId = rows[0]!.owner_id;
  issuer = t.client();
  expect((await issuer.signIn("issuer@demo.test")).status).toBe(200);
  expect((await issuer.selectAccount(accountId)).status).toBe(303);
  const me = await issuer.graphql<{ currentUser: { id: string } }>("{ currentUser { id } }");
  userId = me.data!.currentUser.id;
});
afterAll(async () => {
  await t?.close();
});

interface Command {
  key: string;
  mutation: string;
  variables: unknown;
  userId: string;
  accountId: string;
}

async function send(commands: Command[]) {
  const answer = await issuer.fetch("/api/v2/commands", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(commands),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { results: Array<{ key: string; status: string; errorMessage: string | null }> })
    .results;
}

const fileRows = (tag: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    row: i + 2,
    id: crypto.randomUUID(),
    email: `${tag}-${i}@chunks.test`,
    amount: String(1 + (i % 50)),
    name: `Chunk ${i}`,
  }));

const commandsOf = (rows: ReturnType<typeof fileRows>): Command[] =>
  importChunks(rows).map((chunk) => ({
    key: crypto.randomUUID(),
    mutation: "bulkAllocation",
    variables: { input: { allocationId, fileName: "cap-table.csv", rows: chunk } },
    userId,
    accountId,
  }));

async function imported(tag: string) {
  const { rows } = await t.server.db.query<{ distributions: number; investors: number; contacts: number }>(
    `select count(*)::int as distributions, count(distinct d.investor_id)::int as investors,
            (select count(*) from app_public.customers c where c.account_id = $2 and c.email like $3)::int as contacts
       from app_public.distributions d join app_public.accounts a on a.id = d.investor_id
      where d.allocation_id = $1 and a.email like $3`,
    [allocationId, accountId, `${tag}-%`],
  );
  return rows[0];
}

describe("the allocation import in chunks through the commands endpoint", () => {
  it("applies a 1,100-row file sent as three commands exactly once, also when the answer was dropped and it is sent again", async () => {
    const rows = fileRows("once", 1100);
    const commands = commandsOf(rows);
    expect(commands.map((c) => (c.variables as { input: { rows: unknown[] } }).input.rows.length)).toEqual([
      IMPORT_CHUNK_ROWS,
      IMPORT_CHUNK_ROWS,
      100,
    ]);
    const first = await send(commands);
    expect(first.map((r) => r.status)).toEqual(["accepted", "accepted", "accepted"]);
    // the answer never reached the device: it sends the same commands again, and once more the last one alone
    const again = await send(commands);
    expect(again.map((r) => r.status)).toEqual(["accepted", "accepted", "accepted"]);
    expect((await send(commands.slice(2))).map((r) => r.status)).toEqual(["accepted"]);
    expect(await imported("once")).toEqual({ distributions: 1100, investors: 1100, contacts: 1100 });
    const { rows: log } = await t.server.db.query<{ n: number }>(
      "select count(*)::int as n from app_private.command_log where idempotency_key = any ($1::uuid[])",
      [commands.map((c) => c.key)],
    );
    expect(log[0]?.n).toBe(3);
    const { rows: mails } = await t.server.db.query<{ n: number }>(
      "select count(*)::int as n from app_private.mail_outbox where to_address like 'once-%@chunks.test'",
    );
    expect(mails[0]?.n).toBe(1100);
  });

  it("refuses a chunk with a bad row whole, naming the file's row, and applies the chunks beside it", async () => {
    const rows = fileRows("partly", 1100);
    rows[700] = { ...rows[700]!, amount: "1,000" };
    const results = await send(commandsOf(rows));
    expect(results.map((r) => r.status)).toEqual(["accepted", "rejected", "accepted"]);
    expect(results[1]?.errorMessage).toBe("Row 702: Numbers must not contain commas.");
    expect(await imported("partly")).toEqual({ distributions: 600, investors: 600, contacts: 600 });
  });
});
