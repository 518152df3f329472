// A transfer request's documents in its row (docs/TRANSFERS.md "Documents"): while online, the names of the files the
// holder chose, read from the server (the request keeps them; the device's transfers records do not), each a
// download once it has arrived; the holder's own files still waiting on this device are named with their state.
import { useEffect, useState } from "react";
import { css } from "../../../styled-system/css";
import { useOnline } from "../../app/useOnline.ts";
import { useQueuedFiles } from "../../data/file-hooks.ts";
import { graphql } from "../../data/graphql.ts";
import { transferDocumentPath } from "../../domain/transfers.ts";
import { TRANSFERS_TEXT } from "./strings.ts";

interface TransferDocument {
  key: string;
  name: string;
  uploaded: boolean;
}

const DOCUMENTS = /* GraphQL */ `
  query transferDocuments($id: UUID!) {
    transferById(id: $id) { documents }
  }
`;

/** Where the holder's chosen files wait on the device (src/data/file-queue.ts places). */
export const transferDocumentsPlace = (transferId: string) => `transfer:${transferId}`;

const linkClass = css({ color: "brand", fontSize: "xs", fontWeight: "600", textDecoration: "underline" });
const noteClass = css({ display: "block", fontSize: "xs", color: "fg.muted" });

export function TransferDocuments({ transferId, synced }: { transferId: string; synced: boolean }) {
  const online = useOnline();
  const waiting = useQueuedFiles(transferDocumentsPlace(transferId));
  const [documents, setDocuments] = useState<TransferDocument[] | null>(null);
  const waitingKey = waiting.map((file) => file.id).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again once this device's files have gone (uploaded)
  useEffect(() => {
    if (!online || !synced) return;
    let live = true;
    graphql<{ transferById: { documents: TransferDocument[] } | null }>(DOCUMENTS, { id: transferId })
      .then((data) => live && setDocuments(data.transferById?.documents ?? []))
      .catch(() => live && setDocuments(null));
    return () => {
      live = false;
    };
  }, [transferId, online, synced, waitingKey]);
  const waitingIds = new Set(waiting.map((file) => file.id));
  const listed = (documents ?? []).filter((document) => !waitingIds.has(document.key));
  if (listed.length === 0 && waiting.length === 0) return null;
  return (
    <ul
      className={css({ listStyle: "none", mt: "1" })}
      aria-label={TRANSFERS_TEXT.documents}
      data-testid="transfer-documents"
    >
      {waiting.map((file) => (
        <li key={file.id} className={noteClass}>
          {file.name}:{" "}
          {file.status === "failed" ? (file.error ?? TRANSFERS_TEXT.documentRefused) : TRANSFERS_TEXT.documentWaiting}
        </li>
      ))}
      {listed.map((document) =>
        document.uploaded ? (
          <li key={document.key}>
            <a href={transferDocumentPath(transferId, document.key)} download className={linkClass}>
              {document.name}
            </a>
          </li>
        ) : (
          <li key={document.key} className={noteClass}>
            {document.name}: {TRANSFERS_TEXT.documentNotArrived}
          </li>
        ),
      )}
    </ul>
  );
}
