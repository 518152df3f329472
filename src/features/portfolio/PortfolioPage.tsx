// /portfolio (spec part 2): the investor's assets, each expandable to its rounds and their holdings and
// distributions, with the status chips Onboarding, Pending and Issued and the 22 columns (9 on by default). Built
// from the local replicas only, so it works offline; layout and density are saved on the device by the DataGrid.
// On a phone the same rows are cards (PortfolioCards.tsx).
//
// This module is the page's frame: heading, introduction and status chips, which need no data. The investments
// (PortfolioData.tsx) load as their own chunk with the local database's code: on a phone's first visit the heading
// paints before RxDB and the grid have arrived (issue 22 item 13), and the loading indicator stands in for the investments.
import { lazy, Suspense, useState } from "react";
import { css, cx } from "../../../styled-system/css";
import { useViewer } from "../../app/viewer.ts";
import { afterFirstScreen } from "../../data/first-screen.ts";
import { INVESTMENT_STAGES, type InvestmentStage } from "../../domain/portfolio-status.ts";
import { Loading } from "../../ui/Loading.tsx";
import { Page, PageHeader } from "../../ui/Page.tsx";
import { SetUpAccountLink } from "../account-setup/index.ts";
import { PORTFOLIO_TEXT } from "./strings.ts";

// Once the page load's first screen (this frame) has painted (first-screen.ts); at once on later navigations.
const loadData = () => afterFirstScreen().then(() => import("./PortfolioData.tsx"));
const PortfolioData = lazy(loadData);
const PortfolioSetUpLink = lazy(() => loadData().then(({ PortfolioSetUpLink }) => ({ default: PortfolioSetUpLink })));

export function PortfolioPage() {
  const { session } = useViewer();
  const [stages, setStages] = useState<InvestmentStage[]>([]);

  return (
    <Page>
      {/* the session's copy of the account's set-up state until the replica's has loaded */}
      <Suspense fallback={session.account?.setup ? null : <SetUpAccountLink />}>
        <PortfolioSetUpLink />
      </Suspense>
      <PageHeader title={PORTFOLIO_TEXT.title}>
        <p className={css({ mt: "1", fontSize: "sm", color: "fg.muted" })}>{PORTFOLIO_TEXT.intro}</p>
      </PageHeader>
      <div
        role="toolbar"
        aria-label={PORTFOLIO_TEXT.filterByStatus}
        className={css({ display: "flex", gap: "2", mb: "4", flexWrap: "wrap" })}
      >
        {INVESTMENT_STAGES.map((stage) => {
          const on = stages.includes(stage);
          return (
            <button
              key={stage}
              type="button"
              aria-pressed={on}
              onClick={() => setStages((previous) => (on ? previous.filter((s) => s !== stage) : [...previous, stage]))}
              className={cx(
                css({
                  h: "8",
                  px: "3.5",
                  borderRadius: "full",
                  borderWidth: "1px",
                  fontSize: "sm",
                  fontWeight: "600",
                  cursor: "pointer",
                }),
                on
                  ? css({ bg: "brand", color: "brand.fg", borderColor: "brand" })
                  : css({ bg: "bg.surface", color: "fg.default", borderColor: "border.strong" }),
              )}
            >
              {stage}
            </button>
          );
        })}
      </div>
      <Suspense fallback={<Loading loading>{null}</Loading>}>
        <PortfolioData stages={stages} />
      </Suspense>
    </Page>
  );
}
