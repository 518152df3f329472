// The pages of one issuer (/issuer/{id}, /broker/{id}) or broker (/distributor/{id}), from the accounts replica:
// name, email, jurisdiction code, website, and a logo when the account has a slug (spec part 1 section 2.12).
import { useMemo } from "react";
import { css } from "../../../styled-system/css";
import { badge } from "../../../styled-system/recipes";
import { useViewer } from "../../app/viewer.ts";
import { useDocument, useModel } from "../../data/hooks.tsx";
import { formatDate, formatNumber } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { AccountAvatar } from "../../ui/AccountAvatar.tsx";
import { Card, EmptyState, Fact, Facts, FramedTable, Loading, Page } from "../../ui/index.ts";
import { ACCOUNTS_TEXT } from "./strings.ts";

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
  // the uploaded logo (issue 35 item 7); the initials where there is none and the account has a slug (spec 2.12)
  const logoUrl = (account as { logoUrl?: string | null } | null | undefined)?.logoUrl ?? null;

  return (
    <Page maxWidth="72rem">
      <Loading loading={account === undefined}>
        {!account ? (
          <EmptyState text={MESSAGES.noneFound} />
        ) : (
          <div className={css({ display: "flex", flexDirection: "column", gap: "6" })}>
            <header className={css({ display: "flex", alignItems: "center", gap: "4" })}>
              {(logoUrl || account.slug) && (
                <AccountAvatar
                  name={account.name}
                  src={logoUrl}
                  size="lg"
                  testId="account-logo"
                  label={ACCOUNTS_TEXT.logo(account.name)}
                />
              )}
              <div>
                <h1 className={css({ fontSize: "2xl", fontWeight: "700", letterSpacing: "-0.015em" })}>
                  {account.name}
                </h1>
                <span className={badge({ tone: "brand" })}>
                  {kind === "issuer" ? ACCOUNTS_TEXT.issuer : ACCOUNTS_TEXT.distributor}
                </span>
              </div>
            </header>
            <Card>
              <Facts columns={4}>
                <Fact label={ACCOUNTS_TEXT.name} testId="account-name">
                  {account.name}
                </Fact>
                <Fact label={ACCOUNTS_TEXT.email} testId="account-email">
                  {account.email ?? "—"}
                </Fact>
                <Fact label={ACCOUNTS_TEXT.jurisdictionCode} testId="account-jurisdiction">
                  {jurisdiction?.alpha3 ?? jurisdiction?.alpha2 ?? "—"}
                </Fact>
                <Fact label={ACCOUNTS_TEXT.website} testId="account-website">
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
              </Facts>
            </Card>
            {kind === "issuer" && (
              <Card title={ACCOUNTS_TEXT.assets}>
                <FramedTable
                  label={ACCOUNTS_TEXT.assets}
                  empty={MESSAGES.noAssets}
                  headers={[
                    ACCOUNTS_TEXT.name,
                    ACCOUNTS_TEXT.type,
                    ACCOUNTS_TEXT.status,
                    ACCOUNTS_TEXT.authorizedTotal,
                  ]}
                  rows={issuerAssets}
                  cells={(asset) => [asset.name, asset.type, asset.status, formatNumber(asset.authorizedTotal)]}
                />
              </Card>
            )}
            {kind === "distributor" && session.account?.type === "issuer" && (
              <Card title={ACCOUNTS_TEXT.roundInvitations}>
                <FramedTable
                  label={ACCOUNTS_TEXT.roundInvitations}
                  empty={MESSAGES.noneFound}
                  headers={[
                    ACCOUNTS_TEXT.round,
                    ACCOUNTS_TEXT.invitation,
                    ACCOUNTS_TEXT.units,
                    ACCOUNTS_TEXT.status,
                    ACCOUNTS_TEXT.sent,
                  ]}
                  rows={brokerInvitations}
                  cells={(invitation) => [
                    roundNames.get(invitation.roundId) ?? "—",
                    invitation.name,
                    formatNumber(invitation.managedUnits),
                    invitation.status,
                    formatDate(invitation.createdOn),
                  ]}
                />
              </Card>
            )}
          </div>
        )}
      </Loading>
    </Page>
  );
}
