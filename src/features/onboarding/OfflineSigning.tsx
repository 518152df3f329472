// A built-in signing step signed with no network (docs/SIGNING.md "Signing offline"): the document kept on the device
// (src/data/signing-offline.ts: the template file, readable, and the values it will carry, dated today), consent and
// the typed name, then the signature is queued as signStepOffline with the fingerprint of exactly what was shown
// (src/domain/signing-fingerprint.ts) and the device's time. The server seals it on reconnect, or reopens the step
// with the reason when the document changed meanwhile. StepAction shows the queued signature while it waits.
import { useEffect, useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { useHostedSession } from "../../app/hosted-session.ts";
import { useCommand, useLocalData } from "../../data/hooks.tsx";
import { forgetSigningStep, type KeptSigningStep } from "../../data/signing-offline.ts";
import { type StepDoc, stepTitle } from "../../domain/onboarding.ts";
import { sha256Hex, signingDate, signingFingerprint } from "../../domain/signing-fingerprint.ts";
import { linkClass } from "../../ui/index.ts";
import { SIGNING_STEP_TEXT as T } from "../signing/index.ts";
import { SignForm } from "./SignForm.tsx";
import { SigningValues } from "./SigningValues.tsx";

const note = css({ fontSize: "sm", color: "fg.muted", p: "4", bg: "bg.subtle", borderRadius: "md" });

/** The values as the document will carry them when signed at `moment` (its date fields dated then). */
function valuesAt(kept: KeptSigningStep, moment: Date): Record<string, string> {
  return Object.fromEntries(kept.fields.map((f) => [f.name, f.signingDate ? signingDate(moment) : f.value]));
}

export function OfflineSigning({ step, kept }: { step: StepDoc; kept: KeptSigningStep }) {
  const command = useCommand();
  // in an in-person session the signature is the investor's, hosted by the signed-in user (the server checks both)
  const hosted = useHostedSession();
  const data = useLocalData();
  const [shownAt] = useState(() => new Date());
  const shown = useMemo(() => valuesAt(kept, shownAt), [kept, shownAt]);
  const documentUrl = useMemo(() => (kept.template ? URL.createObjectURL(kept.template) : null), [kept.template]);
  useEffect(() => () => (documentUrl ? URL.revokeObjectURL(documentUrl) : undefined), [documentUrl]);

  async function sign(typedName: string) {
    if (!kept.template) return;
    // the date fields read today's date when shown; signed on another day they carry that day, shown again here
    const signedAt = new Date();
    const fieldValues = signingDate(signedAt) === signingDate(shownAt) ? shown : valuesAt(kept, signedAt);
    const templateHash = await sha256Hex(await kept.template.arrayBuffer());
    await command("signStepOffline", {
      input: {
        stepId: step.id,
        fingerprint: await signingFingerprint(templateHash, fieldValues),
        templateHash,
        fieldValues,
        typedName,
        consent: true,
        signedAtDevice: signedAt.toISOString(),
        ...(hosted ? { sessionId: hosted.id } : {}),
      },
    });
    // the host's device keeps no investor's document once it is signed (signing again reads it afresh, online)
    if (hosted && data) await forgetSigningStep(data.userId, data.accountId, step.id).catch(() => undefined);
  }

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4" })} data-testid="signing-offline">
      <p className={note} role="status">
        {T.offlineIntro}
      </p>
      <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
        {kept.documentName !== stepTitle(step) && <h3 className={css({ fontWeight: "600" })}>{kept.documentName}</h3>}
        {documentUrl && (
          <a href={documentUrl} target="_blank" rel="noopener" className={linkClass}>
            {T.offlineDocument}
          </a>
        )}
      </div>
      <SigningValues
        label={T.offlineValues}
        fields={kept.fields.map((f) => ({ name: f.name, value: shown[f.name] ?? "" }))}
      />
      <SignForm label={stepTitle(step)} onSign={sign} />
    </div>
  );
}
