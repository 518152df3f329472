// Settings > Account: the account's logo and the external address it links to (issue 35 item 7; spec part 1
// sections 2.3, 2.4, 2.12). Owners and admins choose an image (PNG, JPEG or WebP by its content, at most 1 MB,
// checked here before anything is kept and again by the server): it is kept in the device's file queue and
// setAccountLogo is queued naming it, so it shows at once, offline too, and uploads once when online. The link is a
// queued setAccountLogoLink. Viewers see both read-only. The server refuses anyone else
// (tests/server/account-logos.test.ts).
import { type FormEvent, useState } from "react";
import { css } from "../../../styled-system/css";
import { useAccountLogoUrl } from "../../data/account-logo.ts";
import { discardQueuedFile, FileRefusedError, queueUpload, useQueuedFiles } from "../../data/file-hooks.ts";
import { useCommand } from "../../data/hooks.tsx";
import { LOGO_ACCEPT, logoFileError, logoLinkError, logoPlace } from "../../domain/logos.ts";
import { AccountAvatar } from "../../ui/AccountAvatar.tsx";
import { Button, Card, Fact, FieldError, FileButton, TextField, toast } from "../../ui/index.ts";
import { SETTINGS_TEXT } from "./strings.ts";

export interface AccountLogoFields {
  id: string;
  name: string;
  logoUrl?: string | null;
  logoLink?: string | null;
}

/** The device's check of a chosen image: its name, size and first bytes (src/domain/logos.ts). */
async function checkLogoFile(file: File): Promise<string | null> {
  return logoFileError(file, new Uint8Array(await file.slice(0, 16).arrayBuffer()));
}

export function LogoSettings({ account, canEdit }: { account: AccountLogoFields; canEdit: boolean }) {
  const src = useAccountLogoUrl(account.id, account.logoUrl ?? null);
  const place = logoPlace(account.id);
  const queued = useQueuedFiles(place);
  const latest = queued.at(-1) ?? null;
  const command = useCommand();
  const [chosen, setChosen] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();

  const choose = async (file: File | null) => {
    setChosen(file);
    setError(undefined);
    if (!file) return;
    const before = queued;
    try {
      await queueUpload({
        file,
        place,
        purpose: "logo",
        mutation: "setAccountLogo",
        variables: (fileKey) => ({ input: { accountId: account.id, fileKey, fileName: file.name } }),
        check: checkLogoFile,
      });
      // only the newest image matters: one chosen before (waiting or refused) is given up with its command
      for (const older of before) await discardQueuedFile(older.id);
    } catch (refused) {
      if (refused instanceof FileRefusedError) setError(refused.message);
      else throw refused;
    }
  };
  const remove = async () => {
    for (const file of queued) await discardQueuedFile(file.id);
    await command("setAccountLogo", { input: { accountId: account.id } });
    setChosen(null);
    toast.success(SETTINGS_TEXT.logoRemoved);
  };

  return (
    <Card title={SETTINGS_TEXT.logo} testId="logo-settings">
      <div className={css({ display: "flex", gap: "5", alignItems: "flex-start", flexWrap: "wrap" })}>
        <AccountAvatar
          name={account.name}
          src={src}
          size="lg"
          testId="settings-logo"
          label={SETTINGS_TEXT.logoOf(account.name)}
        />
        <div className={css({ display: "flex", flexDirection: "column", gap: "3", flex: "1", minW: "16rem" })}>
          {canEdit ? (
            <>
              <FileButton
                label={SETTINGS_TEXT.logoImage}
                chooseText={SETTINGS_TEXT.chooseLogo}
                noneText={SETTINGS_TEXT.logoHint}
                file={chosen}
                accept={LOGO_ACCEPT}
                testId="logo-file"
                onFile={(file) => void choose(file)}
              />
              <FieldError text={error} />
            </>
          ) : (
            !src && <p className={css({ fontSize: "sm", color: "fg.muted" })}>{SETTINGS_TEXT.logoNone}</p>
          )}
          {latest?.status === "waiting" && (
            <p className={css({ fontSize: "sm", color: "fg.muted" })} data-testid="logo-waiting">
              {SETTINGS_TEXT.logoWaiting(latest.name)}
            </p>
          )}
          {latest?.status === "failed" && (
            <div className={css({ display: "flex", alignItems: "center", gap: "3", flexWrap: "wrap" })}>
              <p role="alert" className={css({ fontSize: "sm", color: "danger" })}>
                {SETTINGS_TEXT.logoFailed(latest.name, latest.error ?? "")}
              </p>
              <Button variant="ghost" onClick={() => void discardQueuedFile(latest.id)}>
                {SETTINGS_TEXT.discardLogo}
              </Button>
            </div>
          )}
          {canEdit && src && (
            <div>
              <Button variant="outline" onClick={() => void remove()}>
                {SETTINGS_TEXT.removeLogo}
              </Button>
            </div>
          )}
        </div>
      </div>
      {canEdit ? (
        <LogoLinkForm account={account} />
      ) : (
        <dl>
          <Fact label={SETTINGS_TEXT.logoLink} testId="logo-link">
            {account.logoLink ?? SETTINGS_TEXT.none}
          </Fact>
        </dl>
      )}
      {!canEdit && <p className={css({ fontSize: "xs", color: "fg.subtle" })}>{SETTINGS_TEXT.logoReadOnly}</p>}
    </Card>
  );
}

function LogoLinkForm({ account }: { account: AccountLogoFields }) {
  const command = useCommand();
  const stored = account.logoLink ?? "";
  const [value, setValue] = useState(stored);
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = logoLinkError(value) ?? undefined;
    setError(found);
    if (found) return;
    if (value.trim() === stored) return;
    await command("setAccountLogoLink", { input: { accountId: account.id, link: value.trim() } });
    setValue(value.trim());
    toast.success(SETTINGS_TEXT.logoLinkSaved);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      data-testid="logo-link-form"
      className={css({ display: "flex", gap: "3", alignItems: "flex-end", flexWrap: "wrap" })}
    >
      <TextField
        label={SETTINGS_TEXT.logoLink}
        kind="url"
        value={value}
        onValueChange={setValue}
        error={error}
        hint={SETTINGS_TEXT.logoLinkHint}
        placeholder="https://"
        className={css({ flex: "1", minW: "16rem" })}
      />
      <Button type="submit" variant="outline">
        {SETTINGS_TEXT.saveLogoLink}
      </Button>
    </form>
  );
}
