// The distributions report's rows (the grid and its CSV): a distribution that came by transfer says so beside its
// status (docs/CLIENT.md "Round page totals"); any other keeps its status alone.
import { describe, expect, it } from "vitest";
import type { Distribution } from "../allocations/index.ts";
import { distributionRow } from "./DistributionsPage.tsx";

const distribution = (byTransfer: boolean) =>
  ({
    id: "d1",
    allocationId: "a1",
    investorId: "i1",
    amount: "250",
    status: "open",
    byTransfer,
    investor: { id: "i1", name: "Noor Patel", email: "noor@example.test" },
  }) as unknown as Distribution;

describe("distributions report rows", () => {
  it("mark a distribution by transfer in its status", () => {
    const plain = distributionRow(distribution(false), true).status;
    expect(plain).not.toContain("By transfer");
    expect(distributionRow(distribution(true), true).status).toBe(`${plain} · By transfer`);
  });
});
