// What each account type and role may write, and how every other write is refused:
//   LL403 'Operation not allowed' - viewers, accounts without one selected, and account types that never write a
//                                   table (statement guard);
//   42501 row-level security     - a row the account reads but may not change, or may not create;
//   42501 permission denied      - a column or table the API never writes (asset type, holdings, ledger);
//   no row                       - a row the account cannot even see.
// Every test runs in a transaction that is rolled back, on one demo database per engine.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Sql } from "../../sync/db/database.ts";
import { type Claims, demoClaims, rollbackAs, stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(stopTestClusters);

const RLS = { code: "42501", message: expect.stringMatching(/row-level security/) };
const DENIED = { code: "42501", message: expect.stringMatching(/permission denied/) };
const NOT_ALLOWED = { code: "LL403", message: "Operation not allowed" };

describe.each(testTargets)("row-level security, writes, on $name", (target) => {
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
    ids.northwind = await byName("accounts", "Northwind Renewables, Inc.");
    ids.harborview = await byName("accounts", "Harborview Capital Markets LLC");
    ids.emma = await byName("accounts", "Emma Lawson");
    ids.equity = await byName("assets", "Northwind Series A Preferred");
    ids.cascadeAsset = await byName("assets", "Cascade Common Stock");
    ids.seriesA = await byName("rounds", "Series A");
    ids.trancheA = await byName("rounds", "Tranche A");
    ids.cascadeRound = await byName("rounds", "Series Seed");
    ids.preferred = await byName("securities", "Northwind Series A Preferred Stock");
    ids.fundUnits = await byName("securities", "Northwind Infrastructure Fund I LP Units");
    ids.seriesADirect = await byName("allocations", "Series A Direct");
    ids.placement = await byName("allocations", "Harborview Placement");
    ids.sentInvitation = await byName("broker_allocations", "Harborview Green Bonds placement");
    ids.emmaOpen = await idOf(
      "select d.id from app_public.distributions d where d.name = 'Emma Lawson' and d.status = 'open'",
    );
    ids.emmaLocked = await idOf(
      "select d.id from app_public.distributions d where d.name = 'Emma Lawson' and d.amount = 200000",
    );
    ids.samMembership = await idOf(
      `select ua.id from app_public.users_accounts ua join app_public.user_emails e on e.user_id = ua.user_id
       where e.email = 'issuer-viewer@demo.test'`,
    );
    ids.oliviaMembership = await idOf(
      `select ua.id from app_public.users_accounts ua join app_public.user_emails e on e.user_id = ua.user_id
       where e.email = 'issuer@demo.test'`,
    );
    ids.atsCustomer = await idOf(
      "select c.id from app_public.customers c join app_public.accounts a on a.id = c.account_id where a.type = 'ats'",
    );
    ids.issuerCustomer = await idOf(
      `select c.id from app_public.customers c where c.account_id = $1 and c.email = 'investor@demo.test'`,
      [ids.northwind],
    );
    claims.issuer = await demoClaims(db, "issuer@demo.test");
    claims.issuerViewer = await demoClaims(db, "issuer-viewer@demo.test");
    claims.broker = await demoClaims(db, "broker@demo.test");
    claims.brokerViewer = await demoClaims(db, "multi@demo.test", "broker");
    claims.investor = await demoClaims(db, "investor@demo.test");
    claims.agent = await demoClaims(db, "agent@demo.test");
    claims.ats = await demoClaims(db, "ats@demo.test");
    claims.admin = await demoClaims(db, "admin@demo.test");
  });
  afterAll(async () => {
    await db?.close();
  });

  const as = <T>(who: string, fn: (tx: Sql) => Promise<T>) => rollbackAs(db, claims[who] as Claims, fn);
  const run = (who: string, sql: string, params: unknown[] = []) => as(who, (tx) => tx.query(sql, params));

  describe("issuer owner", () => {
    it("creates an asset for its own account and edits it", async () => {
      const rows = await as("issuer", async (tx) => {
        const created = await tx.query<{ id: string; issuer_id: string }>(
          `insert into app_public.assets (name, type, status, authorized_total)
           values ('Northwind Series C', 'equity', 'drafted', 1000000) returning id, issuer_id`,
        );
        const id = created.rows[0]?.id;
        const updated = await tx.query<{ name: string; status: string }>(
          "update app_public.assets set name = 'Northwind Series C Preferred', status = 'active' where id = $1 returning name, status",
          [id],
        );
        return { created: created.rows, updated: updated.rows };
      });
      expect(rows.created[0]?.issuer_id).toBe(ids.northwind);
      expect(rows.updated).toEqual([{ name: "Northwind Series C Preferred", status: "active" }]);
    });

    it("cannot change the type of an existing asset", async () => {
      await expect(
        run("issuer", "update app_public.assets set type = 'debt' where id = $1", [ids.equity]),
      ).rejects.toMatchObject(DENIED);
    });

    it("cannot see, so cannot change, another issuer's asset", async () => {
      const { rows } = await run("issuer", "update app_public.assets set name = 'mine' where id = $1 returning id", [
        ids.cascadeAsset,
      ]);
      expect(rows).toEqual([]);
    });

    it("cannot create an asset for another account", async () => {
      await expect(
        run(
          "issuer",
          `insert into app_public.assets (issuer_id, name, type, status, authorized_total)
           values ($1, 'Forged', 'equity', 'drafted', 1)`,
          [ids.harborview],
        ),
      ).rejects.toMatchObject(RLS);
    });

    it("edits its rounds and tranche data", async () => {
      const rows = await as("issuer", async (tx) => {
        const round = await tx.query("update app_public.rounds set price = 1.30 where id = $1 returning price", [
          ids.seriesA,
        ]);
        const tranche = await tx.query(
          "update app_public.tranche_bond_data set coupon = 7 where round_id = $1 returning coupon",
          [ids.trancheA],
        );
        return [...round.rows, ...tranche.rows];
      });
      expect(rows).toEqual([{ price: "1.30" }, { coupon: "7" }]);
    });

    it("invites a broker (status sent) but cannot invite a non-broker, accept for the broker or preset a status", async () => {
      const invited = await run(
        "issuer",
        `insert into app_public.broker_allocations (round_id, broker_id, name)
         select r.id, $1, 'Fund placement' from app_public.rounds r where r.name = 'First Close' returning status`,
        [ids.harborview],
      );
      expect(invited.rows).toEqual([{ status: "sent" }]);
      await expect(
        run(
          "issuer",
          `insert into app_public.broker_allocations (round_id, broker_id, name)
           select r.id, $1, 'Wrong' from app_public.rounds r where r.name = 'First Close'`,
          [ids.emma],
        ),
      ).rejects.toMatchObject(RLS);
      await expect(
        run("issuer", "update app_public.broker_allocations set status = 'accepted' where id = $1", [
          ids.sentInvitation,
        ]),
      ).rejects.toMatchObject({ code: "LL403" });
      await expect(
        run(
          "issuer",
          `insert into app_public.broker_allocations (round_id, broker_id, name, status)
           select r.id, $1, 'Preset', 'accepted' from app_public.rounds r where r.name = 'First Close'`,
          [ids.harborview],
        ),
      ).rejects.toMatchObject(DENIED);
    });

    it("creates allocations in its rounds and moves a distribution through its statuses", async () => {
      const rows = await as("issuer", async (tx) => {
        const allocation = await tx.query<{ owner_id: string }>(
          `insert into app_public.allocations (round_id, name, opens_on, closes_on)
           values ($1, 'Series A Friends', now(), now() + interval '30 days') returning owner_id`,
          [ids.seriesA],
        );
        const closed = await tx.query(
          "update app_public.distributions set status = 'closed' where id = $1 returning status",
          [ids.emmaOpen],
        );
        return { allocation: allocation.rows, closed: closed.rows };
      });
      expect(rows).toEqual({ allocation: [{ owner_id: ids.northwind }], closed: [{ status: "closed" }] });
    });

    it("cannot change a locked (issued) distribution, its prices or custom fields", async () => {
      await expect(
        run("issuer", "update app_public.distributions set status = 'open' where id = $1", [ids.emmaLocked]),
      ).rejects.toMatchObject({ code: "LL423", message: "Cannot update status on locked distribution: Emma Lawson" });
      await expect(
        run("issuer", "update app_public.distributions set purchase_price = 0.01 where id = $1", [ids.emmaLocked]),
      ).rejects.toMatchObject({ code: "LL423" });
      await expect(
        run(
          "issuer",
          "insert into app_public.distribution_custom_fields (distribution_id, name, value) values ($1, 'x', 'y')",
          [ids.emmaLocked],
        ),
      ).rejects.toMatchObject({ code: "LL423" });
      await expect(
        run("issuer", "update app_public.distribution_prices set price = 9 where distribution_id = $1", [
          ids.emmaLocked,
        ]),
      ).rejects.toMatchObject({ code: "LL423" });
    });

    it("keeps one price per currency on a distribution", async () => {
      await expect(
        run(
          "issuer",
          "insert into app_public.distribution_prices (distribution_id, currency_id, price) values ($1, 1, 2)",
          [ids.emmaOpen],
        ),
      ).rejects.toMatchObject({ code: "LL409", message: "Multiple prices of the same currency is not supported." });
    });

    it("records payments, notes and custom fields on its distributions", async () => {
      const counts = await as("issuer", async (tx) => {
        await tx.query(
          "insert into app_public.distribution_payments (distribution_id, amount, paid_on) values ($1, 5000, now())",
          [ids.emmaOpen],
        );
        await tx.query(
          "insert into app_public.distribution_annotations (distribution_id, annotation) values ($1, 'Called')",
          [ids.emmaOpen],
        );
        await tx.query(
          "insert into app_public.distribution_custom_fields (distribution_id, name, value) values ($1, 'Desk', 'West')",
          [ids.emmaOpen],
        );
        const { rows } = await tx.query<{ paid: string }>(
          "select app_public.distributions_paid_in_capital(d) as paid from app_public.distributions d where d.id = $1",
          [ids.emmaOpen],
        );
        return rows;
      });
      expect(counts).toEqual([{ paid: "5000" }]);
    });

    it("cannot edit an allocation a broker owns in its round", async () => {
      await expect(
        run("issuer", "update app_public.allocations set name = 'Taken over' where id = $1", [ids.placement]),
      ).rejects.toMatchObject(RLS);
    });

    it("never writes holdings, transactions or ledger entries directly", async () => {
      await expect(run("issuer", "update app_public.holdings set amount = 1")).rejects.toMatchObject(DENIED);
      await expect(
        run("issuer", "insert into app_public.transactions (issuer_id) values ($1)", [ids.northwind]),
      ).rejects.toMatchObject(DENIED);
      await expect(run("issuer", "delete from app_public.ledger_entries")).rejects.toMatchObject(DENIED);
    });

    it("manages delegates but never the owner row, and makes nobody owner", async () => {
      const { rows } = await run(
        "issuer",
        "update app_public.users_accounts set role = 'account_admin' where id = $1 returning role",
        [ids.samMembership],
      );
      expect(rows).toEqual([{ role: "account_admin" }]);
      // The owner row is never edited and nobody becomes owner (0800): LL403 before any policy.
      await expect(
        run("issuer", "update app_public.users_accounts set role = 'account_owner' where id = $1", [ids.samMembership]),
      ).rejects.toMatchObject(NOT_ALLOWED);
      await expect(
        run("issuer", "update app_public.users_accounts set status = 'suspended' where id = $1", [
          ids.oliviaMembership,
        ]),
      ).rejects.toMatchObject(NOT_ALLOWED);
      await expect(
        run("issuer", "update app_public.users_accounts set role = 'account_admin' where id = $1", [
          ids.oliviaMembership,
        ]),
      ).rejects.toMatchObject(NOT_ALLOWED);
    });

    it("edits its own account and contacts, not another account", async () => {
      const rows = await as("issuer", async (tx) => {
        const account = await tx.query(
          "update app_public.accounts set support_email = 'help@northwind-renewables.example' where id = $1 returning support_email",
          [ids.northwind],
        );
        const contact = await tx.query(
          "update app_public.customers set name = 'Emma L.' where id = $1 returning name",
          [ids.issuerCustomer],
        );
        return [...account.rows, ...contact.rows];
      });
      expect(rows).toEqual([{ support_email: "help@northwind-renewables.example" }, { name: "Emma L." }]);
      await expect(
        run("issuer", "update app_public.accounts set support_email = 'mine@example.test' where id = $1", [
          ids.harborview,
        ]),
      ).rejects.toMatchObject(RLS);
    });
  });

  describe("issuer viewer", () => {
    const writes: [string, string, () => unknown[]][] = [
      [
        "create an asset",
        "insert into app_public.assets (name, type, status, authorized_total) values ('x', 'equity', 'drafted', 1)",
        () => [],
      ],
      ["edit an asset", "update app_public.assets set name = 'x' where id = $1", () => [ids.equity]],
      ["edit a round", "update app_public.rounds set price = 9 where id = $1", () => [ids.seriesA]],
      [
        "create an allocation",
        "insert into app_public.allocations (round_id, name, opens_on, closes_on) values ($1, 'x', now(), now())",
        () => [ids.seriesA],
      ],
      [
        "edit a distribution",
        "update app_public.distributions set status = 'closed' where id = $1",
        () => [ids.emmaOpen],
      ],
      ["edit a contact", "update app_public.customers set name = 'x' where id = $1", () => [ids.issuerCustomer]],
      [
        "edit a delegate",
        "update app_public.users_accounts set status = 'suspended' where id = $1",
        () => [ids.samMembership],
      ],
      [
        "edit the account",
        "update app_public.accounts set url = 'https://x.example' where id = $1",
        () => [ids.northwind],
      ],
      ["delete a document", "delete from app_public.documents", () => []],
      [
        "make a round",
        "select app_public.make_round($1, 'x', 'https://x.example', 1, now(), now(), 'drafted', 1)",
        () => [ids.equity],
      ],
      ["make a contact", "select app_public.make_customer('new@example.com', 'New')", () => []],
      [
        "make a distribution",
        "select app_public.make_distribution($1, 'new@example.com', 10)",
        () => [ids.seriesADirect],
      ],
      [
        "issue distributions",
        "select app_public.make_ta_request_distribution_issuances(array[$1::uuid])",
        () => [ids.emmaOpen],
      ],
    ];
    it.each(writes)("is refused to %s with LL403", async (_what, sql, params) => {
      await expect(run("issuerViewer", sql, params())).rejects.toMatchObject(NOT_ALLOWED);
    });

    it("still edits their own name", async () => {
      const { rows } = await run(
        "issuerViewer",
        "update app_public.users set first_name = 'Samuel' where id = app_private.current_user_id() returning first_name",
      );
      expect(rows).toEqual([{ first_name: "Samuel" }]);
    });
  });

  describe("broker", () => {
    // Editing rounds needs an issuer account (spec part 1 section 6, 0801): not even the round it manages.
    it("never edits a round, its tranche bond data or its security, even the round it accepted to manage", async () => {
      for (const round of [ids.seriesA, ids.trancheA, ids.cascadeRound]) {
        await expect(
          run("broker", "update app_public.rounds set managed_units = 900000 where id = $1", [round]),
        ).rejects.toMatchObject(NOT_ALLOWED);
        await expect(
          run("broker", "update app_public.tranche_bond_data set coupon = 1 where round_id = $1", [round]),
        ).rejects.toMatchObject(NOT_ALLOWED);
      }
      await expect(
        run("broker", "update app_public.securities set unit_value = 1 where id = $1", [ids.preferred]),
      ).rejects.toMatchObject(NOT_ALLOWED);
    });

    it("never creates or edits assets", async () => {
      await expect(
        run("broker", "update app_public.assets set name = 'x' where id = $1", [ids.equity]),
      ).rejects.toMatchObject(NOT_ALLOWED);
    });

    it("accepts its sent invitation, and may then add allocations to that round, not edit it", async () => {
      const rows = await as("broker", async (tx) => {
        const accepted = await tx.query(
          "update app_public.broker_allocations set status = 'accepted' where id = $1 returning status",
          [ids.sentInvitation],
        );
        const allocation = await tx.query(
          `insert into app_public.allocations (round_id, name, opens_on, closes_on)
           values ($1, 'Harborview Bonds', now(), now() + interval '30 days') returning name`,
          [ids.trancheA],
        );
        return [...accepted.rows, ...allocation.rows];
      });
      expect(rows).toEqual([{ status: "accepted" }, { name: "Harborview Bonds" }]);
      await expect(
        as("broker", async (tx) => {
          await tx.query("update app_public.broker_allocations set status = 'accepted' where id = $1", [
            ids.sentInvitation,
          ]);
          await tx.query("update app_public.rounds set price = 1010 where id = $1", [ids.trancheA]);
        }),
      ).rejects.toMatchObject(NOT_ALLOWED);
    });

    it("rejects its invitation once; changes nothing else on it", async () => {
      const rejected = await run(
        "broker",
        "update app_public.broker_allocations set status = 'rejected' where id = $1 returning status",
        [ids.sentInvitation],
      );
      expect(rejected.rows).toEqual([{ status: "rejected" }]);
      await expect(
        as("broker", async (tx) => {
          await tx.query("update app_public.broker_allocations set status = 'rejected' where id = $1", [
            ids.sentInvitation,
          ]);
          await tx.query("update app_public.broker_allocations set status = 'accepted' where id = $1", [
            ids.sentInvitation,
          ]);
        }),
      ).rejects.toMatchObject({ code: "LL403" });
      await expect(
        run("broker", "update app_public.broker_allocations set managed_units = 5 where id = $1", [ids.sentInvitation]),
      ).rejects.toMatchObject({ code: "LL403" });
    });

    it("creates and edits its own allocations on the accepted round only", async () => {
      const { rows } = await run(
        "broker",
        `insert into app_public.allocations (round_id, name, opens_on, closes_on)
         values ($1, 'Harborview Wave 2', now(), now() + interval '60 days') returning owner_id`,
        [ids.seriesA],
      );
      expect(rows).toEqual([{ owner_id: ids.harborview }]);
      await expect(
        run(
          "broker",
          "insert into app_public.allocations (round_id, name, opens_on, closes_on) values ($1, 'x', now(), now())",
          [ids.trancheA],
        ),
      ).rejects.toMatchObject(RLS);
      const renamed = await run(
        "broker",
        "update app_public.allocations set status = 'closed' where id = $1 returning status",
        [ids.placement],
      );
      expect(renamed.rows).toEqual([{ status: "closed" }]);
      await expect(
        run("broker", "update app_public.allocations set name = 'x' where id = $1", [ids.seriesADirect]),
      ).rejects.toMatchObject(RLS);
    });

    it("never updates the price of a security, not even of its accepted round's", async () => {
      for (const security of [ids.preferred, ids.fundUnits]) {
        await expect(
          run("broker", "update app_public.securities set unit_value = 1 where id = $1", [security]),
        ).rejects.toMatchObject(NOT_ALLOWED);
      }
    });

    it("as a viewer, changes nothing", async () => {
      await expect(
        run("brokerViewer", "update app_public.rounds set managed_units = 1 where id = $1", [ids.seriesA]),
      ).rejects.toMatchObject(NOT_ALLOWED);
      await expect(
        run("brokerViewer", "update app_public.broker_allocations set status = 'accepted' where id = $1", [
          ids.sentInvitation,
        ]),
      ).rejects.toMatchObject(NOT_ALLOWED);
    });
  });

  describe("investor", () => {
    it("edits its own account and name", async () => {
      const rows = await as("investor", async (tx) => {
        const account = await tx.query(
          "update app_public.accounts set url = 'https://emma.example' where id = $1 returning url",
          [ids.emma],
        );
        const user = await tx.query(
          "update app_public.users set last_name = 'Lawson-Grey' where id = app_private.current_user_id() returning last_name",
        );
        return [...account.rows, ...user.rows];
      });
      expect(rows).toEqual([{ url: "https://emma.example" }, { last_name: "Lawson-Grey" }]);
    });

    it("cannot change the issuer's account", async () => {
      await expect(
        run("investor", "update app_public.accounts set support_email = 'x@example.test' where id = $1", [
          ids.northwind,
        ]),
      ).rejects.toMatchObject(RLS);
    });

    it.each([
      ["its distribution", "update app_public.distributions set amount = 1 where id = $1", () => [ids.emmaOpen]],
      [
        "an allocation",
        "insert into app_public.allocations (round_id, name, opens_on, closes_on) values ($1, 'x', now(), now())",
        () => [ids.seriesA],
      ],
      [
        "an asset",
        "insert into app_public.assets (name, type, status, authorized_total) values ('x', 'equity', 'drafted', 1)",
        () => [],
      ],
      [
        "a round",
        "select app_public.make_round($1, 'x', 'https://x.example', 1, now(), now(), 'drafted', 1)",
        () => [ids.equity],
      ],
    ])("is refused to write %s with LL403", async (_what, sql, params) => {
      await expect(run("investor", sql, params())).rejects.toMatchObject(NOT_ALLOWED);
    });
  });

  describe("agent and ats", () => {
    it("an agent cannot change distributions or contacts", async () => {
      await expect(
        run("agent", "update app_public.distributions set status = 'closed' where id = $1", [ids.emmaOpen]),
      ).rejects.toMatchObject(NOT_ALLOWED);
      await expect(run("agent", "select app_public.make_customer('a@example.com', 'A')")).rejects.toMatchObject(
        NOT_ALLOWED,
      );
    });

    it("an ats cannot edit its contacts or list securities", async () => {
      await expect(
        run("ats", "update app_public.customers set name = 'x' where id = $1", [ids.atsCustomer]),
      ).rejects.toMatchObject(NOT_ALLOWED);
      await expect(
        run("ats", "update app_public.security_listings set exchange_id = exchange_id"),
      ).rejects.toMatchObject(NOT_ALLOWED);
    });
  });

  describe("admin", () => {
    it("maintains the type lists and terms of service", async () => {
      const rows = await as("admin", async (tx) => {
        const type = await tx.query(
          "insert into app_public.asset_types (type, name, accounting_type) values ('convertible', 'Convertible Note', 'debt') returning type",
        );
        const terms = await tx.query(
          "insert into app_public.terms_of_service (type, agreement) values ('text', 'Version 2') returning active",
        );
        return [...type.rows, ...terms.rows];
      });
      expect(rows).toEqual([{ type: "convertible" }, { active: true }]);
    });

    it("is the only account type that does", async () => {
      await expect(
        run("issuer", "insert into app_public.asset_types (type, name, accounting_type) values ('x', 'X', 'equity')"),
      ).rejects.toMatchObject(NOT_ALLOWED);
      await expect(
        run("broker", "insert into app_public.terms_of_service (type, agreement) values ('text', 'Mine')"),
      ).rejects.toMatchObject(NOT_ALLOWED);
    });
  });

  it("a signed-in user without a selected account writes no account data", async () => {
    const { userId } = claims.issuer as Required<Claims>;
    await expect(
      rollbackAs(db, { userId }, (tx) =>
        tx.query(
          "insert into app_public.assets (name, type, status, authorized_total) values ('x', 'equity', 'drafted', 1)",
        ),
      ),
    ).rejects.toMatchObject(NOT_ALLOWED);
  });
});
