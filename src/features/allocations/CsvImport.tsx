// Import Allocation: a .csv of Email, Amount, Contact Name becomes distributions through one bulkAllocation
// command (all or nothing; errors per row). The example file is a server download, so its link needs a connection.
import { useRef, useState } from "react";
import { css } from "../../../styled-system/css";
import { useCommand } from "../../data/hooks.tsx";
import {
  ALLOCATION_CSV_EXAMPLE_PATH,
  CSV_ONLY,
  isCsvFileName,
  parseAllocationCsv,
} from "../../domain/allocation-csv.ts";
import { decodeTextFile, NOT_TEXT } from "../../domain/text-file.ts";
import { Button, Dialog, toast } from "../../ui/index.ts";
import { useOnline } from "../shell/useOnline.ts";
import { newId } from "./new-id.ts";
import { CSV_IMPORT_TEXT } from "./strings.ts";

export function CsvImport({ allocationId, disabled }: { allocationId: string; disabled: boolean }) {
  const command = useCommand();
  const online = useOnline();
  const fileRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<string[] | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
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
    await command("bulkAllocation", {
      input: { allocationId, fileName: file.name, rows: result.rows.map((row) => ({ ...row, id: newId() })) },
    });
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
      <Button variant="outline" size="sm" disabled={disabled} onClick={() => fileRef.current?.click()}>
        {CSV_IMPORT_TEXT.importAllocation}
      </Button>
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
