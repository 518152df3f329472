// Import Allocation: a .csv of Email, Amount, Contact Name becomes distributions through bulkAllocation commands
// of up to 500 rows each (the whole file is checked here first, errors per row; each chunk is all or nothing on the
// server). The rows show as pending at once; while the chunks are sent a status line counts the rows the server has
// taken ("Sending 3,000 of 10,000"). The example file is a server download, so its link needs a connection.
import { useMemo, useRef, useState } from "react";
import { css } from "../../../styled-system/css";
import { newId } from "../../app/new-id.ts";
import { useOnline } from "../../app/useOnline.ts";
import { useCommand } from "../../data/hooks.tsx";
import { usePending } from "../../data/pending-hooks.ts";
import {
  ALLOCATION_CSV_EXAMPLE_PATH,
  CSV_ONLY,
  importChunks,
  isCsvFileName,
  parseAllocationCsv,
} from "../../domain/allocation-csv.ts";
import { decodeTextFile, NOT_TEXT } from "../../domain/text-file.ts";
import { Button, Dialog, toast } from "../../ui/index.ts";
import { type ImportBatch, importProgress } from "./import-progress.ts";
import { CSV_IMPORT_TEXT } from "./strings.ts";

function ImportStatus({ batch }: { batch: ImportBatch }) {
  const queued = usePending("allocation.distributions");
  const online = useOnline();
  // the chunk keys met in the outbox so far (a chunk gone from it after that was taken by the server)
  const seen = useRef(new Set<string>()).current;
  const progress = useMemo(
    () =>
      importProgress(
        batch,
        queued.map((entry) => entry.command),
        seen,
      ),
    [batch, queued, seen],
  );
  const waiting = progress.total - progress.done - progress.refused;
  let text: string | null = null;
  if (waiting > 0) {
    text = online ? CSV_IMPORT_TEXT.sending(progress.done, progress.total) : CSV_IMPORT_TEXT.waiting(waiting);
  } else if (progress.refused > 0) text = CSV_IMPORT_TEXT.refused(progress.refused);
  return (
    <span
      role="status"
      data-testid="csv-import-progress"
      className={css({
        fontSize: "sm",
        textAlign: "right",
        maxW: "56",
        color: progress.refused > 0 && waiting === 0 ? "danger" : "fg.muted",
      })}
    >
      {text}
    </span>
  );
}

export function CsvImport({ allocationId, disabled }: { allocationId: string; disabled: boolean }) {
  const command = useCommand();
  const online = useOnline();
  const fileRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<string[] | null>(null);
  const [batch, setBatch] = useState<ImportBatch | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    performance.mark("csv-import:file");
    if (fileRef.current) fileRef.current.value = "";
    if (!isCsvFileName(file.name)) {
      setErrors([CSV_ONLY]);
      return;
    }
    // The bytes are decoded here (UTF-8, UTF-16 with its mark, or Windows-1252, else refused), never as lossy UTF-8.
    let decoded: ReturnType<typeof decodeTextFile>;
    let result: ReturnType<typeof parseAllocationCsv>;
    try {
      decoded = decodeTextFile(await file.arrayBuffer());
      if (!decoded.ok) {
        setErrors([decoded.message]);
        return;
      }
      result = parseAllocationCsv(decoded.text);
    } catch {
      setErrors([NOT_TEXT]);
      return;
    }
    if (!result.ok) {
      setErrors(decoded.note ? [...result.errors, decoded.note] : result.errors);
      return;
    }
    performance.mark("csv-import:parsed");
    const rows = result.rows.map((row) => ({ ...row, id: newId() }));
    // Progress shows from the first chunk on; a chunk not yet stored counts as waiting.
    const chunks: ImportBatch["chunks"] = [];
    for (const chunk of importChunks(rows)) {
      const queued = await command("bulkAllocation", { input: { allocationId, fileName: file.name, rows: chunk } });
      chunks.push({ key: queued.id, rows: chunk.length });
      setBatch({ chunks: [...chunks], total: rows.length });
      performance.mark("csv-import:chunk-queued");
    }
    const queued = CSV_IMPORT_TEXT.queued(result.rows.length);
    toast.success(CSV_IMPORT_TEXT.importAllocation, decoded.note ? `${queued} ${decoded.note}` : queued);
  };

  return (
    <>
      <input
        ref={fileRef}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid="allocation-csv-input"
        onChange={(e) => onFile(e.target.files?.[0])}
      />
      {/* the progress line under the button, so a phone's card header keeps the button whole */}
      <div className={css({ display: "flex", flexDirection: "column", alignItems: "flex-end", gap: "1" })}>
        <Button variant="outline" size="sm" disabled={disabled} onClick={() => fileRef.current?.click()}>
          {CSV_IMPORT_TEXT.importAllocation}
        </Button>
        {batch ? <ImportStatus batch={batch} /> : null}
      </div>
      <Dialog
        open={errors !== null}
        onOpenChange={(open) => !open && setErrors(null)}
        title={CSV_IMPORT_TEXT.notImported}
        description={CSV_IMPORT_TEXT.notImportedDescription}
        footer={
          <>
            {online ? (
              <a
                className={css({ fontSize: "sm", color: "fg.link", mr: "auto" })}
                href={ALLOCATION_CSV_EXAMPLE_PATH}
                download
              >
                {CSV_IMPORT_TEXT.downloadExample}
              </a>
            ) : null}
            <Button onClick={() => setErrors(null)}>{CSV_IMPORT_TEXT.close}</Button>
          </>
        }
      >
        <ul
          className={css({
            fontSize: "sm",
            color: "danger",
            listStyle: "disc",
            pl: "5",
            maxH: "60",
            overflowY: "auto",
          })}
          data-testid="csv-errors"
        >
          {errors?.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}
