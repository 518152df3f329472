// Badges: a status label, and the mark of a row touched by a queued or refused command.
import { css, cx } from "../../styled-system/css";
import { badge } from "../../styled-system/recipes";
import { describeError } from "../domain/errors.ts";

/** What a pending badge needs of a queued command's mark (data/pending.ts PendingMark). */
interface Mark {
  status: "pending" | "accepted" | "rejected";
  errorCode?: string | null;
  errorMessage?: string | null;
}

const TONES: Record<string, "neutral" | "brand" | "success" | "danger"> = {
  Issued: "success",
  Active: "success",
  Open: "brand",
  Onboarding: "brand",
  Pending: "neutral",
  Closed: "neutral",
  Stale: "danger",
};

/** A record's status (its stored value) -> tone, for the assets, securities and documents tables. */
function statusTone(status: string): "neutral" | "brand" | "success" | "danger" {
  if (status === "active" || status === "uploaded") return "success";
  if (status === "failed") return "danger";
  if (status === "closed") return "brand";
  return "neutral";
}

/** A status label; its tone from the stored `status` when given, else from the label. */
export function StatusBadge({ label, status }: { label: string; status?: string }) {
  const tone = status === undefined ? (TONES[label] ?? "neutral") : statusTone(status);
  return <span className={badge({ tone })}>{label}</span>;
}

/** "Pending" while a queued write waits for the server, "Syncing" once accepted; the reason when it was rejected. */
export function PendingBadge({ mark }: { mark: Mark | undefined }) {
  if (!mark || mark.status === "accepted") {
    return mark ? <span className={badge({ tone: "neutral" })}>Syncing</span> : null;
  }
  if (mark.status === "rejected") {
    return (
      <span className={badge({ tone: "danger" })} title={mark.errorMessage ?? undefined} data-testid="rejected">
        Rejected{mark.errorMessage ? `: ${mark.errorMessage}` : ""}
      </span>
    );
  }
  return (
    <span className={badge({ tone: "brand" })} data-testid="pending">
      Pending
    </span>
  );
}

/** The compact mark the workspace's detail screens use: "Pending sync", or "Refused: <reason>". */
export function PendingTag({ mark }: { mark?: Mark | null }) {
  if (!mark) return null;
  const rejected = mark.status === "rejected";
  return (
    <span
      className={cx(
        badge({ tone: rejected ? "danger" : "neutral" }),
        // The server's message as written (not capitalised word by word); a wrapped message reads as a box.
        rejected ? css({ textTransform: "none", borderRadius: "md" }) : undefined,
      )}
      title={rejected ? (mark.errorMessage ?? "Refused") : "Saved on this device; sent when online"}
      data-testid={rejected ? "rejected-mark" : "pending-mark"}
    >
      {rejected ? `Refused: ${mark.errorMessage ?? ""}` : "Pending sync"}
    </span>
  );
}

/** The assets, securities and documents tables' mark: "Pending", or "Not saved" with the reason. */
export function PendingNote({ mark }: { mark: Mark | undefined }) {
  if (!mark || mark.status === "accepted") return null;
  if (mark.status === "rejected") {
    return (
      <span
        data-testid="row-rejected"
        className={cx(badge({ tone: "danger" }), css({ textTransform: "none", ml: "2" }))}
        title={describeError({ code: mark.errorCode, message: mark.errorMessage })}
      >
        Not saved: {describeError({ code: mark.errorCode, message: mark.errorMessage })}
      </span>
    );
  }
  return (
    <span data-testid="row-pending" className={cx(badge({ tone: "neutral" }), css({ textTransform: "none", ml: "2" }))}>
      Pending
    </span>
  );
}
