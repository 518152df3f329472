// The signer's consent and typed name, then Sign: the same form online (the live signature) and offline (the queued
// signature, docs/SIGNING.md "Signing offline"). onSign gets the typed name, trimmed; its failure text shows here.
import { type FormEvent, useState } from "react";
import { css } from "../../../styled-system/css";
import { ONBOARDING_TEXTS } from "../../domain/onboarding.ts";
import { Button, Checkbox, ErrorBlock, TextField } from "../../ui/index.ts";
import { SIGNING_STEP_TEXT as T } from "../signing/index.ts";

export function SignForm({ label, onSign }: { label: string; onSign: (typedName: string) => Promise<void> }) {
  const [consent, setConsent] = useState(false);
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<{ consent?: string; name?: string }>({});
  const [busy, setBusy] = useState(false);
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
      await onSign(name.trim());
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : ONBOARDING_TEXTS.stepError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={label}
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
  );
}
