// The signing page's account card: the signing account with 'Sync template list' (needs the network) and the upload
// of a PDF template (the built-in provider), which can be chosen offline: the PDF waits on the device (listed with
// its name, size and a preview) and the template is made once it is uploaded.
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { useViewer } from "../../app/viewer.ts";
import { FileRefusedError } from "../../data/file-hooks.ts";
import { formatDate } from "../../domain/format.ts";
import { signingTemplatePlace, templateFileProblem } from "../../domain/import-files.ts";
import { Button, Card, ErrorBlock, Fact, Note } from "../../ui/index.ts";
import { WaitingUploads } from "../documents/index.ts";
import { LIST_FORMAT } from "./signing-link.ts";
import { SIGNING_TEXT as T } from "./strings.ts";
import type { SigningData } from "./use-signing.ts";

export function AccountCard({ data, online, canWrite }: { data: SigningData; online: boolean; canWrite: boolean }) {
  const account = data.account;
  const state = data.syncState;
  return (
    <Card
      title={account?.name ?? T.signingAccount}
      testId="signing-account"
      actions={
        <Button
          size="sm"
          loading={state === "loading"}
          disabled={!online || !canWrite || !account}
          onClick={() => data.sync()}
        >
          {state === "loading" ? T.syncing : T.syncTemplateList}
        </Button>
      }
    >
      {account ? (
        <dl>
          <Fact label={T.syncedOn}>{account.syncedOn ? formatDate(account.syncedOn, LIST_FORMAT) : T.neverSynced}</Fact>
        </dl>
      ) : (
        <Note>{T.noSigningAccount}</Note>
      )}
      {state === "error" && <ErrorBlock text={T.syncError} />}
      {!online && <Note testId="needs-network">{T.syncNeedsNetwork}</Note>}
      {!canWrite && <Note>{T.readOnly}</Note>}
      {data.upload && canWrite && <UploadTemplate upload={data.upload} online={online} />}
    </Card>
  );
}

function UploadTemplate({ upload, online }: { upload: (file: File) => Promise<void>; online: boolean }) {
  const { accountId } = useViewer();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}>
      <label
        htmlFor="signing-template-file"
        className={css({ fontSize: "sm", fontWeight: "600", color: "fg.default" })}
      >
        {T.uploadTemplate}
      </label>
      <input
        id="signing-template-file"
        type="file"
        accept="application/pdf,.pdf"
        disabled={busy}
        className={css({
          fontSize: "sm",
          maxW: "full",
          color: "fg.muted",
          _file: {
            mr: "3",
            px: "3",
            py: "1.5",
            borderRadius: "control",
            borderWidth: "1px",
            borderColor: "border.strong",
            bg: "bg.surface",
            color: "fg.default",
            fontWeight: "600",
            cursor: "pointer",
          },
        })}
        onChange={async (event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (!file) return;
          setBusy(true);
          setFailed(null);
          try {
            await upload(file);
          } catch (error) {
            setFailed(error instanceof FileRefusedError ? error.message : T.uploadFailed);
          } finally {
            setBusy(false);
          }
        }}
      />
      <Note>{busy ? T.uploading : T.uploadHint}</Note>
      {failed && <ErrorBlock text={failed} />}
      {!online && <Note testId="upload-offline">{T.uploadOffline}</Note>}
      <WaitingUploads
        place={signingTemplatePlace(accountId)}
        online={online}
        accept="application/pdf,.pdf"
        check={async (file) => templateFileProblem(file)}
      />
    </div>
  );
}
