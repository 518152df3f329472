// The transfer agent of a security with the client bypassed (issue 32 item 1: a request is reviewed by "the issuer (or
// the transfer agent's agent account where the issuer names one)"; docs/TRANSFERS.md "The transfer agent"): who may
// name one (nameTransferAgent), which accounts may be named, the named agent's owner approving (the ledger moves as
// for the issuer) and rejecting, its viewer and another agent refused (the other agent reads nothing), and, once the
// agent is cleared, its queued approval refused and its device's requests gone; a queued approval applied once. One
// server for the whole file, steps in order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendCommand } from "../helpers/commands.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const ids = new Map<string, string>();

const ISSUER = "Northwind Renewables, Inc.";
const OTHER_ISSUER = "Cascade Biotech Holdings";
const BROKER = "Harborview Capital Markets LLC";
const AGENT = "Keystone Transfer Agents";
const EMMA = "Emma Lawson";
const JORDAN = "Jordan Blake";
const SECURITY = "Northwind Series A Preferred Stock";
const NOT_THE_AGENT =
  "Your account is not the transfer agent of this security (anymore): its issuer, or the agent it names, decides this request.";

interface SignedIn {
  client: TestClient;
  userId: string;
  accountId: string;
}
type Answer = {
  data?: Record<string, { transfer?: Record<string, string>; transferRule?: Record<string, string | null> } | null>;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
};

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await t.server.db.query<T>(text, values)).rows as T[];
}

async function as(email: string, accountId: string, password = "demo-password"): Promise<SignedIn> {
  const client = t.client();
  expect((await client.signIn(email, password)).status).toBe(200);
  expect((await client.selectAccount(accountId)).status).toBe(303);
  const who = await client.graphql<{ currentUser: { id: string } }>("{ currentUser { id } }");
  return { client, userId: who.data?.currentUser.id ?? "", accountId };
}

/** A new user, member of the account in that role, signed in to it. */
async function member(email: string, accountId: string, role: string): Promise<SignedIn> {
  expect((await t.client().signUp({ email, password: "agent-password-1" })).status).toBe(200);
  await sql(
    `insert into app_public.users_accounts (user_id, account_id, role, status)
     select e.user_id, $1, $3, 'active' from app_public.user_emails e where e.email = $2`,
    [accountId, email, role],
  );
  await sql(
    `insert into app_public.terms_acceptances (terms_id, user_id)
     select t.id, e.user_id from app_public.terms_of_service t, app_public.user_emails e where t.active and e.email = $1
     on conflict do nothing`,
    [email],
  );
  return as(email, accountId, "agent-password-1");
}

const code = (r: Answer) => r.errors?.[0]?.extensions?.code;
const message = (r: Answer) => r.errors?.[0]?.message;

const call = (who: SignedIn, mutation: string, input: Record<string, unknown>) =>
  who.client.graphql(
    `mutation ($input: ${mutation[0]?.toUpperCase()}${mutation.slice(1)}Input!) {
       ${mutation}(input: $input) {
         ${mutation === "nameTransferAgent" || mutation === "setTransferRules" ? "transferRule { transferAgentId minimumHoldingDays }" : "transfer { id status }"} } }`,
    { input },
  ) as Promise<Answer>;
const transferOf = (r: Answer) => Object.values(r.data ?? {})[0]?.transfer;
const command = (who: SignedIn, mutation: string, input: Record<string, unknown>) =>
  sendCommand(who, `transfer-agent-test-${who.accountId}`, mutation, input);

/** The `transfers` documents the account's devices hold (a pull from the start of the log). */
async function pulled(who: SignedIn): Promise<string[]> {
  const response = await who.client.fetch("/api/v2/pull", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "transfers", afterTxid: "0", afterSeq: "0", limit: 1000 }),
  });
  expect(response.status).toBe(200);
  const docs = ((await response.json()) as { documents: Array<{ id: string; _deleted?: boolean }> }).documents;
  return docs.filter((doc) => !doc._deleted).map((doc) => doc.id);
}

/** The requests the account reads through GraphQL (its row-level security). */
async function readable(who: SignedIn): Promise<string[]> {
  const answer = await who.client.graphql<{ allTransfers: { nodes: Array<{ id: string }> } }>(
    "{ allTransfers { nodes { id } } }",
  );
  return answer.data?.allTransfers.nodes.map((node) => node.id) ?? [];
}

const amountOf = async (holdingId: string) =>
  (await sql<{ amount: string }>("select amount::text from app_public.holdings where id = $1", [holdingId]))[0]?.amount;
const agentOfSecurity = async () =>
  (
    await sql<{ id: string | null }>(
      "select transfer_agent_id as id from app_public.transfer_rules where security_id = $1",
      [securityId],
    )
  )[0]?.id ?? null;

let issuer: SignedIn;
let issuerAdmin: SignedIn;
let issuerViewer: SignedIn;
let otherIssuer: SignedIn;
let broker: SignedIn;
let jordan: SignedIn;
let agent: SignedIn;
let agentViewer: SignedIn;
let otherAgent: SignedIn;
let securityId: string;
let jordanSeed: string;

async function request(units: string): Promise<string> {
  const answer = await call(jordan, "requestTransfer", {
    holdingId: jordanSeed,
    units,
    reason: "gift",
    transfereeId: ids.get(EMMA),
  });
  expect(answer.errors).toBeUndefined();
  return transferOf(answer)?.id ?? "";
}

beforeAll(async () => {
  t = await startTestServer();
  for (const row of await sql<{ name: string; id: string }>("select name, id from app_public.accounts")) {
    ids.set(row.name, row.id);
  }
  securityId =
    (await sql<{ id: string }>("select id from app_public.securities where name = $1", [SECURITY]))[0]?.id ?? "";
  jordanSeed =
    (
      await sql<{ id: string }>(
        `select h.id from app_public.holdings h join app_public.rounds r on r.id = h.round_id
          where h.investor_id = $1 and r.name = 'Seed' and h.security_id = $2 order by h.created_on limit 1`,
        [ids.get(JORDAN), securityId],
      )
    )[0]?.id ?? "";
  // another agent account, with an owner of its own
  const [other] = await sql<{ id: string }>(
    `insert into app_public.accounts (type, name, email, setup)
     values ('agent', 'Meridian Registrars', 'desk@meridian-registrars.test', true) returning id`,
  );
  const cascade = ids.get(OTHER_ISSUER) ?? "";
  issuer = await as("issuer@demo.test", ids.get(ISSUER) ?? "");
  issuerAdmin = await as("multi@demo.test", ids.get(ISSUER) ?? "");
  issuerViewer = await as("issuer-viewer@demo.test", ids.get(ISSUER) ?? "");
  broker = await as("broker@demo.test", ids.get(BROKER) ?? "");
  jordan = await as("multi@demo.test", ids.get(JORDAN) ?? "");
  agent = await as("agent@demo.test", ids.get(AGENT) ?? "");
  otherIssuer = await member("cascade-owner@transfer-agent.test", cascade, "account_owner");
  agentViewer = await member("keystone-viewer@transfer-agent.test", ids.get(AGENT) ?? "", "account_viewer");
  otherAgent = await member("meridian-owner@transfer-agent.test", other?.id ?? "", "account_owner");
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("naming the transfer agent", () => {
  it("is for the security's issuer's owners and admins, and names an agent account only", async () => {
    const naming = { securityId, agentId: ids.get(AGENT) };
    expect(code(await call(issuerViewer, "nameTransferAgent", naming))).toBe("LL403");
    expect(code(await call(broker, "nameTransferAgent", naming))).toBe("LL403");
    expect(code(await call(jordan, "nameTransferAgent", naming))).toBe("LL403");
    expect(code(await call(agent, "nameTransferAgent", naming))).toBe("LL403");
    const another = await call(otherIssuer, "nameTransferAgent", naming);
    expect([code(another), message(another)]).toEqual(["LL404", "Security not found"]);
    const investor = await call(issuer, "nameTransferAgent", { securityId, agentId: ids.get(EMMA) });
    expect([code(investor), message(investor)]).toEqual(["LL422", "No agent account has this id."]);
    expect(await agentOfSecurity()).toBeNull();

    // an admin names it; saving the other rules (an older client, which knows nothing of the agent) keeps it
    const named = await call(issuerAdmin, "nameTransferAgent", naming);
    expect(named.errors).toBeUndefined();
    expect(Object.values(named.data ?? {})[0]?.transferRule?.transferAgentId).toBe(ids.get(AGENT));
    expect((await call(issuer, "setTransferRules", { securityId, minimumHoldingDays: 1 })).errors).toBeUndefined();
    expect(await agentOfSecurity()).toBe(ids.get(AGENT));
    await call(issuer, "setTransferRules", { securityId });
    // again, as a replayed command: the same answer, nothing else changes
    expect(await command(issuer, "nameTransferAgent", naming)).toMatchObject({ status: "accepted" });
    expect(await agentOfSecurity()).toBe(ids.get(AGENT));
    // cleared by the owner; the rules themselves stay as they were
    expect((await call(issuer, "nameTransferAgent", { securityId })).errors).toBeUndefined();
    expect(await agentOfSecurity()).toBeNull();
  });
});

describe("the named agent", () => {
  it("does not see or decide a request before it is named", async () => {
    const transferId = await request("100");
    expect(await pulled(agent)).toEqual([]);
    expect(await readable(agent)).toEqual([]);
    const refused = await call(agent, "approveTransfer", { transferId });
    expect([code(refused), message(refused)]).toEqual(["LL403", NOT_THE_AGENT]);
    expect(code(await call(agent, "approveTransfer", { transferId: crypto.randomUUID() }))).toBe("LL404");
    await call(jordan, "cancelTransfer", { transferId });
  });

  it("approves once named: the ledger moves as for the issuer; its viewer and another agent are refused", async () => {
    const transferId = await request("1000");
    expect((await call(issuer, "nameTransferAgent", { securityId, agentId: ids.get(AGENT) })).errors).toBeUndefined();
    // the agent's devices receive the security's requests; its viewer reads them too; another agent reads nothing
    expect(await pulled(agent)).toContain(transferId);
    expect(await readable(agentViewer)).toContain(transferId);
    expect(await pulled(otherAgent)).toEqual([]);
    expect(await readable(otherAgent)).toEqual([]);
    // the agent reads the holder's and the transferee's names on the request as the issuer does
    const names = await agent.client.graphql<{ transferById: { requesterId: string } }>(
      "query ($id: UUID!) { transferById(id: $id) { requesterId } }",
      { id: transferId },
    );
    expect(names.data?.transferById.requesterId).toBe(ids.get(JORDAN));

    expect(code(await call(agentViewer, "approveTransfer", { transferId }))).toBe("LL403");
    const stranger = await call(otherAgent, "approveTransfer", { transferId });
    expect([code(stranger), message(stranger)]).toEqual(["LL403", NOT_THE_AGENT]);
    const before = await amountOf(jordanSeed);
    const approved = await call(agent, "approveTransfer", { transferId });
    expect(approved.errors).toBeUndefined();
    expect(transferOf(approved)?.status).toBe("approved");
    const [row] = await sql<{ new_holding_id: string; decided_by_account_id: string; transaction_id: string }>(
      "select new_holding_id, decided_by_account_id, transaction_id from app_public.transfers where id = $1",
      [transferId],
    );
    expect(row?.decided_by_account_id).toBe(ids.get(AGENT));
    expect(Number(await amountOf(jordanSeed))).toBe(Number(before) - 1000);
    expect(await amountOf(row?.new_holding_id ?? "")).toBe("1000");
    const entries = await sql<{ investor_id: string; amount: string }>(
      "select investor_id, amount::text from app_public.ledger_entries where transaction_id = $1 order by amount",
      [row?.transaction_id],
    );
    expect(entries).toEqual([
      { investor_id: ids.get(JORDAN), amount: "-1000" },
      { investor_id: ids.get(EMMA), amount: "1000" },
    ]);
    // its confirmation statement: the agent downloads it, another agent does not
    const confirmation = `/api/v2/transfers/${transferId}/confirmation.pdf`;
    expect((await agent.client.fetch(confirmation)).status).toBe(200);
    expect((await otherAgent.client.fetch(confirmation)).status).toBe(404);
  });

  it("rejects with a reason, and hears of new requests", async () => {
    const transferId = await request("50");
    const [mail] = await sql<{ subject: string }>(
      "select subject from app_private.mail_outbox where kind = 'transfer_requested' and to_address = $1",
      ["operations@keystone-transfer.example"],
    );
    expect(mail?.subject).toBe(`A transfer of ${SECURITY} waits for your review`);
    expect(code(await call(agentViewer, "rejectTransfer", { transferId, reason: "No" }))).toBe("LL403");
    const rejected = await call(agent, "rejectTransfer", { transferId, reason: "The issuer keeps these units." });
    expect(rejected.errors).toBeUndefined();
    expect(transferOf(rejected)?.status).toBe("rejected");
    const [row] = await sql<{ rejection_reason: string }>(
      "select rejection_reason from app_public.transfers where id = $1",
      [transferId],
    );
    expect(row?.rejection_reason).toBe("The issuer keeps these units.");
  });

  it("applies a queued approval once", async () => {
    const transferId = await request("10");
    const before = await amountOf(jordanSeed);
    expect(await command(agent, "approveTransfer", { transferId })).toMatchObject({ status: "accepted" });
    expect(await command(agent, "approveTransfer", { transferId })).toMatchObject({ status: "accepted" });
    expect(Number(await amountOf(jordanSeed))).toBe(Number(before) - 10);
    const transactions = await sql("select 1 from app_public.transactions where chain_data ->> 'transfer_id' = $1", [
      transferId,
    ]);
    expect(transactions).toHaveLength(1);
  });

  it("once cleared, is refused at once and reads nothing", async () => {
    const transferId = await request("20");
    expect(await pulled(agent)).toContain(transferId);
    expect((await call(issuer, "nameTransferAgent", { securityId, agentId: null })).errors).toBeUndefined();
    // an approval queued on the agent's device before it was cleared arrives now
    expect(await command(agent, "approveTransfer", { transferId })).toMatchObject({
      status: "rejected",
      errorCode: "LL403",
      errorMessage: NOT_THE_AGENT,
    });
    expect(code(await call(agent, "rejectTransfer", { transferId, reason: "Late" }))).toBe("LL403");
    expect(await pulled(agent)).toEqual([]);
    expect(await readable(agent)).toEqual([]);
    expect((await agent.client.fetch(`/api/v2/transfers/${transferId}/confirmation.pdf`)).status).toBe(404);
    const [row] = await sql<{ status: string }>("select status from app_public.transfers where id = $1", [transferId]);
    expect(row?.status).toBe("open");
    // the issuer still decides
    expect(transferOf(await call(issuer, "approveTransfer", { transferId }))?.status).toBe("approved");
  });
});
