// The audit trail through the real server (docs/ADMIN.md): a sign-in, the account it lands on and a later account
// switch are recorded with the session, IP and user agent; every accepted command with its device and what it changed, a rejected one not; an
// issuer reads its own account's trail through GraphQL, an admin the platform's.
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

interface Event {
  kind: string;
  action: string;
  userId: string | null;
  accountId: string | null;
  sessionId: string | null;
  deviceId: string | null;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
  actor: string | null;
}

async function trail(who: SignedIn): Promise<Event[]> {
  const answer = await who.client.graphql<{ allAuditEvents: { nodes: Event[] } }>(
    `{ allAuditEvents(orderBy: CREATED_ON_DESC, first: 500) {
         nodes { kind action userId accountId sessionId deviceId ip userAgent details actor } } }`,
  );
  expect(answer.errors).toBeUndefined();
  return answer.data?.allAuditEvents.nodes ?? [];
}

async function post(who: SignedIn, commands: Array<{ mutation: string; input: Record<string, unknown> }>) {
  const response = await who.client.fetch("/api/v2/commands", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(
      commands.map((command, index) => ({
        key: crypto.randomUUID(),
        mutation: command.mutation,
        variables: { input: command.input },
        userId: who.userId,
        accountId: who.accountId,
        createdOn: new Date().toISOString(),
        deviceId: "audit-device-1",
        seq: index + 1,
      })),
    ),
  });
  return ((await response.json()) as { results: CommandResult[] }).results;
}

describe("the audit trail", () => {
  it("records sign-in, account switch and accepted commands with the device; members read their account's only", async () => {
    const client = t.client();
    // Node's fetch names itself "node" in User-Agent: the sign-in's user agent, kept with the session
    const issuer = await signInAs(client, "issuer@demo.test", "issuer");
    const email = `audit-${Date.now()}@audit.test`;
    const results = await post(issuer, [
      { mutation: "makeCustomer", input: { id: crypto.randomUUID(), email, name: "Audit Contact" } },
      { mutation: "makeCustomer", input: { id: crypto.randomUUID(), email: "not an email", name: "" } },
    ]);
    expect(results.map((result) => result.status)).toEqual(["accepted", "rejected"]);

    const events = await trail(issuer);
    // a sign-in has no account yet (the user's, read by admins, below); the account it lands on records a sign-in of
    // that account (its owners and admins see their members' sign-ins); later switches are account switches
    const switched = events.find((event) => event.kind === "sign_in" && event.userId === issuer.userId);
    expect(switched).toMatchObject({
      action: "signed in",
      accountId: issuer.accountId,
      userAgent: "node",
      ip: expect.stringMatching(/127\.0\.0\.1|::1/),
      sessionId: expect.any(String),
    });
    const commands = events.filter((event) => event.kind === "command");
    const made = commands.find((event) => JSON.stringify(event.details).includes(email));
    expect(made).toMatchObject({
      action: "makeCustomer",
      userId: issuer.userId,
      accountId: issuer.accountId,
      deviceId: "audit-device-1",
      sessionId: switched?.sessionId,
      userAgent: "node",
      actor: expect.stringContaining("issuer@demo.test"),
    });
    expect(commands.some((event) => JSON.stringify(event.details).includes("not an email"))).toBe(false);
    expect(events.every((event) => event.accountId === issuer.accountId)).toBe(true);

    const admin = await signInAs(t.client(), "admin@demo.test", "admin");
    const all = await trail(admin);
    expect(all.some((event) => event.kind === "sign_in" && event.userId === issuer.userId)).toBe(true);
    expect(all.some((event) => event.action === "makeCustomer" && event.accountId === issuer.accountId)).toBe(true);
    expect(
      all.some((event) => event.kind === "sign_in" && event.accountId === null && event.userId === issuer.userId),
    ).toBe(true);
    expect(all.some((event) => event.kind === "sign_in" && event.accountId === admin.accountId)).toBe(true);

    // a second account chosen in the same session is an account switch
    const multi = await signInAs(t.client(), "multi@demo.test");
    const other = await multi.client.graphql<{
      currentUser: { usersAccounts: { nodes: Array<{ accountId: string }> } };
    }>("{ currentUser { usersAccounts { nodes { accountId } } } }");
    const second = other.data?.currentUser.usersAccounts.nodes.find((node) => node.accountId !== multi.accountId);
    expect(second).toBeDefined();
    expect((await multi.client.selectAccount(second?.accountId ?? "")).status).toBe(303);
    const after = await trail(admin);
    const ofMulti = after.filter((event) => event.userId === multi.userId && event.accountId !== null);
    expect(ofMulti.filter((event) => event.kind === "sign_in").map((event) => event.accountId)).toEqual([
      multi.accountId,
    ]);
    expect(ofMulti.filter((event) => event.kind === "account_switch").map((event) => event.accountId)).toEqual([
      second?.accountId,
    ]);
  });

  it("keeps a step's answers out of the trail (field names only)", async () => {
    const { rows } = await t.server.db.query<{ redacted: unknown }>(
      `select app_private.audit_redacted('completeStep',
         '{"input": {"stepId": "s", "blob": {"ssn": "123-45-6789", "name": "Ann"}}}') as redacted`,
    );
    expect(rows[0]?.redacted).toEqual({ input: { stepId: "s", blob: { ssn: "[redacted]", name: "[redacted]" } } });
  });
});
