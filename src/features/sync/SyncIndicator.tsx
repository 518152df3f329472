// The top bar's sync status: online or offline, changes waiting, the last successful sync, first-sync progress and
// rejected changes, with a review dialog where each rejected change can be resent or discarded, and, when its kind has
// a form (editors.tsx), edited: the form opens with the values sent and the reason, and sends a corrected command.
// The files still on the device are listed by name with their change (or on their own), a refused one with its reason
// and Try again / Choose another file (QueuedFileLine.tsx).
import { useEffect, useState } from "react";
import { css, cx } from "../../../styled-system/css";
import { discardQueuedFile, useQueuedFiles } from "../../data/file-hooks.ts";
import { useLocalData, useOutbox } from "../../data/hooks.tsx";
import type { OutboxCommand } from "../../data/models/index.ts";
import { useSyncStatus } from "../../data/use-sync-status.ts";
import { describeCommand } from "../../domain/commands/strings.ts";
import { formatDate } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { type SyncTone, syncSummary } from "../../domain/sync-status.ts";
import { OfflineIcon, Spinner } from "../../ui/icons.tsx";
import { Button, Dialog, EmptyState } from "../../ui/index.ts";
import { topBarPill } from "../../ui/top-bar-pill.ts";
import { commandEditor, commandInput } from "./editors.tsx";
import { QueuedFileLine, withFileNames } from "./QueuedFileLine.tsx";
import { SYNC_STATUS_TEXT, SYNC_TEXT } from "./strings.ts";

const TONES: Record<SyncTone, { bg: string; color: string }> = {
  ok: { bg: "rgba(255,255,255,0.12)", color: "white" },
  busy: { bg: "rgba(255,255,255,0.18)", color: "white" },
  offline: { bg: "#fbbf24", color: "#0f172a" },
  attention: { bg: "#fca5a5", color: "#450a0a" },
};

/** Re-renders every 30 s so "5 min ago" stays true. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function SyncIndicator() {
  const status = useSyncStatus();
  const now = useNow();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<OutboxCommand | null>(null);
  const summary = syncSummary(status, now);
  const Editor = editing ? commandEditor(editing.mutation)?.Form : null;
  const tone = TONES[summary.tone];
  return (
    <span role="status" className={css({ display: "inline-flex", flexShrink: 0 })}>
      <button
        type="button"
        onClick={() => setOpen(true)}
        data-testid="sync-status"
        data-tone={summary.tone}
        title={summary.detail}
        aria-label={SYNC_TEXT.ariaLabel(summary.label, summary.detail)}
        className={cx(
          topBarPill,
          css({
            cursor: "pointer",
            whiteSpace: "nowrap",
            _focusVisible: { outline: "2px solid white", outlineOffset: "2px" },
          }),
        )}
        style={{ background: tone.bg, color: tone.color }}
      >
        {summary.tone === "offline" && <OfflineIcon width={14} height={14} />}
        {summary.tone === "busy" && <Spinner size={12} />}
        {summary.label}
      </button>
      <SyncReview
        open={open}
        onOpenChange={setOpen}
        detail={summary.detail}
        // the form opens over the review (closing the review first would hand focus back to the top bar's button,
        // which the new dialog takes as a dismissal); the review then shows the corrected change waiting
        onEdit={setEditing}
      />
      {editing && Editor && <Editor command={editing} onClose={() => setEditing(null)} />}
    </span>
  );
}

/** The hint under a rejected change that has a form (editors.tsx). */
const EDIT_HINT = SYNC_TEXT.editHint;

const STATUS_TEXT = SYNC_STATUS_TEXT;

function SyncReview({
  open,
  onOpenChange,
  detail,
  onEdit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  detail: string;
  /** opens the command's form (commandEditor) */
  onEdit: (command: OutboxCommand) => void;
}) {
  const data = useLocalData();
  const { rows } = useOutbox();
  const [busy, setBusy] = useState<string | null>(null);
  const visible = rows.filter((command) => command.status !== "accepted");
  const files = useQueuedFiles();
  const filesOf = (key: string) => files.filter((file) => file.commandKey === key);
  const shownKeys = new Set(visible.map((command) => command.id));
  const filesOnTheirOwn = files.filter((file) => !file.commandKey || !shownKeys.has(file.commandKey));
  const act = async (command: OutboxCommand, action: "resend" | "discard") => {
    if (!data) return;
    setBusy(command.id);
    try {
      if (action === "resend") await data.outbox.resend(command.id);
      else {
        // its files go with it (their space freed), so none is left holding a command that is gone
        for (const file of files.filter((queued) => queued.commandKey === command.id)) await discardQueuedFile(file.id);
        await data.outbox.discard(command.id);
      }
    } finally {
      setBusy(null);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={SYNC_TEXT.title} description={detail}>
      {visible.length === 0 && filesOnTheirOwn.length === 0 ? (
        <EmptyState text={MESSAGES.syncNothingWaiting} />
      ) : (
        <ul
          aria-label={SYNC_TEXT.changesNotYetApplied}
          className={css({ display: "flex", flexDirection: "column", gap: "3", mt: "2" })}
        >
          {visible.map((command) => (
            <li
              key={command.id}
              data-testid="outbox-command"
              data-status={command.status}
              className={css({ borderWidth: "1px", borderColor: "border", borderRadius: "md", p: "3", fontSize: "sm" })}
            >
              <div className={css({ display: "flex", justifyContent: "space-between", gap: "3" })}>
                <strong data-testid="outbox-command-title">
                  {describeCommand(command.mutation, withFileNames(command.variables, filesOf(command.id)))}
                </strong>
                <span className={css({ color: command.status === "rejected" ? "red.700" : "fg.muted" })}>
                  {STATUS_TEXT[command.status] ?? command.status}
                </span>
              </div>
              {commandEditor(command.mutation) && (
                <div data-testid="outbox-command-summary" className={css({ mt: "1", overflowWrap: "anywhere" })}>
                  {commandEditor(command.mutation)?.summary(commandInput(command))}
                </div>
              )}
              <div className={css({ color: "fg.muted", mt: "1" })}>
                {SYNC_TEXT.madePrefix}
                {formatDate(command.createdOn, "MMM Do YYYY")}
              </div>
              {filesOf(command.id).map((file) => (
                <QueuedFileLine key={file.id} file={file} />
              ))}
              {command.status === "rejected" && (
                <>
                  <p role="alert" className={css({ mt: "2", color: "red.800" })}>
                    {command.errorMessage ?? MESSAGES.defaultError}
                  </p>
                  <p className={css({ mt: "1", color: "fg.muted" })}>
                    {commandEditor(command.mutation) ? EDIT_HINT : MESSAGES.syncFixHint}
                  </p>
                  <div className={css({ display: "flex", gap: "2", mt: "2", justifyContent: "flex-end" })}>
                    <Button
                      size="sm"
                      variant="outline"
                      loading={busy === command.id}
                      onClick={() => act(command, "discard")}
                    >
                      {SYNC_TEXT.discard}
                    </Button>
                    <Button
                      size="sm"
                      variant={commandEditor(command.mutation) ? "outline" : undefined}
                      loading={busy === command.id}
                      onClick={() => act(command, "resend")}
                    >
                      {SYNC_TEXT.resend}
                    </Button>
                    {commandEditor(command.mutation) && (
                      <Button size="sm" disabled={busy === command.id} onClick={() => onEdit(command)}>
                        {SYNC_TEXT.edit}
                      </Button>
                    )}
                  </div>
                </>
              )}
            </li>
          ))}
          {filesOnTheirOwn.map((file) => (
            <li
              key={file.id}
              aria-label={SYNC_TEXT.filesOnTheirOwn}
              className={css({ borderWidth: "1px", borderColor: "border", borderRadius: "md", p: "3", fontSize: "sm" })}
            >
              <QueuedFileLine file={file} />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
