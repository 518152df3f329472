// The transfer requests a screen shows: the stored `transfers` documents (a holding's, with the transfer it came by,
// a security's, or all of them) with this device's queued commands applied: a request not yet applied appears as a row with its
// mark (one the server refused as Refused, promising no units), a queued decision or cancellation marks its row (the
// buttons go until the server answers).
import { useMemo } from "react";
import { useModel } from "../../data/hooks.tsx";
import type { TransferDoc } from "../../data/models/index.ts";
import type { PendingMark } from "../../data/pending.ts";
import { usePending } from "../../data/pending-hooks.ts";
import type { TransferRow } from "./TransferTable.tsx";

const text = (value: unknown) => (typeof value === "string" ? value : "");

export function useTransfers(
  /** a holding's, a security's, or every request on the device (the transfer agent's page: its securities' only) */
  filter: { holdingId: string } | { securityId: string } | Record<string, never>,
  /** who asks for the queued requests (this device's account) */
  requesterName = "",
): {
  rows: TransferRow[];
  docs: TransferDoc[];
  loading: boolean;
} {
  const query = useMemo(() => ({ selector: filter, sort: [{ createdOn: "desc" as const }] }), [filter]);
  const { rows: requested, loading } = useModel("transfers", query);
  const holdingId = "holdingId" in filter ? filter.holdingId : undefined;
  // a holding that came by a transfer shows that transfer too: its transferee reads it there
  const incomingQuery = useMemo(
    () => ({ selector: { newHoldingId: holdingId ?? "-" }, sort: [{ createdOn: "desc" as const }] }),
    [holdingId],
  );
  const incoming = useModel("transfers", incomingQuery);
  const docs = useMemo(() => {
    const own = new Set(requested.map((doc) => doc.id));
    return [...requested, ...incoming.rows.filter((doc) => !own.has(doc.id))];
  }, [requested, incoming.rows]);
  const requests = usePending("holding.transfers", holdingId);
  const decisions = usePending("security.transfers");
  const rows = useMemo(() => {
    const marks = new Map<string, PendingMark>();
    for (const entry of [...requests, ...decisions]) {
      if (!entry.id || entry.op === "add") continue;
      // a later decision the server took replaces an earlier one it refused (a lock-up since lifted)
      if (entry.mark.status === "accepted") marks.delete(entry.id);
      else marks.set(entry.id, entry.mark);
    }
    const stored = new Set(docs.map((doc) => doc.id));
    const queued: TransferRow[] = requests
      .filter((entry) => entry.op === "add" && entry.id && !stored.has(entry.id))
      .map((entry) => ({
        id: entry.id ?? "",
        requesterName,
        units: text(entry.row?.units),
        pricePerUnit: text(entry.row?.pricePerUnit) || null,
        transfereeName: text(entry.row?.transfereeEmail),
        // refused by the server on arrival: it promises no units (availableUnits counts open requests only)
        status: entry.mark.status === "rejected" ? "refused" : "open",
        mark: entry.mark,
      }));
    return [
      ...queued,
      ...docs.map((doc) => ({
        id: doc.id,
        requestedOn: doc.requestedOn,
        requesterId: doc.requesterId,
        requesterName: doc.requesterName,
        transfereeName: doc.transfereeName,
        units: doc.units,
        pricePerUnit: doc.pricePerUnit ?? null,
        status: doc.status,
        waitsForTransfereeOnboarding: doc.waitsForTransfereeOnboarding === true,
        rejectionReason: doc.rejectionReason ?? null,
        chainStatus: doc.chainStatus ?? null,
        chainFailure: doc.chainFailure ?? null,
        // a refused decision on a request decided since is no longer news
        mark: doc.status !== "open" && marks.get(doc.id)?.status === "rejected" ? null : (marks.get(doc.id) ?? null),
      })),
    ];
  }, [docs, requests, decisions, requesterName]);
  return { rows, docs, loading };
}
