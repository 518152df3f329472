// Shown instead of the step process while the investor account is not set up (spec part 2, distribution page):
// the account setup form itself, so the investor can continue straight into onboarding.
import { css } from "../../../styled-system/css";
import { AccountSetupForm } from "./AccountSetupForm.tsx";
import { ACCOUNT_SETUP_TEXT } from "./strings.ts";

export function AccountSetupPanel() {
  return (
    <section data-testid="account-setup-panel" className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
      <header>
        <h2 className={css({ fontSize: "xl", fontWeight: "700" })}>{ACCOUNT_SETUP_TEXT.setUpYourAccount}</h2>
        <p className={css({ fontSize: "sm", color: "fg.muted", mt: "1" })}>{ACCOUNT_SETUP_TEXT.panelIntro}</p>
      </header>
      <AccountSetupForm />
    </section>
  );
}
