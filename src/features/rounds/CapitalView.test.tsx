// Capital Management's Incoming Capital with a distribution that came by transfer (docs/CLIENT.md "Round page totals"):
// the row is listed and marked, owes nothing, and the COMMITTED and EXPECTED figures are the round's own sales only.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { RoundDoc } from "../../data/models/index.ts";
import type { Distribution } from "../allocations/index.ts";
import { BY_TRANSFER_TEXT } from "../allocations/index.ts";
import { CapitalView } from "./CapitalView.tsx";

const round = { id: "r1", name: "Seed", price: "2", capitalDeployments: [] } as unknown as RoundDoc;
const distribution = (id: string, name: string, amount: string, byTransfer: boolean) =>
  ({
    id,
    allocationId: "a1",
    investorId: `i-${id}`,
    amount,
    status: "open",
    byTransfer,
    paidInCapital: "0",
    investor: { id: `i-${id}`, name },
    allocation: { id: "a1", name: "Seed Allocation", roundId: "r1" },
  }) as unknown as Distribution;

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const stat = (html: string, testId: string) =>
  text(html.match(new RegExp(`data-testid="${testId}"[^>]*>(.*?)</div></div>`))?.[1] ?? "");

describe("Incoming Capital with a distribution by transfer", () => {
  it("marks it, shows nothing owed on it and leaves it out of the figures", () => {
    const sold = distribution("d1", "Avery Chen", "1000", false);
    const transferred = distribution("d2", "Noor Patel", "250", true);
    const before = renderToStaticMarkup(<CapitalView round={round} holdings={[]} distributions={[sold]} />);
    const after = renderToStaticMarkup(<CapitalView round={round} holdings={[]} distributions={[sold, transferred]} />);
    expect(stat(after, "incoming-committed")).toBe(stat(before, "incoming-committed"));
    expect(stat(after, "incoming-committed")).toContain("$2,000.00");
    expect(stat(after, "incoming-expected")).toContain("$2,000.00");
    const rows = [...after.matchAll(/<tr>(.*?)<\/tr>/g)].map(([, row]) => text(row ?? "").trim());
    const noor = rows.find((row) => row.includes("Noor Patel"));
    expect(noor).toContain(`${BY_TRANSFER_TEXT.mark} · ${BY_TRANSFER_TEXT.noPayment}`);
    expect(noor).toContain("250");
    expect(noor).not.toContain("$500.00");
    expect(rows.find((row) => row.includes("Avery Chen"))).not.toContain(BY_TRANSFER_TEXT.mark);
  });
});
