// Transfers between holders with the client bypassed (issue 32 items 1, 4 and 6; docs/TRANSFERS.md): who may set a
// security's transfer rules, request, approve, reject and cancel a transfer (and who is refused: a viewer, another
// investor, another issuer, a broker not managing the round), each rule refusing with its text (lock-up, minimum
// holding period, right of first refusal, transferee qualification, more units than held), an approval applied once
// however often it arrives, the ledger's two sides, totals unchanged and the cap table following, and who reads the
// `transfers` documents. One server for the whole file, steps in order. Tokenized holdings: transfers-chain.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendCommand } from "../helpers/commands.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const ids = new Map<string, string>();

const ISSUER = "Northwind Renewables, Inc.";
const OTHER_ISSUER = "Cascade Biotech Holdings";
const BROKER = "Harborview Capital Markets LLC";
const EMMA = "Emma Lawson";
const KIM = "Kim Family Trust";
const JORDAN = "Jordan Blake";
const SECURITY = "Northwind Series A Preferred Stock";
const NEWCOMER = "newcomer@transfers.test";

interface SignedIn {
  client: TestClient;
  userId: string;
  accountId: string;
}
type Answer = {
  data?: Record<string, { transfer?: Record<string, unknown>; transferRule?: Record<string, unknown> } | null> | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
};

async function as(email: string, accountName: string, password = "demo-password"): Promise<SignedIn> {
  const client = t.client();
  expect((await client.signIn(email, password)).status).toBe(200);
  const accountId = ids.get(accountName) ?? "";
  expect((await client.selectAccount(accountId)).status).toBe(303);
  const who = await client.graphql<{ currentUser: { id: string } }>("{ currentUser { id } }");
  return { client, userId: who.data?.currentUser.id ?? "", accountId };
}

const code = (r: Answer) => r.errors?.[0]?.extensions?.code;
const message = (r: Answer) => r.errors?.[0]?.message;

const FIELDS = "id status units reason pricePerUnit holdingId newHoldingId transactionId transfereeId rejectionReason";
const call = (who: SignedIn, mutation: string, input: Record<string, unknown>) =>
  who.client.graphql(
    `mutation ($input: ${mutation[0]?.toUpperCase()}${mutation.slice(1)}Input!) {
       ${mutation}(input: $input) { ${mutation === "setTransferRules" ? "transferRule { id }" : `transfer { ${FIELDS} }`} } }`,
    { input },
  ) as Promise<Answer>;
const transferOf = (r: Answer) => Object.values(r.data ?? {})[0]?.transfer as Record<string, string> | undefined;

const command = (who: SignedIn, mutation: string, input: Record<string, unknown>) =>
  sendCommand(who, `transfers-test-${who.accountId}`, mutation, input);

async function pull(who: SignedIn): Promise<Array<Record<string, unknown>>> {
  const response = await who.client.fetch("/api/v2/pull", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "transfers", afterTxid: "0", afterSeq: "0", limit: 1000 }),
  });
  expect(response.status).toBe(200);
  const docs = ((await response.json()) as { documents: Array<Record<string, unknown>> }).documents;
  return docs.filter((doc) => !doc._deleted);
}

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await t.server.db.query<T>(text, values)).rows as T[];
}

const holdingOf = async (investor: string, round: string) =>
  (
    await sql<{ id: string }>(
      `select h.id from app_public.holdings h join app_public.rounds r on r.id = h.round_id
        where h.investor_id = $1 and r.name = $2 order by h.created_on limit 1`,
      [ids.get(investor), round],
    )
  )[0]?.id ?? "";
const securityTotal = async () =>
  (
    await sql<{ total: string }>(
      `select sum(h.amount)::text as total from app_public.holdings h join app_public.securities s on s.id = h.security_id
        where s.name = $1`,
      [SECURITY],
    )
  )[0]?.total;
const amountOf = async (holdingId: string) =>
  (await sql<{ amount: string }>("select amount::text from app_public.holdings where id = $1", [holdingId]))[0]?.amount;

let issuer: SignedIn;
let issuerViewer: SignedIn;
let otherIssuer: SignedIn;
let broker: SignedIn;
let emma: SignedIn;
let kim: SignedIn;
let jordan: SignedIn;
let jordanViewer: SignedIn;
let securityId: string;
let jordanSeed: string;
let jordanSeriesA: string;

beforeAll(async () => {
  t = await startTestServer();
  for (const row of await sql<{ name: string; id: string }>("select name, id from app_public.accounts")) {
    ids.set(row.name, row.id);
  }
  securityId =
    (await sql<{ id: string }>("select id from app_public.securities where name = $1", [SECURITY]))[0]?.id ?? "";
  jordanSeed = await holdingOf(JORDAN, "Seed");
  // A holding of Jordan's in Series A, the round the broker manages (issued before, as the issuance writes it).
  const [seriesA] = await sql<{ id: string; security_id: string }>(
    "select id, security_id from app_public.rounds where name = 'Series A'",
  );
  const [tx] = await sql<{ id: string }>(
    "insert into app_public.transactions (issuer_id, round_id) values ($1, $2) returning id",
    [ids.get(ISSUER), seriesA?.id],
  );
  const [holding] = await sql<{ id: string }>(
    `insert into app_public.holdings (security_id, round_id, investor_id, amount, purchase_price, issued_on)
     values ($1, $2, $3, 1000, 1, '2024-06-01') returning id`,
    [seriesA?.security_id, seriesA?.id, ids.get(JORDAN)],
  );
  jordanSeriesA = holding?.id ?? "";
  await sql(
    "insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount) values ($1, $2, $3, 1000)",
    [tx?.id, jordanSeriesA, ids.get(JORDAN)],
  );

  issuer = await as("issuer@demo.test", ISSUER);
  issuerViewer = await as("issuer-viewer@demo.test", ISSUER);
  broker = await as("broker@demo.test", BROKER);
  emma = await as("investor@demo.test", EMMA);
  kim = await as("investor2@demo.test", KIM);
  jordan = await as("multi@demo.test", JORDAN);
  // Another issuer's owner, and a viewer of Jordan's investor account (Kim's user).
  const signUp = await t.client().signUp({ email: "cascade-owner@transfers.test", password: "cascade-password-1" });
  expect(signUp.status).toBe(200);
  await sql(
    `insert into app_public.users_accounts (user_id, account_id, role, status)
     select e.user_id, $1, 'account_owner', 'active' from app_public.user_emails e where e.email = $2`,
    [ids.get(OTHER_ISSUER), "cascade-owner@transfers.test"],
  );
  await sql(
    "insert into app_public.terms_acceptances (terms_id, user_id) select t.id, e.user_id from app_public.terms_of_service t, app_public.user_emails e where t.active and e.email = $1 on conflict do nothing",
    ["cascade-owner@transfers.test"],
  );
  otherIssuer = await as("cascade-owner@transfers.test", OTHER_ISSUER, "cascade-password-1");
  await sql(
    `insert into app_public.users_accounts (user_id, account_id, role, status)
     select e.user_id, $1, 'account_viewer', 'active' from app_public.user_emails e where e.email = 'investor2@demo.test'`,
    [ids.get(JORDAN)],
  );
  jordanViewer = await as("investor2@demo.test", JORDAN);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("transfer rules", () => {
  it("are set by the issuer's owners and admins only", async () => {
    const rules = { securityId, minimumHoldingDays: 30, transfereeQualificationRequired: false };
    expect(code(await call(issuerViewer, "setTransferRules", rules))).toBe("LL403");
    expect(code(await call(broker, "setTransferRules", rules))).toBe("LL403");
    expect(code(await call(jordan, "setTransferRules", rules))).toBe("LL403");
    expect(code(await call(otherIssuer, "setTransferRules", rules))).toBe("LL404");
    const bad = await call(issuer, "setTransferRules", { ...rules, minimumHoldingDays: -1 });
    expect(message(bad)).toBe("Minimum holding period must be between 0 and 36,500 days.");
    expect(await sql("select 1 from app_public.transfer_rules")).toEqual([]);
    expect((await call(issuer, "setTransferRules", rules)).errors).toBeUndefined();
    const [row] = await sql<{ minimum_holding_days: number }>(
      "select minimum_holding_days from app_public.transfer_rules",
    );
    expect(row?.minimum_holding_days).toBe(30);
  });
});

describe("requests", () => {
  it("refuse a viewer, another investor, an issuer and more units than held", async () => {
    const request = { holdingId: jordanSeed, units: "100", reason: "gift", transfereeId: ids.get(EMMA) };
    expect(code(await call(jordanViewer, "requestTransfer", request))).toBe("LL403");
    expect(code(await call(emma, "requestTransfer", request))).toBe("LL404");
    expect(code(await call(issuer, "requestTransfer", request))).toBe("LL403");
    expect(message(await call(jordan, "requestTransfer", { ...request, units: "40000.000001" }))).toBe(
      "This holding has 40000 units available to transfer.",
    );
    expect(message(await call(jordan, "requestTransfer", { ...request, units: "0" }))).toBe(
      "Units to transfer must be greater than 0.",
    );
    expect(message(await call(jordan, "requestTransfer", { ...request, reason: "sale" }))).toBe(
      "A sale needs a price per unit.",
    );
    expect(message(await call(jordan, "requestTransfer", { ...request, transfereeId: ids.get(JORDAN) }))).toBe(
      "Units cannot be transferred to their own holder.",
    );
    expect(await sql("select 1 from app_public.transfers")).toEqual([]);
  });

  it("refuse bad values with their texts and write nothing", async () => {
    const request = { holdingId: jordanSeed, units: "100", reason: "gift", transfereeId: ids.get(EMMA) };
    const refusals: Array<[string, Record<string, unknown>, string]> = [
      ["requestTransfer", { ...request, units: "1.0000001" }, "Units can have at most 6 decimal places."],
      ["requestTransfer", { ...request, units: "1e15" }, "Units must be less than 1,000,000,000,000,000."],
      ["requestTransfer", { ...request, pricePerUnit: "-1" }, "Price must not be negative."],
      ["requestTransfer", { ...request, pricePerUnit: "0.00000000001" }, "Price can have at most 10 decimal places."],
      ["requestTransfer", { ...request, reason: "swap" }, "Choose a reason: sale, gift, estate or other."],
      [
        "requestTransfer",
        { ...request, transfereeId: undefined, transfereeEmail: "nobody" },
        "Please enter a valid email address.",
      ],
      [
        "requestTransfer",
        { ...request, transfereeEmail: "a@b.test" },
        "Choose an investor or enter an email address, not both.",
      ],
      [
        "setTransferRules",
        { securityId, lockupEndsOn: "2200-01-01" },
        "Enter a valid date between 01/01/1900 and 12/31/2199.",
      ],
      [
        "setTransferRules",
        { securityId, firstRefusalDays: 36501 },
        "Right of first refusal must be between 0 and 36,500 days.",
      ],
    ];
    for (const [mutation, input, text] of refusals) {
      const answer = await call(mutation === "setTransferRules" ? issuer : jordan, mutation, input);
      expect([mutation, code(answer), message(answer)]).toEqual([mutation, "LL422", text]);
    }
    expect(await sql("select 1 from app_public.transfers")).toEqual([]);
    expect(await sql("select 1 from app_public.transfer_rules where first_refusal_days is not null")).toEqual([]);
  });

  it("refuse a transfer inside a lock-up or the minimum holding period, each naming its rule", async () => {
    const request = { holdingId: jordanSeed, units: "100", reason: "gift", transfereeId: ids.get(EMMA) };
    await call(issuer, "setTransferRules", { securityId, lockupEndsOn: "2199-12-31" });
    expect(message(await call(jordan, "requestTransfer", request))).toBe(
      `Transfers of ${SECURITY} are locked up until 12/31/2199.`,
    );
    await call(issuer, "setTransferRules", { securityId, minimumHoldingDays: 36500 });
    expect(message(await call(jordan, "requestTransfer", request))).toBe(
      `Units of ${SECURITY} must be held for 36500 days: this holding can be transferred from 04/21/2124.`,
    );
    expect(await sql("select 1 from app_public.transfers")).toEqual([]);
    await call(issuer, "setTransferRules", { securityId });
  });

  it("take some units to a new investor invited by email, and some to an existing investor", async () => {
    const before = await sql<{ n: number }>(
      "select count(*)::int as n from app_private.mail_outbox where to_address = $1",
      [NEWCOMER],
    );
    const sale = await call(jordan, "requestTransfer", {
      holdingId: jordanSeed,
      units: "10000.25",
      reason: "sale",
      pricePerUnit: "2.5",
      transfereeEmail: NEWCOMER,
    });
    expect(sale.errors).toBeUndefined();
    expect(transferOf(sale)).toMatchObject({ status: "open", units: "10000.25", reason: "sale", pricePerUnit: "2.5" });
    const [newcomer] = await sql<{ id: string; type: string }>(
      "select id, type from app_public.accounts where email = $1",
      [NEWCOMER],
    );
    expect(newcomer?.type).toBe("investor");
    ids.set(NEWCOMER, newcomer?.id ?? "");
    // told of the transfer, and sent the claim link that makes the new account theirs
    const mails = await sql<{ kind: string }>(
      "select kind from app_private.mail_outbox where to_address = $1 order by kind",
      [NEWCOMER],
    );
    expect(mails.length - (before[0]?.n ?? 0)).toBe(2);
    expect(mails.map((m) => m.kind)).toEqual(["claim_account", "transfer_requested"]);
    // the issuer is told a request waits for its review
    const [review] = await sql<{ subject: string }>(
      "select m.subject from app_private.mail_outbox m join app_public.accounts a on lower(a.email) = lower(m.to_address) where a.id = $1 and m.kind = 'transfer_requested'",
      [ids.get(ISSUER)],
    );
    expect(review?.subject).toBe(`A transfer of ${SECURITY} waits for your review`);

    // the units of open requests are not available again
    const gift = { holdingId: jordanSeed, units: "30000", reason: "gift", transfereeId: ids.get(EMMA) };
    expect(message(await call(jordan, "requestTransfer", gift))).toBe(
      "This holding has 29999.75 units available to transfer.",
    );
    expect(transferOf(await call(jordan, "requestTransfer", { ...gift, units: "5000" }))?.status).toBe("open");
    expect(await amountOf(jordanSeed)).toBe("40000");
  });
});

describe("decisions", () => {
  const open = async (transferee: string) =>
    (
      await sql<{ id: string }>(
        "select id from app_public.transfers where transferee_id = $1 and status = 'open' order by created_on",
        [ids.get(transferee)],
      )
    )[0]?.id ?? "";

  it("refuse a viewer, an investor, another issuer and a broker not managing the round", async () => {
    const transferId = await open(EMMA);
    expect(code(await call(issuerViewer, "approveTransfer", { transferId }))).toBe("LL403");
    expect(code(await call(jordan, "approveTransfer", { transferId }))).toBe("LL403");
    expect(code(await call(otherIssuer, "approveTransfer", { transferId }))).toBe("LL404");
    expect(code(await call(broker, "approveTransfer", { transferId }))).toBe("LL404");
    expect(code(await call(broker, "rejectTransfer", { transferId, reason: "No." }))).toBe("LL404");
    expect(code(await call(issuerViewer, "rejectTransfer", { transferId, reason: "No." }))).toBe("LL403");
    expect(
      (await sql<{ status: string }>("select status from app_public.transfers where id = $1", [transferId]))[0],
    ).toEqual({ status: "open" });
  });

  it("re-check the rules at approval: a lock-up that started meanwhile refuses with its reason", async () => {
    const transferId = await open(EMMA);
    await call(issuer, "setTransferRules", { securityId, lockupEndsOn: "2199-12-31" });
    expect(message(await call(issuer, "approveTransfer", { transferId }))).toBe(
      `Transfers of ${SECURITY} are locked up until 12/31/2199.`,
    );
    // the same approval queued on a device (made offline) is refused with the rule's text when it arrives
    expect(await command(issuer, "approveTransfer", { transferId })).toMatchObject({
      status: "rejected",
      errorCode: "LL422",
      errorMessage: `Transfers of ${SECURITY} are locked up until 12/31/2199.`,
    });
    expect(await amountOf(jordanSeed)).toBe("40000");
    await call(issuer, "setTransferRules", { securityId });
  });

  it("apply an approval once, in one transaction: the holding split, both ledger sides, totals equal, cap table follows", async () => {
    const transferId = await open(EMMA);
    const totalBefore = await securityTotal();
    const csvBefore = await (await issuer.client.fetch("/api/v2/reports/cap-table")).text();
    expect(csvBefore).not.toMatch(/Emma Lawson.*Seed.*5000\b/);
    // two approvals of the same request (two admins' devices), as queued commands
    expect(await command(issuer, "approveTransfer", { transferId })).toMatchObject({ status: "accepted" });
    expect(await command(issuer, "approveTransfer", { transferId })).toMatchObject({ status: "accepted" });
    const [transfer] = await sql<{ status: string; transaction_id: string; new_holding_id: string }>(
      "select status, transaction_id, new_holding_id from app_public.transfers where id = $1",
      [transferId],
    );
    expect(transfer?.status).toBe("approved");
    expect(await amountOf(jordanSeed)).toBe("35000");
    expect(await amountOf(transfer?.new_holding_id ?? "")).toBe("5000");
    const entries = await sql<{ investor_id: string; amount: string; holding_id: string }>(
      `select e.investor_id, e.amount::text, e.holding_id from app_public.ledger_entries e
        join app_public.transactions x on x.id = e.transaction_id
       where x.chain_data ->> 'transfer_id' = $1 order by e.amount`,
      [transferId],
    );
    expect(entries).toEqual([
      { investor_id: ids.get(JORDAN), amount: "-5000", holding_id: jordanSeed },
      { investor_id: ids.get(EMMA), amount: "5000", holding_id: transfer?.new_holding_id },
    ]);
    // every holding of the security still equals its ledger entries; the total is unchanged
    const unbalanced = await sql(
      `select h.id from app_public.holdings h where h.id in ($1, $2)
         and h.amount <> (select sum(e.amount) from app_public.ledger_entries e where e.holding_id = h.id)`,
      [jordanSeed, transfer?.new_holding_id],
    );
    expect(unbalanced).toEqual([]);
    expect(await securityTotal()).toBe(totalBefore);
    const csvAfter = await (await issuer.client.fetch("/api/v2/reports/cap-table")).text();
    expect(csvAfter).toMatch(/Emma Lawson.*Seed.*5000/);
    expect(csvAfter).toMatch(/Jordan Blake.*Seed.*35000/);
    // both parties told
    const told = await sql<{ to_address: string }>(
      "select to_address from app_private.mail_outbox where kind = 'transfer_approved' order by to_address",
    );
    expect(told.map((m) => m.to_address)).toEqual(["investor@demo.test", "multi@demo.test"]);
    // the confirmation statement: both parties and the issuer download it, nobody else
    const confirmation = `/api/v2/transfers/${transferId}/confirmation.pdf`;
    for (const who of [jordan, emma, issuer]) {
      const response = await who.client.fetch(confirmation);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    }
    for (const who of [kim, otherIssuer, broker]) expect((await who.client.fetch(confirmation)).status).toBe(404);
    const [mail] = await sql<{ text_body: string }>(
      "select text_body from app_private.mail_outbox where kind = 'transfer_approved' limit 1",
    );
    expect(mail?.text_body).toContain(confirmation);
    // a rejection or cancellation of an approved request is refused
    expect(code(await call(issuer, "rejectTransfer", { transferId, reason: "Too late" }))).toBe("LL409");
    expect(code(await call(jordan, "cancelTransfer", { transferId }))).toBe("LL409");
  });

  it("approve a qualified transferee only, when the security asks for it", async () => {
    const transferId = await open(NEWCOMER);
    await call(issuer, "setTransferRules", { securityId, transfereeQualificationRequired: true });
    expect(message(await call(issuer, "approveTransfer", { transferId }))).toBe(
      `Transfers of ${SECURITY} need a qualified transferee: ${NEWCOMER} has not completed onboarding yet.`,
    );
    // the new investor completes onboarding
    await sql("update app_public.accounts set setup = true where id = $1", [ids.get(NEWCOMER)]);
    const approved = await call(issuer, "approveTransfer", { transferId });
    expect(approved.errors).toBeUndefined();
    expect(transferOf(approved)?.status).toBe("approved");
    expect(await amountOf(jordanSeed)).toBe("24999.75");
    const [holding] = await sql<{ amount: string; purchase_price: string }>(
      "select amount::text, purchase_price::text from app_public.holdings where investor_id = $1",
      [ids.get(NEWCOMER)],
    );
    expect(holding).toEqual({ amount: "10000.25", purchase_price: "2.5" });
    await call(issuer, "setTransferRules", { securityId });
  });

  it("reject within the right of first refusal window with a reason; after it only when a rule refuses", async () => {
    await call(issuer, "setTransferRules", { securityId, firstRefusalDays: 10 });
    const request = { holdingId: jordanSeed, units: "100", reason: "other", transfereeId: ids.get(KIM) };
    const first = transferOf(await call(jordan, "requestTransfer", request))?.id ?? "";
    expect(message(await call(issuer, "rejectTransfer", { transferId: first, reason: "x".repeat(5001) }))).toBe(
      "Reason must be at most 5000 characters.",
    );
    expect(message(await call(issuer, "rejectTransfer", { transferId: first, reason: " " }))).toBe(
      "A reason is required to reject a transfer.",
    );
    const rejected = await call(issuer, "rejectTransfer", {
      transferId: first,
      reason: "We buy these units ourselves.",
    });
    expect(transferOf(rejected)).toMatchObject({
      status: "rejected",
      rejectionReason: "We buy these units ourselves.",
    });
    expect(code(await call(issuer, "approveTransfer", { transferId: first }))).toBe("LL409");

    const second = transferOf(await call(jordan, "requestTransfer", request))?.id ?? "";
    await sql("update app_public.transfers set requested_on = now() - interval '30 days' where id = $1", [second]);
    const late = await call(issuer, "rejectTransfer", { transferId: second, reason: "No." });
    expect(message(late)).toMatch(
      new RegExp(
        `^The right of first refusal on ${SECURITY} ended on \\d\\d/\\d\\d/\\d{4}: this request can no longer be declined\\.$`,
      ),
    );
    // a lock-up still lets the issuer decline it after the window
    await call(issuer, "setTransferRules", { securityId, firstRefusalDays: 10, lockupEndsOn: "2199-12-31" });
    expect(transferOf(await call(issuer, "rejectTransfer", { transferId: second, reason: "Locked up." }))?.status).toBe(
      "rejected",
    );
    await call(issuer, "setTransferRules", { securityId });
  });

  it("let the requester cancel an open request, nobody else", async () => {
    const request = { holdingId: jordanSeed, units: "1", reason: "estate", transfereeId: ids.get(KIM) };
    const transferId = transferOf(await call(jordan, "requestTransfer", request))?.id ?? "";
    expect((await jordan.client.fetch(`/api/v2/transfers/${transferId}/confirmation.pdf`)).status).toBe(409);
    expect(code(await call(kim, "cancelTransfer", { transferId }))).toBe("LL404");
    expect(code(await call(issuer, "cancelTransfer", { transferId }))).toBe("LL403");
    expect(code(await call(jordanViewer, "cancelTransfer", { transferId }))).toBe("LL403");
    expect(transferOf(await call(jordan, "cancelTransfer", { transferId }))?.status).toBe("cancelled");
    expect(code(await call(issuer, "approveTransfer", { transferId }))).toBe("LL409");
  });

  it("let a broker decide on a round it manages", async () => {
    const request = { holdingId: jordanSeriesA, units: "400", reason: "gift", transfereeId: ids.get(KIM) };
    const transferId = transferOf(await call(jordan, "requestTransfer", request))?.id ?? "";
    expect(transferOf(await call(broker, "approveTransfer", { transferId }))?.status).toBe("approved");
    expect(await amountOf(jordanSeriesA)).toBe("600");
    const [tx] = await sql<{ broker_id: string }>(
      "select x.broker_id from app_public.transactions x where x.chain_data ->> 'transfer_id' = $1",
      [transferId],
    );
    expect(tx?.broker_id).toBe(ids.get(BROKER));
  });
});

describe("the transfers documents", () => {
  it("reach the holder, the transferee, the issuer and the managing broker, nobody else", async () => {
    const all = await sql<{ id: string; transferee_id: string; round: string }>(
      `select t.id, t.transferee_id, r.name as round from app_public.transfers t
         join app_public.rounds r on r.id = t.round_id`,
    );
    const idsOf = (docs: Array<Record<string, unknown>>) => docs.map((d) => d.id).sort();
    const jordans = await pull(jordan);
    expect(idsOf(jordans)).toEqual(all.map((r) => r.id).sort());
    expect(idsOf(await pull(issuer))).toEqual(all.map((r) => r.id).sort());
    expect(idsOf(await pull(emma))).toEqual(all.filter((r) => r.transferee_id === ids.get(EMMA)).map((r) => r.id));
    expect(idsOf(await pull(kim))).toEqual(
      all
        .filter((r) => r.transferee_id === ids.get(KIM))
        .map((r) => r.id)
        .sort(),
    );
    expect(idsOf(await pull(broker))).toEqual(all.filter((r) => r.round === "Series A").map((r) => r.id));
    expect(await pull(otherIssuer)).toEqual([]);
    const approved = jordans.find((d) => d.transfereeId === ids.get(EMMA));
    expect(approved).toMatchObject({
      status: "approved",
      units: "5000",
      securityName: SECURITY,
      requesterName: JORDAN,
      transfereeName: EMMA,
    });
  });
});
