// /security/{security_id} (spec part 1 section 2.8): breadcrumb Securities > name, the security card and its
// documents; for the issuer and brokers its transfer rules and requests (features/transfers), and for the issuer's
// owners and admins the Corporate action card (features/corporate-actions: split or reverse split).
// From the local replica; a security the device does not hold says so.
import { useMemo } from "react";
import { css } from "../../../styled-system/css";
import { card } from "../../../styled-system/recipes";
import { useViewer } from "../../app/viewer.ts";
import { useDocument, useModel } from "../../data/hooks.tsx";
import { type ListingLike, latestValue, listingName, sortRounds, statusLabel } from "../../domain/assets.ts";
import { formatMoney, formatNumber } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { Breadcrumb, EmptyState, LoadingPage, Page, SyncMark } from "../../ui/index.ts";
import { CorporateActions } from "../corporate-actions/index.ts";
import { DocumentsSection } from "../documents/index.ts";
import { SecurityTransfersCard } from "../transfers/index.ts";
import { SECURITIES_TEXT } from "./strings.ts";

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt
        className={css({
          fontSize: "xs",
          fontWeight: "600",
          color: "fg.muted",
          textTransform: "uppercase",
          letterSpacing: "0.04em",
        })}
      >
        {label}
      </dt>
      <dd
        className={css({
          fontSize: "md",
          fontWeight: "600",
          color: "fg.default",
          mt: "1",
          fontVariantNumeric: "tabular-nums",
        })}
      >
        {value}
      </dd>
    </div>
  );
}

/** "Securities" links to /securities for the account types that may open it (ats, issuer); a broker's is plain text. */
function securitiesCrumb(accountType: string) {
  return accountType === "ats" || accountType === "issuer"
    ? { display: SECURITIES_TEXT.securities, link: "/securities" }
    : { display: SECURITIES_TEXT.securities };
}

export function SecurityPage({ securityId }: { securityId: string }) {
  const viewer = useViewer();
  const security = useDocument("securities", securityId);
  const roundsQuery = useMemo(() => ({ selector: { securityId } }), [securityId]);
  const rounds = useModel("rounds", roundsQuery);
  const issuers = useModel("accounts", { selector: { id: security?.issuerId ?? "" } });
  if (security === undefined) {
    return <LoadingPage />;
  }
  if (security === null) {
    return (
      <Page>
        <Breadcrumb
          items={[securitiesCrumb(viewer.accountType), { display: SECURITIES_TEXT.security, active: true }]}
        />
        <EmptyState text={MESSAGES.noSecurities} />
      </Page>
    );
  }
  const roundNames = sortRounds(rounds.rows).map((round) => `${round.name} (${statusLabel(round.status)})`);
  return (
    <Page>
      <Breadcrumb items={[securitiesCrumb(viewer.accountType), { display: security.name, active: true }]} />
      <section aria-label={SECURITIES_TEXT.security} data-testid="security-card" className={card()}>
        <div
          className={css({
            display: "flex",
            justifyContent: "space-between",
            alignItems: "flex-start",
            gap: "4",
            flexWrap: "wrap",
          })}
        >
          <div>
            <h1 className={css({ fontSize: "2xl", fontWeight: "700", letterSpacing: "-0.015em" })}>
              {security.name}
              <SyncMark mark={security._pending} />
            </h1>
            <p className={css({ color: "fg.muted", fontSize: "sm", mt: "1" })}>{issuers.rows[0]?.name ?? ""}</p>
          </div>
          {(security.symbol || security.ticker) && (
            <span
              className={css({
                fontFamily: "mono",
                fontWeight: "700",
                bg: "brand.subtle",
                color: "brand",
                px: "3",
                py: "1",
                borderRadius: "md",
              })}
            >
              {security.symbol ?? security.ticker}
            </span>
          )}
        </div>
        <dl
          className={css({
            display: "grid",
            gridTemplateColumns: { base: "1fr 1fr", md: "repeat(4, 1fr)" },
            gap: "6",
            mt: "6",
          })}
        >
          <Fact label={SECURITIES_TEXT.totalUnits} value={formatNumber(security.total)} />
          <Fact
            label={SECURITIES_TEXT.latestPrice}
            value={security.unitValue ? formatMoney(security.unitValue) : "—"}
          />
          <Fact
            label={SECURITIES_TEXT.latestValue}
            value={formatMoney(latestValue(security.unitValue, security.total)) || "—"}
          />
          <Fact label={SECURITIES_TEXT.listingExchange} value={listingName(security.listing as ListingLike | null)} />
        </dl>
        {roundNames.length > 0 && (
          <p className={css({ fontSize: "sm", color: "fg.muted", mt: "5" })}>
            {SECURITIES_TEXT.roundsPrefix}
            {roundNames.join(", ")}
          </p>
        )}
      </section>
      <DocumentsSection type="security" targetId={security.id} />
      {(viewer.accountType === "issuer" || viewer.accountType === "broker") && (
        <div className={css({ display: "flex", flexDirection: "column", gap: "5", mt: "6" })}>
          <SecurityTransfersCard securityId={security.id} />
          {viewer.accountType === "issuer" && viewer.canWrite && <CorporateActions securityId={security.id} />}
        </div>
      )}
    </Page>
  );
}
