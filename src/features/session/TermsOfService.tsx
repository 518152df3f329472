// Pending terms (spec part 1 section 2.5): HTML agreements are sanitized before rendering, others are plain text.
import DOMPurify from "dompurify";
import { useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { card } from "../../../styled-system/recipes";
import { acceptTerms } from "../../data/accounts.ts";
import { NetworkError } from "../../data/graphql.ts";
import type { PendingTerms } from "../../domain/account-choice.ts";
import { describeError } from "../../domain/errors.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { Button, ErrorBlock, Page, PageHeader } from "../../ui/index.ts";
import { ACCOUNT_ROLE_TEXT } from "./strings.ts";

export function TermsOfService({ terms }: { terms: PendingTerms }) {
  const [accepting, setAccepting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const html = useMemo(
    () => (terms.type === "html" ? DOMPurify.sanitize(terms.agreement, { USE_PROFILES: { html: true } }) : null),
    [terms],
  );
  const agree = async () => {
    setAccepting(true);
    setError(null);
    try {
      await acceptTerms(terms.id);
      window.location.assign("/authenticate/terms-of-service");
    } catch (caught) {
      setAccepting(false);
      setError(
        caught instanceof NetworkError
          ? MESSAGES.offlineAction
          : describeError(caught as { code?: string; message?: string }),
      );
    }
  };
  return (
    <Page maxWidth="52rem">
      <PageHeader title={ACCOUNT_ROLE_TEXT.termsOfService}>
        <p className={css({ color: "fg.muted", fontSize: "sm", mt: "1" })}>{ACCOUNT_ROLE_TEXT.termsIntro}</p>
      </PageHeader>
      <article
        data-testid="terms-agreement"
        className={`${card()} ${css({ maxH: "60vh", overflowY: "auto", fontSize: "sm", lineHeight: "1.7", "& p": { mb: "3" }, "& h1, & h2, & h3": { fontWeight: "700", mb: "2", mt: "4" }, "& ul": { listStyle: "disc", pl: "6", mb: "3" } })}`}
      >
        {html !== null ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify above
          <div dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <div className={css({ whiteSpace: "pre-wrap" })}>{terms.agreement}</div>
        )}
      </article>
      {error && (
        <div className={css({ mt: "4" })}>
          <ErrorBlock text={error} />
        </div>
      )}
      <div className={css({ display: "flex", justifyContent: "flex-end", mt: "6" })}>
        <Button size="lg" loading={accepting} onClick={() => void agree()}>
          {MESSAGES.agree}
        </Button>
      </div>
    </Page>
  );
}
