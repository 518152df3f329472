// /account/claim?status=...&email_id=... (spec part 2: claim page statuses and resend states).
import { useNavigate, useSearch } from "@tanstack/react-router";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import * as v from "valibot";
import { css } from "../../../styled-system/css";
import { input } from "../../../styled-system/recipes";
import { resendEmail, sendClaimAccountEmail } from "../../data/accounts.ts";
import { graphql, NetworkError } from "../../data/graphql.ts";
import { type ClaimStatus, claimStatus, RESEND_REDIRECT_MS, type ResendState } from "../../domain/claim.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { Button, ButtonLink, ErrorBlock, toast } from "../../ui/index.ts";
import { PublicShell } from "../shell/index.ts";
import { PublicCard } from "./PublicCard.tsx";
import { CLAIM_TEXT } from "./strings.ts";

const EmailSchema = v.pipe(v.string(), v.trim(), v.nonEmpty(MESSAGES.emailRequired), v.email(MESSAGES.emailRequired));

function failureText(error: unknown): string {
  if (error instanceof NetworkError) return MESSAGES.offlineAction;
  const detail = error instanceof Error ? error.message : "";
  return `${MESSAGES.claimUnexpected} ${detail}`.trim();
}

function ClaimCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PublicCard testId="claim" className={css({ maxW: "30rem", p: { base: "6", sm: "10" } })}>
      <h1 className={css({ fontSize: "xl", fontWeight: "700", mb: "4", letterSpacing: "-0.01em" })}>{title}</h1>
      <div className={css({ display: "flex", flexDirection: "column", gap: "4", fontSize: "sm", color: "fg.muted" })}>
        {children}
      </div>
    </PublicCard>
  );
}

function RequestClaim() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<ResendState>("default");
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(EmailSchema, email);
    if (!parsed.success) {
      setError(parsed.issues[0].message);
      return;
    }
    setError(null);
    setState("loading");
    try {
      await sendClaimAccountEmail(parsed.output);
      setState("complete");
    } catch (caught) {
      setState("default");
      setError(failureText(caught));
    }
  };
  if (state === "complete") {
    return (
      <ClaimCard title={CLAIM_TEXT.checkEmail}>
        <p>{CLAIM_TEXT.linkOnItsWay(email)}</p>
      </ClaimCard>
    );
  }
  return (
    <ClaimCard title={CLAIM_TEXT.claimAccount}>
      <p>{CLAIM_TEXT.claimIntro}</p>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className={css({ display: "flex", flexDirection: "column", gap: "3" })}
      >
        <label htmlFor="claim-email" className={css({ fontWeight: "600", color: "fg.default" })}>
          {CLAIM_TEXT.email}
        </label>
        <input
          id="claim-email"
          type="email"
          autoComplete="email"
          className={input()}
          value={email}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        {error && <span className={css({ color: "danger", fontSize: "xs" })}>{error}</span>}
        <Button type="submit" loading={state === "loading"}>
          {CLAIM_TEXT.sendClaimLink}
        </Button>
      </form>
    </ClaimCard>
  );
}

function ExpiredToken({ emailId }: { emailId?: string }) {
  const navigate = useNavigate();
  const [state, setState] = useState<ResendState>("default");
  const [error, setError] = useState<string | null>(null);
  const resend = async () => {
    if (!emailId) return;
    setState("loading");
    setError(null);
    try {
      await resendEmail(emailId);
      setState("complete");
      toast.success(CLAIM_TEXT.newLinkSent);
      setTimeout(() => void navigate({ to: "/login" }), RESEND_REDIRECT_MS);
    } catch (caught) {
      setState("default");
      setError(failureText(caught));
    }
  };
  return (
    <ClaimCard title={MESSAGES.claimLinkExpired}>
      {state === "complete" ? (
        <p role="status">{CLAIM_TEXT.newLinkSent}</p>
      ) : (
        <Button variant="outline" loading={state === "loading"} disabled={!emailId} onClick={() => void resend()}>
          {MESSAGES.claimExpired}
        </Button>
      )}
      {error && <ErrorBlock text={error} />}
    </ClaimCard>
  );
}

const SIGN_IN = (
  <ButtonLink href="/authenticate/login" className={css({ alignSelf: "flex-start" })}>
    {CLAIM_TEXT.signIn}
  </ButtonLink>
);

function ClaimView({ status, emailId }: { status: ClaimStatus; emailId?: string }) {
  switch (status) {
    case "no-token":
      return <RequestClaim />;
    case "expired-token":
      return <ExpiredToken emailId={emailId} />;
    case "invalid-token":
      return (
        <ClaimCard title={CLAIM_TEXT.claimAccount}>
          <ErrorBlock text={MESSAGES.claimInvalid} />
        </ClaimCard>
      );
    case "used":
      return (
        <ClaimCard title={MESSAGES.claimUsed}>
          <p>{CLAIM_TEXT.signInToUse}</p>
          {SIGN_IN}
        </ClaimCard>
      );
    case "complete":
      return <Claimed emailId={emailId} />;
  }
}

const CLAIMED_DELEGATE_INVITATION = /* GraphQL */ `
  query claimedDelegateInvitation($emailId: UUID!) { claimedDelegateInvitation(emailId: $emailId) }
`;

/**
 * The account name when the claimed link was a delegate invitation the signed-in user accepted (0450), else null.
 * Asked only with a mail id, and only right after the claim redirect, when the claimant is signed in.
 */
function useDelegateInvitation(emailId: string | undefined): string | null {
  const [accountName, setAccountName] = useState<string | null>(null);
  useEffect(() => {
    if (!emailId || !/^[0-9a-f-]{36}$/i.test(emailId)) return;
    let live = true;
    graphql<{ claimedDelegateInvitation: string | null }>(CLAIMED_DELEGATE_INVITATION, { emailId })
      .then((data) => live && setAccountName(data.claimedDelegateInvitation))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [emailId]);
  return accountName;
}

function Claimed({ emailId }: { emailId?: string }) {
  const delegateOf = useDelegateInvitation(emailId);
  if (delegateOf) {
    return (
      <ClaimCard title={MESSAGES.delegateInvitationAccepted}>
        <p data-testid="claim-delegate">{MESSAGES.delegateInvitationAccess.replace("{name}", delegateOf)}</p>
        <ButtonLink href="/authenticate/terms-of-service" className={css({ alignSelf: "flex-start" })}>
          {CLAIM_TEXT.continue}
        </ButtonLink>
      </ClaimCard>
    );
  }
  return (
    <ClaimCard title={CLAIM_TEXT.ready}>
      <p>{CLAIM_TEXT.claimed}</p>
      {SIGN_IN}
    </ClaimCard>
  );
}

export function ClaimPage() {
  const search = useSearch({ from: "/account/claim" });
  return (
    <PublicShell>
      <ClaimView status={claimStatus(search.status)} emailId={search.email_id} />
    </PublicShell>
  );
}
