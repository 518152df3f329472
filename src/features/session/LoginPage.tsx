// /login: one button to the server's sign-in page, carrying the current query string (spec part 2, claim/login).
import { useLocation } from "@tanstack/react-router";
import { css } from "../../../styled-system/css";
import { withSafeNext } from "../../domain/redirect.ts";
import { ButtonLink } from "../../ui/Button.tsx";
import { LogoMark, PublicShell } from "../shell/index.ts";
import { PublicCard } from "./PublicCard.tsx";
import { LOGIN_TEXT } from "./strings.ts";

export function LoginPage() {
  const searchStr = withSafeNext(useLocation({ select: (location) => location.searchStr }));
  return (
    <PublicShell>
      <PublicCard
        labelledBy="login-title"
        className={css({ maxW: "26rem", p: { base: "8", sm: "10" }, textAlign: "center" })}
      >
        <div className={css({ display: "inline-flex", p: "2", borderRadius: "xl", bg: "brand", mb: "6" })}>
          <LogoMark size={40} />
        </div>
        <h1 id="login-title" className={css({ fontSize: "2xl", fontWeight: "700", letterSpacing: "-0.02em", mb: "2" })}>
          {LOGIN_TEXT.welcome}
        </h1>
        <p className={css({ color: "fg.muted", fontSize: "sm", mb: "8" })}>{LOGIN_TEXT.intro}</p>
        <ButtonLink href={`/authenticate/login${searchStr}`} size="lg" className={css({ w: "full" })}>
          {LOGIN_TEXT.signIn}
        </ButtonLink>
      </PublicCard>
    </PublicShell>
  );
}
