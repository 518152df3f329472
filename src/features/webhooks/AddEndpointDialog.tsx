// Add a webhook endpoint: its address and the events to send. The secret is made on the server, so this needs the
// network (the section is not offered offline); once added, the same dialog shows the secret, this once.

import { type FormEvent, useState } from "react";
import { css } from "../../../styled-system/css";
import { serverRefusalText } from "../../data/graphql.ts";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_URL_TEXT, webhookUrlError } from "../../domain/webhooks.ts";
import {
  Button,
  Checkbox,
  Dialog,
  DialogButtons,
  ErrorBlock,
  FieldError,
  formGrid,
  fullRow,
  mutedText,
  SecretText,
  TextField,
} from "../../ui/index.ts";
import { WEBHOOKS_TEXT } from "./strings.ts";

export function AddEndpointDialog({
  register,
  onClose,
}: {
  register: (url: string, eventTypes: string[]) => Promise<string>;
  /** Closed: `added` says whether an endpoint was added (the list reads again). */
  onClose: (added: boolean) => void;
}) {
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ url?: string; events?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  // the element that opened the dialog, focused again when it closes
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));

  async function save() {
    // the server checks the same (and refuses plain http to this computer in production)
    const urlError = webhookUrlError(url, { allowLoopbackHttp: true });
    const eventsError = events.length === 0 ? WEBHOOK_URL_TEXT.noEvents : undefined;
    if (urlError || eventsError) {
      setErrors({ url: urlError ?? undefined, events: eventsError });
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      setSecret(await register(url.trim(), events));
    } catch (error) {
      setErrors({ form: serverRefusalText(error) });
    } finally {
      setSaving(false);
    }
  }

  const toggle = (type: string) => (checked: boolean) =>
    setEvents((current) => (checked ? [...current, type] : current.filter((t) => t !== type)));
  const close = () => onClose(secret !== null);
  // one dialog from the form to the secret: a second dialog opened as the first closes would lose the focus to the
  // page and close at once
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      title={secret !== null ? WEBHOOKS_TEXT.secretTitle : WEBHOOKS_TEXT.addTitle}
      description={secret !== null ? WEBHOOKS_TEXT.secretDescription : WEBHOOKS_TEXT.addDescription}
      finalFocus={() => (opener?.isConnected ? opener : null)}
      footer={
        secret !== null ? (
          <Button onClick={close}>{WEBHOOKS_TEXT.done}</Button>
        ) : (
          <DialogButtons
            cancelLabel={WEBHOOKS_TEXT.cancel}
            onCancel={close}
            actionLabel={WEBHOOKS_TEXT.save}
            onAction={() => void save()}
            busy={saving}
          />
        )
      }
    >
      {secret !== null ? (
        <SecretText
          secret={secret}
          copyLabel={WEBHOOKS_TEXT.copy}
          copiedLabel={WEBHOOKS_TEXT.copied}
          testId="webhook-secret"
        />
      ) : (
        <form
          noValidate
          className={formGrid}
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            void save();
          }}
        >
          <div className={fullRow}>
            <TextField
              label={WEBHOOKS_TEXT.url}
              kind="url"
              value={url}
              error={errors.url}
              placeholder="https://"
              onValueChange={setUrl}
              autoFocus
            />
          </div>
          <fieldset className={fullRow}>
            <legend className={css({ fontSize: "sm", fontWeight: "600", mb: "2" })}>{WEBHOOKS_TEXT.events}</legend>
            <p className={mutedText}>{WEBHOOKS_TEXT.eventsHint}</p>
            <div
              className={css({
                display: "grid",
                gap: "2",
                mt: "2",
                gridTemplateColumns: { base: "1fr", sm: "repeat(2, minmax(0, 1fr))" },
              })}
            >
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox
                  key={type}
                  checked={events.includes(type)}
                  onChange={toggle(type)}
                  invalid={Boolean(errors.events)}
                >
                  {WEBHOOKS_TEXT.eventLabels[type]}
                </Checkbox>
              ))}
            </div>
            <div className={css({ mt: "3" })}>
              <FieldError text={errors.events} />
            </div>
          </fieldset>
          {errors.form && (
            <div className={fullRow}>
              <ErrorBlock text={errors.form} />
            </div>
          )}
          <button type="submit" hidden />
        </form>
      )}
    </Dialog>
  );
}
