// Footer (spec part 1 section 2.3): copyright with the current year, Terms, Privacy Policy, and a Support Center link
// that differs for investors.
import { css } from "../../../styled-system/css";
import type { AccountType } from "../../domain/accounts.ts";
import { EXTERNAL_LINKS } from "../../domain/links.ts";
import { supportUrl } from "../../domain/nav.ts";
import { SHELL_TEXT } from "./strings.ts";

const linkClass = css({
  color: "fg.muted",
  textDecoration: "none",
  // a 24 px tall target (WCAG 2.5.8)
  display: "inline-flex",
  alignItems: "center",
  minH: "6",
  _hover: { color: "fg.default", textDecoration: "underline" },
});

export function Footer({ type }: { type?: AccountType }) {
  const year = new Date().getFullYear();
  return (
    <footer className={css({ borderTopWidth: "1px", borderColor: "border.default", bg: "bg.surface", mt: "auto" })}>
      <div
        className={css({
          display: "flex",
          flexDirection: { base: "column", sm: "row" },
          alignItems: { base: "flex-start", sm: "center" },
          justifyContent: "space-between",
          gap: "3",
          px: { base: "4", md: "8" },
          py: "5",
          maxW: "100rem",
          mx: "auto",
          fontSize: "sm",
          color: "fg.muted",
        })}
      >
        <span>{SHELL_TEXT.copyright(year)}</span>
        <nav aria-label={SHELL_TEXT.legalAndSupport} className={css({ display: "flex", gap: "6", flexWrap: "wrap" })}>
          <a className={linkClass} href={EXTERNAL_LINKS.terms} target="_blank" rel="noreferrer">
            {SHELL_TEXT.terms}
          </a>
          <a className={linkClass} href={EXTERNAL_LINKS.privacy} target="_blank" rel="noreferrer">
            {SHELL_TEXT.privacyPolicy}
          </a>
          <a
            className={linkClass}
            href={supportUrl(type)}
            target="_blank"
            rel="noreferrer"
            data-testid="support-center"
          >
            {SHELL_TEXT.supportCenter}
          </a>
        </nav>
      </div>
    </footer>
  );
}
