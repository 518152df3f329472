// The pages of one issuer (/issuer/{id}, /broker/{id}) or broker (/distributor/{id}), from the accounts replica:
// name, email, jurisdiction code, website, and a logo when the account has a slug (spec part 1 section 2.12).
import { useMemo } from "react";
import { css } from "../../../styled-system/css";
import { avatar, badge } from "../../../styled-system/recipes";
import { useDocument, useModel } from "../../data/hooks.tsx";
import { formatDate, formatNumber, initials } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { Card, EmptyState, Fact, Loading, Page, tableStyles } from "../../ui/index.ts";
import { useViewer } from "../session/viewer.ts";

type Jurisdiction = { alpha2?: string; alpha3?: string; name?: string } | null | undefined;

export function AccountPage({ accountId, kind }: { accountId: string; kind: "issuer" | "distributor" }) {
  const account = useDocument("accounts", accountId);
  const assets = useModel("assets");
  const invitations = useModel("broker_allocations");
  const rounds = useModel("rounds");
  const { session } = useViewer();
  const issuerAssets = useMemo(
    () => assets.rows.filter((asset) => asset.issuerId === accountId),
    [assets.rows, accountId],
  );
  const brokerInvitations = useMemo(
    () => invitations.rows.filter((row) => row.brokerId === accountId),
    [invitations.rows, accountId],
  );
  const roundNames = useMemo(() => new Map(rounds.rows.map((round) => [round.id, round.name])), [rounds.rows]);
  const jurisdiction = (account as { jurisdiction?: Jurisdiction } | null | undefined)?.jurisdiction;

  return (
    <Page maxWidth="72rem">
      <Loading loading={account === undefined}>
        {!account ? (
          <EmptyState text={MESSAGES.noneFound} />
        ) : (
          <div className={css({ display: "flex", flexDirection: "column", gap: "6" })}>
            <header className={css({ display: "flex", alignItems: "center", gap: "4" })}>
              {account.slug && (
                <span
                  className={avatar({ size: "lg" })}
                  data-testid="account-logo"
                  title={`${account.name} (${account.slug})`}
                  role="img"
                  aria-label={`${account.name} logo`}
                >
                  {initials(account.name)}
                </span>
              )}
              <div>
                <h1 className={css({ fontSize: "2xl", fontWeight: "700", letterSpacing: "-0.015em" })}>
                  {account.name}
                </h1>
                <span className={badge({ tone: "brand" })}>{kind === "issuer" ? "Issuer" : "Distributor"}</span>
              </div>
            </header>
            <Card>
              <dl
                className={css({
                  display: "grid",
                  gap: "5",
                  gridTemplateColumns: { base: "1fr", md: "repeat(4, minmax(0, 1fr))" },
                })}
              >
                <Fact label="Name" testId="account-name">
                  {account.name}
                </Fact>
                <Fact label="Email" testId="account-email">
                  {account.email ?? "—"}
                </Fact>
                <Fact label="Jurisdiction code" testId="account-jurisdiction">
                  {jurisdiction?.alpha3 ?? jurisdiction?.alpha2 ?? "—"}
                </Fact>
                <Fact label="Website" testId="account-website">
                  {account.url ? (
                    <a
                      href={account.url}
                      target="_blank"
                      rel="noreferrer noopener"
                      className={css({ color: "fg.link", fontWeight: "600" })}
                    >
                      {account.url.replace(/^https?:\/\//, "")}
                    </a>
                  ) : (
                    "—"
                  )}
                </Fact>
              </dl>
            </Card>
            {kind === "issuer" && (
              <Card title="Assets">
                {issuerAssets.length === 0 ? (
                  <EmptyState text={MESSAGES.noAssets} />
                ) : (
                  <table className={tableStyles.table}>
                    <thead>
                      <tr>
                        <th className={tableStyles.th}>Name</th>
                        <th className={tableStyles.th}>Type</th>
                        <th className={tableStyles.th}>Status</th>
                        <th className={tableStyles.th}>Authorized total</th>
                      </tr>
                    </thead>
                    <tbody>
                      {issuerAssets.map((asset) => (
                        <tr key={asset.id}>
                          <td className={tableStyles.td}>{asset.name}</td>
                          <td className={tableStyles.td}>{asset.type}</td>
                          <td className={tableStyles.td}>{asset.status}</td>
                          <td className={tableStyles.td}>{formatNumber(asset.authorizedTotal)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </Card>
            )}
            {kind === "distributor" && session.account?.type === "issuer" && (
              <Card title="Round invitations">
                {brokerInvitations.length === 0 ? (
                  <EmptyState text={MESSAGES.noneFound} />
                ) : (
                  <table className={tableStyles.table}>
                    <thead>
                      <tr>
                        <th className={tableStyles.th}>Round</th>
                        <th className={tableStyles.th}>Invitation</th>
                        <th className={tableStyles.th}>Units</th>
                        <th className={tableStyles.th}>Status</th>
                        <th className={tableStyles.th}>Sent</th>
                      </tr>
                    </thead>
                    <tbody>
                      {brokerInvitations.map((invitation) => (
                        <tr key={invitation.id}>
                          <td className={tableStyles.td}>{roundNames.get(invitation.roundId) ?? "—"}</td>
                          <td className={tableStyles.td}>{invitation.name}</td>
                          <td className={tableStyles.td}>{formatNumber(invitation.managedUnits)}</td>
                          <td className={tableStyles.td}>{invitation.status}</td>
                          <td className={tableStyles.td}>{formatDate(invitation.createdOn)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </Card>
            )}
          </div>
        )}
      </Loading>
    </Page>
  );
}
