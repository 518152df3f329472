// Qualifications with order on allocations and distributions, with the client bypassed (issue 6, 0410): only the
// allocation's owner (not a viewer) links, reorders and removes them; a locked distribution refuses changes; the
// read models carry the ordered lists and the owner's choices; custom fields need a name and a value.
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database, Sql } from "../../sync/db/database.ts";
import { asAccount, type Claims, createTestDb, demoClaims } from "../helpers/db.ts";

let db: Database;
let issuer: Claims;
let viewer: Claims;
let broker: Claims;
let allocation: string;
let distribution: string;
let kyc: string;
let accredited: string;

beforeEach(async () => {
  db = await createTestDb({ demo: true });
  issuer = await demoClaims(db, "issuer@demo.test", "issuer");
  viewer = await demoClaims(db, "issuer-viewer@demo.test", "issuer");
  broker = await demoClaims(db, "broker@demo.test", "broker");
  const al = await db.query<{ id: string; owner_id: string }>(
    "select id, owner_id from app_public.allocations where name = 'Series A Direct'",
  );
  allocation = al.rows[0]?.id ?? "";
  const d = await db.query<{ id: string }>(
    "select id from app_public.distributions where allocation_id = $1 and not locked order by created_on limit 1",
    [allocation],
  );
  distribution = d.rows[0]?.id ?? "";
  kyc = randomUUID();
  accredited = randomUUID();
  await db.query(
    `insert into app_public.vendor_qualifications (id, account_id, name, steps) values
       ($1, $3, 'KYC check', '[]'::jsonb), ($2, $3, 'Accreditation', '[]'::jsonb)`,
    [kyc, accredited, al.rows[0]?.owner_id],
  );
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

const addToAllocation =
  (vq: string, order: number, id = randomUUID()) =>
  (tx: Sql) =>
    tx.query(
      "insert into app_public.allocation_qualifications (id, allocation_id, vendor_qualification_id, execute_order) values ($1, $2, $3, $4)",
      [id, allocation, vq, order],
    );
const addToDistribution = (vqs: string[], ids?: string[]) => (tx: Sql) =>
  tx.query("select id from app_public.make_distribution_qualifications($1, $2, $3)", [distribution, vqs, ids ?? null]);

async function allocationDoc(claims: Claims) {
  return asAccount(db, claims, async (tx) => {
    const { rows } = await tx.query<{ doc: Record<string, unknown> }>(
      "select doc from app_private.docs_allocations($1)",
      [[allocation]],
    );
    return rows[0]?.doc as {
      name: string;
      qualifications: { id: string; name: string; executeOrder: number }[];
      vendorQualifications: { id: string; name: string }[];
    };
  });
}
async function distributionDoc(claims: Claims) {
  return asAccount(db, claims, async (tx) => {
    const { rows } = await tx.query<{ doc: Record<string, unknown> }>(
      "select doc from app_private.docs_distributions($1)",
      [[distribution]],
    );
    return rows[0]?.doc as {
      amount: string;
      process: unknown;
      qualifications: { id: string; name: string; executeOrder: number; complete: boolean }[];
    };
  });
}

describe("allocation qualifications", () => {
  it("the owner adds and reorders; the read model lists them by order with the owner's choices", async () => {
    const first = randomUUID();
    const second = randomUUID();
    expect(await failure(issuer, addToAllocation(kyc, 1, first))).toBeNull();
    expect(await failure(issuer, addToAllocation(accredited, 2, second))).toBeNull();
    const mine = (doc: { qualifications: { id: string; name: string }[] }) =>
      doc.qualifications.filter((q) => q.id === first || q.id === second).map((q) => q.name);
    let doc = await allocationDoc(issuer);
    expect(doc.name).toBe("Series A Direct");
    expect(mine(doc)).toEqual(["KYC check", "Accreditation"]);
    expect(doc.vendorQualifications.map((q) => q.name)).toEqual(expect.arrayContaining(["Accreditation", "KYC check"]));

    await asAccount(db, issuer, (tx) =>
      tx.query("update app_public.allocation_qualifications set execute_order = 3 where id = $1", [first]),
    );
    doc = await allocationDoc(issuer);
    expect(mine(doc)).toEqual(["Accreditation", "KYC check"]);

    await asAccount(db, issuer, (tx) =>
      tx.query("delete from app_public.allocation_qualifications where id = $1", [second]),
    );
    doc = await allocationDoc(issuer);
    expect(mine(doc)).toEqual(["KYC check"]);
  });

  it("a viewer of the owner and another account cannot add, reorder or remove", async () => {
    const id = randomUUID();
    expect(await failure(issuer, addToAllocation(kyc, 1, id))).toBeNull();
    // viewer: the write guard (LL403); another account: the row-level security refusal (42501), which the API answers
    // as LL403 "Operation not allowed" (sync/graphql/errors.ts)
    expect((await failure(viewer, addToAllocation(accredited, 2)))?.code).toBe("LL403");
    expect((await failure(broker, addToAllocation(accredited, 2)))?.code).toBe("42501");
    await failure(viewer, (tx) =>
      tx.query("update app_public.allocation_qualifications set execute_order = 9 where id = $1", [id]),
    );
    await failure(broker, (tx) => tx.query("delete from app_public.allocation_qualifications where id = $1", [id]));
    const { rows } = await db.query<{ execute_order: number }>(
      "select execute_order from app_public.allocation_qualifications where id = $1",
      [id],
    );
    expect(rows).toEqual([{ execute_order: 1 }]);
  });

  it("a change of a qualification records a change of the allocation document", async () => {
    const before = await db.query<{ n: number }>(
      "select count(*)::int as n from app_private.changes where model = 'allocations' and doc_id = $1",
      [allocation],
    );
    await asAccount(db, issuer, addToAllocation(kyc, 1));
    const after = await db.query<{ n: number }>(
      "select count(*)::int as n from app_private.changes where model = 'allocations' and doc_id = $1",
      [allocation],
    );
    expect(after.rows[0]?.n ?? 0).toBeGreaterThan(before.rows[0]?.n ?? 0);
  });
});

describe("distribution qualifications", () => {
  it("makeDistributionQualifications appends after the last one with the client's ids; the order can change", async () => {
    const ids: string[] = [randomUUID(), randomUUID()];
    const before = (await distributionDoc(issuer)).qualifications.length;
    expect(await failure(issuer, addToDistribution([kyc, accredited], ids))).toBeNull();
    let doc = await distributionDoc(issuer);
    expect(doc.process).toBeDefined();
    expect(doc.amount).toBeDefined();
    const mine = doc.qualifications.filter((q) => ids.includes(q.id));
    expect(mine.map((q) => q.name)).toEqual(["KYC check", "Accreditation"]);
    expect(doc.qualifications).toHaveLength(before + 2);

    expect(
      await failure(issuer, (tx) =>
        tx.query("select id from app_public.update_distribution_qualification_order($1, $2)", [ids[0], 100]),
      ),
    ).toBeNull();
    doc = await distributionDoc(issuer);
    expect(doc.qualifications.at(-1)?.id).toBe(ids[0]);
    expect(doc.qualifications.at(-1)?.complete).toBe(false);
  });

  it("a viewer and another account are refused; a locked distribution refuses additions and removals", async () => {
    expect(await failure(viewer, addToDistribution([kyc]))).toEqual({
      code: "LL403",
      message: "Operation not allowed",
    });
    expect((await failure(broker, addToDistribution([kyc])))?.code).toBe("LL403");
    const id = randomUUID();
    expect(await failure(issuer, addToDistribution([kyc], [id]))).toBeNull();
    expect(
      (
        await failure(viewer, (tx) =>
          tx.query("select id from app_public.update_distribution_qualification_order($1, $2)", [id, 5]),
        )
      )?.code,
    ).toBe("LL403");

    await db.query("update app_public.distributions set locked = true where id = $1", [distribution]);
    expect((await failure(issuer, addToDistribution([accredited])))?.code).toBe("LL423");
    expect(
      (
        await failure(issuer, (tx) =>
          tx.query("delete from app_public.distribution_qualifications where id = $1", [id]),
        )
      )?.code,
    ).toBe("LL423");
    expect(
      (
        await failure(issuer, (tx) =>
          tx.query("select id from app_public.update_distribution_qualification_order($1, $2)", [id, 5]),
        )
      )?.code,
    ).toBe("LL423");
  });
});

describe("custom fields", () => {
  it("name and value are required; a locked distribution refuses edits and deletes", async () => {
    const field = randomUUID();
    const insert = (name: string, value: string) => (tx: Sql) =>
      tx.query(
        "insert into app_public.distribution_custom_fields (id, distribution_id, name, value) values ($1, $2, $3, $4)",
        [field, distribution, name, value],
      );
    expect(await failure(issuer, insert(" ", "x"))).toEqual({
      code: "LL422",
      message: "Custom field name is required",
    });
    expect(await failure(issuer, insert("Desk", ""))).toEqual({
      code: "LL422",
      message: "Custom field value is required",
    });
    expect(await failure(issuer, insert("Desk", "North"))).toBeNull();
    expect(
      await failure(issuer, (tx) =>
        tx.query("update app_public.distribution_custom_fields set value = 'South' where id = $1", [field]),
      ),
    ).toBeNull();
    await db.query("update app_public.distributions set locked = true where id = $1", [distribution]);
    expect(
      (
        await failure(issuer, (tx) =>
          tx.query("update app_public.distribution_custom_fields set value = 'West' where id = $1", [field]),
        )
      )?.code,
    ).toBe("LL423");
    expect(
      (
        await failure(issuer, (tx) =>
          tx.query("delete from app_public.distribution_custom_fields where id = $1", [field]),
        )
      )?.code,
    ).toBe("LL423");
  });
});
