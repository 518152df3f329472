// The SQL functions behind the session queries and the core mutations: what they return, the spec's validation
// messages with their codes, permission checks, client-generated ids, issuance into holdings with a transaction
// and ledger entries, and the append-only ledger.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Sql } from "../../sync/db/database.ts";
import { type Claims, demoClaims, rollbackAs, stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(stopTestClusters);

const invalid = (message: string) => ({ code: "LL422", message });
const NOT_ALLOWED = { code: "LL403", message: "Operation not allowed" };

describe.each(testTargets)("SQL functions on $name", (target) => {
  let db: Database;
  const ids: Record<string, string> = {};
  const claims: Record<string, Required<Claims>> = {};

  async function idOf(sql: string, params: unknown[] = []): Promise<string> {
    const { rows } = await db.query<{ id: string }>(sql, params);
    if (rows.length !== 1 || !rows[0]) throw new Error(`expected one row: ${sql}`);
    return rows[0].id;
  }

  beforeAll(async () => {
    db = await target.create({ demo: true });
    const byName = (table: string, name: string) => idOf(`select id from app_public.${table} where name = $1`, [name]);
    ids.equity = await byName("assets", "Northwind Series A Preferred");
    ids.debt = await byName("assets", "Northwind Green Bonds 2030");
    ids.cascadeAsset = await byName("assets", "Cascade Common Stock");
    ids.seriesA = await byName("rounds", "Series A");
    ids.seriesB = await byName("rounds", "Series B");
    ids.firstClose = await byName("rounds", "First Close");
    ids.preferred = await byName("securities", "Northwind Series A Preferred Stock");
    ids.seriesADirect = await byName("allocations", "Series A Direct");
    ids.trancheAllocation = await byName("allocations", "Tranche A Institutional");
    ids.placement = await byName("allocations", "Harborview Placement");
    ids.northwind = await byName("accounts", "Northwind Renewables, Inc.");
    ids.harborview = await byName("accounts", "Harborview Capital Markets LLC");
    ids.kim = await byName("accounts", "Kim Family Trust");
    ids.emma = await byName("accounts", "Emma Lawson");
    ids.terms = await idOf("select id from app_public.terms_of_service");
    ids.kimSeriesA = await idOf(
      "select id from app_public.distributions where name = 'Kim Family Trust' and amount = 160000",
    );
    ids.kimPlacement = await idOf(
      "select id from app_public.distributions where name = 'Kim Family Trust' and amount = 40000",
    );
    ids.emmaOpen = await idOf("select id from app_public.distributions where name = 'Emma Lawson' and status = 'open'");
    ids.emmaSeedHolding = await idOf("select id from app_public.holdings where amount = 200000");
    for (const [key, email, type] of [
      ["issuer", "issuer@demo.test"],
      ["broker", "broker@demo.test"],
      ["investor", "investor@demo.test"],
      ["investor2", "investor2@demo.test"],
      ["terms", "terms@demo.test"],
      ["multiIssuer", "multi@demo.test", "issuer"],
    ] as const) {
      claims[key] = await demoClaims(db, email, type);
    }
  });
  afterAll(async () => {
    await db?.close();
  });

  const as = <T>(who: string | Claims, fn: (tx: Sql) => Promise<T>) =>
    rollbackAs(db, typeof who === "string" ? (claims[who] as Claims) : who, fn);
  const one = async <T = Record<string, unknown>>(who: string | Claims, sql: string, params: unknown[] = []) =>
    (await as(who, (tx) => tx.query<T>(sql, params))).rows;

  describe("session", () => {
    it("currentUser, currentAccount and currentUsersAccount describe the session", async () => {
      const rows = await one(
        "multiIssuer",
        `select (app_public.current_user()).first_name as user_name, (app_public.current_account()).name as account,
                (app_public.current_account()).type as type, (app_public.current_users_account()).role as role,
                (app_public.current_users_account()).status as status`,
      );
      expect(rows).toEqual([
        {
          user_name: "Jordan",
          account: "Northwind Renewables, Inc.",
          type: "issuer",
          role: "account_admin",
          status: "active",
        },
      ]);
    });

    it("are empty without a session, and without a selected account", async () => {
      expect(
        await one({}, "select (app_public.current_user()).id as user_id, (app_public.current_account()).id as account"),
      ).toEqual([{ user_id: null, account: null }]);
      const { userId } = claims.issuer as Required<Claims>;
      expect(
        await one(
          { userId },
          "select (app_public.current_user()).last_name as name, (app_public.current_account()).id as account",
        ),
      ).toEqual([{ name: "Hart", account: null }]);
    });

    it("lists pending terms for the user who has not accepted them, and acceptTerms clears them", async () => {
      const { userId } = claims.terms as Required<Claims>;
      const result = await as({ userId }, async (tx) => {
        const pending = await tx.query<{ id: string; type: string }>(
          "select t.id, t.type from app_public.users_pending_terms_of_service(app_public.current_user()) t",
        );
        await tx.query("select app_public.accept_terms($1)", [ids.terms]);
        await tx.query("select app_public.accept_terms($1)", [ids.terms]);
        const after = await tx.query(
          "select * from app_public.users_pending_terms_of_service(app_public.current_user())",
        );
        const acceptances = await tx.query("select terms_id from app_public.terms_acceptances");
        return { pending: pending.rows, after: after.rows, acceptances: acceptances.rows };
      });
      expect(result).toEqual({
        pending: [{ id: ids.terms, type: "html" }],
        after: [],
        acceptances: [{ terms_id: ids.terms }],
      });
      expect(
        await one(
          "issuer",
          "select count(*)::int as n from app_public.users_pending_terms_of_service(app_public.current_user())",
        ),
      ).toEqual([{ n: 0 }]);
    });

    it("acceptTerms refuses unknown terms and anonymous callers", async () => {
      const { userId } = claims.terms as Required<Claims>;
      await expect(one({ userId }, "select app_public.accept_terms($1)", [randomUUID()])).rejects.toMatchObject({
        code: "LL404",
        message: "Terms of service not found",
      });
      await expect(one({}, "select app_public.accept_terms($1)", [ids.terms])).rejects.toMatchObject({ code: "LL401" });
    });
  });

  describe("makeRound and makeTranche", () => {
    const valid = {
      name: "Series C",
      termsUrl: "https://dataroom.northwind-renewables.example/series-c",
      price: "3.10",
      opensOn: "2027-01-01T00:00:00Z",
      closesOn: "2027-06-30T00:00:00Z",
      status: "drafted",
      total: "2500000",
    };
    type RoundArgs = typeof valid;
    const makeRound = (
      who: string,
      assetId: string | undefined,
      args: Partial<Record<keyof RoundArgs, string | null>>,
      id?: string,
    ) => {
      const a = { ...valid, ...args };
      return one<{ id: string; name: string; price: string }>(
        who,
        "select id, name, price from app_public.make_round($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        [assetId, a.name, a.termsUrl, a.price, a.opensOn, a.closesOn, a.status, a.total, id ?? null],
      );
    };

    it("creates a round with the client's id", async () => {
      const id = randomUUID();
      expect(await makeRound("issuer", ids.equity, {}, id)).toEqual([{ id, name: "Series C", price: "3.10" }]);
    });

    it.each([
      [{ name: "  " }, "Name is a required field."],
      [{ opensOn: null }, "Opens on requires a valid date."],
      [{ closesOn: null }, "Closes on required a valid date."],
      [{ closesOn: "2026-01-01T00:00:00Z" }, "Closes on must not be before opens on."],
      [{ termsUrl: "" }, "Dataroom Url is required"],
      [{ price: null }, "Price is required."],
      [{ total: null }, "Total is required."],
      [{ status: null }, "Status is required."],
      [{ status: "finished" }, "Status is required."],
    ])("refuses %o with '%s'", async (args, message) => {
      await expect(makeRound("issuer", ids.equity, args)).rejects.toMatchObject(invalid(message));
    });

    it("asks for coupon and term on debt assets", async () => {
      await expect(makeRound("issuer", ids.debt, {})).rejects.toMatchObject(invalid("Coupon is required"));
      const tranche = (term: string | null, coupon: string | null, assetId: string | undefined = ids.debt) =>
        as("issuer", async (tx) => {
          const round = await tx.query<{ id: string; name: string }>(
            `select id, name from app_public.make_tranche($1, 'Tranche B', 'https://x.example/b', 1000, '2027-01-01',
                                                          '2027-12-31', 'drafted', 1000, $2, $3)`,
            [assetId, term, coupon],
          );
          const data = await tx.query<{ term: string; coupon: string }>(
            "select term, coupon from app_public.tranche_bond_data where round_id = $1",
            [round.rows[0]?.id],
          );
          return [{ name: round.rows[0]?.name, ...data.rows[0] }];
        });
      await expect(tranche(null, "5.5")).rejects.toMatchObject(invalid("Term is required"));
      await expect(tranche("5", null)).rejects.toMatchObject(invalid("Coupon is required"));
      await expect(tranche("5", "5.5", ids.equity)).rejects.toMatchObject(
        invalid("Tranche bond data applies to debt assets only."),
      );
      expect(await tranche("7", "5.25")).toEqual([{ name: "Tranche B", term: "7", coupon: "5.25" }]);
    });

    it("refuses assets the caller cannot see or edit", async () => {
      // Another issuer's asset: refused, whether reported as not found or not allowed.
      await expect(makeRound("issuer", ids.cascadeAsset, {})).rejects.toMatchObject({
        code: expect.stringMatching(/^LL40[34]$/),
      });
      await expect(makeRound("issuer", randomUUID(), {})).rejects.toMatchObject({
        code: "LL404",
        message: "Asset not found",
      });
      await expect(makeRound("broker", ids.equity, {})).rejects.toMatchObject(NOT_ALLOWED);
    });
  });

  describe("contacts and managed accounts", () => {
    it("makeCustomer creates the investor account for a new email, with the client's id", async () => {
      const id = randomUUID();
      const rows = await as("issuer", async (tx) => {
        const customer = await tx.query<{ id: string; email: string; name: string; investor_id: string }>(
          "select id, email, name, investor_id from app_public.make_customer(' nora.quinn@example.com ', 'Nora Quinn', $1)",
          [id],
        );
        const investor = await tx.query("select type, name, email, setup from app_public.accounts where id = $1", [
          customer.rows[0]?.investor_id,
        ]);
        return { customer: customer.rows, investor: investor.rows };
      });
      expect(rows.customer).toMatchObject([{ id, email: "nora.quinn@example.com", name: "Nora Quinn" }]);
      expect(rows.investor).toEqual([
        { type: "investor", name: "Nora Quinn", email: "nora.quinn@example.com", setup: false },
      ]);
    });

    it("makeCustomer links an existing investor account and refuses a duplicate contact", async () => {
      expect(
        await one("broker", "select investor_id from app_public.make_customer('Investor@Demo.test', 'Emma')"),
      ).toEqual([{ investor_id: ids.emma }]);
      await expect(
        one("issuer", "select app_public.make_customer('investor2@demo.test', 'Dan')"),
      ).rejects.toMatchObject({
        code: "LL409",
        message: "A contact with this email already exists.",
      });
    });

    it("makeCustomer validates the email", async () => {
      await expect(one("issuer", "select app_public.make_customer('', 'x')")).rejects.toMatchObject(
        invalid("Email is required."),
      );
      await expect(one("issuer", "select app_public.make_customer('not-an-email', 'x')")).rejects.toMatchObject(
        invalid("Please enter a valid email address."),
      );
    });

    it("makeIssuerAccount lets a broker create and manage an issuer account", async () => {
      const rows = await as("broker", async (tx) => {
        const account = await tx.query<{ id: string; type: string; name: string }>(
          "select id, type, name from app_public.make_issuer_account('Bluewater Marinas', 'cfo@bluewater.example')",
        );
        const managed = await tx.query(
          "select a.name from app_public.managed_accounts m join app_public.accounts a on a.id = m.account_id order by a.name",
        );
        return { account: account.rows, managed: managed.rows };
      });
      expect(rows.account).toMatchObject([{ type: "issuer", name: "Bluewater Marinas" }]);
      expect(rows.managed).toEqual([{ name: "Bluewater Marinas" }, { name: "Summit Ridge Hospitality Group" }]);
    });

    it("makeIssuerAccount validates and is for brokers only", async () => {
      await expect(one("broker", "select app_public.make_issuer_account(' ', 'a@b.example')")).rejects.toMatchObject(
        invalid("Name is required."),
      );
      await expect(one("broker", "select app_public.make_issuer_account('Name', null)")).rejects.toMatchObject(
        invalid("Email is required."),
      );
      await expect(one("issuer", "select app_public.make_issuer_account('Name', 'a@b.example')")).rejects.toMatchObject(
        NOT_ALLOWED,
      );
    });
  });

  describe("makeDistribution", () => {
    it("invites a new investor by email: account, contact, purchase price and the client's id", async () => {
      const id = randomUUID();
      const result = await as("issuer", async (tx) => {
        const distribution = await tx.query<{ id: string; status: string; amount: string; investor_id: string }>(
          "select id, status, amount, investor_id from app_public.make_distribution($1, 'leo.park@example.com', 5000, 'Leo Park', $2)",
          [ids.seriesADirect, id],
        );
        const investorId = distribution.rows[0]?.investor_id;
        const account = await tx.query("select type, name, setup from app_public.accounts where id = $1", [investorId]);
        const contact = await tx.query("select email, name from app_public.customers where investor_id = $1", [
          investorId,
        ]);
        const prices = await tx.query(
          "select currency_id, price, is_purchase from app_public.distribution_prices where distribution_id = $1",
          [id],
        );
        return { distribution: distribution.rows, account: account.rows, contact: contact.rows, prices: prices.rows };
      });
      expect(result.distribution).toMatchObject([{ id, status: "open", amount: "5000" }]);
      expect(result.account).toEqual([{ type: "investor", name: "Leo Park", setup: false }]);
      expect(result.contact).toEqual([{ email: "leo.park@example.com", name: "Leo Park" }]);
      expect(result.prices).toEqual([{ currency_id: 1, price: "1.25", is_purchase: true }]);
    });

    it("finds one investor account for an email, whatever its case", async () => {
      const rows = await as("issuer", async (tx) => {
        const first = await tx.query<{ investor_id: string }>(
          "select investor_id from app_public.make_distribution($1, 'Ava.Stone@example.com', 10, 'Ava Stone')",
          [ids.seriesADirect],
        );
        const second = await tx.query<{ investor_id: string }>(
          "select investor_id from app_public.make_distribution($1, 'ava.stone@EXAMPLE.com', 20)",
          [ids.seriesADirect],
        );
        const accounts = await tx.query(
          "select name from app_public.accounts where lower(email) = 'ava.stone@example.com'",
        );
        return { same: first.rows[0]?.investor_id === second.rows[0]?.investor_id, accounts: accounts.rows };
      });
      expect(rows).toEqual({ same: true, accounts: [{ name: "Ava Stone" }] });
    });

    it.each([
      ["0", "investor@demo.test", "Distribution amount must be greater than 0."],
      ["-5", "investor@demo.test", "Distribution amount must be greater than 0."],
      [null, "investor@demo.test", "Amount is required."],
      ["10", "", "Email is required."],
    ])("refuses amount %s for '%s' with '%s'", async (amount, email, message) => {
      await expect(
        one("issuer", "select app_public.make_distribution($1, $2, $3)", [ids.seriesADirect, email, amount]),
      ).rejects.toMatchObject(invalid(message));
    });

    it("is for the allocation's owner, on a round it may edit", async () => {
      expect(
        await one("broker", "select amount from app_public.make_distribution($1, 'investor@demo.test', 750)", [
          ids.placement,
        ]),
      ).toEqual([{ amount: "750" }]);
      await expect(
        one("broker", "select app_public.make_distribution($1, 'investor@demo.test', 1)", [ids.seriesADirect]),
      ).rejects.toMatchObject(NOT_ALLOWED);
      await expect(
        one("broker", "select app_public.make_distribution($1, 'investor@demo.test', 1)", [ids.trancheAllocation]),
      ).rejects.toMatchObject({ code: "LL404", message: "Allocation not found" });
      await expect(
        one("investor", "select app_public.make_distribution($1, 'investor@demo.test', 1)", [ids.seriesADirect]),
      ).rejects.toMatchObject(NOT_ALLOWED);
    });
  });

  describe("makeTaRequestDistributionIssuances", () => {
    it("turns a closed distribution into a holding with one transaction and ledger entry, and locks it", async () => {
      const result = await as("issuer", async (tx) => {
        const holdings = await tx.query<{
          id: string;
          amount: string;
          purchase_price: string;
          security_id: string;
          investor_id: string;
        }>(
          "select id, amount, purchase_price, security_id, investor_id from app_public.make_ta_request_distribution_issuances(array[$1::uuid])",
          [ids.kimSeriesA],
        );
        const holdingId = holdings.rows[0]?.id;
        const ledger = await tx.query<{ amount: string; investor_id: string; transaction_id: string }>(
          "select amount, investor_id, transaction_id from app_public.ledger_entries where holding_id = $1",
          [holdingId],
        );
        const transaction = await tx.query(
          "select issuer_id, round_id, broker_id, chain_data ->> 'paid_on' as paid_on from app_public.transactions where id = $1",
          [ledger.rows[0]?.transaction_id],
        );
        const distribution = await tx.query(
          "select status, locked, issuance_status from app_public.distributions where id = $1",
          [ids.kimSeriesA],
        );
        return {
          holdings: holdings.rows,
          ledger: ledger.rows,
          transaction: transaction.rows,
          distribution: distribution.rows,
        };
      });
      expect(result.holdings).toMatchObject([
        { amount: "160000", purchase_price: "1.25", security_id: ids.preferred, investor_id: ids.kim },
      ]);
      expect(result.ledger).toMatchObject([{ amount: "160000", investor_id: ids.kim }]);
      expect(result.transaction).toHaveLength(1);
      expect(result.transaction[0]).toMatchObject({ issuer_id: ids.northwind, round_id: ids.seriesA, broker_id: null });
      expect(new Date(String(result.transaction[0]?.paid_on)).toISOString()).toBe("2025-11-03T00:00:00.000Z");
      expect(result.distribution).toEqual([{ status: "closed", locked: true, issuance_status: "issued" }]);
    });

    it("shows the new holding to its investor, and refuses to issue it twice", async () => {
      const db2 = db;
      const result = await rollbackAs(db2, claims.issuer as Claims, async (tx) => {
        await tx.query("select app_public.make_ta_request_distribution_issuances(array[$1::uuid])", [ids.kimSeriesA]);
        const investor = claims.investor2 as Required<Claims>;
        await tx.query(
          `select set_config('jwt.claims.account_id', $1, true), set_config('jwt.claims.account_type', 'investor', true),
                  set_config('jwt.claims.user_id', $2, true)`,
          [investor.accountId, investor.userId],
        );
        const { rows } = await tx.query("select amount from app_public.holdings order by amount");
        return rows;
      });
      expect(result).toEqual([{ amount: "25000" }, { amount: "160000" }, { amount: "500000" }]);

      await expect(
        as("issuer", async (tx) => {
          await tx.query("select app_public.make_ta_request_distribution_issuances(array[$1::uuid])", [ids.kimSeriesA]);
          await tx.query("select app_public.make_ta_request_distribution_issuances(array[$1::uuid])", [ids.kimSeriesA]);
        }),
      ).rejects.toMatchObject({ code: "LL423", message: "Distribution is locked: Kim Family Trust" });
    });

    it("issues only closed distributions, all or nothing", async () => {
      await expect(
        one("issuer", "select app_public.make_ta_request_distribution_issuances($1::uuid[])", [
          [ids.kimSeriesA, ids.emmaOpen],
        ]),
      ).rejects.toMatchObject(invalid("Only closed distributions can be issued: Emma Lawson"));
      await expect(
        one("issuer", "select app_public.make_ta_request_distribution_issuances('{}'::uuid[])"),
      ).rejects.toMatchObject(invalid("Select at least one distribution."));
      await expect(
        one("issuer", "select app_public.make_ta_request_distribution_issuances(array[$1::uuid])", [randomUUID()]),
      ).rejects.toMatchObject({ code: "LL404", message: "Distribution not found" });
      const { rows } = await db.query("select locked from app_public.distributions where id = $1", [ids.kimSeriesA]);
      expect(rows).toEqual([{ locked: false }]);
    });

    it("needs a security on the round", async () => {
      await expect(
        as("issuer", async (tx) => {
          const allocation = await tx.query<{ id: string }>(
            `insert into app_public.allocations (round_id, name, opens_on, closes_on)
             values ($1, 'Series B Early', now(), now() + interval '10 days') returning id`,
            [ids.seriesB],
          );
          const distribution = await tx.query<{ id: string }>(
            "select id from app_public.make_distribution($1, 'investor@demo.test', 10)",
            [allocation.rows[0]?.id],
          );
          await tx.query("update app_public.distributions set status = 'closed' where id = $1", [
            distribution.rows[0]?.id,
          ]);
          await tx.query("select app_public.make_ta_request_distribution_issuances(array[$1::uuid])", [
            distribution.rows[0]?.id,
          ]);
        }),
      ).rejects.toMatchObject(invalid("The round has no security to issue."));
    });

    it("records the broker that issued on a round it manages", async () => {
      const rows = await as("broker", async (tx) => {
        await tx.query("update app_public.distributions set status = 'closed' where id = $1", [ids.kimPlacement]);
        await tx.query("select app_public.make_ta_request_distribution_issuances(array[$1::uuid])", [ids.kimPlacement]);
        const { rows } = await tx.query("select broker_id, round_id from app_public.transactions");
        return rows;
      });
      expect(rows).toEqual([{ broker_id: ids.harborview, round_id: ids.seriesA }]);
    });

    it("is refused to investors and viewers", async () => {
      await expect(
        one("investor", "select app_public.make_ta_request_distribution_issuances(array[$1::uuid])", [ids.kimSeriesA]),
      ).rejects.toMatchObject(NOT_ALLOWED);
    });
  });

  describe("ledger", () => {
    it("is append-only even for the database owner", async () => {
      const ownerTry = (sql: string) =>
        db.transaction(async (tx) => {
          await tx.query(sql);
        });
      await expect(ownerTry("update app_public.ledger_entries set amount = amount + 1")).rejects.toMatchObject(
        NOT_ALLOWED,
      );
      await expect(ownerTry("delete from app_public.ledger_entries")).rejects.toMatchObject(NOT_ALLOWED);
      await expect(ownerTry("update app_public.transactions set chain_data = '{}'")).rejects.toMatchObject(NOT_ALLOWED);
      await expect(ownerTry("delete from app_public.transactions")).rejects.toMatchObject(NOT_ALLOWED);
    });
  });

  describe("computed columns", () => {
    it("paid-in capital, percent of the security total and capital deployed", async () => {
      const rows = await one(
        "issuer",
        `select (select app_public.distributions_paid_in_capital(d) from app_public.distributions d where d.id = $1) as paid,
                (select app_public.holdings_percent_of_security_total(h) from app_public.holdings h where h.id = $2) as percent,
                (select app_public.rounds_total_capital_deployed(r) from app_public.rounds r where r.id = $3) as deployed`,
        [ids.kimSeriesA, ids.emmaSeedHolding, ids.firstClose],
      );
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]?.paid)).toBe(200000);
      expect(Number(rows[0]?.percent)).toBe(2);
      // 150,000 + 60,000 deployed from the first close (the demo deployed 2.4M of 250k held before issue 22).
      expect(Number(rows[0]?.deployed)).toBe(210000);
    });
  });
});
