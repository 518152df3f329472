// What the investor does on the current step, by step type: custom and button steps confirm, form and
// encrypted_form steps are checked field by field (the same rules the server applies) and sent as a command, link,
// iframe and async_iframe steps are completed at their provider (the built-in local provider by default) and need
// the network. A completion waiting in the outbox, or refused by the server, shows here.
import { createContext, type FormEvent, type ReactNode, useContext, useEffect, useState } from "react";
import { css } from "../../../styled-system/css";
import { useOnline } from "../../app/useOnline.ts";
import { MESSAGES } from "../../domain/messages.ts";
import {
  asyncIframeError,
  formBlob,
  formErrors,
  isSafari,
  KNOWN_STEP_TYPES,
  ONBOARDING_TEXTS,
  type StepDoc,
  sortedFields,
  stepTitle,
} from "../../domain/onboarding.ts";
import { isQuestionSetStep } from "../../domain/questions.ts";
import { Spinner } from "../../ui/icons.tsx";
import { Button, ErrorBlock, toast } from "../../ui/index.ts";
import { AccreditationStepAction } from "../accreditation/index.ts";
import { PaymentStepAction } from "../payments/index.ts";
import { InvestReadyAction } from "./InvestReadyAction.tsx";
import { asyncCredential, asyncIframeUrl, LOCAL_STEP_MESSAGE_SOURCE, signingLink } from "./integration.ts";
import { ProviderFrame } from "./ProviderFrame.tsx";
import { ProviderLink } from "./ProviderLink.tsx";
import { QuestionSetStepAction } from "./QuestionSetStepAction.tsx";
import { SigningStepAction } from "./SigningStepAction.tsx";
import { StepFields, useStepValues } from "./StepFields.tsx";
import { STEP_ACTION_TEXT } from "./strings.ts";
import { useStepAnswer } from "./use-step-answer.ts";
import { type StepCommand, useCompleteStep, useDiscardStepCommand } from "./use-step-commands.ts";

interface ActionProps {
  step: StepDoc;
  hasChildren: boolean;
  command: StepCommand | undefined;
}

export function StepAction({ step, hasChildren, command }: ActionProps) {
  const online = useOnline();
  const discard = useDiscardStepCommand();
  const waiting =
    command && (command.status === "pending" || (command.status === "accepted" && step.status !== "complete"));
  if (waiting) {
    return (
      <div
        role="status"
        data-testid="step-queued"
        className={css({
          display: "flex",
          alignItems: "center",
          gap: "3",
          p: "4",
          bg: "bg.subtle",
          borderRadius: "md",
          fontSize: "sm",
        })}
      >
        {online ? <Spinner /> : null}
        {online ? STEP_ACTION_TEXT.submitting : STEP_ACTION_TEXT.savedOffline}
      </div>
    );
  }
  const rejected = command?.status === "rejected" ? command : undefined;
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
      {rejected && (
        <div className={css({ display: "flex", flexDirection: "column", gap: "2" })} data-testid="step-rejected">
          <ErrorBlock text={rejected.errorMessage || ONBOARDING_TEXTS.stepError} />
          <div>
            <Button size="sm" variant="ghost" onClick={() => discard(rejected.key)}>
              {STEP_ACTION_TEXT.discard}
            </Button>
          </div>
        </div>
      )}
      <ActionByType step={step} hasChildren={hasChildren} command={rejected} />
    </div>
  );
}

/**
 * A preview (the admin's form definitions, features/admin): submitting hands the answers here instead of sending
 * completeStep, so the form is shown and checked exactly as an investor sees it and nothing is sent.
 */
export const StepPreviewContext = createContext<((blob: Record<string, unknown>) => void) | null>(null);

function useSubmit(step: StepDoc, hasChildren: boolean, rejected: StepCommand | undefined) {
  const complete = useCompleteStep();
  const preview = useContext(StepPreviewContext);
  const [busy, setBusy] = useState(false);
  async function submit(blob: Record<string, unknown>) {
    setBusy(true);
    try {
      if (preview) preview(blob);
      else await complete(step, hasChildren, blob, rejected);
    } catch {
      toast.step("error", ONBOARDING_TEXTS.stepError);
    } finally {
      setBusy(false);
    }
  }
  return { busy, submit };
}

function ActionByType({ step, hasChildren, command }: ActionProps) {
  if (!KNOWN_STEP_TYPES.includes(step.type)) {
    return <p className={css({ fontSize: "sm", color: "fg.muted" })}>{ONBOARDING_TEXTS.unknownType}</p>;
  }
  if (isQuestionSetStep(step)) {
    return <QuestionSetStepAction step={step} hasChildren={hasChildren} command={command} />;
  }
  switch (step.type) {
    case "form":
    case "encrypted_form":
      return <FormAction step={step} hasChildren={hasChildren} command={command} />;
    case "link":
      return <LinkAction step={step} />;
    case "iframe":
      return <IframeAction step={step} />;
    case "async_iframe":
      return <AsyncIframeAction step={step} />;
    case "signing":
      return <SigningStepAction step={step} />;
    case "payment":
      return <PaymentStepAction step={step} />;
    case "accreditation":
      return <AccreditationStepAction step={step} provider={<InvestReadyAction stepId={step.id} />} />;
    default:
      return <ConfirmAction step={step} hasChildren={hasChildren} command={command} />;
  }
}

/** custom and button steps: disclosures (custom), then one button with the schema's label. */
function ConfirmAction({ step, hasChildren, command }: ActionProps) {
  const { busy, submit } = useSubmit(step, hasChildren, command);
  const disclosures = step.schema?.disclosures ?? [];
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4", alignItems: "flex-start" })}>
      {disclosures.length > 0 && (
        <ul
          className={css({
            display: "flex",
            flexDirection: "column",
            gap: "2",
            fontSize: "sm",
            color: "fg.muted",
            pl: "5",
            listStyle: "disc",
          })}
        >
          {disclosures.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      <Button onClick={() => submit({})} loading={busy}>
        {step.schema?.text || STEP_ACTION_TEXT.continue}
      </Button>
    </div>
  );
}

function FormAction({ step, hasChildren, command }: ActionProps) {
  const { busy, submit } = useSubmit(step, hasChildren, command);
  const fields = sortedFields(step.schema);
  const { values, errors, setErrors, set } = useStepValues(() =>
    Object.fromEntries(Object.entries(command?.blob ?? {}).map(([key, value]) => [key, String(value ?? "")])),
  );
  const secret = step.type === "encrypted_form";

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = formErrors(step.schema, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await submit(formBlob(step.schema, values));
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={stepTitle(step)}
      className={css({ display: "flex", flexDirection: "column", gap: "4" })}
    >
      {secret && <p className={css({ fontSize: "xs", color: "fg.muted" })}>{STEP_ACTION_TEXT.secretHint}</p>}
      <StepFields fields={fields} values={values} errors={errors} set={set} secret={secret} />
      <div>
        <Button type="submit" loading={busy}>
          {step.schema?.text || STEP_ACTION_TEXT.submit}
        </Button>
      </div>
    </form>
  );
}

/**
 * The provider's address for a step, fetched while online; `unavailable` is what the step shows instead while offline
 * (the offline notice) or once the address was refused (the step's error), null otherwise.
 */
function useProviderUrl(step: StepDoc, kind: "link" | "async"): { url: string | null; unavailable: ReactNode } {
  const online = useOnline();
  // a new attempt after a failure (retryCount) needs a fresh address
  const { value: url, failed } = useStepAnswer(
    () =>
      kind === "link"
        ? signingLink(step.id).then((answer) => answer.link)
        : asyncCredential(step.id).then(asyncIframeUrl),
    [step.id, step.retryCount, kind],
    { when: online },
  );
  const unavailable = !online ? <OfflineNotice /> : failed ? <ErrorBlock text={ONBOARDING_TEXTS.stepError} /> : null;
  return { url, unavailable };
}

function OfflineNotice() {
  return (
    <p
      className={css({ fontSize: "sm", color: "fg.muted", p: "4", bg: "bg.subtle", borderRadius: "md" })}
      data-testid="step-offline"
    >
      {MESSAGES.offlineAction}
    </p>
  );
}

function LinkAction({ step }: { step: StepDoc }) {
  const { url, unavailable } = useProviderUrl(step, "link");
  if (unavailable) return unavailable;
  return (
    <ProviderLink
      href={url}
      note={STEP_ACTION_TEXT.opensInNewTab}
      className={css({ display: "flex", flexDirection: "column", gap: "3", alignItems: "flex-start" })}
    >
      {step.schema?.text || STEP_ACTION_TEXT.open}
    </ProviderLink>
  );
}

function IframeAction({ step }: { step: StepDoc }) {
  const { url, unavailable } = useProviderUrl(step, "link");
  if (unavailable) return unavailable;
  if (isSafari(navigator.userAgent)) {
    return (
      <p className={css({ fontSize: "sm" })}>
        {ONBOARDING_TEXTS.safariIframe}{" "}
        {url && (
          <a
            href={url}
            target="_blank"
            rel="noopener"
            className={css({ color: "fg.link", textDecoration: "underline" })}
          >
            Open {stepTitle(step)}
          </a>
        )}
      </p>
    );
  }
  return url ? <ProviderFrame title={stepTitle(step)} src={url} /> : <Spinner />;
}

function AsyncIframeAction({ step }: { step: StepDoc }) {
  const { url, unavailable } = useProviderUrl(step, "async");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as { source?: string; event?: string; reason?: string | null } | null;
      if (data?.source !== LOCAL_STEP_MESSAGE_SOURCE) return;
      if (data.event === "error") setError(asyncIframeError(data.reason ?? STEP_ACTION_TEXT.inTheVerification));
      if (data.event === "loading" || data.event === "change") setError(null);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);
  if (unavailable) return unavailable;
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
      {error && <ErrorBlock text={error} />}
      {url ? <ProviderFrame title={stepTitle(step)} src={url} /> : <Spinner />}
    </div>
  );
}
