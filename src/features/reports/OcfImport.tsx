// Import of an Open Cap Format package (issue 20): choose a zip, the server previews it (what will be created,
// every problem with its file and object id, nothing written), then "Import" sends the same file to be applied in
// one transaction. Only owners and admins of an issuer see this card; the server checks the same.
// With `newIssuer` (the admin home): the card also asks for the new issuer's owner e-mail and an optional account
// name, and the import creates that issuer (POST ...?newIssuer=1&ownerEmail=...&accountName=...).
// Offline (issue 31 item 3; the issuer's card): a package chosen is kept on the device (the file queue, status kept:
// the server reads it through this route, not as an upload), shown with its name and size across reloads, and when
// the network returns the preview runs by itself; the import is then confirmed as online. Imported or discarded, the
// kept file is freed. The admin's new-issuer import stays online only (its owner and name are asked at the time).
// Import sends an idempotency key made at the first click and reused by every retry of that confirm, so an answer
// lost on the way back and a second click import the package once (docs/OCF.md "Confirm once").
import { useEffect, useMemo, useRef, useState } from "react";
import { css } from "../../../styled-system/css";
import { newId } from "../../app/new-id.ts";
import { useOnline } from "../../app/useOnline.ts";
import { useViewer } from "../../app/viewer.ts";
import { discardQueuedFile, FileRefusedError, keepFile, useQueuedFiles } from "../../data/file-hooks.ts";
import { ocfFileProblem, ocfImportPlace } from "../../domain/import-files.ts";
import { Button, Card, ErrorBlock, FileButton, mutedText, TextField, toast } from "../../ui/index.ts";
import { formatFileSize } from "../documents/index.ts";
import { OcfPreview, OcfProblems } from "./OcfPreview.tsx";
import {
  CONFIRM_PATH,
  errorText,
  PREVIEW_PATH,
  type Preview,
  type Problem,
  type Result,
  sendPackage,
} from "./ocf-import-request.ts";
import { ADMIN_OCF_TEXT, OCF_TEXT } from "./strings.ts";

export function OcfImport({ onImported, newIssuer = false }: { onImported?: () => void; newIssuer?: boolean }) {
  const online = useOnline();
  const { accountId } = useViewer();
  const keptFiles = useQueuedFiles(ocfImportPlace(accountId));
  const kept = newIssuer ? undefined : keptFiles.find((queued) => queued.status === "kept");
  const [chosen, setChosen] = useState<File | null>(null);
  // the chosen file, else the one kept on the device (after a reload)
  const file = useMemo(
    () => chosen ?? (kept ? new File([kept.blob], kept.name, { type: kept.type }) : null),
    [chosen, kept],
  );
  const previewedKept = useRef<string | null>(null);
  const [ownerEmail, setOwnerEmail] = useState("");
  const [accountName, setAccountName] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // this preview's confirm: made at the first click on Import, the same for every retry, new with the next preview
  const confirmKey = useRef<string | null>(null);

  const reset = () => {
    confirmKey.current = null;
    setPreview(null);
    setProblems([]);
    setError(null);
    setDone(null);
  };

  /** The path with the new issuer's owner and name for the admin's import. */
  const pathOf = (path: string) => {
    if (!newIssuer) return path;
    const query = new URLSearchParams({ newIssuer: "1", ownerEmail: ownerEmail.trim() });
    if (accountName.trim()) query.set("accountName", accountName.trim());
    return `${path}?${query}`;
  };

  const runPreview = async (file: File | null) => {
    if (!file) return;
    reset();
    if (newIssuer && !ownerEmail.trim()) {
      setEmailError(ADMIN_OCF_TEXT.ownerEmailRequired);
      return;
    }
    setEmailError(null);
    setBusy(true);
    try {
      const { ok, body } = await sendPackage(pathOf(PREVIEW_PATH), file);
      if (!ok) {
        setError(errorText(body));
        return;
      }
      setPreview(body as unknown as Preview);
      setProblems((body as unknown as Preview).problems);
    } catch {
      setError(OCF_TEXT.failed);
    } finally {
      setBusy(false);
    }
  };

  const runImport = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      confirmKey.current ??= newId();
      const { ok, body } = await sendPackage(pathOf(CONFIRM_PATH), file, confirmKey.current);
      if (!ok) {
        setError(errorText(body));
        if (Array.isArray(body.problems)) setProblems(body.problems as Problem[]);
        return;
      }
      const result = body as unknown as Result;
      setPreview(null);
      if (kept) await discardQueuedFile(kept.id);
      const created = result.newIssuer;
      setDone(
        created
          ? `${ADMIN_OCF_TEXT.created(created.name, result.issuances)} ${
              created.invited
                ? ADMIN_OCF_TEXT.ownerInvitedDone(created.ownerEmail)
                : ADMIN_OCF_TEXT.ownerAdded(created.ownerEmail)
            }`
          : OCF_TEXT.imported(
              result.issuances,
              result.stakeholders,
              result.stockClasses,
              result.splits,
              result.conversions,
            ),
      );
      onImported?.();
    } catch {
      setError(OCF_TEXT.confirmFailed);
    } finally {
      setBusy(false);
    }
  };

  // Back online with a package kept on the device: the server reads it now (the preview), once per kept file.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the network or the kept file changes
  useEffect(() => {
    if (!online || !kept || chosen || previewedKept.current === kept.id) return;
    previewedKept.current = kept.id;
    void runPreview(file);
  }, [online, kept, chosen]);

  const choose = async (next: File | null) => {
    reset();
    if (kept) await discardQueuedFile(kept.id).catch(() => undefined);
    setChosen(next);
    if (!next || online || newIssuer) return;
    try {
      await keepFile({ file: next, place: ocfImportPlace(accountId), check: async (picked) => ocfFileProblem(picked) });
      previewedKept.current = null;
      setChosen(null); // shown from the device from now on
    } catch (problem) {
      setChosen(null);
      setError(problem instanceof FileRefusedError ? problem.message : OCF_TEXT.failed);
    }
  };

  return (
    <Card
      testId={newIssuer ? "ocf-import-new-issuer" : "ocf-import"}
      title={newIssuer ? ADMIN_OCF_TEXT.title : OCF_TEXT.importTitle}
    >
      <p className={mutedText}>{newIssuer ? ADMIN_OCF_TEXT.description : OCF_TEXT.importDescription}</p>
      {newIssuer && (
        <div className={css({ display: "grid", gridTemplateColumns: { base: "1fr", md: "1fr 1fr" }, gap: "4" })}>
          <TextField
            label={ADMIN_OCF_TEXT.ownerEmail}
            name="ownerEmail"
            type="email"
            autoComplete="off"
            value={ownerEmail}
            hint={ADMIN_OCF_TEXT.ownerEmailHint}
            error={emailError}
            disabled={busy}
            onChange={(event) => {
              setOwnerEmail(event.target.value);
              setEmailError(null);
              reset();
            }}
          />
          <TextField
            label={ADMIN_OCF_TEXT.accountName}
            name="accountName"
            value={accountName}
            hint={ADMIN_OCF_TEXT.accountNameHint}
            disabled={busy}
            onChange={(event) => {
              setAccountName(event.target.value);
              reset();
            }}
          />
        </div>
      )}
      <div className={css({ display: "flex", gap: "3", alignItems: "end", flexWrap: "wrap" })}>
        <FileButton
          label={OCF_TEXT.chooseFile}
          chooseText={OCF_TEXT.choose}
          noneText={OCF_TEXT.noFile}
          accept=".zip,application/zip"
          file={file}
          disabled={busy}
          testId="ocf-file"
          onFile={(next) => void choose(next)}
        />
        <Button
          variant="outline"
          onClick={() => runPreview(file)}
          disabled={!file || busy || !online}
          loading={busy && !preview}
        >
          {OCF_TEXT.preview}
        </Button>
      </div>
      {!online && !newIssuer && (
        <p className={mutedText} data-testid="ocf-kept-offline">
          {OCF_TEXT.keptOffline}
        </p>
      )}
      {kept && (
        <div className={css({ display: "flex", gap: "3", alignItems: "center", flexWrap: "wrap" })}>
          <p className={mutedText} data-testid="ocf-kept">
            {OCF_TEXT.kept(kept.name, formatFileSize(kept.size))}
          </p>
          <Button
            size="sm"
            variant="outline"
            aria-label={OCF_TEXT.discardLabel(kept.name)}
            onClick={() => {
              reset();
              discardQueuedFile(kept.id).catch((problem: Error) => toast.error(problem.message));
            }}
          >
            {OCF_TEXT.discard}
          </Button>
        </div>
      )}
      {busy && !preview && (
        <p className={mutedText} role="status">
          {OCF_TEXT.previewing}
        </p>
      )}
      {error && <ErrorBlock text={error} />}
      {done && (
        <p role="status" data-testid="ocf-imported" className={css({ color: "success", fontWeight: "600" })}>
          {done}
        </p>
      )}
      {preview && <OcfPreview preview={preview} newIssuer={newIssuer} />}
      {(preview || problems.length > 0) && <OcfProblems problems={problems} />}
      {preview?.newIssuer?.nameTaken && (
        <p
          role="alert"
          data-testid="ocf-name-taken"
          className={css({
            p: "3",
            borderRadius: "md",
            borderWidth: "1px",
            borderColor: "warning",
            bg: "warning.subtle",
            color: "warning",
            fontSize: "sm",
            fontWeight: "600",
          })}
        >
          {ADMIN_OCF_TEXT.nameTaken(preview.newIssuer.name)}
        </p>
      )}
      {preview && (
        <div className={css({ display: "flex", gap: "3", alignItems: "center", flexWrap: "wrap" })}>
          {preview.errors > 0 && (
            <p className={css({ color: "danger", fontSize: "sm" })}>{OCF_TEXT.blocked(preview.errors)}</p>
          )}
          <Button onClick={runImport} disabled={busy || preview.errors > 0} loading={busy}>
            {newIssuer ? ADMIN_OCF_TEXT.confirm : OCF_TEXT.confirm}
          </Button>
          <Button variant="outline" onClick={reset} disabled={busy}>
            {OCF_TEXT.cancel}
          </Button>
        </div>
      )}
    </Card>
  );
}
