// An investor's blockchain addresses through the real server (issue 16, docs/CHAIN.md "Keys"; the wallet's Addresses
// section): makeBlockchainAddress with the client bypassed (POST /api/v2/commands and GraphQL): an owner of the
// investor account registers its own address (EVM: 0x + 40 hex; Tezos: tz1/tz2/tz3/KT1 base58check), with the
// server's messages and nothing written on a refusal; a viewer of the investor account and an issuer are refused;
// the `blockchain_addresses` read model on the pull endpoint: the reader's own addresses only, custodial or own, and
// the holdings minted to each (a custodial address appears once the investor's first holding is minted).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommandResult } from "../../src/domain/wire.ts";
import { sendCommand } from "../helpers/commands.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { type SignedIn, signInAs } from "../sync/harness.ts";

const TZ1 = "tz1Pqem14eGhyv7UnVC9roH2ewSnNM5SF6m6";
const KT1 = "KT1LRJkp87FhdZBF5fFTed76CEseSif96Vpe";

let t: TestServer;
let owner: SignedIn;
let other: SignedIn;
let viewer: SignedIn;
let issuer: SignedIn;

async function rows<T = Record<string, unknown>>(sql: string, values: unknown[] = []): Promise<T[]> {
  return (await t.server.db.query<T>(sql, values)).rows;
}

function command(who: SignedIn, input: Record<string, unknown>): Promise<CommandResult> {
  return sendCommand(who, "blockchain-addresses", "makeBlockchainAddress", input);
}

async function addresses(): Promise<string> {
  const [row] = await rows<{ f: string }>(
    "select coalesce(string_agg(concat_ws(',', id, chain, address), ';' order by id), '') as f from app_public.blockchain_addresses",
  );
  return row?.f ?? "";
}

interface AddressDocument {
  id: string;
  accountId: string;
  chain: string;
  address: string;
  custodial: boolean;
  holdings: { trade: number; pending: number; failed: number };
  _deleted?: boolean;
}

async function pull(who: SignedIn): Promise<AddressDocument[]> {
  const response = await who.client.fetch("/api/v2/pull", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "blockchain_addresses", afterTxid: "0", afterSeq: "0", limit: 1000 }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { documents: AddressDocument[] }).documents.filter((d) => !d._deleted);
}

beforeAll(async () => {
  t = await startTestServer();
  owner = await signInAs(t.client(), "investor2@demo.test", "investor");
  other = await signInAs(t.client(), "investor@demo.test", "investor");
  issuer = await signInAs(t.client(), "issuer@demo.test", "issuer");
  // the issuer's viewer is also a viewer of Daniel Kim's investor account
  await rows(
    `insert into app_public.users_accounts (user_id, account_id, role, status)
     select ua.user_id, $1, 'account_viewer', 'active' from app_public.users_accounts ua
       join app_public.user_emails e on e.user_id = ua.user_id where e.email = 'issuer-viewer@demo.test' limit 1`,
    [owner.accountId],
  );
  viewer = await signInAs(t.client(), "issuer-viewer@demo.test", "investor");
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("an investor's own blockchain addresses", () => {
  it("refuses bad addresses with the server's messages, writing nothing", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { chain: "ethereum-ledgerline", address: "0x1234" },
        "Address must be 0x followed by 40 hexadecimal characters.",
      ],
      [{ chain: "ethereum-ledgerline", address: "" }, "Address must be 0x followed by 40 hexadecimal characters."],
      [{ chain: "tezos-mainnet", address: " " }, "Address is required."],
      [
        { chain: "tezos-mainnet", address: "tz1Pqem14eGhyv7UnVC9roH2ewSnNM5SF6m7" },
        "Address must be a Tezos address (tz1, tz2, tz3 or KT1) with a valid checksum.",
      ],
      [
        { chain: "tezos-mainnet", address: `0x${"ab".repeat(20)}` },
        "Address must be a Tezos address (tz1, tz2, tz3 or KT1) with a valid checksum.",
      ],
      [{ chain: "", address: TZ1 }, "Chain is required."],
      [
        { chain: "solana-mainnet", address: TZ1 },
        'This server is not set up for the chain "solana-mainnet": choose another chain.',
      ],
    ];
    for (const [input, message] of cases) {
      const before = await addresses();
      const result = await command(owner, input);
      expect([result.status, result.errorCode, result.errorMessage]).toEqual(["rejected", "LL422", message]);
      expect(await addresses()).toBe(before);
    }
  });

  it("refuses a viewer of the investor account and an issuer, writing nothing", async () => {
    const before = await addresses();
    for (const who of [viewer, issuer]) {
      const result = await command(who, { chain: "tezos-mainnet", address: TZ1 });
      expect([result.status, result.errorCode]).toEqual(["rejected", "LL403"]);
      const response = await who.client.graphql<Record<string, unknown>>(
        `mutation($input: MakeBlockchainAddressInput!) { makeBlockchainAddress(input: $input) { clientMutationId } }`,
        { input: { chain: "tezos-mainnet", address: TZ1 } },
      );
      expect(response.errors?.[0]?.extensions?.code).toBe("LL403");
    }
    expect(await addresses()).toBe(before);
  });

  it("registers an owner's Tezos address once; the read model shows it as its own, to that account only", async () => {
    const made = await command(owner, { chain: "tezos-mainnet", address: ` ${TZ1} ` });
    expect(made.status).toBe("accepted");
    const again = await command(owner, { chain: "tezos-mainnet", address: KT1 });
    expect([again.errorCode, again.errorMessage]).toEqual(["LL409", "You already have an address on this chain."]);
    const taken = await command(other, { chain: "tezos-mainnet", address: TZ1 });
    expect([taken.errorCode, taken.errorMessage]).toEqual(["LL409", "This address is already registered."]);

    const mine = await pull(owner);
    expect(mine.filter((d) => d.chain === "tezos-mainnet")).toEqual([
      expect.objectContaining({
        accountId: owner.accountId,
        address: TZ1,
        custodial: false,
        holdings: { trade: 0, pending: 0, failed: 0 },
      }),
    ]);
    expect(mine.every((d) => d.accountId === owner.accountId)).toBe(true);
    // the viewer of the account reads it too; another investor and the issuer do not
    expect((await pull(viewer)).map((d) => d.address)).toContain(TZ1);
    expect((await pull(other)).map((d) => d.address)).not.toContain(TZ1);
    expect((await pull(issuer)).map((d) => d.address)).not.toContain(TZ1);
  });

  it("shows the custodial address the platform creates when the investor's first holding is minted", async () => {
    const [round] = await rows<{ id: string; security_id: string }>(
      `select r.id, coalesce(r.security_id, (select h.security_id from app_public.holdings h limit 1)) as security_id
         from app_public.rounds r where r.name = 'Series A' limit 1`,
    );
    const [holding] = await rows<{ id: string }>(
      `insert into app_public.holdings (security_id, round_id, investor_id, amount) values ($1, $2, $3, 7) returning id`,
      [round?.security_id, round?.id, owner.accountId],
    );
    const gql = async (mutation: string, type: string, input: Record<string, unknown>, returns: string) => {
      const response = await issuer.client.graphql<Record<string, Record<string, Record<string, string>>>>(
        `mutation($input: ${type}!) { ${mutation}(input: $input) { ${returns} } }`,
        { input },
      );
      expect(response.errors ?? []).toEqual([]);
      return response.data?.[mutation] ?? {};
    };
    const made = await gql(
      "makeToken",
      "MakeTokenInput",
      { roundId: round?.id, name: "Address Token", symbol: "ADR", chain: "ethereum-ledgerline" },
      "token { id }",
    );
    const [contract] = await rows<{ id: string }>("select id from app_public.contracts where token_id = $1", [
      made.token?.id,
    ]);
    await gql("deployContract", "DeployContractInput", { contractId: contract?.id }, "contract { id }");
    await t.server.chain.settle();
    await gql("tokenizeHoldings", "TokenizeHoldingsInput", { holdingIds: [holding?.id] }, "contract { id }");
    await t.server.chain.settle();

    const custodial = (await pull(owner)).filter((d) => d.chain === "ethereum-ledgerline");
    // the count is what the chain jobs recorded for that address (the demo data may have minted there too)
    const [minted] = await rows<{ trade: number; ours: boolean }>(
      `select count(*) filter (where x.status = 'trade')::int as trade, bool_or(x.holding_id = $2) as ours
         from app_public.holding_blockchain_addresses x where x.blockchain_address_id = $1`,
      [custodial[0]?.id, holding?.id],
    );
    expect(minted?.ours).toBe(true);
    expect(custodial).toEqual([
      expect.objectContaining({ custodial: true, holdings: { trade: minted?.trade, pending: 0, failed: 0 } }),
    ]);
    expect(minted?.trade).toBeGreaterThan(0);
    expect(custodial[0]?.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // with a custodial address on the chain, an own address there is refused
    const late = await command(owner, { chain: "ethereum-ledgerline", address: `0x${"cd".repeat(20)}` });
    expect(late.errorCode).toBe("LL409");
  }, 120_000);
});
