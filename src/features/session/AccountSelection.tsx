import { Link } from "@tanstack/react-router";
import { css, cx } from "../../../styled-system/css";
import { badge, card } from "../../../styled-system/recipes";
import { type AccountChoice, selectableAccounts } from "../../domain/account-choice.ts";
import { ACCOUNT_TYPE_LABELS } from "../../domain/accounts.ts";
import { spaceUnderscores } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { withSafeNext } from "../../domain/redirect.ts";
import { AccountAvatar } from "../../ui/AccountAvatar.tsx";
import { EmptyState, Page, PageHeader } from "../../ui/index.ts";
import { ACCOUNT_ROLE_TEXT } from "./strings.ts";

/** The account's uploaded logo, or its initials where it has none (beside its name: decoration for screen readers). */
function AccountLogo({ account }: { account: AccountChoice["account"] }) {
  return <AccountAvatar name={account.name} src={account.logoUrl} size="lg" testId="account-logo" />;
}

/** Picking a card is a full page load: the server selects the account and sends the browser to its home. */
export function AccountSelection({ accounts, roleFilter }: { accounts: AccountChoice[]; roleFilter?: string }) {
  const choices = selectableAccounts(accounts, roleFilter);
  const search = typeof window === "undefined" ? "" : withSafeNext(window.location.search);
  return (
    <Page maxWidth="68rem">
      <PageHeader title={MESSAGES.selectAccountTitle}>
        <p className={css({ color: "fg.muted", fontSize: "sm", mt: "1" })}>{ACCOUNT_ROLE_TEXT.chooseAccount}</p>
      </PageHeader>
      {choices.length === 0 ? (
        <EmptyState text={MESSAGES.noneFound} />
      ) : (
        <ul
          data-testid="account-cards"
          className={css({
            display: "grid",
            gridTemplateColumns: { base: "1fr", sm: "repeat(2, minmax(0, 1fr))", md: "repeat(3, minmax(0, 1fr))" },
            gap: "4",
          })}
        >
          {choices.map((choice) => (
            <li key={choice.id}>
              <a
                href={`/authenticate/role/${encodeURIComponent(choice.account.id)}${search}`}
                data-testid="account-card"
                className={cx(
                  card(),
                  css({
                    display: "flex",
                    alignItems: "center",
                    gap: "4",
                    p: "5",
                    h: "full",
                    textDecoration: "none",
                    color: "fg.default",
                    transition: "border-color 120ms, box-shadow 120ms, transform 120ms",
                    _hover: { borderColor: "navy.200", boxShadow: "popover", transform: "translateY(-1px)" },
                  }),
                )}
              >
                <AccountLogo account={choice.account} />
                <span className={css({ display: "flex", flexDirection: "column", gap: "1.5", minW: 0 })}>
                  <span data-testid="account-name" className={css({ fontWeight: "600", fontSize: "md", lineClamp: 2 })}>
                    {choice.account.name}
                  </span>
                  <span className={css({ display: "flex", gap: "2", flexWrap: "wrap" })}>
                    <span className={badge({ tone: "brand" })} data-testid="account-type">
                      {ACCOUNT_TYPE_LABELS[choice.account.type]}
                    </span>
                    <span className={badge()} data-testid="account-role">
                      {spaceUnderscores(choice.role)}
                    </span>
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className={css({ mt: "8", fontSize: "sm", textAlign: "center" })}>
        <Link to="/account/claim" className={css({ color: "fg.link", fontWeight: "500" })}>
          {MESSAGES.claimLink}
        </Link>
      </p>
    </Page>
  );
}
