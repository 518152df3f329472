// The signing step (type 'signing', schema {mappedSigningTemplateId, signingType}) as the investor sees it. Inline
// with the built-in provider: the document's filled values and the filled PDF to review, consent and a typed name,
// then Sign (a live call: the server fills, signs and stores the PDF and completes the step, which the page follows).
// Inline with DocuSign: its embedded signing page (POST /api/v2/integration/docusign-link), a link on Safari. By
// e-mail: the investor has the link to this step mailed (POST .../send) and signs when it is opened; the step
// completes when the document is signed. Signing needs the network.
import { type FormEvent, useEffect, useState } from "react";
import { css } from "../../../styled-system/css";
import { useOnline } from "../../app/useOnline.ts";
import { isSafari, ONBOARDING_TEXTS, type StepDoc, stepTitle } from "../../domain/onboarding.ts";
import { Spinner } from "../../ui/icons.tsx";
import { Button, Checkbox, ErrorBlock, Fact, linkClass, TextField } from "../../ui/index.ts";
import {
  type SigningSession,
  sendSigningLink,
  signingSession,
  signStep,
  SIGNING_STEP_TEXT as T,
} from "../signing/index.ts";
import { signingLink } from "./integration.ts";

const note = css({ fontSize: "sm", color: "fg.muted", p: "4", bg: "bg.subtle", borderRadius: "md" });

export function SigningStepAction({ step }: { step: StepDoc }) {
  const online = useOnline();
  const signingType = (step.schema as { signingType?: string } | undefined)?.signingType ?? "inline";
  if (!online) {
    return (
      <p className={note} data-testid="step-offline">
        {T.needsNetwork}
      </p>
    );
  }
  if (signingType === "email") {
    return (
      <div className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
        <EmailLink step={step} />
        <InlineSigning step={step} />
      </div>
    );
  }
  return <InlineSigning step={step} />;
}

/** E-mail delivery: the link to this step is mailed on request (and the document can be signed here when opened). */
function EmailLink({ step }: { step: StepDoc }) {
  const [state, setState] = useState<"idle" | "sending" | "sent" | "failed">("idle");
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "2", alignItems: "flex-start" })}>
      {state === "sent" ? (
        <p role="status" className={note} data-testid="signing-email">
          {T.emailSent}
        </p>
      ) : (
        <>
          <p className={css({ fontSize: "sm", color: "fg.muted" })}>{T.emailHint}</p>
          <Button
            variant="ghost"
            loading={state === "sending"}
            onClick={() => {
              setState("sending");
              sendSigningLink(step.id)
                .then(() => setState("sent"))
                .catch(() => setState("failed"));
            }}
          >
            {T.sendLink}
          </Button>
        </>
      )}
      {state === "failed" && <ErrorBlock text={ONBOARDING_TEXTS.stepError} />}
    </div>
  );
}

function InlineSigning({ step }: { step: StepDoc }) {
  const [session, setSession] = useState<SigningSession | null>(null);
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (retryCount) needs a fresh session
  useEffect(() => {
    let live = true;
    setFailed(false);
    signingSession(step.id)
      .then((answer) => live && setSession(answer))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [step.id, step.retryCount]);
  if (failed) return <ErrorBlock text={T.loadError} />;
  if (!session) return <Spinner />;
  if (session.provider === "docusign") return <ProviderSigning step={step} />;
  return <BuiltInSigning step={step} session={session} />;
}

/** A field's label without its role ("Investor.name" -> "name"; docs/SIGNING.md field naming). */
function fieldLabel(name: string): string {
  const dot = name.indexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1) : name;
}

function BuiltInSigning({ step, session }: { step: StepDoc; session: SigningSession }) {
  const [consent, setConsent] = useState(false);
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<{ consent?: string; name?: string }>({});
  const [busy, setBusy] = useState(false);
  const [signed, setSigned] = useState(session.signed);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...(consent ? {} : { consent: T.consentRequired }),
      ...(name.trim() ? {} : { name: T.nameRequired }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      await signStep(step.id, name.trim());
      setSigned(true);
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : ONBOARDING_TEXTS.stepError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4" })} data-testid="signing-step">
      <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
        {session.documentName !== stepTitle(step) && (
          <h3 className={css({ fontWeight: "600" })}>{session.documentName}</h3>
        )}
        {session.documentUrl && (
          <a href={session.documentUrl} target="_blank" rel="noopener" className={linkClass}>
            {T.review}
          </a>
        )}
      </div>
      {session.fields.length > 0 && (
        <dl
          className={css({
            display: "grid",
            gap: "3",
            gridTemplateColumns: { base: "1fr", md: "1fr 1fr" },
            p: "4",
            bg: "bg.subtle",
            borderRadius: "md",
          })}
          data-testid="signing-values"
        >
          {session.fields.map((field) => (
            <Fact key={field.name} label={fieldLabel(field.name)}>
              {field.value || "—"}
            </Fact>
          ))}
        </dl>
      )}
      {signed ? (
        <div role="status" className={note} data-testid="signing-signed">
          {T.signed}{" "}
          {session.signedDocumentUrl && (
            <a href={session.signedDocumentUrl} target="_blank" rel="noopener" className={linkClass}>
              {T.download}
            </a>
          )}
        </div>
      ) : (
        <form
          noValidate
          onSubmit={onSubmit}
          aria-label={stepTitle(step)}
          className={css({ display: "flex", flexDirection: "column", gap: "4" })}
        >
          <div className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
            <Checkbox
              checked={consent}
              name="consent"
              invalid={Boolean(errors.consent)}
              onChange={(checked) => {
                setConsent(checked);
                setErrors(({ consent: _dropped, ...rest }) => rest);
              }}
            >
              {T.consent}
            </Checkbox>
            {errors.consent && (
              <p className={css({ fontSize: "xs", color: "danger", fontWeight: "500" })} role="alert">
                {errors.consent}
              </p>
            )}
          </div>
          <TextField
            label={T.typedName}
            name="typedName"
            autoComplete="name"
            value={name}
            error={errors.name}
            className={css({ maxW: "24rem" })}
            onValueChange={(value) => {
              setName(value);
              setErrors(({ name: _dropped, ...rest }) => rest);
            }}
          />
          {error && <ErrorBlock text={error} />}
          <div>
            <Button type="submit" loading={busy}>
              {busy ? T.signing : T.sign}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

/** DocuSign's embedded signing page (its recipient view), a link on Safari. */
function ProviderSigning({ step }: { step: StepDoc }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    signingLink(step.id)
      .then((answer) => live && setUrl(answer.link))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [step.id]);
  if (failed) return <ErrorBlock text={T.loadError} />;
  if (!url) return <Spinner />;
  if (isSafari(navigator.userAgent)) {
    return (
      <p className={css({ fontSize: "sm" })}>
        {ONBOARDING_TEXTS.safariIframe}{" "}
        <a href={url} target="_blank" rel="noopener" className={linkClass}>
          {T.open}
        </a>
      </p>
    );
  }
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "2" })} data-testid="signing-provider">
      <iframe
        title={stepTitle(step)}
        src={url}
        className={css({
          w: "full",
          h: "36rem",
          borderWidth: "1px",
          borderColor: "border.default",
          borderRadius: "md",
          bg: "bg.surface",
        })}
      />
      <p className={css({ fontSize: "sm", color: "fg.muted" })}>
        <a href={url} target="_blank" rel="noopener" className={linkClass}>
          {T.openInNewTab}
        </a>{" "}
        {T.opensInNewTab}
      </p>
    </div>
  );
}
