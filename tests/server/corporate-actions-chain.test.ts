// Corporate actions on a tokenized security, the chain kept equal to the ledger (issue 32 item 2,
// docs/CORPORATE-ACTIONS.md "On the chain"), with the client bypassed, on the demo's Northwind Seed Token (precision 2)
// on the embedded chain: a split while a holding's mint is still on its way refused, then applied once it is minted;
// a 2-for-1 split and a 1-for-3 reverse split with cash in lieu leave every holder's balanceOf equal to its holdings
// and totalSupply equal to their total; the split replayed from another device applies once; a redemption burns
// exactly the units bought back; a viewer, a broker and another issuer refused (GraphQL and the command endpoint,
// nothing written, nothing queued); a burn the chain refuses shown failed with its reason, the next action refused
// until the issuer retries, and the retry burning once; the demo's tokenized note converted into the Seed round, its
// tokens burned and the new units minted. One server for the whole file, steps in order.
import { type Interface, Interface as TokenInterface } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import artifact from "../../sync/chain/contracts/LedgerlineSecurityToken.json" with { type: "json" };
import { JobRunner } from "../../sync/chain/jobs.ts";
import { sendCommand } from "../helpers/commands.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

const CHAIN = "ethereum-ledgerline";
const ISSUER = "Northwind Renewables, Inc.";
const OTHER_ISSUER = "Cascade Biotech Holdings";
const BROKER = "Harborview Capital Markets LLC";
const JORDAN = "Jordan Blake";
const KIM = "Kim Family Trust";
const token: Interface = new TokenInterface(artifact.abi as never);

let t: TestServer;
const ids = new Map<string, string>();
/** Stops the server's job runner after its next "signed" step, as a server that dies there. */
let stopAtSigned = false;
/** The job runner once the server's own has stopped (a restarted process's). */
let restarted: JobRunner | null = null;

interface SignedIn {
  client: TestClient;
  userId: string;
  accountId: string;
}
type Answer = {
  data?: Record<string, { corporateAction?: Record<string, string | null> } | null> | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
};

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await t.server.db.query<T>(text, values)).rows as T[];
}

async function as(email: string, accountName: string, password = "demo-password"): Promise<SignedIn> {
  const client = t.client();
  expect((await client.signIn(email, password)).status).toBe(200);
  const accountId = ids.get(accountName) ?? "";
  expect((await client.selectAccount(accountId)).status).toBe(303);
  const who = await client.graphql<{ currentUser: { id: string } }>("{ currentUser { id } }");
  return { client, userId: who.data?.currentUser.id ?? "", accountId };
}

const FIELDS = "id kind chain chainStatus chainFailure unitsBefore unitsAfter";
const call = (who: SignedIn, mutation: string, input: Record<string, unknown>) =>
  who.client.graphql(
    `mutation ($input: ${mutation[0]?.toUpperCase()}${mutation.slice(1)}Input!) {
       ${mutation}(input: $input) { corporateAction { ${FIELDS} } } }`,
    { input },
  ) as Promise<Answer>;
const code = (r: Answer) => r.errors?.[0]?.extensions?.code;
const message = (r: Answer) => r.errors?.[0]?.message;
const command = (who: SignedIn, mutation: string, input: Record<string, unknown>, device = "one") =>
  sendCommand(who, `corporate-actions-chain-${device}-${who.accountId}`, mutation, input);

let issuer: SignedIn;
let viewer: SignedIn;
let broker: SignedIn;
let otherIssuer: SignedIn;
let securityId: string;
let securityName: string;
let seedRoundId: string;
let contract: string;

async function read(fn: string, args: unknown[] = []): Promise<bigint> {
  const chain = (await t.server.chain.backend(CHAIN)).provider;
  const data = await chain.call({ to: contract, data: token.encodeFunctionData(fn, args) });
  return token.decodeFunctionResult(fn, data)[0] as bigint;
}

/** Every job finished, by the server's runner, or by the restarted one once the server's has stopped. */
async function settle(): Promise<void> {
  if (!restarted) return t.server.chain.settle(60_000);
  for (let i = 0; i < 3000; i++) {
    await restarted.kickAll();
    await restarted.idle();
    const [open] = await sql<{ n: number }>(
      "select count(*)::int as n from app_private.chain_jobs where status in ('queued', 'signed')",
    );
    if (open?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("chain jobs still open");
}

/** The Seed round's tokenized holdings by address: the units the ledger says each address holds, in token units. */
async function ledgerByAddress(): Promise<Map<string, bigint>> {
  const rows = await sql<{ address: string; units: string }>(
    `select lower(b.address) as address, (sum(h.amount) * 100)::bigint::text as units
       from app_public.holdings h
       join app_public.holding_blockchain_addresses x on x.holding_id = h.id and x.status = 'trade' and x.chain = $2
       join app_public.blockchain_addresses b on b.id = x.blockchain_address_id
      where h.round_id = $1 group by 1`,
    [seedRoundId, CHAIN],
  );
  return new Map(rows.map((row) => [row.address, BigInt(row.units)]));
}

/** Every holder's balanceOf equals its holdings, its cap table entry equals balanceOf, totalSupply their total. */
async function expectChainEqualsLedger(): Promise<Map<string, bigint>> {
  const ledger = await ledgerByAddress();
  expect(ledger.size).toBe(3);
  let total = 0n;
  for (const [address, units] of ledger) {
    expect(await read("balanceOf", [address])).toBe(units);
    const [entry] = await sql<{ amount: string }>(
      `select (e.amount * 100)::bigint::text as amount from app_public.cap_table_entries e
         join app_public.blockchain_addresses b on b.id = e.blockchain_address_id
         join app_public.contracts c on c.token_id = e.token_id
        where lower(c.contract_address) = lower($1) and lower(b.address) = $2`,
      [contract, address],
    );
    expect(BigInt(entry?.amount ?? "-1")).toBe(units);
    total += units;
  }
  expect(await read("totalSupply")).toBe(total);
  return ledger;
}

const holdingOf = async (investor: string) =>
  (
    await sql<{ id: string; amount: string; address: string }>(
      `select h.id, trim_scale(h.amount)::text as amount, lower(b.address) as address from app_public.holdings h
         join app_public.holding_blockchain_addresses x on x.holding_id = h.id and x.chain = $3
         join app_public.blockchain_addresses b on b.id = x.blockchain_address_id
        where h.round_id = $1 and h.investor_id = $2 order by h.created_on limit 1`,
      [seedRoundId, ids.get(investor), CHAIN],
    )
  )[0];
const amounts = async () =>
  (
    await sql<{ id: string; amount: string }>(
      "select id, trim_scale(amount)::text as amount from app_public.holdings where security_id = $1 order by id",
      [securityId],
    )
  ).map((row) => `${row.id}:${row.amount}`);
const actionJobs = async (actionId: string) =>
  sql<{ kind: string; amount: string; status: string; failure: string | null }>(
    `select kind, trim_scale(amount)::text as amount, status, failure from app_private.chain_jobs
      where corporate_action_id = $1 order by amount`,
    [actionId],
  );
const actionRow = async (actionId: string) =>
  (
    await sql<{ chain: string | null; chain_status: string | null; chain_failure: string | null }>(
      "select chain, chain_status, chain_failure from app_public.corporate_actions where id = $1",
      [actionId],
    )
  )[0];

beforeAll(async () => {
  t = await startTestServer({
    chain: {
      onSigned: (_jobs, step) => {
        if (!stopAtSigned || step !== "signed") return undefined;
        stopAtSigned = false;
        return "stop";
      },
    },
  });
  for (const row of await sql<{ name: string; id: string }>("select name, id from app_public.accounts")) {
    ids.set(row.name, row.id);
  }
  // the demo's Northwind Seed Token: its round, its security and its contract on the embedded chain
  const [seed] = await sql<{ round_id: string; security_id: string; name: string; contract: string }>(
    `select r.id as round_id, s.id as security_id, s.name, c.contract_address as contract
       from app_public.tokens k join app_public.rounds r on r.id = k.round_id
       join app_public.securities s on s.id = r.security_id
       join app_public.contracts c on c.token_id = k.id and c.chain = $1
      where k.name = 'Northwind Seed Token' and c.contract_address like '0x%'`,
    [CHAIN],
  );
  seedRoundId = seed?.round_id ?? "";
  securityId = seed?.security_id ?? "";
  securityName = seed?.name ?? "";
  contract = seed?.contract ?? "";
  expect(contract).toMatch(/^0x/);

  issuer = await as("issuer@demo.test", ISSUER);
  viewer = await as("issuer-viewer@demo.test", ISSUER);
  broker = await as("broker@demo.test", BROKER);
  expect(
    (await t.client().signUp({ email: "cascade@actions-chain.test", password: "cascade-password-1" })).status,
  ).toBe(200);
  await sql(
    `insert into app_public.users_accounts (user_id, account_id, role, status)
     select e.user_id, $1, 'account_owner', 'active' from app_public.user_emails e where e.email = $2`,
    [ids.get(OTHER_ISSUER), "cascade@actions-chain.test"],
  );
  await sql(
    `insert into app_public.terms_acceptances (terms_id, user_id) select t.id, e.user_id
       from app_public.terms_of_service t, app_public.user_emails e where t.active and e.email = $1 on conflict do nothing`,
    ["cascade@actions-chain.test"],
  );
  otherIssuer = await as("cascade@actions-chain.test", OTHER_ISSUER, "cascade-password-1");
}, 120_000);

afterAll(async () => {
  await restarted?.stop();
  await t?.close();
});

describe("a corporate action on a tokenized security", () => {
  it("is refused while a holding's mint is still on its way, and applies once it is minted", async () => {
    // Jordan's Seed units, left for Mint by the demo: the server's runner signs the mint and stops there
    const [jordanSeed] = await sql<{ id: string }>(
      "select id from app_public.holdings where round_id = $1 and investor_id = $2 order by created_on limit 1",
      [seedRoundId, ids.get(JORDAN)],
    );
    stopAtSigned = true;
    expect((await command(issuer, "tokenizeHoldings", { holdingIds: [jordanSeed?.id] })).errorMessage).toBeNull();
    for (let i = 0; i < 3000; i++) {
      const [job] = await sql<{ status: string }>(
        "select status from app_private.chain_jobs where kind = 'mint' and holding_id = $1",
        [jordanSeed?.id],
      );
      if (job?.status === "signed") break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const before = await amounts();
    const onTheirWay = `The tokens of ${securityName} are still on their way on the chain: try again once they are recorded.`;
    const input = { securityId, ratioNew: 2, ratioOld: 1, pricePerUnit: "1.25" };
    expect(message(await call(issuer, "splitSecurity", input))).toBe(onTheirWay);
    const queued = await command(issuer, "splitSecurity", { ...input, id: crypto.randomUUID() });
    expect(queued.errorMessage).toBe(onTheirWay);
    const redemption = await call(issuer, "redeemUnits", {
      securityId,
      pricePerUnit: "1",
      lines: [{ holdingId: jordanSeed?.id, units: "1" }],
    });
    expect(message(redemption)).toBe(onTheirWay);
    expect(await amounts()).toEqual(before);
    expect(await sql("select 1 from app_public.corporate_actions where security_id = $1", [securityId])).toEqual([]);

    // a restarted process sends the signed mint: Jordan's tokens are recorded
    restarted = new JobRunner({ db: t.server.db, backend: t.server.chain.backend });
    await settle();
    await expectChainEqualsLedger();
  }, 90_000);

  it("2 for 1 mints every holder's new units, once however often the split arrives", async () => {
    const before = await ledgerByAddress();
    const id = crypto.randomUUID();
    const input = { id, securityId, ratioNew: 2, ratioOld: 1, pricePerUnit: "1.25" };
    expect((await command(issuer, "splitSecurity", input)).errorMessage).toBeNull();
    // the ledger at once; one mint per tokenized holding queued in the same transaction
    const jobs = await actionJobs(id);
    expect(jobs.map((j) => j.kind)).toEqual(["action_mint", "action_mint", "action_mint"]);
    expect((await actionRow(id))?.chain_status).toBe("queued");
    await settle();
    const after = await expectChainEqualsLedger();
    for (const [address, units] of before) expect(after.get(address)).toBe(units * 2n);
    expect(await actionRow(id)).toEqual({ chain: CHAIN, chain_status: "done", chain_failure: null });
    // the issuer reads the chain's answer through the API
    const readBack = await issuer.client.graphql<{ corporateActionById: Record<string, string | null> }>(
      "query ($id: UUID!) { corporateActionById(id: $id) { chainStatus chainFailure } }",
      { id },
    );
    expect(readBack.data?.corporateActionById).toEqual({ chainStatus: "done", chainFailure: null });

    // the same split from another device, and again through GraphQL: applied once, nothing more on the chain
    expect((await command(issuer, "splitSecurity", input, "two")).errorMessage).toBeNull();
    expect(code(await call(issuer, "splitSecurity", input))).toBeUndefined();
    await settle();
    expect((await actionJobs(id)).length).toBe(3);
    expect(await ledgerByAddress()).toEqual(after);
    await expectChainEqualsLedger();
  }, 90_000);

  it("1 for 3 with cash in lieu burns what each holding loses through the controller", async () => {
    const before = await ledgerByAddress();
    const id = crypto.randomUUID();
    const applied = await call(issuer, "splitSecurity", {
      id,
      securityId,
      ratioNew: 1,
      ratioOld: 3,
      pricePerUnit: "3.75",
    });
    expect(applied.errors).toBeUndefined();
    expect(applied.data?.splitSecurity?.corporateAction?.chainStatus).toBe("queued");
    const lines = await sql<{ units_before: string; units_after: string; fraction_units: string; cash: string }>(
      `select trim_scale(units_before)::text as units_before, trim_scale(units_after)::text as units_after,
              trim_scale(fraction_units)::text as fraction_units, trim_scale(cash)::text as cash
         from app_public.corporate_action_lines where action_id = $1 order by units_before`,
      [id],
    );
    // whole units after, the fraction paid as cash in lieu
    for (const line of lines) {
      expect(BigInt(line.units_after)).toBe(BigInt(line.units_before.split(".")[0] ?? "0") / 3n);
    }
    expect((await actionJobs(id)).every((j) => j.kind === "action_burn")).toBe(true);
    await settle();
    const after = await expectChainEqualsLedger();
    for (const [address, units] of before) expect(after.get(address)).toBe((units / 100n / 3n) * 100n);
    expect((await actionRow(id))?.chain_status).toBe("done");
  }, 90_000);

  it("a redemption burns exactly the units bought back", async () => {
    const kim = await holdingOf(KIM);
    const kimBefore = await read("balanceOf", [kim?.address]);
    const supplyBefore = await read("totalSupply");
    const id = crypto.randomUUID();
    const redeemed = await command(issuer, "redeemUnits", {
      id,
      securityId,
      pricePerUnit: "2",
      lines: [{ holdingId: kim?.id, units: "1000.25" }],
    });
    expect(redeemed.errorMessage).toBeNull();
    expect(await actionJobs(id)).toEqual([{ kind: "action_burn", amount: "1000.25", status: "queued", failure: null }]);
    await settle();
    expect(await read("balanceOf", [kim?.address])).toBe(kimBefore - 100025n);
    expect(await read("totalSupply")).toBe(supplyBefore - 100025n);
    await expectChainEqualsLedger();
    // finer than the token's two decimals: refused, nothing written
    const fine = await call(issuer, "redeemUnits", {
      securityId,
      pricePerUnit: "2",
      lines: [{ holdingId: kim?.id, units: "0.001" }],
    });
    expect(message(fine)).toBe(`The token of ${securityName} has 2 decimals: 0.001 units cannot change on the chain.`);
    expect((await holdingOf(KIM))?.amount).toBe(String(Number(kim?.amount) - 1000.25));
  }, 90_000);

  it("is refused to a viewer, a broker and another issuer, nothing written or queued", async () => {
    const before = await amounts();
    const [jobs] = await sql<{ n: number }>("select count(*)::int as n from app_private.chain_jobs");
    const kim = await holdingOf(KIM);
    const split = { securityId, ratioNew: 2, ratioOld: 1, pricePerUnit: "1" };
    const redeem = { securityId, pricePerUnit: "1", lines: [{ holdingId: kim?.id, units: "1" }] };
    expect(code(await call(viewer, "splitSecurity", split))).toBe("LL403");
    expect(code(await call(broker, "splitSecurity", split))).toBe("LL403");
    expect(code(await call(otherIssuer, "splitSecurity", split))).toBe("LL404");
    expect(code(await call(viewer, "redeemUnits", redeem))).toBe("LL403");
    expect(code(await call(otherIssuer, "redeemUnits", redeem))).toBe("LL404");
    expect((await command(viewer, "splitSecurity", { ...split, id: crypto.randomUUID() })).errorCode).toBe("LL403");
    expect((await command(broker, "splitSecurity", { ...split, id: crypto.randomUUID() })).errorCode).toBe("LL403");
    expect((await command(otherIssuer, "splitSecurity", { ...split, id: crypto.randomUUID() })).errorCode).toBe(
      "LL404",
    );
    // the retry: the issuer's owners and admins only
    const [done] = await sql<{ id: string }>(
      "select id from app_public.corporate_actions where security_id = $1 and chain_status = 'done' limit 1",
      [securityId],
    );
    expect(code(await call(viewer, "retryCorporateActionOnChain", { actionId: done?.id }))).toBe("LL403");
    expect(code(await call(broker, "retryCorporateActionOnChain", { actionId: done?.id }))).toBe("LL403");
    expect(code(await call(otherIssuer, "retryCorporateActionOnChain", { actionId: done?.id }))).toBe("LL404");
    // a done action: a retry changes nothing
    const again = await call(issuer, "retryCorporateActionOnChain", { actionId: done?.id });
    expect(again.data?.retryCorporateActionOnChain?.corporateAction?.chainStatus).toBe("done");
    expect(await amounts()).toEqual(before);
    expect((await sql<{ n: number }>("select count(*)::int as n from app_private.chain_jobs"))[0]?.n).toBe(jobs?.n);
  }, 60_000);

  it("refused by the chain is shown failed with its reason, blocks the next action and is retried once", async () => {
    const backend = await t.server.chain.backend(CHAIN);
    const role = token.decodeFunctionResult(
      "TRANSFER_CONTROLLER_ROLE",
      await backend.provider.call({ to: contract, data: token.encodeFunctionData("TRANSFER_CONTROLLER_ROLE") }),
    )[0] as string;
    const setRole = async (fn: "revokeRole" | "grantRole") => {
      const sent = await backend.operator.sendTransaction({
        to: contract,
        data: token.encodeFunctionData(fn, [role, backend.operator.address]),
      });
      expect((await sent.wait())?.status).toBe(1);
    };
    // the operator's key loses the controller role: the chain refuses the burn
    await setRole("revokeRole");
    const kim = await holdingOf(KIM);
    const kimBefore = await read("balanceOf", [kim?.address]);
    const id = crypto.randomUUID();
    expect(
      (
        await command(issuer, "redeemUnits", {
          id,
          securityId,
          pricePerUnit: "2",
          lines: [{ holdingId: kim?.id, units: "10" }],
        })
      ).errorMessage,
    ).toBeNull();
    await settle();
    const failed = await actionRow(id);
    expect(failed?.chain_status).toBe("failed");
    expect(failed?.chain_failure).toMatch(
      /^1 holding did not change on the chain: The platform's key 0x[0-9a-fA-F]{40} is no longer allowed to do this on the token/,
    );
    expect(await read("balanceOf", [kim?.address])).toBe(kimBefore);
    // the next action waits for the chain to follow this one
    const blocked = await call(issuer, "splitSecurity", { securityId, ratioNew: 2, ratioOld: 1, pricePerUnit: "1" });
    expect(message(blocked)).toBe(
      `The chain has not yet followed an earlier change of ${securityName}: retry it on the chain first.`,
    );

    // the role back, the issuer retries (as a device sends it): the units burn once
    await setRole("grantRole");
    expect((await command(issuer, "retryCorporateActionOnChain", { actionId: id })).errorMessage).toBeNull();
    await settle();
    expect(await actionRow(id)).toEqual({ chain: CHAIN, chain_status: "done", chain_failure: null });
    expect(await read("balanceOf", [kim?.address])).toBe(kimBefore - 1000n);
    expect((await command(issuer, "retryCorporateActionOnChain", { actionId: id }, "two")).errorMessage).toBeNull();
    await settle();
    expect((await actionJobs(id)).map((j) => j.status)).toEqual(["done"]);
    await expectChainEqualsLedger();
  }, 90_000);

  it("a tokenized note converted into the tokenized Seed round: its tokens burned, the new units minted", async () => {
    // the demo's Green Note Token on Tranche A (Emma's 25 notes minted, precision 0) into the Seed round's token
    const [note] = await sql<{ round_id: string; holding_id: string; contract: string; address: string }>(
      `select r.id as round_id, h.id as holding_id, c.contract_address as contract, lower(b.address) as address
         from app_public.tokens k join app_public.rounds r on r.id = k.round_id
         join app_public.contracts c on c.token_id = k.id and c.chain = $1
         join app_public.holdings h on h.round_id = r.id and h.amount > 0
         join app_public.holding_blockchain_addresses x on x.holding_id = h.id and x.status = 'trade' and x.chain = $1
         join app_public.blockchain_addresses b on b.id = x.blockchain_address_id
        where k.name = 'Green Note Token'`,
      [CHAIN],
    );
    const chain = (await t.server.chain.backend(CHAIN)).provider;
    const noteRead = async (fn: string, args: unknown[] = []) =>
      token.decodeFunctionResult(
        fn,
        await chain.call({ to: note?.contract, data: token.encodeFunctionData(fn, args) }),
      )[0] as bigint;
    expect(await noteRead("balanceOf", [note?.address])).toBe(25n);
    const supplyBefore = await noteRead("totalSupply");
    const id = crypto.randomUUID();
    const converted = await command(issuer, "convertRound", {
      id,
      roundId: note?.round_id,
      toRoundId: seedRoundId,
      conversionPrice: "0.5",
    });
    expect(converted.errorMessage).toBeNull();
    const [line] = await sql<{ units_after: string; to_holding_id: string }>(
      "select trim_scale(units_after)::text as units_after, to_holding_id from app_public.corporate_action_lines where action_id = $1",
      [id],
    );
    expect(line?.units_after).toBe("50000");
    expect((await actionJobs(id)).map((j) => `${j.kind} ${j.amount}`)).toEqual(["action_burn 25", "mint 50000"]);
    await settle();
    // the notes are gone from the chain, the new units are there: the Seed round's chain equals its ledger
    expect(await noteRead("balanceOf", [note?.address])).toBe(0n);
    expect(await noteRead("totalSupply")).toBe(supplyBefore - 25n);
    const [minted] = await sql<{ status: string }>(
      "select status from app_public.holding_blockchain_addresses where holding_id = $1",
      [line?.to_holding_id],
    );
    expect(minted?.status).toBe("trade");
    await expectChainEqualsLedger();
    expect((await actionRow(id))?.chain_status).toBe("done");
  }, 90_000);
});
