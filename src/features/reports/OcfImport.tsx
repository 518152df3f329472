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
import { formatDate, formatInteger, formatNumber } from "../../domain/format.ts";
import { ocfFileProblem, ocfImportPlace } from "../../domain/import-files.ts";
import {
  Button,
  Card,
  ErrorBlock,
  Fact,
  FileButton,
  mutedText,
  ScrollRegion,
  TextField,
  tableClass,
  toast,
} from "../../ui/index.ts";
import { formatFileSize } from "../documents/index.ts";
import { ADMIN_OCF_TEXT, OCF_TEXT } from "./strings.ts";

interface Problem {
  file: string;
  objectId: string | null;
  message: string;
  severity: "error" | "warning";
}

interface Preview {
  issuer: string | null;
  asOf: string | null;
  stakeholders: { total: number; matchedContacts: number; newContacts: number };
  stockClasses: { name: string; authorized: string; issuances: number; units: string }[];
  financings: { name: string; date: string; issuances: number; units: string }[];
  issuances: number;
  units: string;
  cancellations: number;
  transfers: number;
  /** buybacks (redemptions); absent in a preview from a server before them */
  repurchases?: number;
  vestingTerms: number;
  problems: Problem[];
  errors: number;
  /** The admin's import: the issuer it creates; `nameTaken` when an issuer of that name exists already. */
  newIssuer?: { name: string; ownerEmail: string; ownerExists: boolean; nameTaken?: boolean };
}

interface Result {
  stakeholders: number;
  stockClasses: number;
  issuances: number;
  newIssuer?: { id: string; name: string; ownerEmail: string; invited: boolean };
}

async function send(
  path: string,
  file: File,
  idempotencyKey?: string,
): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/zip", ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}) },
    body: file,
    credentials: "same-origin",
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, body };
}

function errorText(body: Record<string, unknown>): string {
  const errors = body.errors as { message?: string }[] | undefined;
  return (Array.isArray(errors) && errors[0]?.message) || OCF_TEXT.failed;
}

const cell = css({
  textAlign: "left",
  p: "2",
  borderBottomWidth: "1px",
  borderColor: "border.subtle",
  verticalAlign: "top",
});
const numberCell = css({
  textAlign: "right",
  p: "2",
  borderBottomWidth: "1px",
  borderColor: "border.subtle",
  fontVariantNumeric: "tabular-nums",
});

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
      const { ok, body } = await send(pathOf("/api/v2/imports/ocf"), file);
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
      const { ok, body } = await send(pathOf("/api/v2/imports/ocf/confirm"), file, confirmKey.current);
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
          : OCF_TEXT.imported(result.issuances, result.stakeholders, result.stockClasses),
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
      {preview && (
        <div data-testid="ocf-preview" className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
          <h3 className={css({ fontWeight: "700" })}>{OCF_TEXT.previewTitle}</h3>
          <dl
            className={css({
              display: "grid",
              gridTemplateColumns: { base: "1fr 1fr", md: "repeat(4, 1fr)" },
              gap: "4",
            })}
          >
            {preview.newIssuer && (
              <Fact label={ADMIN_OCF_TEXT.newIssuer} testId="ocf-preview-new-issuer">
                {preview.newIssuer.name || "-"}
              </Fact>
            )}
            {preview.newIssuer && (
              <Fact label={ADMIN_OCF_TEXT.owner} testId="ocf-preview-owner">
                {preview.newIssuer.ownerExists
                  ? ADMIN_OCF_TEXT.ownerExists(preview.newIssuer.ownerEmail)
                  : ADMIN_OCF_TEXT.ownerInvited(preview.newIssuer.ownerEmail)}
              </Fact>
            )}
            <Fact label={OCF_TEXT.packageIssuer}>{preview.issuer ?? "-"}</Fact>
            <Fact label={OCF_TEXT.asOf}>{formatDate(preview.asOf) || "-"}</Fact>
            <Fact label={OCF_TEXT.stakeholders} testId="ocf-preview-stakeholders">
              {formatInteger(preview.stakeholders.total)} (
              {(newIssuer ? ADMIN_OCF_TEXT.stakeholdersDetail : OCF_TEXT.stakeholdersDetail)(
                preview.stakeholders.matchedContacts,
                preview.stakeholders.newContacts,
              )}
              )
            </Fact>
            <Fact label={OCF_TEXT.issuances} testId="ocf-preview-issuances">
              {formatInteger(preview.issuances)}
            </Fact>
            <Fact label={OCF_TEXT.units}>{formatNumber(preview.units)}</Fact>
            <Fact label={OCF_TEXT.cancellations}>{formatInteger(preview.cancellations)}</Fact>
            <Fact label={OCF_TEXT.transfers}>{formatInteger(preview.transfers)}</Fact>
            <Fact label={OCF_TEXT.repurchases}>{formatInteger(preview.repurchases ?? 0)}</Fact>
            <Fact label={OCF_TEXT.vestingTerms}>{formatInteger(preview.vestingTerms)}</Fact>
          </dl>
          {preview.stockClasses.length > 0 && (
            <ScrollRegion label={OCF_TEXT.stockClasses}>
              <table className={tableClass} aria-label={OCF_TEXT.stockClasses}>
                <thead>
                  <tr>
                    <th className={cell}>{OCF_TEXT.className}</th>
                    <th className={numberCell}>{OCF_TEXT.authorized}</th>
                    <th className={numberCell}>{OCF_TEXT.count}</th>
                    <th className={numberCell}>{OCF_TEXT.units}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.stockClasses.map((c) => (
                    <tr key={c.name}>
                      <td className={cell}>{c.name}</td>
                      <td className={numberCell}>{formatNumber(c.authorized)}</td>
                      <td className={numberCell}>{formatInteger(c.issuances)}</td>
                      <td className={numberCell}>{formatNumber(c.units)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
          {preview.financings.length > 0 && (
            <ScrollRegion label={OCF_TEXT.financings}>
              <table className={tableClass} aria-label={OCF_TEXT.financings}>
                <thead>
                  <tr>
                    <th className={cell}>{OCF_TEXT.financingName}</th>
                    <th className={cell}>{OCF_TEXT.date}</th>
                    <th className={numberCell}>{OCF_TEXT.count}</th>
                    <th className={numberCell}>{OCF_TEXT.units}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.financings.map((f) => (
                    <tr key={`${f.name}-${f.date}`}>
                      <td className={cell}>{f.name}</td>
                      <td className={cell}>{formatDate(f.date)}</td>
                      <td className={numberCell}>{formatInteger(f.issuances)}</td>
                      <td className={numberCell}>{formatNumber(f.units)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </div>
      )}
      {(preview || problems.length > 0) && (
        <div data-testid="ocf-problems" className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
          <h3 className={css({ fontWeight: "700" })}>{OCF_TEXT.problems}</h3>
          {problems.length === 0 ? (
            <p className={mutedText}>{OCF_TEXT.noProblems}</p>
          ) : (
            <div>
              <ul aria-label={OCF_TEXT.problems} className={css({ display: "flex", flexDirection: "column" })}>
                {problems.map((p) => (
                  <li
                    key={`${p.severity}|${p.file}|${p.objectId}|${p.message}`}
                    className={css({
                      display: "flex",
                      flexDirection: "column",
                      gap: "0.5",
                      py: "2",
                      borderBottomWidth: "1px",
                      borderColor: "border.subtle",
                      fontSize: "sm",
                    })}
                  >
                    <span className={css({ fontWeight: "600", overflowWrap: "anywhere" })}>
                      <span className={css({ color: p.severity === "error" ? "danger" : "fg.muted" })}>
                        {p.severity === "error" ? OCF_TEXT.error : OCF_TEXT.warning}
                      </span>
                      {" · "}
                      {p.file}
                      {p.objectId ? ` · ${p.objectId}` : ""}
                    </span>
                    {/* the problem quotes the package itself (its files, object ids and OCF field names) */}
                    <span data-identifier className={css({ overflowWrap: "anywhere" })}>
                      {p.message}
                    </span>
                  </li>
                ))}
              </ul>
              {problems.length >= 500 && <p className={mutedText}>{OCF_TEXT.moreProblems(problems.length)}</p>}
            </div>
          )}
        </div>
      )}
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
