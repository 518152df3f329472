// The transferee's onboarding in the holding's round (issue 32 item 1, docs/TRANSFERS.md "The transferee's
// onboarding") with the client bypassed: when the security asks for qualified transferees, a request makes the
// transferee one distribution in the round (the round's steps, no payment, no invitation to invest, never issued),
// the approval is refused until account setup and every step are complete and accepted after (the distribution then
// the new holding's); a cancelled or rejected request's distribution goes to another open request or is removed; a
// transferee already onboarded in the round is approved at once; without the rule nothing is asked. One server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendCommand } from "../helpers/commands.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const ids = new Map<string, string>();

const ISSUER = "Northwind Renewables, Inc.";
const SECURITY = "Northwind Series A Preferred Stock";
const JORDAN = "Jordan Blake";
const EMMA = "Emma Lawson";
const NEWCOMER = "onboarding-newcomer@transfers.test";
const LATECOMER = "onboarding-latecomer@transfers.test";
const LATER = "onboarding-later@transfers.test";
const UNRULED = "onboarding-unruled@transfers.test";

interface SignedIn {
  client: TestClient;
  userId: string;
  accountId: string;
}
type Answer = {
  data?: Record<string, { transfer?: Record<string, string> } | null> | null;
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

const call = (who: SignedIn, mutation: string, input: Record<string, unknown>) =>
  who.client.graphql(
    `mutation ($input: ${mutation[0]?.toUpperCase()}${mutation.slice(1)}Input!) {
       ${mutation}(input: $input) { ${mutation === "setTransferRules" ? "transferRule { id }" : "transfer { id status }"} } }`,
    { input },
  ) as Promise<Answer>;
const message = (r: Answer) => r.errors?.[0]?.message;
const transferOf = (r: Answer) => Object.values(r.data ?? {})[0]?.transfer;

/** The investor's distributions in the Seed round. */
const seedDistributions = (investorId: string) =>
  sql<{ id: string; amount: string; status: string; purchase_price: string }>(
    `select d.id, trim_scale(d.amount)::text as amount, d.status, trim_scale(d.purchase_price)::text as purchase_price
       from app_public.distributions d join app_public.allocations al on al.id = d.allocation_id
       join app_public.rounds r on r.id = al.round_id
      where d.investor_id = $1 and r.name = 'Seed' order by d.created_on`,
    [investorId],
  );
const stepsOf = (distributionId: string) =>
  sql<{ id: string; type: string; status: string }>(
    `select s.id, s.type, s.status from app_public.steps s join app_public.processes p on p.id = s.process_id
      where p.distribution_id = $1 and s.parent_id is null order by s."order"`,
    [distributionId],
  );
const accountOf = async (email: string) =>
  (await sql<{ id: string }>("select id from app_public.accounts where email = $1", [email]))[0]?.id ?? "";

async function pullTransfers(who: SignedIn): Promise<Array<Record<string, unknown>>> {
  const response = await who.client.fetch("/api/v2/pull", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "transfers", afterTxid: "0", afterSeq: "0", limit: 1000 }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { documents: Array<Record<string, unknown>> }).documents;
}

let issuer: SignedIn;
let jordan: SignedIn;
let jordanSeed: string;
let securityId: string;

const request = async (transferee: Record<string, unknown>, units: string) => {
  const answer = await call(jordan, "requestTransfer", { holdingId: jordanSeed, units, reason: "gift", ...transferee });
  expect(answer.errors).toBeUndefined();
  return transferOf(answer)?.id ?? "";
};

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
          where h.investor_id = $1 and r.name = 'Seed'`,
        [ids.get(JORDAN)],
      )
    )[0]?.id ?? "";
  // The Seed round's onboarding from now on: a welcome step, and the round's payment.
  const [allocation] = await sql<{ id: string; owner_id: string }>(
    "select id, owner_id from app_public.allocations where name = 'Seed Allocation'",
  );
  for (const [name, steps] of [
    ["Seed welcome", [{ type: "custom", renderAttributes: { title: "Welcome to the Seed round" } }]],
    ["Payment", [{ type: "payment", renderAttributes: { title: "Pay for your units" } }]],
  ] as const) {
    await sql(
      `with q as (insert into app_public.vendor_qualifications (account_id, name, steps) values ($2, $3, $4::jsonb)
                  returning id)
       insert into app_public.allocation_qualifications (allocation_id, vendor_qualification_id, execute_order)
       select $1, q.id, 1 from q`,
      [allocation?.id, allocation?.owner_id, name, JSON.stringify(steps)],
    );
  }
  issuer = await as("issuer@demo.test", ids.get(ISSUER) ?? "");
  jordan = await as("multi@demo.test", ids.get(JORDAN) ?? "");
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("without the qualification rule", () => {
  it("makes no distribution and approves a transferee without steps", async () => {
    const transferId = await request({ transfereeEmail: UNRULED }, "10");
    expect(await seedDistributions(await accountOf(UNRULED))).toEqual([]);
    expect(transferOf(await call(issuer, "approveTransfer", { transferId }))?.status).toBe("approved");
  });
});

describe("with the qualification rule", () => {
  let transferId: string;
  let distributionId: string;
  let newcomer: SignedIn;

  it("makes a new transferee one distribution in the round: the round's steps, no payment, no invitation to invest", async () => {
    expect(
      (await call(issuer, "setTransferRules", { securityId, transfereeQualificationRequired: true })).errors,
    ).toBeUndefined();
    transferId = await request({ transfereeEmail: NEWCOMER }, "100.5");
    const newcomerId = await accountOf(NEWCOMER);
    const made = await seedDistributions(newcomerId);
    // the units transferred, at the round's price (a gift has none of its own)
    expect(made).toEqual([{ id: expect.any(String), amount: "100.5", status: "open", purchase_price: "0.5" }]);
    distributionId = made[0]?.id ?? "";
    expect(await stepsOf(distributionId)).toEqual([{ id: expect.any(String), type: "custom", status: "in_progress" }]);
    const mails = await sql<{ kind: string; text_body: string }>(
      "select kind, text_body from app_private.mail_outbox where to_address = $1 order by kind",
      [NEWCOMER],
    );
    expect(mails.map((mail) => mail.kind)).toEqual(["claim_account", "transfer_onboarding", "transfer_requested"]);
    expect(mails[1]?.text_body).toContain(`/distribution/${distributionId}`);
    expect(mails[1]?.text_body).toContain("no payment is due for units you receive by transfer");
    // a second request to the same transferee makes no second distribution
    await request({ transfereeEmail: NEWCOMER }, "5");
    expect(await seedDistributions(newcomerId)).toHaveLength(1);
  });

  it("refuses the approval until account setup and every step are complete, then approves", async () => {
    const newcomerId = await accountOf(NEWCOMER);
    expect(message(await call(issuer, "approveTransfer", { transferId }))).toBe(
      `Transfers of ${SECURITY} need a qualified transferee: ${NEWCOMER} has not completed onboarding yet.`,
    );
    await sql("update app_public.accounts set setup = true where id = $1", [newcomerId]);
    const refusal = `Transfers of ${SECURITY} need a qualified transferee: ${NEWCOMER} has not completed the onboarding of the Seed round yet.`;
    expect(message(await call(issuer, "approveTransfer", { transferId }))).toBe(refusal);
    // the same approval queued on a device is refused with the rule's text when it arrives
    expect(await sendCommand(issuer, "transfer-onboarding-test", "approveTransfer", { transferId })).toMatchObject({
      status: "rejected",
      errorMessage: refusal,
    });
    const waiting = (await pullTransfers(issuer)).find((doc) => doc.id === transferId);
    expect(waiting?.waitsForTransfereeOnboarding).toBe(true);

    // The newcomer signs up, is made the account's owner and completes the round's step.
    const password = "newcomer-password-1";
    expect((await t.client().signUp({ email: NEWCOMER, password })).status).toBe(200);
    await sql(
      `insert into app_public.users_accounts (user_id, account_id, role, status)
       select e.user_id, $1, 'account_owner', 'active' from app_public.user_emails e where e.email = $2`,
      [newcomerId, NEWCOMER],
    );
    await sql(
      "insert into app_public.terms_acceptances (terms_id, user_id) select t.id, e.user_id from app_public.terms_of_service t, app_public.user_emails e where t.active and e.email = $1 on conflict do nothing",
      [NEWCOMER],
    );
    newcomer = await as(NEWCOMER, newcomerId, password);
    // their own distribution reaches their device, with its process
    const pulled = await newcomer.client.fetch("/api/v2/pull", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "distributions", afterTxid: "0", afterSeq: "0", limit: 1000 }),
    });
    const docs = ((await pulled.json()) as { documents: Array<Record<string, unknown>> }).documents;
    expect(docs.map((doc) => doc.id)).toContain(distributionId);
    const [welcome] = await stepsOf(distributionId);
    expect(
      await sendCommand(newcomer, "transfer-onboarding-newcomer", "completeStep", { blob: {}, stepId: welcome?.id }),
    ).toMatchObject({ status: "accepted" });
    expect(await seedDistributions(newcomerId)).toMatchObject([{ status: "closed" }]);
    expect((await pullTransfers(issuer)).find((doc) => doc.id === transferId)?.waitsForTransfereeOnboarding).toBe(
      false,
    );

    // never issued: its units come by the transfer
    const issuance = await issuer.client.graphql(
      "mutation ($ids: [UUID]!) { makeTaRequestDistributionIssuances(input: { distributionIds: $ids }) { clientMutationId } }",
      { ids: [distributionId] },
    );
    expect(issuance.errors?.[0]?.message).toBe(
      `The units of ${NEWCOMER} come by transfer: they are recorded when the transfer is approved, not issued.`,
    );
    expect(await sql("select 1 from app_public.holdings where distribution_id = $1", [distributionId])).toEqual([]);

    expect(transferOf(await call(issuer, "approveTransfer", { transferId }))?.status).toBe("approved");
    // the distribution is the new holding's, locked and issued: the transferee's portfolio lists the units once
    const [holding] = await sql<{ amount: string; distribution_id: string }>(
      "select trim_scale(amount)::text as amount, distribution_id from app_public.holdings where investor_id = $1",
      [newcomerId],
    );
    expect(holding).toEqual({ amount: "100.5", distribution_id: distributionId });
    expect(
      await sql("select locked, issuance_status from app_public.distributions where id = $1", [distributionId]),
    ).toEqual([{ locked: true, issuance_status: "issued" }]);
  });

  it("hands a cancelled or rejected request's distribution to another open request, else removes it", async () => {
    const first = await request({ transfereeEmail: LATECOMER }, "2");
    const second = await request({ transfereeEmail: LATECOMER }, "1");
    const latecomerId = await accountOf(LATECOMER);
    const [made] = await seedDistributions(latecomerId);
    expect(await seedDistributions(latecomerId)).toHaveLength(1);
    const keeper = async () =>
      (
        await sql<{ id: string }>("select id from app_public.transfers where onboarding_distribution_id = $1", [
          made?.id,
        ])
      ).map((row) => row.id);
    expect(await keeper()).toEqual([first]);
    expect(transferOf(await call(jordan, "cancelTransfer", { transferId: first }))?.status).toBe("cancelled");
    expect(await keeper()).toEqual([second]);
    expect(transferOf(await call(issuer, "rejectTransfer", { transferId: second, reason: "Not now." }))?.status).toBe(
      "rejected",
    );
    expect(await seedDistributions(latecomerId)).toEqual([]);
  });

  it("approves at once a transferee already onboarded in the round, with no second distribution", async () => {
    const emmaId = ids.get(EMMA) ?? "";
    const before = await seedDistributions(emmaId);
    expect(before).toHaveLength(1);
    const gift = await request({ transfereeId: emmaId }, "7");
    expect(await seedDistributions(emmaId)).toEqual(before);
    expect(transferOf(await call(issuer, "approveTransfer", { transferId: gift }))?.status).toBe("approved");
  });

  it("onboards the transferees of requests made before the rule was set, once it is set", async () => {
    await call(issuer, "setTransferRules", { securityId });
    const late = await request({ transfereeEmail: LATER }, "3");
    const latecomerId = await accountOf(LATER);
    expect(await seedDistributions(latecomerId)).toEqual([]);
    await call(issuer, "setTransferRules", { securityId, transfereeQualificationRequired: true });
    await call(issuer, "setTransferRules", { securityId, transfereeQualificationRequired: true });
    expect(await seedDistributions(latecomerId)).toHaveLength(1);
    await sql("update app_public.accounts set setup = true where id = $1", [latecomerId]);
    expect(message(await call(issuer, "approveTransfer", { transferId: late }))).toBe(
      `Transfers of ${SECURITY} need a qualified transferee: ${LATER} has not completed the onboarding of the Seed round yet.`,
    );
    await call(issuer, "setTransferRules", { securityId });
  });
});
