// Labels that do not flip (issue 22 item 12): what a queued command shows before it reaches the server is what the
// server makes of it. An invitation (makeDistribution) queued offline reads the same status before and after.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { distributionStatusLabel } from "../../src/domain/allocations.ts";
import { commandEffect } from "../../src/domain/commands/catalogue.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe("a queued invitation shows what it will be", () => {
  it("makeDistribution: the pending distribution's status label is the server's", async () => {
    const { rows } = await t.server.db.query<{ allocation: string; issuer: string }>(
      `select al.id as allocation, al.owner_id as issuer from app_public.allocations al
        where al.name = 'Series A Direct'`,
    );
    const target = rows[0];
    if (!target) throw new Error("no Series A Direct allocation");
    const variables = {
      input: {
        id: crypto.randomUUID(),
        allocationId: target.allocation,
        accountEmail: "new-lp@demo.test",
        amount: "7",
      },
    };
    const pending = commandEffect("makeDistribution", variables);
    expect(pending?.kind).toBe("create");
    const pendingStatus = String(pending?.fields.status);

    const issuer = t.client();
    expect((await issuer.signIn("issuer@demo.test")).status).toBe(200);
    expect((await issuer.selectAccount(target.issuer)).status).toBe(303);
    const made = await issuer.graphql<{ makeDistribution: { distribution: { status: string } } }>(
      `mutation ($input: MakeDistributionInput!) { makeDistribution(input: $input) { distribution { status } } }`,
      variables,
    );
    expect(made.errors).toBeUndefined();
    const serverStatus = made.data?.makeDistribution.distribution.status ?? "";

    expect(pendingStatus).toBe(serverStatus);
    expect(distributionStatusLabel({ status: pendingStatus })).toBe("Onboarding");
    expect(distributionStatusLabel({ status: serverStatus })).toBe("Onboarding");
  });
});
