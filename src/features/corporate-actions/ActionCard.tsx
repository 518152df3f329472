// What the split, redemption and conversion cards share: the card with its description, the last queued action's
// status and the chain note; the two steps (the form with its Preview button, then the preview with Confirm and
// Change); and the confirmation that queues the command, says so and goes back to the form.
import { type ReactNode, useState } from "react";
import { css } from "../../../styled-system/css";
import { useOnline } from "../../app/useOnline.ts";
import type { PendingEntry } from "../../data/pending-lists.ts";
import { Button, Card, FieldError, mutedText, toast } from "../../ui/index.ts";
import { ActionStatus } from "./ActionStatus.tsx";

/** The texts every action card has (CORPORATE_ACTIONS_TEXT, REDEMPTION_TEXT, CONVERSION_TEXT). */
export interface ActionTexts {
  card: string;
  description: string;
  waiting: string;
  onChain: string;
  preview: string;
  confirm: string;
  back: string;
  queued: string;
  queuedOffline: string;
}

export function ActionCard({
  text,
  testId,
  entries,
  onChain,
  children,
}: {
  text: ActionTexts;
  testId: string;
  /** This card's queued actions (the last one's status shows). */
  entries: readonly PendingEntry[];
  /** The security is tokenized: the action also goes to the chain. */
  onChain: boolean;
  children: ReactNode;
}) {
  return (
    <Card title={text.card} testId={testId}>
      <p className={mutedText}>{text.description}</p>
      <ActionStatus entries={entries} waiting={text.waiting} />
      {onChain ? <p className={mutedText}>{text.onChain}</p> : null}
      {children}
    </Card>
  );
}

const step = css({ display: "flex", flexDirection: "column", gap: "4", mt: "4" });

/** The first step: the action's fields, the reason it cannot be previewed, and Preview. */
export function ActionForm({
  text,
  error,
  onPreview,
  children,
}: {
  text: ActionTexts;
  error: string | null;
  onPreview: () => void;
  children: ReactNode;
}) {
  return (
    <div className={step}>
      {children}
      <FieldError text={error ?? undefined} />
      <div>
        <Button onClick={onPreview}>{text.preview}</Button>
      </div>
    </div>
  );
}

/** The second step: what the action does to each holding, then Confirm (queues the draft with `send`) or Change
 * (back to the form). */
export function ActionPreview<Draft>({
  text,
  title,
  action,
  send,
  disabled,
  children,
}: {
  text: ActionTexts;
  title?: string;
  action: ActionDraft<Draft>;
  send: (draft: Draft) => Promise<unknown>;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={step}>
      {title && <h3 className={css({ fontWeight: "600" })}>{title}</h3>}
      {children}
      <div className={css({ display: "flex", gap: "3" })}>
        <Button onClick={() => void action.confirm(send)} loading={action.saving} disabled={disabled}>
          {text.confirm}
        </Button>
        <Button variant="outline" onClick={() => action.setDraft(null)}>
          {text.back}
        </Button>
      </div>
    </div>
  );
}

/** The previewed draft and its confirmation: `confirm(send)` queues the draft's command, toasts that it is saved
 * (sent now or when back online) and clears the draft. */
export interface ActionDraft<Draft> {
  draft: Draft | null;
  setDraft: (draft: Draft | null) => void;
  saving: boolean;
  confirm: (send: (draft: Draft) => Promise<unknown>) => Promise<void>;
}

export function useActionDraft<Draft>(text: ActionTexts): ActionDraft<Draft> {
  const online = useOnline();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const confirm = async (send: (draft: Draft) => Promise<unknown>) => {
    if (!draft) return;
    setSaving(true);
    try {
      await send(draft);
      toast.success(online ? text.queued : text.queuedOffline);
      setDraft(null);
    } finally {
      setSaving(false);
    }
  };
  return { draft, setDraft, saving, confirm };
}
