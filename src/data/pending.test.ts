import { describe, expect, it } from "vitest";
import type { OutboxCommand } from "./models/outbox.ts";
import { outboxCommand } from "./outbox/fixture.ts";
import { commandEffect, overlayPending } from "./pending.ts";

let seq = 0;
function command(
  mutation: string,
  variables: Record<string, unknown>,
  status = "pending",
  extra: Partial<OutboxCommand> = {},
): OutboxCommand {
  seq += 1;
  return outboxCommand({
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, "0")}`,
    mutation,
    variables,
    seq,
    status,
    ...extra,
  });
}

const customer = (id: string, email: string) => ({ id, email, name: null, status: "active" });

describe("commandEffect", () => {
  it("reads PostGraphile's create, update and delete mutations and the registered custom ones", () => {
    expect(commandEffect(command("updateCustomerById", { input: { id: "c1", patch: { name: "N" } } }))).toEqual({
      model: "customers",
      id: "c1",
      kind: "update",
      fields: { name: "N" },
    });
    expect(commandEffect(command("createAsset", { input: { asset: { id: "a1", name: "A" } } }))).toMatchObject({
      model: "assets",
      id: "a1",
      kind: "create",
    });
    expect(commandEffect(command("deleteDocumentById", { input: { id: "d1" } }))).toMatchObject({
      kind: "delete",
      id: "d1",
    });
    expect(commandEffect(command("makeCustomer", { input: { id: "c9", email: "x@y.test" } }))).toMatchObject({
      model: "customers",
      id: "c9",
      kind: "create",
      fields: { email: "x@y.test" },
    });
    // no client id: nothing to show until the server answers
    expect(commandEffect(command("makeCustomer", { input: { email: "x@y.test" } }))).toBeNull();
    expect(commandEffect(command("acceptTerms", { termsId: "t" }))).toBeNull();
  });
});

describe("overlayPending", () => {
  it("shows a queued create as a pending row, applies queued patches in order and marks rejections", () => {
    const docs = [customer("c1", "one@x.test"), customer("c2", "two@x.test")];
    const commands = [
      command("makeCustomer", { input: { id: "c3", email: "three@x.test" } }),
      command("updateCustomerById", { input: { id: "c1", patch: { name: "First" } } }),
      command("updateCustomerById", { input: { id: "c1", patch: { name: "Second" } } }),
      command("updateCustomerById", { input: { id: "c2", patch: { name: "Bad" } } }, "rejected", {
        errorCode: "LL403",
        errorMessage: "Operation not allowed",
      }),
    ];
    const rows = overlayPending("customers", docs, commands);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get("c3")).toMatchObject({
      email: "three@x.test",
      _pending: { status: "pending", mutation: "makeCustomer" },
    });
    expect(byId.get("c1")).toMatchObject({ name: "Second", _pending: { status: "pending" } });
    expect(byId.get("c2")?._pending).toMatchObject({
      status: "rejected",
      errorCode: "LL403",
      errorMessage: "Operation not allowed",
    });
    // the replica's documents are not modified
    expect(docs[0]?.name).toBeNull();
  });

  it("keeps an accepted create visible until the replica has the row, then shows the replica's row alone", () => {
    const accepted = command("makeCustomer", { input: { id: "c4", email: "four@x.test" } }, "accepted");
    expect(overlayPending("customers", [] as Array<{ id: string }>, [accepted]).map((row) => row.id)).toEqual(["c4"]);
    const arrived = overlayPending("customers", [customer("c4", "four@x.test")], [accepted]);
    expect(arrived).toEqual([customer("c4", "four@x.test")]);
  });

  it("keeps an accepted update's values, unmarked, until the command leaves the outbox", () => {
    const accepted = command("updateCustomerById", { input: { id: "c6", patch: { name: "New" } } }, "accepted");
    const before = { ...customer("c6", "six@x.test"), name: "Old" };
    // the replica has not pulled the change yet: the new value shows, with no pending mark
    expect(overlayPending("customers", [before], [accepted])).toEqual([{ ...before, name: "New" }]);
  });

  it("keeps an accepted delete's row marked deleted until the replica drops it", () => {
    const accepted = command("deleteCustomerById", { input: { id: "c7" } }, "accepted");
    const rows = overlayPending("customers", [customer("c7", "seven@x.test")], [accepted]);
    expect(rows[0]?._pending).toMatchObject({ status: "accepted", deleted: true });
    expect(overlayPending("customers", [], [accepted])).toEqual([]);
  });

  it("ignores commands of other models", () => {
    const rows = overlayPending("assets", [], [command("makeCustomer", { input: { id: "c5", email: "e@x.test" } })]);
    expect(rows).toEqual([]);
  });
});

describe("overlayPending under the list's own query", () => {
  const invite = (id: string, allocationId: string, amount: string, extra: Record<string, unknown> = {}) =>
    command("makeDistribution", {
      input: { id, allocationId, accountEmail: `${id}@x.test`, amount, name: null, ...extra },
    });
  const stored = (id: string, allocationId: string, amount: string, createdOn: string) => ({
    id,
    allocationId,
    amount,
    createdOn,
    status: "open",
    investor: { email: `${id}@x.test`, name: null },
  });
  const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);

  it("adds a queued creation only where it passes the selector (equality, $in, comparisons, nested fields)", () => {
    const commands = [invite("d-a", "A", "100"), invite("d-b", "B", "250.5"), invite("d-c", "C", "7")];
    const inA = [stored("s-a", "A", "10", "2024-01-01")];
    expect(ids(overlayPending("distributions", inA, commands, { selector: { allocationId: "A" } }))).toEqual([
      "s-a",
      "d-a",
    ]);
    expect(ids(overlayPending("distributions", [], commands, { selector: { allocationId: { $eq: "B" } } }))).toEqual([
      "d-b",
    ]);
    expect(
      ids(overlayPending("distributions", [], commands, { selector: { allocationId: { $in: ["A", "C"] } } })),
    ).toEqual(["d-a", "d-c"]);
    expect(ids(overlayPending("distributions", [], commands, { selector: { allocationId: { $nin: ["A"] } } }))).toEqual(
      ["d-b", "d-c"],
    );
    expect(ids(overlayPending("distributions", [], commands, { selector: { allocationId: { $gt: "A" } } }))).toEqual([
      "d-b",
      "d-c",
    ]);
    expect(ids(overlayPending("distributions", [], commands, { selector: { allocationId: { $lt: "B" } } }))).toEqual([
      "d-a",
    ]);
    expect(
      ids(overlayPending("distributions", [], commands, { selector: { "investor.email": "d-b@x.test" } })),
    ).toEqual(["d-b"]);
    // a field the queued row does not carry yet (the investor's id is the server's): not shown there
    expect(overlayPending("distributions", [], commands, { selector: { investorId: "i1" } })).toEqual([]);
    // no selector: every queued creation of the model
    expect(ids(overlayPending("distributions", [], commands))).toEqual(["d-a", "d-b", "d-c"]);
  });

  it("drops a stored row that a queued update moves out of the query, and keeps other rows untouched", () => {
    const docs = [stored("s1", "A", "10", "2024-01-01"), stored("s2", "A", "20", "2024-01-02")];
    const moved = command("updateDistributionById", { input: { id: "s1", patch: { allocationId: "B" } } });
    const rows = overlayPending("distributions", docs, [moved], { selector: { allocationId: "A" } });
    expect(ids(rows)).toEqual(["s2"]);
    expect(rows[0]).toBe(docs[1]);
  });

  it("puts queued rows in the query's order (missing sort values count as newest) and applies its limit", () => {
    const docs = [stored("s1", "A", "10", "2024-01-01"), stored("s2", "A", "30", "2024-01-02")];
    const commands = [invite("d1", "A", "20"), invite("d0", "A", "5")];
    const byCreated = { selector: { allocationId: "A" }, sort: [{ createdOn: "asc" as const }] };
    // queued rows have no createdOn yet: they are the newest, the one queued later last
    expect(ids(overlayPending("distributions", docs, commands, byCreated))).toEqual(["s1", "s2", "d1", "d0"]);
    const newestFirst = { selector: { allocationId: "A" }, sort: [{ createdOn: "desc" as const }] };
    expect(ids(overlayPending("distributions", [...docs].reverse(), commands, newestFirst))).toEqual([
      "d0",
      "d1",
      "s2",
      "s1",
    ]);
    // an update that changes the sort field moves the row
    const bump = command("updateDistributionById", { input: { id: "s1", patch: { createdOn: "2024-02-01" } } });
    expect(ids(overlayPending("distributions", docs, [bump], byCreated))).toEqual(["s2", "s1"]);
    const limited = { selector: { allocationId: "A" }, sort: [{ createdOn: "desc" as const }], limit: 2 };
    expect(ids(overlayPending("distributions", [...docs].reverse(), commands, limited))).toEqual(["d0", "d1"]);
    expect(ids(overlayPending("distributions", [docs[1]!], [bump], { ...limited, limit: 1 }))).toEqual(["s2"]);
  });

  it("gives each allocation's list and totals its own queued invitations only", () => {
    const commands = [
      invite("a1", "A", "1000.5"),
      invite("a2", "A", "1833.33"),
      invite("b1", "B", "12000"),
      invite("b2", "B", "64.25"),
    ];
    const base = [stored("sa", "A", "0", "2024-01-01")];
    const total = (rows: Array<{ amount: string | null }>) =>
      rows.reduce((sum, row) => sum + Math.round(Number(row.amount) * 100), 0) / 100;
    const a = overlayPending("distributions", base, commands, { selector: { allocationId: "A" } });
    const b = overlayPending("distributions", [], commands, { selector: { allocationId: "B" } });
    expect([a.length, total(a)]).toEqual([3, 2833.83]);
    expect([b.length, total(b)]).toEqual([2, 12064.25]);
  });
});
