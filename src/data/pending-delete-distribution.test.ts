// Removing an investor from a distribution while offline (issue 35, item 4): deleteDistributionById is a queued
// command whose effect is the distributions read model's row marked deleted, so the allocation's list leaves it out
// (use-allocation.ts) until the server's answer; a refused removal keeps the row with its mark and reason.
import { describe, expect, it } from "vitest";
import { assertCommand } from "../domain/commands/catalogue.ts";
import { describeCommand } from "../domain/commands/strings.ts";
import type { OutboxCommand } from "./models/outbox.ts";
import { outboxCommand } from "./outbox/fixture.ts";
import { commandEffect, overlayPending } from "./pending.ts";

const ID = "00000000-0000-4000-8000-000000000d01";
const OTHER = "00000000-0000-4000-8000-000000000d02";

function removal(status: string, error: string | null = null): OutboxCommand {
  return outboxCommand({
    id: "00000000-0000-4000-8000-0000000000c1",
    mutation: "deleteDistributionById",
    variables: { input: { id: ID } },
    status,
    errorCode: error ? "LL409" : null,
    errorMessage: error,
  });
}

const rows = [
  { id: ID, allocationId: "al", name: "Ann Lee", amount: "100" },
  { id: OTHER, allocationId: "al", name: "Bo Li", amount: "50" },
];

describe("deleteDistributionById on the device", () => {
  it("is a catalogue command taking the distribution's id, said as what the user did", () => {
    expect(() => assertCommand("deleteDistributionById", { input: { id: ID } })).not.toThrow();
    expect(() => assertCommand("deleteDistributionById", { input: { id: 5 } })).toThrow();
    expect(describeCommand("deleteDistributionById", { input: { id: ID } })).toBe(
      "Remove an investor from a distribution",
    );
  });

  it("marks the distribution deleted while it waits, and nothing else", () => {
    expect(commandEffect(removal("pending"))).toEqual({ model: "distributions", id: ID, kind: "delete", fields: {} });
    const shown = overlayPending("distributions", rows, [removal("pending")]);
    expect(shown.find((row) => row.id === ID)?._pending).toMatchObject({ deleted: true, status: "pending" });
    expect(shown.find((row) => row.id === OTHER)?._pending).toBeUndefined();
    // The allocation's list (use-allocation.ts) leaves out a removal that is not refused.
    const listed = shown.filter((row) => !(row._pending?.deleted && row._pending.status !== "rejected"));
    expect(listed.map((row) => row.id)).toEqual([OTHER]);
  });

  it("brings a refused removal back with the server's reason", () => {
    const reason = "Cannot delete Ann Lee from this distribution: a payment has been made.";
    const shown = overlayPending("distributions", rows, [removal("rejected", reason)]);
    const row = shown.find((candidate) => candidate.id === ID);
    expect(row?._pending).toMatchObject({ deleted: true, status: "rejected", errorMessage: reason });
    const listed = shown.filter((r) => !(r._pending?.deleted && r._pending.status !== "rejected"));
    expect(listed.map((r) => r.id)).toEqual([ID, OTHER]);
  });
});
