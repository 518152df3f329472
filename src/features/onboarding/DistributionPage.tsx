// /distribution/{distribution_id} (spec part 2, distribution page): breadcrumb Investor Onboarding, the invest card
// in view mode on the left, and on the right the step process when the investor account is set up, otherwise the
// account setup. Everything comes from the local replicas (the process travels inside the distribution document),
// so the page renders offline and follows the server live. Offline, a step whose completion waits in the outbox counts
// as done (withQueuedDone), so the investor goes on to the next one; while online the process's signing steps are kept
// on the device (useKeepSigningSteps), so a step never shown online can still be signed with no network. A
// distribution a transfer request made for its transferee says so, with no total and no payment to make.
import { useMemo } from "react";
import { css } from "../../../styled-system/css";
import { useOnline } from "../../app/useOnline.ts";
import { useDocument, useModel } from "../../data/hooks.tsx";
import { processOfDistribution } from "../../data/models/steps.ts";
import { totalValue } from "../../domain/capital.ts";
import { toString as decimalText } from "../../domain/decimal.ts";
import { withQueuedDone } from "../../domain/onboarding.ts";
import { distributionStage, stageTone } from "../../domain/portfolio-status.ts";
import { Breadcrumb, EmptyState, Loading, Page } from "../../ui/index.ts";
import { AccountSetupPanel, useAccountSetUp } from "../account-setup/index.ts";
import { InvestCard } from "../invest/index.ts";
import { InvestorPayment, PaymentTargetContext } from "../payments/index.ts";
import { StepProcess } from "./StepProcess.tsx";
import { ONBOARDING_PAGE_TEXT } from "./strings.ts";
import { useKeepSigningSteps } from "./use-keep-signing-steps.ts";
import { useStepCommands } from "./use-step-commands.ts";

/** useDocument needs an id to query (an undefined selector value breaks the query): this one matches nothing. */
const NO_ID = "-";

export function DistributionPage({ distributionId }: { distributionId: string }) {
  const distribution = useDocument("distributions", distributionId);
  const round = useDocument("rounds", distribution?.allocation?.roundId ?? NO_ID);
  const asset = useDocument("assets", round?.assetId ?? NO_ID);
  const issuer = useDocument("accounts", asset?.issuerId ?? NO_ID);
  const setUp = useAccountSetUp();
  const online = useOnline();
  const queued = useStepCommands();
  const byTransfer = useModel(
    "transfers",
    useMemo(() => ({ selector: { onboardingDistributionId: distributionId } }), [distributionId]),
  ).rows[0];
  const stored = processOfDistribution(distribution);
  const process = useMemo(
    () => (stored && !online ? withQueuedDone(stored, queued) : stored),
    [stored, online, queued],
  );
  useKeepSigningSteps(setUp ? (stored?.steps ?? []) : []);
  const price = distribution?.purchasePrice ?? round?.price ?? null;
  const stage = distribution ? distributionStage(distribution) : null;
  // the payment is a step of the process where the offering was mapped before onboarding ended; otherwise (and
  // after the step, e.g. to pay again after a refund) a card
  const payment = distribution
    ? {
        distributionId: distribution.id,
        units: distribution.amount,
        price,
        payments: (distribution.payments ?? []) as { amount: string; status?: string | null }[],
      }
    : null;
  const paymentStepOpen = process?.steps.some((s) => s.type === "payment" && s.status !== "complete") ?? false;

  return (
    <Page>
      <Breadcrumb items={[{ display: ONBOARDING_PAGE_TEXT.investorOnboarding, active: true }]} />
      {/* The breadcrumb shows the page's name; its h1 is for screen readers and heading navigation. */}
      <h1 className={css({ srOnly: true })}>{ONBOARDING_PAGE_TEXT.heading(asset?.name, round?.name)}</h1>
      <Loading loading={distribution === undefined}>
        {distribution === null ? (
          <EmptyState text={ONBOARDING_PAGE_TEXT.notOnDevice} />
        ) : distribution ? (
          <div
            className={css({
              display: "flex",
              flexDirection: { base: "column", md: "row" },
              gap: "6",
              alignItems: "flex-start",
            })}
          >
            <InvestCard
              issuerName={issuer?.name ?? distribution.allocation?.name}
              assetName={asset?.name}
              className={round?.name}
              price={price}
              units={distribution.amount}
              total={price && !byTransfer ? decimalText(totalValue(distribution.amount, price)) : null}
              status={
                stage
                  ? { label: stage, tone: stageTone(stage) }
                  : { label: ONBOARDING_PAGE_TEXT.issued, tone: "success" }
              }
            >
              {byTransfer && (
                <p className={css({ fontSize: "sm", color: "fg.muted" })} data-testid="invest-by-transfer">
                  {ONBOARDING_PAGE_TEXT.byTransfer(byTransfer.requesterName ?? "")}
                </p>
              )}
            </InvestCard>
            <div className={css({ flex: "1", minW: 0, w: "full" })}>
              {setUp ? (
                process ? (
                  <div className={css({ display: "flex", flexDirection: "column", gap: "6" })}>
                    <PaymentTargetContext.Provider value={payment}>
                      <StepProcess
                        process={process}
                        onboarding={stage === "Onboarding"}
                        finished={byTransfer ? ONBOARDING_PAGE_TEXT.finishedByTransfer : ONBOARDING_PAGE_TEXT.finished}
                      />
                    </PaymentTargetContext.Provider>
                    {!distribution.locked && !paymentStepOpen && !byTransfer && payment && (
                      <InvestorPayment {...payment} />
                    )}
                  </div>
                ) : (
                  <EmptyState text={ONBOARDING_PAGE_TEXT.stepsNotSynced} />
                )
              ) : (
                <AccountSetupPanel />
              )}
            </div>
          </div>
        ) : null}
      </Loading>
    </Page>
  );
}
