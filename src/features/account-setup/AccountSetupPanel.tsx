// Shown instead of the step process while the investor account is not set up (spec part 2, distribution page).
import { Link } from "@tanstack/react-router";
import { css, cx } from "../../../styled-system/css";
import { button, card } from "../../../styled-system/recipes";

export function AccountSetupPanel() {
  return (
    <section
      className={cx(
        card(),
        css({ p: "6", display: "flex", flexDirection: "column", gap: "3", alignItems: "flex-start" }),
      )}
      data-testid="account-setup-panel"
    >
      <h2 className={css({ fontSize: "lg", fontWeight: "700" })}>Set up your account first</h2>
      <p className={css({ fontSize: "sm", color: "fg.muted" })}>
        Before you can complete the onboarding steps of this investment, tell us who is investing: the investor type,
        the account, party and address details, and the attestation.
      </p>
      <Link to="/account/setup" className={button()}>
        Set Up Account
      </Link>
    </section>
  );
}
