// Allocations and distributions with the client bypassed (spec part 2 sections 4-6): only the allocation's owner
// (not a viewer) writes into it, locked distributions refuse status and custom-field changes, the spec's validation
// messages come from SQL, issuance turns closed distributions into holdings with append-only ledger entries, and
// invitations go through the one mailer according to the allocation's email preference.
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database, Sql } from "../../sync/db/database.ts";
import { asAccount, type Claims, createTestDb, demoClaims } from "../helpers/db.ts";

let db: Database;
let issuer: Claims;
let viewer: Claims;
let broker: Claims;
let investor: Claims;

beforeEach(async () => {
  db = await createTestDb({ demo: true });
  issuer = await demoClaims(db, "issuer@demo.test", "issuer");
  viewer = await demoClaims(db, "issuer-viewer@demo.test", "issuer");
  broker = await demoClaims(db, "broker@demo.test", "broker");
  investor = await demoClaims(db, "investor@demo.test", "investor");
});
afterEach(async () => {
  await db.close();
});

async function failure(
  claims: Claims,
  fn: (tx: Sql) => Promise<unknown>,
): Promise<{ code: string; message: string } | null> {
  try {
    await asAccount(db, claims, fn);
    return null;
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    return { code: code ?? "", message };
  }
}

async function allocationId(name: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>("select id from app_public.allocations where name = $1", [name]);
  if (!rows[0]) throw new Error(`no allocation ${name}`);
  return rows[0].id;
}

const invite =
  (allocation: string, email: string, amount: string | null, id = randomUUID()) =>
  (tx: Sql) =>
    tx.query("select id from app_public.make_distribution($1, $2, $3, $4, $5)", [
      allocation,
      email,
      amount,
      "Contact",
      id,
    ]);

describe("allocation permissions", () => {
  it("the owner invites; the round's issuer, a viewer and an investor cannot invite into a broker's allocation", async () => {
    const placement = await allocationId("Harborview Placement");
    expect(await failure(broker, invite(placement, "new.one@example.com", "100"))).toBeNull();
    expect(await failure(issuer, invite(placement, "new.two@example.com", "100"))).toEqual({
      code: "LL403",
      message: "Operation not allowed",
    });
    const direct = await allocationId("Series A Direct");
    expect((await failure(viewer, invite(direct, "new.three@example.com", "100")))?.code).toBe("LL403");
    expect((await failure(investor, invite(direct, "new.three@example.com", "100")))?.code).toBe("LL403");
  });

  it("invitation validation: email, amount required and greater than 0", async () => {
    const placement = await allocationId("Harborview Placement");
    expect(await failure(broker, invite(placement, "", "10"))).toEqual({
      code: "LL422",
      message: "Email is required.",
    });
    expect(await failure(broker, invite(placement, "a@example.com", null))).toEqual({
      code: "LL422",
      message: "Amount is required.",
    });
    expect(await failure(broker, invite(placement, "a@example.com", "0"))).toEqual({
      code: "LL422",
      message: "Distribution amount must be greater than 0.",
    });
  });

  it("a viewer cannot edit an allocation; a stale allocation cannot be edited; the name is required", async () => {
    const direct = await allocationId("Series A Direct");
    const rename = (name: string) => (tx: Sql) =>
      tx.query("update app_public.allocations set name = $2 where id = $1 returning id", [direct, name]).then((r) => {
        if (r.rows.length === 0) throw Object.assign(new Error("no row"), { code: "NOROW" });
      });
    expect(await failure(viewer, rename("X"))).not.toBeNull();
    expect(await failure(issuer, rename(" "))).toEqual({ code: "LL422", message: "Name is a required field." });
    expect(await failure(issuer, rename("Series A Direct II"))).toBeNull();
    await asAccount(db, issuer, (tx) =>
      tx.query("update app_public.allocations set status = 'stale' where id = $1", [direct]),
    );
    expect(await failure(issuer, rename("Back again"))).toEqual({ code: "LL403", message: "Operation not allowed" });
  });

  it("createBrokerAllocation needs a broker", async () => {
    const { rows } = await db.query<{ id: string }>("select id from app_public.rounds where name = 'Series B'");
    expect(
      await failure(issuer, (tx) =>
        tx.query("insert into app_public.broker_allocations (round_id, broker_id) values ($1, null)", [rows[0]?.id]),
      ),
    ).toEqual({ code: "LL422", message: "A broker is required." });
    expect(
      await failure(issuer, (tx) =>
        tx.query("insert into app_public.broker_allocations (round_id, broker_id) values ($1, $2)", [
          rows[0]?.id,
          broker.accountId,
        ]),
      ),
    ).toBeNull();
  });
});

describe("distribution state rules", () => {
  it("payments and notes: owner only, with the spec's messages", async () => {
    const placement = await allocationId("Harborview Placement");
    const id = randomUUID();
    await asAccount(db, broker, invite(placement, "payer@example.com", "1000", id));
    const pay = (amount: string | null) => (tx: Sql) =>
      tx.query(
        "insert into app_public.distribution_payments (distribution_id, amount, paid_on) values ($1, $2, now())",
        [id, amount],
      );
    expect(await failure(broker, pay(null))).toEqual({ code: "LL422", message: "Payment amount is required" });
    expect(await failure(broker, pay("250.50"))).toBeNull();
    expect(await failure(issuer, pay("1"))).not.toBeNull();
    const note = (text: string) => (tx: Sql) =>
      tx.query("insert into app_public.distribution_annotations (distribution_id, annotation) values ($1, $2)", [
        id,
        text,
      ]);
    expect(await failure(broker, note("  "))).toEqual({ code: "LL422", message: "Note is required" });
    expect(await failure(broker, note("Called the investor"))).toBeNull();

    // The round's issuer sees the paid-in capital in the replicated document, but not the payment rows.
    const doc = await asAccount(db, issuer, (tx) =>
      tx.query<{ doc: { paidInCapital: string; payments: unknown } }>(
        "select doc from app_private.docs_distributions($1)",
        [[id]],
      ),
    );
    expect(doc.rows[0]?.doc.paidInCapital).toBe("250.50");
    expect(doc.rows[0]?.doc.payments).toEqual([]);
  });

  it("locked distributions refuse status and custom-field changes; issuance makes holdings, transactions and ledger entries", async () => {
    const placement = await allocationId("Harborview Placement");
    const id = randomUUID();
    await asAccount(db, broker, invite(placement, "issued@example.com", "1500", id));
    const setStatus = (status: string) => (tx: Sql) =>
      tx.query("update app_public.distributions set status = $2 where id = $1", [id, status]);
    expect(await failure(broker, setStatus("closed"))).toBeNull();

    // Only the round's issuer (or the accepted broker) issues; an investor cannot.
    expect(
      (
        await failure(investor, (tx) =>
          tx.query("select * from app_public.make_ta_request_distribution_issuances($1)", [[id]]),
        )
      )?.code,
    ).toBe("LL403");
    const holdings = await asAccount(db, issuer, (tx) =>
      tx.query<{ amount: string; investor_id: string }>(
        "select * from app_public.make_ta_request_distribution_issuances($1)",
        [[id]],
      ),
    );
    expect(holdings.rows).toHaveLength(1);
    expect(holdings.rows[0]?.amount).toBe("1500");
    const ledger = await db.query<{ amount: string }>(
      "select l.amount from app_public.ledger_entries l join app_public.holdings h on h.id = l.holding_id where h.distribution_id = $1",
      [id],
    );
    expect(ledger.rows.map((r) => r.amount)).toEqual(["1500"]);

    expect(await failure(broker, setStatus("open"))).toEqual({
      code: "LL423",
      message: "Cannot update status on locked distribution: Contact",
    });
    expect(
      (
        await failure(broker, (tx) =>
          tx.query(
            "insert into app_public.distribution_custom_fields (distribution_id, name, value) values ($1, 'a', 'b')",
            [id],
          ),
        )
      )?.code,
    ).toBe("LL423");
    expect(
      (
        await failure(issuer, (tx) =>
          tx.query("select * from app_public.make_ta_request_distribution_issuances($1)", [[id]]),
        )
      )?.code,
    ).toBe("LL423");
    // Ledger entries are append-only.
    expect(await failure(issuer, (tx) => tx.query("update app_public.ledger_entries set amount = 1"))).not.toBeNull();
  });
});

describe("distributions report for agents", () => {
  it("the agent's distribution documents carry no prices; the issuer's do", async () => {
    const agent = await demoClaims(db, "agent@demo.test", "agent");
    const direct = await allocationId("Series A Direct");
    const read = (claims: Claims) =>
      asAccount(db, claims, (tx) =>
        tx.query<{ doc: { purchasePrice: string | null; prices: unknown[] } }>(
          "select d.doc from app_public.distributions x, app_private.docs_distributions(array[x.id]) d where x.allocation_id = $1",
          [direct],
        ),
      );
    const agentDocs = (await read(agent)).rows;
    expect(agentDocs.length).toBeGreaterThan(0);
    for (const row of agentDocs) {
      expect(row.doc.purchasePrice).toBeNull();
      expect(row.doc.prices).toEqual([]);
    }
    const issuerDocs = (await read(issuer)).rows;
    expect(issuerDocs[0]?.doc.purchasePrice).toBe("1.25");
    expect(issuerDocs[0]?.doc.prices).toHaveLength(1);
  });
});

describe("invitation mail", () => {
  const mails = async (to: string) =>
    (
      await db.query<{ kind: string; text_body: string }>(
        "select kind, text_body from app_private.mail_outbox where to_address = $1",
        [to],
      )
    ).rows;

  it("is queued when the allocation's sendDistribution is on, not when it is off", async () => {
    const direct = await allocationId("Series A Direct");
    const id = randomUUID();
    await asAccount(db, issuer, invite(direct, "mail.on@example.com", "10", id));
    const sent = await mails("mail.on@example.com");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.kind).toBe("distribution_invitation");
    expect(sent[0]?.text_body).toContain(`/distribution/${id}`);

    await asAccount(db, issuer, (tx) =>
      tx.query(
        "update app_public.allocation_email_preferences set send_distribution = false where allocation_id = $1",
        [direct],
      ),
    );
    await asAccount(db, issuer, invite(direct, "mail.off@example.com", "10"));
    expect(await mails("mail.off@example.com")).toHaveLength(0);
  });
});

describe("bulkAllocation (CSV import)", () => {
  // The rows as the API passes them: an array of app_public.allocation_row (a wrongly typed field never gets here).
  const bulk = (allocation: string, fileName: string, rows: unknown) => (tx: Sql) =>
    tx.query(
      `select id from app_public.bulk_allocation($1, $2,
         array(select r from jsonb_populate_recordset(null::app_public.allocation_row, $3::jsonb) r))`,
      [allocation, fileName, JSON.stringify(rows)],
    );

  it("imports every row or none, naming each bad row", async () => {
    const placement = await allocationId("Harborview Placement");
    const count = async () =>
      (
        await db.query<{ n: number }>(
          "select count(*)::int as n from app_public.distributions where allocation_id = $1",
          [placement],
        )
      ).rows[0]?.n;
    const before = await count();
    expect(await failure(broker, bulk(placement, "cap-table.xlsx", [{ email: "a@x.io", amount: "1" }]))).toEqual({
      code: "LL422",
      message: "Only .csv files can be imported.",
    });
    expect(
      await failure(
        broker,
        bulk(placement, "cap-table.csv", [
          { email: "ok@x.io", amount: "10" },
          { email: "bad@x.io", amount: "1,000" },
          { email: "", amount: "5" },
          { row: 9, email: "OK@x.io" },
        ]),
      ),
    ).toEqual({
      code: "LL422",
      message:
        "Row 3: Numbers must not contain commas.\nRow 4: Email is required.\n" +
        "Row 9: This email appears more than once in the file.\nRow 9: Amount is required.",
    });
    expect(await count()).toBe(before);
    expect(await failure(issuer, bulk(placement, "cap-table.csv", [{ email: "ok@x.io", amount: "10" }]))).toEqual({
      code: "LL403",
      message: "Operation not allowed",
    });
    const id = randomUUID();
    expect(
      await failure(
        broker,
        bulk(placement, "cap-table.csv", [
          { email: "ok@x.io", amount: "10", id },
          { email: "ok2@x.io", amount: "2.5", name: "Two" },
        ]),
      ),
    ).toBeNull();
    expect(await count()).toBe((before ?? 0) + 2);
    expect((await db.query("select 1 from app_public.distributions where id = $1", [id])).rows).toHaveLength(1);
  });
});

describe("makeAllocationOfferingLink", () => {
  it("the owner of an active allocation adds a link for an agent named by email", async () => {
    const placement = await allocationId("Harborview Placement");
    const { rows } = await db.query<{ email: string; id: string }>(
      "select email, id from app_public.accounts where type = 'agent' limit 1",
    );
    const agent = rows[0]!;
    const make = (email: string) => (tx: Sql) =>
      tx.query("select * from app_public.make_allocation_offering_link($1, $2, $3, $4)", [
        placement,
        "Field link",
        email,
        randomUUID(),
      ]);
    expect(await failure(broker, make(""))).toEqual({ code: "LL422", message: "Agent Email is required." });
    expect((await failure(issuer, make(agent.email)))?.code).toBe("LL403");
    expect(await failure(broker, make(agent.email))).toBeNull();
    const links = await db.query<{ agent_id: string; authorized_link: string }>(
      "select agent_id, authorized_link from app_public.allocation_offering_links where allocation_id = $1",
      [placement],
    );
    expect(links.rows).toHaveLength(1);
    expect(links.rows[0]?.agent_id).toBe(agent.id);
    expect(links.rows[0]?.authorized_link).toContain(`/offer-wall/${placement}/offering/`);
  });
});

describe("the round's issuer changes a distribution's status (round page buyers list)", () => {
  const statusOf = async (id: string) =>
    (await db.query<{ status: string }>("select status from app_public.distributions where id = $1", [id])).rows[0]
      ?.status;
  const setStatus = (id: string, status: string) => (tx: Sql) =>
    tx.query<{ id: string }>("update app_public.distributions set status = $2 where id = $1 returning id", [
      id,
      status,
    ]);

  it("closes a distribution in a broker's allocation of its round, but changes nothing else of it", async () => {
    const placement = await allocationId("Harborview Placement");
    const id = randomUUID();
    await asAccount(db, broker, invite(placement, "round.issuer@example.com", "40", id));

    const updated = await asAccount(db, issuer, setStatus(id, "closed"));
    expect(updated.rows).toHaveLength(1);
    expect(await statusOf(id)).toBe("closed");

    for (const change of [
      "update app_public.distributions set amount = 1 where id = $1",
      "update app_public.distributions set name = 'Renamed' where id = $1",
      "update app_public.distributions set purchase_price = 0 where id = $1",
      "update app_public.distributions set status = 'open', amount = 2 where id = $1",
    ]) {
      expect(await failure(issuer, (tx) => tx.query(change, [id]))).toEqual({
        code: "LL403",
        message: "Operation not allowed",
      });
    }
    const row = (
      await db.query<{ amount: string; name: string; status: string }>(
        "select amount::text, name, status from app_public.distributions where id = $1",
        [id],
      )
    ).rows[0];
    expect(row).toEqual({ amount: "40", name: "Contact", status: "closed" });
  });

  it("refuses a viewer, a broker that does not own the allocation, and the issuer of another round", async () => {
    const direct = await allocationId("Series A Direct");
    const placement = await allocationId("Harborview Placement");
    const inDirect = randomUUID();
    const inPlacement = randomUUID();
    await asAccount(db, issuer, invite(direct, "direct.buyer@example.com", "10", inDirect));
    await asAccount(db, broker, invite(placement, "placement.buyer@example.com", "10", inPlacement));

    expect((await failure(viewer, setStatus(inDirect, "closed")))?.code).toBe("LL403");
    expect((await failure(viewer, setStatus(inPlacement, "closed")))?.code).toBe("LL403");
    // The broker manages the round (accepted) and sees the issuer's allocation, but does not own it.
    expect(await failure(broker, setStatus(inDirect, "closed"))).not.toBeNull();

    const { rows } = await db.query<{ id: string }>(
      "select id from app_public.accounts where name = 'Cascade Biotech Holdings'",
    );
    const otherIssuer: Claims = { ...issuer, accountId: rows[0]!.id };
    const other = await asAccount(db, otherIssuer, setStatus(inPlacement, "closed"));
    expect(other.rows).toHaveLength(0);

    expect(await statusOf(inDirect)).toBe("open");
    expect(await statusOf(inPlacement)).toBe("open");
  });

  it("a locked distribution still refuses the issuer's status change with the spec's message", async () => {
    const placement = await allocationId("Harborview Placement");
    const id = randomUUID();
    await asAccount(db, broker, invite(placement, "locked.buyer@example.com", "25", id));
    await asAccount(db, issuer, setStatus(id, "closed"));
    await asAccount(db, issuer, (tx) =>
      tx.query("select * from app_public.make_ta_request_distribution_issuances($1)", [[id]]),
    );
    expect(await failure(issuer, setStatus(id, "open"))).toEqual({
      code: "LL423",
      message: "Cannot update status on locked distribution: Contact",
    });
  });
});

describe("offering links carry their agent", () => {
  it("the allocation's document names each link's agent for its staff; nobody else reads the agents through it", async () => {
    const direct = await allocationId("Series A Direct");
    const docs = await asAccount(db, issuer, (tx) =>
      tx.query<{ doc: { offeringLinks: Array<{ name: string; agent: { name: string; email: string } | null }> } }>(
        "select doc from app_private.docs_allocations(array[$1::uuid])",
        [direct],
      ),
    );
    const link = docs.rows[0]?.doc.offeringLinks.find((l) => l.name === "Keystone onboarding link");
    expect(link?.agent).toMatchObject({
      name: "Keystone Transfer Agents",
      email: "operations@keystone-transfer.example",
    });

    const agents = (claims: Claims) =>
      asAccount(db, claims, (tx) =>
        tx.query("select * from app_private.offering_link_agents(array[$1::uuid])", [direct]),
      ).then((r) => r.rows.length);
    expect(await agents(issuer)).toBeGreaterThan(0);
    expect(await agents(investor)).toBe(0);
    const { rows } = await db.query<{ id: string }>(
      "select id from app_public.accounts where name = 'Cascade Biotech Holdings'",
    );
    expect(await agents({ ...issuer, accountId: rows[0]!.id })).toBe(0);
  });
});
