// A tokenized holding whose corporate action is not on the chain yet cannot be transferred (issue 32, docs/TRANSFERS.md
// "Rules per security" and "On the chain"), with the client bypassed, on the demo's Northwind Seed Token on the
// embedded chain: a request refused while the split's job for the holding is on its way, naming the split, and
// accepted once the chain has it; a redemption's queued burn refusing the holder's request while a holding the
// redemption did not touch is requested, approved and moved as before; a burn the chain refused refusing the request
// and the approval with the other text, the issuer's retry refusing them as still changing until it is recorded, then
// both accepted and the tokens moved; a reverse split named as such. The server's own job runner stops after the
// first signed step; from then on a runner of the test's own runs the jobs only when the test asks, so a queued job
// stays queued. One server for the whole file, steps in order.
import { type Interface, Interface as TokenInterface } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import artifact from "../../sync/chain/contracts/LedgerlineSecurityToken.json" with { type: "json" };
import { JobRunner } from "../../sync/chain/jobs.ts";
import { sendCommand } from "../helpers/commands.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

const CHAIN = "ethereum-ledgerline";
const ISSUER = "Northwind Renewables, Inc.";
const EMMA = "Emma Lawson";
const KIM = "Kim Family Trust";
const token: Interface = new TokenInterface(artifact.abi as never);

let t: TestServer;
const ids = new Map<string, string>();
/** Stops the server's job runner after its next "signed" step, as a server that dies there. */
let stopAtSigned = false;
/** The runner that takes over once the server's has stopped: it runs jobs only when settle() kicks it. */
let restarted: JobRunner | null = null;

interface SignedIn {
  client: TestClient;
  userId: string;
  accountId: string;
}
type Answer = {
  data?: Record<string, { transfer?: Record<string, string | null> } | null> | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
};

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await t.server.db.query<T>(text, values)).rows as T[];
}

async function as(email: string, accountName: string): Promise<SignedIn> {
  const client = t.client();
  expect((await client.signIn(email, "demo-password")).status).toBe(200);
  const accountId = ids.get(accountName) ?? "";
  expect((await client.selectAccount(accountId)).status).toBe(303);
  const who = await client.graphql<{ currentUser: { id: string } }>("{ currentUser { id } }");
  return { client, userId: who.data?.currentUser.id ?? "", accountId };
}

const call = (who: SignedIn, mutation: string, input: Record<string, unknown>) =>
  who.client.graphql(
    `mutation ($input: ${mutation[0]?.toUpperCase()}${mutation.slice(1)}Input!) {
       ${mutation}(input: $input) { transfer { id status } } }`,
    { input },
  ) as Promise<Answer>;
const code = (r: Answer) => r.errors?.[0]?.extensions?.code;
const message = (r: Answer) => r.errors?.[0]?.message;
const command = (who: SignedIn, mutation: string, input: Record<string, unknown>) =>
  sendCommand(who, `transfers-actions-chain-${who.accountId}`, mutation, input);

let issuer: SignedIn;
let emma: SignedIn;
let kim: SignedIn;
let securityId: string;
let securityName: string;
let contract: string;
let emmaSeed: { id: string; address: string };
let kimSeed: { id: string; address: string };
/** Where a transfer to Kim lands: the oldest address of Kim's on the chain. */
let kimWallet: string;

const stillChanging = (action: string) =>
  `The units of this holding of ${securityName} are still changing on the chain after the ${action}: try again once it is recorded.`;
const notOnTheChain = (action: string) =>
  `The ${action} did not reach the chain for this holding of ${securityName}: the issuer retries it on the chain first.`;

async function balanceOf(address: string): Promise<bigint> {
  const chain = (await t.server.chain.backend(CHAIN)).provider;
  const data = await chain.call({ to: contract, data: token.encodeFunctionData("balanceOf", [address]) });
  return token.decodeFunctionResult("balanceOf", data)[0] as bigint;
}

/** Every open job run to its end by the test's runner. */
async function settle(): Promise<void> {
  if (!restarted) throw new Error("the server's runner has not stopped yet");
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

const actionJobs = async (actionId: string) =>
  sql<{ holding_id: string; kind: string; status: string }>(
    "select holding_id, kind, status from app_private.chain_jobs where corporate_action_id = $1 order by holding_id",
    [actionId],
  );
const actionStatus = async (actionId: string) =>
  (
    await sql<{ chain_status: string }>("select chain_status from app_public.corporate_actions where id = $1", [
      actionId,
    ])
  )[0]?.chain_status;
const requestsOf = async (holdingId: string) =>
  sql<{ status: string }>("select status from app_public.transfers where holding_id = $1 and status = 'open'", [
    holdingId,
  ]);

/** A request of `units` units of the holding, as its holder sends it through GraphQL. */
const request = (who: SignedIn, holdingId: string, units: string, transferee: string) =>
  call(who, "requestTransfer", { holdingId, units, reason: "gift", transfereeId: ids.get(transferee) });

async function seedHolding(investor: string): Promise<{ id: string; address: string }> {
  const [row] = await sql<{ id: string; address: string }>(
    `select h.id, lower(b.address) as address from app_public.holdings h
       join app_public.holding_blockchain_addresses x on x.holding_id = h.id and x.status = 'trade' and x.chain = $3
       join app_public.blockchain_addresses b on b.id = x.blockchain_address_id
      where h.security_id = $1 and h.investor_id = $2 order by h.created_on limit 1`,
    [securityId, ids.get(investor), CHAIN],
  );
  expect(row?.address).toMatch(/^0x/);
  return row ?? { id: "", address: "" };
}

/** Every address of the security's tokenized holdings holds on the chain exactly its holdings' units (2 decimals). */
async function expectChainEqualsLedger(): Promise<void> {
  const rows = await sql<{ address: string; units: string }>(
    `select lower(b.address) as address, (sum(h.amount) * 100)::bigint::text as units
       from app_public.holdings h
       join app_public.holding_blockchain_addresses x on x.holding_id = h.id and x.status = 'trade' and x.chain = $2
       join app_public.blockchain_addresses b on b.id = x.blockchain_address_id
      where h.security_id = $1 group by 1`,
    [securityId, CHAIN],
  );
  expect(rows.length).toBeGreaterThan(1);
  for (const row of rows) expect(await balanceOf(row.address)).toBe(BigInt(row.units));
}

async function setControllerRole(fn: "revokeRole" | "grantRole"): Promise<void> {
  const backend = await t.server.chain.backend(CHAIN);
  const role = token.decodeFunctionResult(
    "TRANSFER_CONTROLLER_ROLE",
    await backend.provider.call({ to: contract, data: token.encodeFunctionData("TRANSFER_CONTROLLER_ROLE") }),
  )[0] as string;
  const sent = await backend.operator.sendTransaction({
    to: contract,
    data: token.encodeFunctionData(fn, [role, backend.operator.address]),
  });
  expect((await sent.wait())?.status).toBe(1);
}

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
  const [seed] = await sql<{ security_id: string; name: string; contract: string }>(
    `select s.id as security_id, s.name, c.contract_address as contract
       from app_public.tokens k join app_public.rounds r on r.id = k.round_id
       join app_public.securities s on s.id = r.security_id
       join app_public.contracts c on c.token_id = k.id and c.chain = $1
      where k.name = 'Northwind Seed Token' and c.contract_address like '0x%'`,
    [CHAIN],
  );
  securityId = seed?.security_id ?? "";
  securityName = seed?.name ?? "";
  contract = seed?.contract ?? "";
  expect(contract).toMatch(/^0x/);
  emmaSeed = await seedHolding(EMMA);
  kimSeed = await seedHolding(KIM);
  const [wallet] = await sql<{ address: string }>(
    "select lower(address) as address from app_public.blockchain_addresses where account_id = $1 and chain = $2 order by created_on, id limit 1",
    [ids.get(KIM), CHAIN],
  );
  kimWallet = wallet?.address ?? "";
  issuer = await as("issuer@demo.test", ISSUER);
  emma = await as("investor@demo.test", EMMA);
  kim = await as("investor2@demo.test", KIM);
}, 120_000);

afterAll(async () => {
  await restarted?.stop();
  await t?.close();
});

describe("a tokenized holding whose corporate action is not on the chain yet", () => {
  it("is refused while the split's job for it is on its way, and requested once the chain has it", async () => {
    // the server's runner signs the split's mints and stops there: they are on their way, not in a block
    stopAtSigned = true;
    const splitId = crypto.randomUUID();
    const split = { id: splitId, securityId, ratioNew: 2, ratioOld: 1, pricePerUnit: "1.25" };
    expect((await command(issuer, "splitSecurity", split)).errorMessage).toBeNull();
    for (let i = 0; i < 3000 && stopAtSigned; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopAtSigned).toBe(false);
    const emmaJob = (await actionJobs(splitId)).find((job) => job.holding_id === emmaSeed.id);
    expect(emmaJob).toMatchObject({ kind: "action_mint", status: "signed" });

    const refused = await request(emma, emmaSeed.id, "10", KIM);
    expect(code(refused)).toBe("LL422");
    expect(message(refused)).toBe(stillChanging("split"));
    // the same as a device sends it: refused on arrival with the same words, nothing written
    const queued = await command(emma, "requestTransfer", {
      id: crypto.randomUUID(),
      holdingId: emmaSeed.id,
      units: "10",
      reason: "gift",
      transfereeId: ids.get(KIM),
    });
    expect(queued).toMatchObject({ errorCode: "LL422", errorMessage: stillChanging("split") });
    expect(await requestsOf(emmaSeed.id)).toEqual([]);

    // a restarted process's runner records the mints: the holding can be requested again
    restarted = new JobRunner({ db: t.server.db, backend: t.server.chain.backend });
    await settle();
    expect(await actionStatus(splitId)).toBe("done");
    const accepted = await request(emma, emmaSeed.id, "10", KIM);
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data?.requestTransfer?.transfer?.status).toBe("open");
    expect(
      (await command(emma, "cancelTransfer", { transferId: accepted.data?.requestTransfer?.transfer?.id }))
        .errorMessage,
    ).toBeNull();
  }, 90_000);

  it("refuses the redeemed holding while its burn is queued; a holding the redemption left alone moves as before", async () => {
    const redemptionId = crypto.randomUUID();
    const redeemed = await command(issuer, "redeemUnits", {
      id: redemptionId,
      securityId,
      pricePerUnit: "2",
      lines: [{ holdingId: kimSeed.id, units: "10" }],
    });
    expect(redeemed.errorMessage).toBeNull();
    // nobody runs the test's runner yet: the burn waits in the queue
    expect(await actionJobs(redemptionId)).toEqual([{ holding_id: kimSeed.id, kind: "action_burn", status: "queued" }]);
    expect(message(await request(kim, kimSeed.id, "5", EMMA))).toBe(stillChanging("redemption"));
    expect(await requestsOf(kimSeed.id)).toEqual([]);

    // Emma's holding, untouched by the redemption: requested, approved and moved on the chain as before
    const emmaBefore = await balanceOf(emmaSeed.address);
    const kimBefore = await balanceOf(kimSeed.address);
    const asked = await request(emma, emmaSeed.id, "100", KIM);
    expect(asked.errors).toBeUndefined();
    const transferId = asked.data?.requestTransfer?.transfer?.id;
    expect((await command(issuer, "approveTransfer", { transferId })).errorMessage).toBeNull();
    await settle();
    expect(await actionStatus(redemptionId)).toBe("done");
    const [moved] = await sql<{ chain_status: string }>("select chain_status from app_public.transfers where id = $1", [
      transferId,
    ]);
    expect(moved?.chain_status).toBe("done");
    expect(await balanceOf(emmaSeed.address)).toBe(emmaBefore - 10000n);
    // Kim's redeemed holding lost its 10 units on the chain, and Kim's new holding holds the 100
    expect(await balanceOf(kimSeed.address)).toBe(kimBefore - 1000n + (kimSeed.address === kimWallet ? 10000n : 0n));
    await expectChainEqualsLedger();
  }, 90_000);

  it("refuses with the other text after the chain refused the burn, and accepts once the issuer's retry is recorded", async () => {
    // the operator's key loses the controller role: the chain refuses the next burn
    await setControllerRole("revokeRole");
    const redemptionId = crypto.randomUUID();
    const redeemed = await command(issuer, "redeemUnits", {
      id: redemptionId,
      securityId,
      pricePerUnit: "2",
      lines: [{ holdingId: kimSeed.id, units: "10" }],
    });
    expect(redeemed.errorMessage).toBeNull();
    await settle();
    expect(await actionStatus(redemptionId)).toBe("failed");
    const kimOnChain = await balanceOf(kimSeed.address);

    const refused = await request(kim, kimSeed.id, "5", EMMA);
    expect(code(refused)).toBe("LL422");
    expect(message(refused)).toBe(notOnTheChain("redemption"));
    expect(await requestsOf(kimSeed.id)).toEqual([]);
    // a request opened before this rule existed (as an earlier server left it): its approval is refused the same way
    const [legacy] = await sql<{ id: string }>(
      `insert into app_public.transfers (holding_id, security_id, round_id, issuer_id, requester_id, transferee_id,
                                         units, reason)
       select h.id, h.security_id, h.round_id, s.issuer_id, h.investor_id, $2, 5, 'gift'
         from app_public.holdings h join app_public.securities s on s.id = h.security_id where h.id = $1
       returning id`,
      [kimSeed.id, ids.get(EMMA)],
    );
    const approval = await call(issuer, "approveTransfer", { transferId: legacy?.id });
    expect(code(approval)).toBe("LL422");
    expect(message(approval)).toBe(notOnTheChain("redemption"));
    expect(await sql("select 1 from app_private.chain_jobs where transfer_id = $1", [legacy?.id])).toEqual([]);

    // the role back, the issuer retries (as a device sends it): queued, the holding is still changing
    await setControllerRole("grantRole");
    expect((await command(issuer, "retryCorporateActionOnChain", { actionId: redemptionId })).errorMessage).toBeNull();
    expect(await actionStatus(redemptionId)).toBe("queued");
    expect(message(await request(kim, kimSeed.id, "5", EMMA))).toBe(stillChanging("redemption"));
    expect((await command(issuer, "approveTransfer", { transferId: legacy?.id })).errorMessage).toBe(
      stillChanging("redemption"),
    );

    // recorded: the burn happened once, then the approval moves the ledger and the tokens
    await settle();
    expect(await actionStatus(redemptionId)).toBe("done");
    expect(await balanceOf(kimSeed.address)).toBe(kimOnChain - 1000n);
    expect((await command(issuer, "approveTransfer", { transferId: legacy?.id })).errorMessage).toBeNull();
    await settle();
    expect(await balanceOf(kimSeed.address)).toBe(kimOnChain - 1000n - 500n);
    await expectChainEqualsLedger();
    const again = await request(kim, kimSeed.id, "5", EMMA);
    expect(again.errors).toBeUndefined();
    expect(
      (await command(kim, "cancelTransfer", { transferId: again.data?.requestTransfer?.transfer?.id })).errorMessage,
    ).toBeNull();
  }, 90_000);

  it("names a reverse split as such", async () => {
    const reverseId = crypto.randomUUID();
    const reverse = { id: reverseId, securityId, ratioNew: 1, ratioOld: 2, pricePerUnit: "2.50" };
    expect((await command(issuer, "splitSecurity", reverse)).errorMessage).toBeNull();
    expect((await actionJobs(reverseId)).every((job) => job.kind === "action_burn" && job.status === "queued")).toBe(
      true,
    );
    expect(message(await request(emma, emmaSeed.id, "1", KIM))).toBe(stillChanging("reverse split"));
    await settle();
    expect(await actionStatus(reverseId)).toBe("done");
    await expectChainEqualsLedger();
  }, 90_000);
});
