import { describe, expect, it } from "vitest";
import type { OutboxCommand } from "../../data/models/outbox.ts";
import { overlayBatchCommands } from "./pending-batch.ts";
import type { Distribution } from "./use-allocation.ts";

const command = (seq: number, mutation: string, input: Record<string, unknown>, status = "pending"): OutboxCommand =>
  ({
    id: `k${seq}`,
    mutation,
    variables: { input },
    userId: "u",
    accountId: "a",
    deviceId: "d",
    seq,
    createdOn: "2026-01-01T00:00:00Z",
    status,
    attempts: 0,
    errorCode: status === "rejected" ? "LL422" : null,
    errorMessage: status === "rejected" ? "Only closed distributions can be issued: Ada" : null,
  }) as OutboxCommand;

const dist = (id: string, extra: Partial<Distribution> = {}) =>
  ({ id, allocationId: "al1", amount: "10", status: "closed", locked: false, ...extra }) as Distribution;

describe("overlayBatchCommands", () => {
  it("marks each distribution of a queued issuance, and shows a refused one with its reason", () => {
    const rows = overlayBatchCommands(
      [dist("d1"), dist("d2"), dist("d3")],
      [
        command(1, "makeTaRequestDistributionIssuances", { distributionIds: ["d1", "d2"] }),
        command(2, "makeTaRequestDistributionIssuances", { distributionIds: ["d3"] }, "rejected"),
      ],
      ["al1"],
    );
    expect(rows.map((r) => r._pending?.status ?? null)).toEqual(["pending", "pending", "rejected"]);
    expect(rows[2]?._pending?.errorMessage).toBe("Only closed distributions can be issued: Ada");
    expect(rows[0]?.status).toBe("closed");
  });

  it("keeps an accepted issuance's mark until the replica shows the distribution locked", () => {
    const accepted = [command(1, "makeTaRequestDistributionIssuances", { distributionIds: ["d1", "d2"] }, "accepted")];
    const rows = overlayBatchCommands([dist("d1"), dist("d2", { locked: true })], accepted, ["al1"]);
    expect(rows.map((r) => r._pending?.status ?? null)).toEqual(["accepted", null]);
  });

  it("adds a pending row per imported CSV row of this allocation until the replica holds it", () => {
    const imported = command(3, "bulkAllocation", {
      allocationId: "al1",
      fileName: "cap.csv",
      rows: [
        { id: "n1", email: "ann@x.test", amount: "250", name: "Ann" },
        { id: "d1", email: "old@x.test", amount: "10", name: "" },
      ],
    });
    const other = command(4, "bulkAllocation", { allocationId: "al2", rows: [{ id: "n9", email: "z@x.test" }] });
    const rows = overlayBatchCommands([dist("d1")], [imported, other], ["al1"]);
    expect(rows.map((r) => r.id)).toEqual(["d1", "n1"]);
    expect(rows[1]).toMatchObject({
      allocationId: "al1",
      amount: "250",
      name: "Ann",
      investor: { email: "ann@x.test", name: "Ann" },
      _pending: { status: "pending", mutation: "bulkAllocation" },
    });
    expect(rows[0]?._pending).toBeUndefined();
  });

  it("returns the list itself when no batch command waits", () => {
    const list = [dist("d1")];
    expect(overlayBatchCommands(list, [command(1, "updateDistributionById", { id: "d1", patch: {} })], ["al1"])).toBe(
      list,
    );
  });
});
