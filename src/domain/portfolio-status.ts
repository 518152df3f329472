// How an investment's stage reads (spec part 2 section 4): an open distribution is Onboarding, a closed one Pending,
// a holding Issued; locked distributions are history (their holding stands for them) and are left out.
// A drafted distribution (invited, onboarding not opened yet) reads as Onboarding too: the investor's next action is
// the onboarding process.

export type InvestmentStage = "Onboarding" | "Pending" | "Issued";

export const INVESTMENT_STAGES: readonly InvestmentStage[] = ["Onboarding", "Pending", "Issued"];

export function distributionStage(distribution: { status: string; locked?: boolean | null }): InvestmentStage | null {
  if (distribution.locked) return null;
  return distribution.status === "closed" ? "Pending" : "Onboarding";
}

export function stageTone(stage: InvestmentStage): "brand" | "neutral" | "success" {
  return stage === "Issued" ? "success" : stage === "Pending" ? "neutral" : "brand";
}
