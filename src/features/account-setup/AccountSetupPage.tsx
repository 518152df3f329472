// /account/setup (spec part 1 section 2.6): titled Account Setup, at most 60rem wide. Investors whose setup is done
// read "Thank you for setting up your account!"; other account types have nothing to set up here.
import { Link } from "@tanstack/react-router";
import { css, cx } from "../../../styled-system/css";
import { card } from "../../../styled-system/recipes";
import { useViewer } from "../../app/viewer.ts";
import { useDocument } from "../../data/hooks.tsx";
import { isSetUp } from "../../domain/account-setup.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { Page, PageHeader } from "../../ui/index.ts";
import { AccountSetupForm } from "./AccountSetupForm.tsx";
import { ACCOUNT_SETUP_TEXT } from "./strings.ts";

function SetupThanks() {
  return (
    <div
      className={cx(
        card(),
        css({ p: "8", textAlign: "center", display: "flex", flexDirection: "column", gap: "3", alignItems: "center" }),
      )}
      data-testid="setup-thanks"
    >
      <p className={css({ fontSize: "lg", fontWeight: "700" })}>{MESSAGES.setupThanks}</p>
      <Link to="/portfolio" className={css({ color: "fg.link", fontWeight: "600", textDecoration: "underline" })}>
        {ACCOUNT_SETUP_TEXT.goToPortfolio}
      </Link>
    </div>
  );
}

/** The account's setup flag: the replica's copy (live), else the session's. */
export function useAccountSetUp(): boolean {
  const { session } = useViewer();
  const account = useDocument("accounts", session.account?.id ?? "-");
  return isSetUp(account?.setup ?? session.account?.setup);
}

export function AccountSetupPage() {
  const { session } = useViewer();
  const setUp = useAccountSetUp();
  return (
    <Page maxWidth="60rem">
      <PageHeader title={ACCOUNT_SETUP_TEXT.accountSetup}>
        {!setUp && session.account?.type === "investor" && (
          <p className={css({ mt: "1", fontSize: "sm", color: "fg.muted" })}>{ACCOUNT_SETUP_TEXT.pageIntro}</p>
        )}
      </PageHeader>
      {session.account?.type !== "investor" ? (
        <p className={cx(card(), css({ p: "6", fontSize: "sm" }))}>{ACCOUNT_SETUP_TEXT.investorAccountsOnly}</p>
      ) : setUp ? (
        <SetupThanks />
      ) : (
        <AccountSetupForm />
      )}
    </Page>
  );
}
