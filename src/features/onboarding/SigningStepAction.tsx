// The signing step (type 'signing', schema {mappedSigningTemplateId, signingType}) as the investor sees it. Inline
// with the built-in provider: the document's filled values and the filled PDF to review, consent and a typed name,
// then Sign (a live call: the server fills, signs and stores the PDF and completes the step, which the page follows).
// Shown online, the step is kept on the device (src/data/signing-offline.ts) so that with no network it is signed
// from what the device holds (OfflineSigning.tsx, a queued command; docs/SIGNING.md "Signing offline"); a signature
// the server could not seal because the document changed reopens the step with the reason, shown here.
// Inline with DocuSign: its embedded signing page (POST /api/v2/integration/docusign-link), a link on Safari; it
// needs the network and says so offline. By e-mail: the investor has the link to this step mailed (POST .../send)
// and signs when it is opened; the step completes when the document is signed.
import { useEffect, useState } from "react";
import { css } from "../../../styled-system/css";
import { useHostedSession } from "../../app/hosted-session.ts";
import { useOnline } from "../../app/useOnline.ts";
import { useLocalData } from "../../data/hooks.tsx";
import {
  forgetSigningStep,
  type KeptSigningStep,
  keepSigningStep,
  keptSigningStep,
} from "../../data/signing-offline.ts";
import { isSafari, ONBOARDING_TEXTS, type StepDoc, stepTitle } from "../../domain/onboarding.ts";
import { Spinner } from "../../ui/icons.tsx";
import { Button, ErrorBlock, linkClass } from "../../ui/index.ts";
import {
  type SigningSession,
  sendSigningLink,
  signingSession,
  signingTemplateUrl,
  signStep,
  SIGNING_STEP_TEXT as T,
} from "../signing/index.ts";
import { signingLink } from "./integration.ts";
import { OfflineSigning } from "./OfflineSigning.tsx";
import { ProviderFrame } from "./ProviderFrame.tsx";
import { SignForm } from "./SignForm.tsx";
import { SigningValues } from "./SigningValues.tsx";
import { useStepAnswer } from "./use-step-answer.ts";

const note = css({ fontSize: "sm", color: "fg.muted", p: "4", bg: "bg.subtle", borderRadius: "md" });

export function SigningStepAction({ step }: { step: StepDoc }) {
  const reopened = step.status !== "complete" ? step.outputData?.error : undefined;
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
      {typeof reopened === "string" && reopened && (
        <div data-testid="signing-reopened">
          <ErrorBlock text={reopened} />
        </div>
      )}
      <SigningByConnection step={step} />
    </div>
  );
}

function SigningByConnection({ step }: { step: StepDoc }) {
  const online = useOnline();
  const hosted = useHostedSession();
  const signingType = (step.schema as { signingType?: string } | undefined)?.signingType ?? "inline";
  // in person the document is always signed from what the device keeps, as a queued command naming the session
  // (the live signature is the signed-in user's own); online the device first keeps the current document
  if (hosted) return online ? <HostedSigning step={step} /> : <KeptSigning step={step} />;
  if (!online) return <KeptSigning step={step} />;
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

/** Offline: the step as this device kept it (signed offline), else why it needs the network. */
function KeptSigning({ step }: { step: StepDoc }) {
  const data = useLocalData();
  const [kept, setKept] = useState<KeptSigningStep | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    if (!data) return;
    keptSigningStep(data.userId, data.accountId, step.id)
      .then((found) => live && setKept(found))
      .catch(() => live && setKept(null));
    return () => {
      live = false;
    };
  }, [data, step.id]);
  if (kept === undefined && data) return <Spinner />;
  if (kept?.provider === "builtin" && kept.template) return <OfflineSigning step={step} kept={kept} />;
  return (
    <p className={note} data-testid="step-offline">
      {kept?.provider === "docusign" ? T.offlineDocusign : T.offlineNotKept}
    </p>
  );
}

/** In person and online: keeps the current document on the device, then signs it as offline (KeptSigning). */
function HostedSigning({ step }: { step: StepDoc }) {
  const data = useLocalData();
  const [kept, setKept] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a reopened step (retryCount) keeps the current document again
  useEffect(() => {
    let live = true;
    if (!data) return;
    keepSigningForOffline(data.userId, data.accountId, step.id)
      .catch(() => undefined)
      .finally(() => live && setKept((n) => n + 1));
    return () => {
      live = false;
    };
  }, [data, step.id, step.retryCount]);
  if (kept === 0) return <Spinner />;
  return <KeptSigning key={kept} step={step} />;
}

/**
 * Reads a signing step from the server and keeps it on the device for signing offline (the host's device prepares an
 * in-person session's signing steps this way while online: features/in-person). False when not kept.
 */
export async function keepSigningForOffline(userId: string, accountId: string, stepId: string): Promise<boolean> {
  const session = await signingSession(stepId);
  if (session.signed) return false;
  return keepSession(userId, accountId, stepId, session);
}

function keepSession(userId: string, accountId: string, stepId: string, session: SigningSession) {
  return keepSigningStep(userId, accountId, {
    stepId,
    provider: session.provider,
    documentName: session.documentName,
    fields: session.fields.map((f) => ({ name: f.name, value: f.value, signingDate: Boolean(f.signingDate) })),
    templateSha256: session.templateSha256 ?? null,
    templateUrl: session.provider === "builtin" ? signingTemplateUrl(stepId) : null,
  });
}

/** Online: keeps what the device needs to sign this step offline later (the template file and the values). */
function useKeepForOffline(step: StepDoc, session: SigningSession | null) {
  const data = useLocalData();
  useEffect(() => {
    if (!data || !session) return;
    if (session.signed) {
      forgetSigningStep(data.userId, data.accountId, step.id).catch(() => {});
      return;
    }
    keepSession(data.userId, data.accountId, step.id, session).catch(() => {
      // not kept (storage full, a cut connection): the step then needs the network, and says so offline
    });
  }, [data, session, step.id]);
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
  // a new attempt (retryCount) needs a fresh session
  const { value: session, failed } = useStepAnswer(
    () => signingSession(step.id),
    [step.id, step.retryCount, step.status],
    { retry: true },
  );
  useKeepForOffline(step, session);
  if (failed) return <ErrorBlock text={T.loadError} />;
  if (!session) return <Spinner />;
  if (session.provider === "docusign") return <ProviderSigning step={step} />;
  return <BuiltInSigning step={step} session={session} />;
}

function BuiltInSigning({ step, session }: { step: StepDoc; session: SigningSession }) {
  const data = useLocalData();
  const [signed, setSigned] = useState(session.signed);
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
      <SigningValues fields={session.fields} />
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
        <SignForm
          label={stepTitle(step)}
          onSign={async (typedName) => {
            await signStep(step.id, typedName);
            setSigned(true);
            if (data) forgetSigningStep(data.userId, data.accountId, step.id).catch(() => {});
          }}
        />
      )}
    </div>
  );
}

/** DocuSign's embedded signing page (its recipient view), a link on Safari. */
function ProviderSigning({ step }: { step: StepDoc }) {
  const { value: url, failed } = useStepAnswer(() => signingLink(step.id).then((answer) => answer.link), [step.id]);
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
      <ProviderFrame title={stepTitle(step)} src={url} tall />
      <p className={css({ fontSize: "sm", color: "fg.muted" })}>
        <a href={url} target="_blank" rel="noopener" className={linkClass}>
          {T.openInNewTab}
        </a>{" "}
        {T.opensInNewTab}
      </p>
    </div>
  );
}
