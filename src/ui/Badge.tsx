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

/**
 * The mark of a record touched by a queued command, the same everywhere: "Pending sync" while it waits on this
 * device, "Syncing" once the server accepted it (until its change arrives), "Not saved: <reason>" when refused.
 */
export function SyncMark({ mark }: { mark?: Mark | null }) {
  if (!mark) return null;
  if (mark.status === "rejected") {
    const reason = describeError({ code: mark.errorCode, message: mark.errorMessage });
    return (
      <span
        className={cx(badge({ tone: "danger" }), css({ textTransform: "none", ml: "2" }))}
        title={reason}
        data-testid="rejected-mark"
      >
        Not saved: {reason}
      </span>
    );
  }
  const accepted = mark.status === "accepted";
  return (
    <span
      className={cx(badge({ tone: accepted ? "neutral" : "brand" }), css({ textTransform: "none", ml: "2" }))}
      title={accepted ? "Sent; waiting for the server's copy" : "Saved on this device; sent when online"}
      data-testid="pending-mark"
    >
      {accepted ? "Syncing" : "Pending sync"}
    </span>
  );
}

/** A value as written, in a badge (a signing mapping: 'not mapped' stays lower case, unlike a status badge). */
export function Tag({ text, tone = "neutral" }: { text: string; tone?: "neutral" | "success" }) {
  return <span className={cx(badge({ tone }), css({ textTransform: "none" }))}>{text}</span>;
}
