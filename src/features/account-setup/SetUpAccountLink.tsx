import { Link } from "@tanstack/react-router";
import { css, cx } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { ACCOUNT_SETUP_TEXT } from "./strings.ts";

/** The "Set Up Account" call to action shown to investors whose setup is not done (spec part 1 section 2.6). */
export function SetUpAccountLink() {
  return (
    <div
      data-testid="setup-link"
      className={css({
        display: "flex",
        alignItems: "center",
        justifyContent: "space-between",
        gap: "4",
        flexWrap: "wrap",
        p: "4",
        mb: "6",
        borderRadius: "card",
        bg: "brand.subtle",
        borderWidth: "1px",
        borderColor: "brand.muted",
      })}
    >
      <p className={css({ fontSize: "sm", fontWeight: "500" })}>{ACCOUNT_SETUP_TEXT.notSetUp}</p>
      <Link to="/account/setup" className={cx(button({ size: "sm" }))}>
        {ACCOUNT_SETUP_TEXT.setUpAccountLink}
      </Link>
    </div>
  );
}
