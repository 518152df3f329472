import { describe, expect, it } from "vitest";
import type { OutboxCommand } from "./models/outbox.ts";
import { commandEffect, overlayPending } from "./pending.ts";

let seq = 0;
function command(
  mutation: string,
  variables: Record<string, unknown>,
  status = "pending",
  extra: Partial<OutboxCommand> = {},
): OutboxCommand {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, "0")}`,
    mutation,
    variables,
    userId: "u",
    accountId: "a",
    deviceId: "d",
    seq,
    createdOn: new Date(0).toISOString(),
    status,
    errorCode: null,
    errorMessage: null,
    attempts: 0,
    answeredOn: null,
    replaces: null,
    ...extra,
  };
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
