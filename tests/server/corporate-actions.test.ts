// Corporate actions with the client bypassed (issue 32 item 2; docs/CORPORATE-ACTIONS.md): who may preview and split
// a security (and who is refused: a viewer, another issuer, a broker, an investor), the texts of bad ratios and
// prices, a security whose tokens are still on their way to the chain refused, a 2-for-1 split and a 1-for-3 reverse split with cash in lieu leaving every
// holding, ledger entry, total and authorized figure right, the same action applied once however often it arrives,
// the register as of the day before showing the old figures; and a property test over generated holdings and ratios
// (the server's rule against the domain's, both exact); a redemption and a conversion queued by devices as the cards
// send them (applied once, a viewer's and a bad line's refused with the reason the card shows; the conversion's
// arithmetic equal to the device's convertHolding). One server for the whole file, steps in order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { convertHolding, splitHolding } from "../../src/domain/corporate-actions.ts";
import { add, dec, toString as decimalText, mul, sub, ZERO } from "../../src/domain/decimal.ts";
import { sendCommand } from "../helpers/commands.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const ids = new Map<string, string>();
const ISSUER = "Northwind Renewables, Inc.";
const OTHER_ISSUER = "Cascade Biotech Holdings";
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

interface SignedIn {
  client: TestClient;
  userId: string;
  accountId: string;
}
type Answer = {
  data?: Record<string, unknown> | null;
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

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await t.server.db.query<T>(text, values)).rows as T[];
}

interface SplitInput {
  securityId: string;
  ratioNew: number;
  ratioOld: number;
  pricePerUnit: string | null;
  id?: string;
}
const split = (who: SignedIn, input: SplitInput) =>
  who.client.graphql(
    `mutation ($input: SplitSecurityInput!) {
       splitSecurity(input: $input) { corporateAction { id unitsBefore unitsAfter cashTotal authorizedAfter } } }`,
    { input },
  ) as Promise<Answer>;
interface PreviewLine {
  investor: string;
  unitsBefore: string;
  unitsAfter: string;
  fractionUnits: string;
  cash: string;
}
const preview = async (who: SignedIn, input: SplitInput) =>
  (await who.client.graphql(
    `query ($s: UUID!, $n: Int!, $o: Int!, $p: BigFloat) {
       splitPreview(securityId: $s, ratioNew: $n, ratioOld: $o, pricePerUnit: $p) {
         nodes { investor unitsBefore unitsAfter fractionUnits cash } } }`,
    { s: input.securityId, n: input.ratioNew, o: input.ratioOld, p: input.pricePerUnit },
  )) as Answer & { data?: { splitPreview?: { nodes: PreviewLine[] } } | null };

const holdings = async () =>
  Object.fromEntries(
    (
      await sql<{ name: string; amount: string }>(
        `select a.name, trim_scale(h.amount)::text as amount from app_public.holdings h
           join app_public.accounts a on a.id = h.investor_id where h.security_id = $1`,
        [securityId],
      )
    ).map((row) => [row.name, row.amount]),
  );
const authorized = async () =>
  (
    await sql<{ total: string }>("select trim_scale(total)::text as total from app_public.securities where id = $1", [
      securityId,
    ])
  )[0]?.total;
/** The register as of a day, this security's lines: investor -> units. */
async function register(who: SignedIn, day: string) {
  const read = await who.client.graphql<{
    registerCapTable: { nodes: Array<{ investor: string; units: string; securityId: string }> };
  }>("query($d: Date!) { registerCapTable(asOf: $d) { nodes { investor units securityId } } }", { d: day });
  expect(read.errors).toBeUndefined();
  return Object.fromEntries(
    (read.data?.registerCapTable.nodes ?? [])
      .filter((line) => line.securityId === securityId)
      .map((line) => [line.investor, decimalText(dec(line.units))]),
  );
}

let issuer: SignedIn;
let issuerViewer: SignedIn;
let otherIssuer: SignedIn;
let broker: SignedIn;
let investor: SignedIn;
let securityId: string;
let roundId: string;

beforeAll(async () => {
  t = await startTestServer();
  for (const row of await sql<{ name: string; id: string }>("select name, id from app_public.accounts")) {
    ids.set(row.name, row.id);
  }
  // A security of the issuer's of its own, three holders issued in 2024 (as the issuance writes the ledger).
  const [security] = await sql<{ id: string }>(
    "insert into app_public.securities (issuer_id, name, total) values ($1, 'Northwind Common Stock', 10000) returning id",
    [ids.get(ISSUER)],
  );
  securityId = security?.id ?? "";
  const [round] = await sql<{ id: string }>(
    `insert into app_public.rounds (asset_id, security_id, name, terms_url, price, opens_on, closes_on, status, total)
     select r.asset_id, $1, 'Common', 'https://northwind.example/common', 1, '2024-01-01', '2024-12-31', 'closed', 10000
       from app_public.rounds r join app_public.securities s on s.id = r.security_id
      where s.issuer_id = $2 limit 1 returning id`,
    [securityId, ids.get(ISSUER)],
  );
  roundId = round?.id ?? "";
  for (const [name, amount] of [
    ["Emma Lawson", "101.5"],
    ["Kim Family Trust", "7"],
    ["Jordan Blake", "1"],
  ] as const) {
    const [tx] = await sql<{ id: string }>(
      "insert into app_public.transactions (issuer_id, round_id, created_on) values ($1, $2, '2024-06-01') returning id",
      [ids.get(ISSUER), roundId],
    );
    const [holding] = await sql<{ id: string }>(
      `insert into app_public.holdings (security_id, round_id, investor_id, amount, purchase_price, issued_on)
       values ($1, $2, $3, $4, 1, '2024-06-01') returning id`,
      [securityId, roundId, ids.get(name), amount],
    );
    await sql(
      `insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount, created_on)
       values ($1, $2, $3, $4, '2024-06-01')`,
      [tx?.id, holding?.id, ids.get(name), amount],
    );
  }

  issuer = await as("issuer@demo.test", ISSUER);
  issuerViewer = await as("issuer-viewer@demo.test", ISSUER);
  broker = await as("broker@demo.test", "Harborview Capital Markets LLC");
  investor = await as("investor@demo.test", "Emma Lawson");
  const signUp = await t.client().signUp({ email: "cascade-owner@actions.test", password: "cascade-password-1" });
  expect(signUp.status).toBe(200);
  await sql(
    `insert into app_public.users_accounts (user_id, account_id, role, status)
     select e.user_id, $1, 'account_owner', 'active' from app_public.user_emails e where e.email = $2`,
    [ids.get(OTHER_ISSUER), "cascade-owner@actions.test"],
  );
  await sql(
    "insert into app_public.terms_acceptances (terms_id, user_id) select t.id, e.user_id from app_public.terms_of_service t, app_public.user_emails e where t.active and e.email = $1 on conflict do nothing",
    ["cascade-owner@actions.test"],
  );
  otherIssuer = await as("cascade-owner@actions.test", OTHER_ISSUER, "cascade-password-1");
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const BEFORE = { "Emma Lawson": "101.5", "Kim Family Trust": "7", "Jordan Blake": "1" };

describe("a split", () => {
  it("is refused to a viewer, a broker, an investor and another issuer, changing nothing", async () => {
    const input = { securityId, ratioNew: 2, ratioOld: 1, pricePerUnit: "1" };
    expect(code(await split(issuerViewer, input))).toBe("LL403");
    expect(code(await split(broker, input))).toBe("LL403");
    expect(code(await split(investor, input))).toBe("LL403");
    expect(code(await split(otherIssuer, input))).toBe("LL404");
    expect(code(await preview(broker, input))).toBe("LL403");
    expect(code(await preview(investor, input))).toBe("LL403");
    expect(code(await preview(otherIssuer, input))).toBe("LL404");
    expect(await holdings()).toEqual(BEFORE);
    expect(await sql("select 1 from app_public.corporate_actions")).toEqual([]);
  });

  it("refuses bad ratios and prices with clear texts, and a security whose tokens are on their way", async () => {
    const base = { securityId, ratioNew: 2, ratioOld: 1, pricePerUnit: "1" };
    const ratioText = "A ratio is two whole numbers from 1 to 1,000,000, such as 2 for 1.";
    expect(message(await split(issuer, { ...base, ratioNew: 0 }))).toBe(ratioText);
    expect(message(await split(issuer, { ...base, ratioOld: 1_000_001 }))).toBe(ratioText);
    expect(message(await preview(issuer, { ...base, ratioOld: -3 }))).toBe(ratioText);
    expect(message(await split(issuer, { ...base, ratioNew: 3, ratioOld: 3 }))).toBe(
      "A ratio of 3 for 3 changes nothing: choose two different numbers.",
    );
    expect(message(await split(issuer, { ...base, pricePerUnit: null }))).toBe("Price per unit is required.");
    expect(message(await split(issuer, { ...base, pricePerUnit: "-1" }))).toBe("Price must not be negative.");
    expect(message(await split(issuer, { ...base, pricePerUnit: "0.00000000001" }))).toBe(
      "Price can have at most 10 decimal places.",
    );
    // a holding whose tokens are still on their way to the chain: the chain could not follow yet
    // (tests/server/corporate-actions-chain.test.ts keeps a tokenized security's chain equal to its ledger)
    const [pending] = await sql<{ id: string }>(
      `insert into app_public.holding_blockchain_addresses (holding_id, blockchain_address_id, status, chain)
       select h.id, b.id, 'pending', b.chain from app_public.holdings h
         join app_public.blockchain_addresses b on b.account_id = h.investor_id and b.chain = 'ethereum-ledgerline'
        where h.security_id = $1 and h.investor_id = $2 order by b.created_on limit 1 returning id`,
      [securityId, ids.get("Emma Lawson")],
    );
    expect(pending?.id).toBeTruthy();
    const onTheirWay =
      "The tokens of Northwind Common Stock are still on their way on the chain: try again once they are recorded.";
    expect(message(await split(issuer, base))).toBe(onTheirWay);
    expect(message(await preview(issuer, base))).toBe(onTheirWay);
    await sql("delete from app_public.holding_blockchain_addresses where id = $1", [pending?.id]);
    expect(await holdings()).toEqual(BEFORE);
    expect(await authorized()).toBe("10000");
    expect(await sql("select 1 from app_public.corporate_actions")).toEqual([]);
  });

  it("2 for 1: previewed, applied to every holding once, the ledger and authorized units following", async () => {
    const input = { securityId, ratioNew: 2, ratioOld: 1, pricePerUnit: "4", id: crypto.randomUUID() };
    const viewerPreview = await preview(issuerViewer, input);
    expect(viewerPreview.errors).toBeUndefined();
    expect(viewerPreview.data?.splitPreview?.nodes.map((line) => [line.investor, line.unitsAfter, line.cash])).toEqual([
      ["Emma Lawson", "203", "0.00"],
      ["Jordan Blake", "2", "0.00"],
      ["Kim Family Trust", "14", "0.00"],
    ]);
    const first = await split(issuer, input);
    expect(first.errors).toBeUndefined();
    // the same action again (another device, a retry): the same row, nothing applied twice
    const second = await split(issuer, input);
    expect(second.data).toEqual(first.data);
    expect(await holdings()).toEqual({ "Emma Lawson": "203", "Kim Family Trust": "14", "Jordan Blake": "2" });
    expect(await authorized()).toBe("20000");
    const ledger = await sql<{ kind: string; entries: number; total: string }>(
      `select t.chain_data->>'kind' as kind, count(*)::int as entries, sum(e.amount)::text as total
         from app_public.ledger_entries e join app_public.transactions t on t.id = e.transaction_id
        where t.chain_data->>'corporate_action_id' = $1 group by 1`,
      [input.id],
    );
    expect(ledger).toEqual([{ kind: "split", entries: 3, total: "109.5" }]);
    // the same id with another action is refused, not applied
    expect(code(await split(issuer, { ...input, ratioNew: 3 }))).toBe("LL409");
    expect(await holdings()).toEqual({ "Emma Lawson": "203", "Kim Family Trust": "14", "Jordan Blake": "2" });
  });

  it("1 for 3: fractions rounded down and paid as cash in lieu per holder, the register of the day before unchanged", async () => {
    const input = { securityId, ratioNew: 1, ratioOld: 3, pricePerUnit: "3.3", id: crypto.randomUUID() };
    const shown = await preview(issuer, input);
    expect(shown.data?.splitPreview?.nodes).toEqual([
      { investor: "Emma Lawson", unitsBefore: "203", unitsAfter: "67", fractionUnits: "0.666666", cash: "2.20" },
      { investor: "Jordan Blake", unitsBefore: "2", unitsAfter: "0", fractionUnits: "0.666666", cash: "2.20" },
      { investor: "Kim Family Trust", unitsBefore: "14", unitsAfter: "4", fractionUnits: "0.666666", cash: "2.20" },
    ]);
    const done = await split(issuer, input);
    expect(done.errors).toBeUndefined();
    expect(done.data?.splitSecurity).toEqual({
      corporateAction: {
        id: input.id,
        unitsBefore: "219",
        unitsAfter: "71",
        cashTotal: "6.60",
        authorizedAfter: "6666",
      },
    });
    expect(await holdings()).toEqual({ "Emma Lawson": "67", "Kim Family Trust": "4", "Jordan Blake": "0" });
    expect(await authorized()).toBe("6666");
    const lines = await sql<{ name: string; cash: string; fraction: string }>(
      `select a.name, l.cash::text as cash, l.fraction_units::text as fraction from app_public.corporate_action_lines l
         join app_public.accounts a on a.id = l.investor_id where l.action_id = $1 order by a.name`,
      [input.id],
    );
    expect(lines.map((line) => [line.name, line.fraction, line.cash])).toEqual([
      ["Emma Lawson", "0.666666", "2.20"],
      ["Jordan Blake", "0.666666", "2.20"],
      ["Kim Family Trust", "0.666666", "2.20"],
    ]);
    // each holder reads its own line only; the issuer reads the action
    const own = await investor.client.graphql<{ allCorporateActionLines: { nodes: Array<{ cash: string }> } }>(
      "{ allCorporateActionLines(orderBy: CASH_ASC) { nodes { cash } } }",
    );
    expect(own.data?.allCorporateActionLines.nodes).toEqual([{ cash: "0.00" }, { cash: "2.20" }]);
    // the register rebuilt from the ledger: today the new figures, the day before the old ones
    expect(await register(issuer, today)).toEqual({ "Emma Lawson": "67", "Kim Family Trust": "4" });
    expect(await register(issuer, yesterday)).toEqual(BEFORE);
  });
});

describe("a split queued on devices", () => {
  it("arrives through the command endpoint and applies once when two devices send it", async () => {
    const input = { securityId, ratioNew: 3, ratioOld: 1, pricePerUnit: "1", id: crypto.randomUUID() };
    const send = async (device: string, seq: number) => {
      const response = await issuer.client.fetch("/api/v2/commands", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify([
          {
            key: crypto.randomUUID(),
            mutation: "splitSecurity",
            variables: { input },
            userId: issuer.userId,
            accountId: issuer.accountId,
            createdOn: new Date().toISOString(),
            deviceId: device,
            seq,
          },
        ]),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { results: Array<{ status: string }> }).results[0];
    };
    expect(await send("corporate-actions-a", 1)).toMatchObject({ status: "accepted" });
    expect(await send("corporate-actions-b", 1)).toMatchObject({ status: "accepted" });
    expect(await holdings()).toEqual({ "Emma Lawson": "201", "Kim Family Trust": "12", "Jordan Blake": "0" });
    expect(await authorized()).toBe("19998");
    const [count] = await sql<{ n: number }>(
      "select count(*)::int as n from app_public.transactions where chain_data->>'corporate_action_id' = $1",
      [input.id],
    );
    expect(count?.n).toBe(1);
    // a viewer's queued split is refused on arrival
    const refused = await issuerViewer.client.fetch("/api/v2/commands", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify([
        {
          key: crypto.randomUUID(),
          mutation: "splitSecurity",
          variables: { input: { ...input, id: crypto.randomUUID() } },
          userId: issuerViewer.userId,
          accountId: issuerViewer.accountId,
          createdOn: new Date().toISOString(),
          deviceId: "corporate-actions-viewer",
          seq: 1,
        },
      ]),
    });
    expect(((await refused.json()) as { results: Array<{ errorCode?: string }> }).results[0]?.errorCode).toBe("LL403");
    expect(await holdings()).toEqual({ "Emma Lawson": "201", "Kim Family Trust": "12", "Jordan Blake": "0" });
  });
});

describe("a redemption", () => {
  const redeem = (who: SignedIn, input: Record<string, unknown>) =>
    who.client.graphql(
      `mutation ($input: RedeemUnitsInput!) {
         redeemUnits(input: $input) { corporateAction { id kind unitsBefore unitsAfter cashTotal } } }`,
      { input },
    ) as Promise<Answer>;
  const holdingOf = async (name: string) =>
    (
      await sql<{ id: string }>("select id from app_public.holdings where security_id = $1 and investor_id = $2", [
        securityId,
        ids.get(name),
      ])
    )[0]?.id ?? "";

  it("buys back chosen holdings' units at a price once, refusing the others and bad lines with clear texts", async () => {
    const emma = await holdingOf("Emma Lawson");
    const kim = await holdingOf("Kim Family Trust");
    const input = {
      securityId,
      pricePerUnit: "2.505",
      id: crypto.randomUUID(),
      lines: [
        { holdingId: emma, units: "50.5" },
        { holdingId: kim, units: "12" },
      ],
    };
    expect(code(await redeem(issuerViewer, input))).toBe("LL403");
    expect(code(await redeem(broker, input))).toBe("LL403");
    expect(code(await redeem(investor, input))).toBe("LL403");
    expect(code(await redeem(otherIssuer, input))).toBe("LL404");
    expect(message(await redeem(issuer, { ...input, lines: [] }))).toBe("Choose at least one holding to redeem.");
    expect(message(await redeem(issuer, { ...input, lines: [{ holdingId: emma, units: "0" }] }))).toBe(
      "Units to redeem must be greater than 0.",
    );
    expect(message(await redeem(issuer, { ...input, lines: [{ holdingId: kim, units: "12.5" }] }))).toBe(
      "This holding of Kim Family Trust has only 12 units: the redemption needs 12.5.",
    );
    expect(message(await redeem(issuer, { ...input, lines: [input.lines[0], { holdingId: emma, units: "1" }] }))).toBe(
      "Each holding can be redeemed once in one action.",
    );
    expect(message(await redeem(issuer, { ...input, pricePerUnit: "-2" }))).toBe("Price must not be negative.");
    // a holding of another security
    const [other] = await sql<{ id: string }>(
      "select id from app_public.holdings where security_id <> $1 and amount > 0 limit 1",
      [securityId],
    );
    expect(code(await redeem(issuer, { ...input, lines: [{ holdingId: other?.id, units: "1" }] }))).toBe("LL404");
    expect(await holdings()).toEqual({ "Emma Lawson": "201", "Kim Family Trust": "12", "Jordan Blake": "0" });

    const done = await redeem(issuer, input);
    expect(done.errors).toBeUndefined();
    expect(done.data?.redeemUnits).toEqual({
      corporateAction: {
        id: input.id,
        kind: "redemption",
        unitsBefore: "213",
        unitsAfter: "150.5",
        cashTotal: "156.56",
      },
    });
    expect((await redeem(issuer, input)).data).toEqual(done.data);
    expect(code(await redeem(issuer, { ...input, pricePerUnit: "3" }))).toBe("LL409");
    expect(await holdings()).toEqual({ "Emma Lawson": "150.5", "Kim Family Trust": "0", "Jordan Blake": "0" });
    expect(await authorized()).toBe("19998");
    const ledger = await sql<{ amount: string }>(
      `select trim_scale(e.amount)::text as amount from app_public.ledger_entries e
         join app_public.transactions t on t.id = e.transaction_id
        where t.chain_data->>'kind' = 'redemption' and t.chain_data->>'corporate_action_id' = $1 order by e.amount`,
      [input.id],
    );
    expect(ledger.map((row) => row.amount)).toEqual(["-50.5", "-12"]);
    expect(await register(issuer, today)).toEqual({ "Emma Lawson": "150.5" });
    expect(await register(issuer, yesterday)).toEqual(BEFORE);
  });
});

describe("a conversion", () => {
  const convert = (who: SignedIn, input: Record<string, unknown>) =>
    who.client.graphql(
      `mutation ($input: ConvertRoundInput!) {
         convertRound(input: $input) { corporateAction { id kind unitsBefore unitsAfter cashTotal } } }`,
      { input },
    ) as Promise<Answer>;

  it("turns a debt round's holdings into whole equity units once, the fraction paid as cash in lieu", async () => {
    // a note of the issuer's: its own security and round with bond data, two holders at 1 per unit of principal
    const [note] = await sql<{ id: string }>(
      "insert into app_public.securities (issuer_id, name, total) values ($1, 'Northwind Convertible Notes', 5000) returning id",
      [ids.get(ISSUER)],
    );
    const [debt] = await sql<{ id: string }>(
      `insert into app_public.rounds (asset_id, security_id, name, terms_url, price, opens_on, closes_on, status, total)
       select asset_id, $1, 'Notes', 'https://northwind.example/notes', 1, '2024-01-01', '2024-12-31', 'closed', 5000
         from app_public.rounds where id = $2 returning id`,
      [note?.id, roundId],
    );
    await sql("insert into app_public.tranche_bond_data (round_id, term, coupon) values ($1, 2, 5)", [debt?.id]);
    for (const [name, amount] of [
      ["Emma Lawson", "1000"],
      ["Kim Family Trust", "250.5"],
    ] as const) {
      const [tx] = await sql<{ id: string }>(
        "insert into app_public.transactions (issuer_id, round_id, created_on) values ($1, $2, '2024-06-01') returning id",
        [ids.get(ISSUER), debt?.id],
      );
      const [holding] = await sql<{ id: string }>(
        `insert into app_public.holdings (security_id, round_id, investor_id, amount, purchase_price, issued_on)
         values ($1, $2, $3, $4, 1, '2024-06-01') returning id`,
        [note?.id, debt?.id, ids.get(name), amount],
      );
      await sql(
        `insert into app_public.ledger_entries (transaction_id, holding_id, investor_id, amount, created_on)
         values ($1, $2, $3, $4, '2024-06-01')`,
        [tx?.id, holding?.id, ids.get(name), amount],
      );
    }
    const input = { roundId: debt?.id, toRoundId: roundId, conversionPrice: "0.8", id: crypto.randomUUID() };
    expect(code(await convert(issuerViewer, input))).toBe("LL403");
    expect(code(await convert(broker, input))).toBe("LL403");
    expect(code(await convert(investor, input))).toBe("LL403");
    expect(code(await convert(otherIssuer, input))).toBe("LL404");
    expect(message(await convert(issuer, { ...input, conversionRatio: "2" }))).toBe(
      "Give a conversion price or a ratio (one of them).",
    );
    expect(message(await convert(issuer, { ...input, conversionPrice: "0" }))).toBe(
      "A conversion price or ratio must be greater than 0.",
    );
    expect(message(await convert(issuer, { ...input, roundId, toRoundId: debt?.id }))).toBe(
      "Only a debt round (a note or bond) can be converted.",
    );
    const done = await convert(issuer, input);
    expect(done.errors).toBeUndefined();
    expect(done.data?.convertRound).toEqual({
      corporateAction: {
        id: input.id,
        kind: "conversion",
        unitsBefore: "1250.5",
        unitsAfter: "1563",
        cashTotal: "0.10",
      },
    });
    expect((await convert(issuer, input)).data).toEqual(done.data);
    const lines = await sql<{ name: string; before: string; after: string; cash: string; held: string }>(
      `select a.name, trim_scale(l.units_before)::text as before, trim_scale(l.units_after)::text as after,
              l.cash::text as cash, trim_scale(h.amount)::text as held
         from app_public.corporate_action_lines l join app_public.accounts a on a.id = l.investor_id
         join app_public.holdings h on h.id = l.to_holding_id where l.action_id = $1 order by a.name`,
      [input.id],
    );
    expect(lines).toEqual([
      { name: "Emma Lawson", before: "1000", after: "1250", cash: "0.00", held: "1250" },
      { name: "Kim Family Trust", before: "250.5", after: "313", cash: "0.10", held: "313" },
    ]);
    const [left] = await sql<{ total: string }>(
      "select trim_scale(sum(amount))::text as total from app_public.holdings where round_id = $1",
      [debt?.id],
    );
    expect(left?.total).toBe("0");
    const [ledger] = await sql<{ entries: number; total: string }>(
      `select count(*)::int as entries, trim_scale(sum(e.amount))::text as total from app_public.ledger_entries e
         join app_public.transactions t on t.id = e.transaction_id where t.chain_data->>'corporate_action_id' = $1`,
      [input.id],
    );
    expect(ledger).toEqual({ entries: 4, total: "312.5" });
  });
});

describe("the split's rule, over generated cases", () => {
  it("sums to the rule's result, pays fractions x price, leaves no holding negative (server = domain)", async () => {
    let seed = 20261129;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const ratios = [1, 2, 3, 4, 5, 7, 10, 100, 1000, 1_000_000];
    for (let c = 0; c < 200; c += 1) {
      const ratioNew = ratios[random(ratios.length)] ?? 1;
      const ratioOld = ratios[random(ratios.length)] ?? 3;
      const price = `${random(100000)}.${String(random(10000000000)).padStart(10, "0")}`;
      const amounts = Array.from({ length: 1 + random(8) }, () =>
        random(4) === 0
          ? `${random(1000000)}`
          : `${random(1000000)}${random(3) === 0 ? "999" : ""}.${String(random(1000000)).padStart(6, "0")}`,
      );
      const rows = await sql<{ units_after: string; fraction_units: string; cash: string }>(
        `select l.units_after::text, l.fraction_units::text, l.cash::text
           from unnest($1::numeric[]) with ordinality a(amount, n)
           cross join lateral app_private.split_line(a.amount, $2, $3, $4::numeric) l order by a.n`,
        [amounts, ratioNew, ratioOld, price],
      );
      let after = ZERO;
      let rule = ZERO;
      amounts.forEach((amount, i) => {
        const row = rows[i];
        const expected = splitHolding(dec(amount), ratioNew, ratioOld, dec(price));
        const [unitsAfter, fraction, cash] = [
          dec(row?.units_after ?? "x"),
          dec(row?.fraction_units ?? "x"),
          dec(row?.cash ?? "x"),
        ];
        const label = `case ${c}: ${amount} at ${ratioNew} for ${ratioOld}, price ${price}`;
        expect(decimalText(unitsAfter), label).toBe(decimalText(expected.unitsAfter));
        expect(decimalText(fraction), label).toBe(decimalText(expected.fractionUnits));
        expect(decimalText(cash), label).toBe(decimalText(expected.cash));
        expect(unitsAfter.units >= 0n && fraction.units >= 0n && cash.units >= 0n, label).toBe(true);
        // the rule: whole units after plus the fraction is amount x new / old, short by less than a millionth
        const exact = mul(dec(amount), dec(BigInt(ratioNew)));
        const kept = mul(add(unitsAfter, fraction), dec(BigInt(ratioOld)));
        const gap = sub(exact, kept);
        expect(gap.units >= 0n && sub(mul(dec("0.000001"), dec(BigInt(ratioOld))), gap).units > 0n, label).toBe(true);
        expect(sub(dec("1"), fraction).units > 0n, label).toBe(true);
        // cash in lieu is the fraction x the price, to the cent: less than half a cent away
        const off = sub(cash, mul(fraction, dec(price)));
        expect(sub(dec("0.005"), off.units < 0n ? sub(ZERO, off) : off).units >= 0n, label).toBe(true);
        after = add(after, unitsAfter);
        rule = add(rule, expected.unitsAfter);
      });
      expect(decimalText(after)).toBe(decimalText(rule));
    }
  });
});

describe("a redemption and a conversion queued on devices (the cards' commands)", () => {
  it("apply once on arrival, and a viewer's or a bad line's arrival is refused with its reason", async () => {
    // a security and a note of their own: Emma holds 40 units, Jordan 3 units of a note at 1 per unit
    const holdingIn = async (name: string, units: string, bond: boolean) => {
      const [security] = await sql<{ id: string }>(
        "insert into app_public.securities (issuer_id, name, total) values ($1, $2, 1000) returning id",
        [ids.get(ISSUER), `Queued ${bond ? "Note" : "Stock"} ${crypto.randomUUID()}`],
      );
      const [round] = await sql<{ id: string }>(
        `insert into app_public.rounds (asset_id, security_id, name, terms_url, price, opens_on, closes_on, status, total)
         select asset_id, $1, 'Queued', 'https://northwind.example/q', 1, '2024-01-01', '2024-12-31', 'closed', 1000
           from app_public.rounds where id = $2 returning id`,
        [security?.id, roundId],
      );
      if (bond)
        await sql("insert into app_public.tranche_bond_data (round_id, term, coupon) values ($1, 1, 1)", [round?.id]);
      const [holding] = await sql<{ id: string }>(
        `insert into app_public.holdings (security_id, round_id, investor_id, amount, purchase_price, issued_on)
         values ($1, $2, $3, $4, 1, '2024-06-01') returning id`,
        [security?.id, round?.id, ids.get(name), units],
      );
      return { securityId: security?.id ?? "", roundId: round?.id ?? "", holdingId: holding?.id ?? "" };
    };
    const amountOf = async (holdingId: string) =>
      (
        await sql<{ a: string }>("select trim_scale(amount)::text as a from app_public.holdings where id = $1", [
          holdingId,
        ])
      )[0]?.a;
    const stock = await holdingIn("Emma Lawson", "40", false);
    const note = await holdingIn("Jordan Blake", "3", true);

    const redemption = {
      id: crypto.randomUUID(),
      securityId: stock.securityId,
      pricePerUnit: "2.5",
      lines: [{ holdingId: stock.holdingId, units: "15" }],
    };
    expect(await sendCommand(issuerViewer, "ca-viewer", "redeemUnits", redemption)).toMatchObject({
      status: "rejected",
      errorCode: "LL403",
    });
    expect(
      await sendCommand(issuer, "ca-a", "redeemUnits", {
        ...redemption,
        id: crypto.randomUUID(),
        lines: [{ holdingId: stock.holdingId, units: "41" }],
      }),
    ).toMatchObject({
      status: "rejected",
      errorMessage: "This holding of Emma Lawson has only 40 units: the redemption needs 41.",
    });
    expect(await amountOf(stock.holdingId)).toBe("40");
    expect(await sendCommand(issuer, "ca-a", "redeemUnits", redemption)).toMatchObject({ status: "accepted" });
    expect(await sendCommand(issuer, "ca-b", "redeemUnits", redemption)).toMatchObject({ status: "accepted" });
    expect(await amountOf(stock.holdingId)).toBe("25");

    // three note units of 1 at a conversion price of 3 are exactly one unit (the principal is multiplied first)
    const conversion = {
      id: crypto.randomUUID(),
      roundId: note.roundId,
      toRoundId: stock.roundId,
      conversionPrice: "3",
    };
    expect(await sendCommand(issuerViewer, "ca-viewer", "convertRound", conversion)).toMatchObject({
      errorCode: "LL403",
    });
    expect(await sendCommand(issuer, "ca-a", "convertRound", conversion)).toMatchObject({ status: "accepted" });
    expect(await sendCommand(issuer, "ca-b", "convertRound", conversion)).toMatchObject({ status: "accepted" });
    const lines = await sql<{ after: string; fraction: string; cash: string }>(
      `select trim_scale(units_after)::text as after, trim_scale(fraction_units)::text as fraction,
              trim_scale(cash)::text as cash
         from app_public.corporate_action_lines where action_id = $1`,
      [conversion.id],
    );
    const expected = convertHolding(dec("3"), dec("1"), { price: dec("3") }, dec("3"));
    expect(lines).toEqual([
      {
        after: decimalText(expected.unitsAfter),
        fraction: decimalText(expected.fractionUnits),
        cash: decimalText(expected.cash),
      },
    ]);
    expect(lines[0]?.after).toBe("1");
    expect(await amountOf(note.holdingId)).toBe("0");
  });
});
