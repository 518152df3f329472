// Badges: a status label, and the mark of a row touched by a queued or refused command.
import { badge } from "../../styled-system/recipes";

/** What a pending badge needs of a queued command's mark (data/pending.ts PendingMark). */
interface Mark {
  status: "pending" | "accepted" | "rejected";
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

export function StatusBadge({ label }: { label: string }) {
  return <span className={badge({ tone: TONES[label] ?? "neutral" })}>{label}</span>;
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
      className={badge({ tone: rejected ? "danger" : "neutral" })}
      title={rejected ? (mark.errorMessage ?? "Refused") : "Saved on this device; sent when online"}
      data-testid={rejected ? "rejected-mark" : "pending-mark"}
    >
      {rejected ? `Refused: ${mark.errorMessage ?? ""}` : "Pending sync"}
    </span>
  );
}
