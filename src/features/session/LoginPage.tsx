// /login: one button to the server's sign-in page, carrying the current query string (spec part 2, claim/login).
import { useLocation } from "@tanstack/react-router";
import { css, cx } from "../../../styled-system/css";
import { card } from "../../../styled-system/recipes";
import { withSafeNext } from "../../domain/redirect.ts";
import { ButtonLink } from "../../ui/Button.tsx";
import { LogoMark, PublicShell } from "../shell/index.ts";
import { LOGIN_TEXT } from "./strings.ts";

export function LoginPage() {
  const searchStr = withSafeNext(useLocation({ select: (location) => location.searchStr }));
  return (
    <PublicShell>
      <div
        className={css({ flex: 1, display: "flex", alignItems: "center", justifyContent: "center", px: "4", py: "16" })}
      >
        <section
          aria-labelledby="login-title"
          className={cx(
            card(),
            css({
              w: "full",
              maxW: "26rem",
              borderRadius: "xl",
              p: { base: "8", sm: "10" },
              textAlign: "center",
            }),
          )}
        >
          <div className={css({ display: "inline-flex", p: "2", borderRadius: "xl", bg: "brand", mb: "6" })}>
            <LogoMark size={40} />
          </div>
          <h1
            id="login-title"
            className={css({ fontSize: "2xl", fontWeight: "700", letterSpacing: "-0.02em", mb: "2" })}
          >
            {LOGIN_TEXT.welcome}
          </h1>
          <p className={css({ color: "fg.muted", fontSize: "sm", mb: "8" })}>{LOGIN_TEXT.intro}</p>
          <ButtonLink href={`/authenticate/login${searchStr}`} size="lg" className={css({ w: "full" })}>
            {LOGIN_TEXT.signIn}
          </ButtonLink>
        </section>
      </div>
    </PublicShell>
  );
}
