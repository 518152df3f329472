import { Link } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { css } from "../../../styled-system/css";
import { afterFirstScreen } from "../../data/first-screen.ts";
import { unsentWork } from "../../data/outbox-status.ts";
import { ACCOUNT_TYPE_LABELS } from "../../domain/accounts.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { type MenuOption, menuOptions } from "../../domain/nav.ts";
import type { Session } from "../../domain/session.ts";
import { Dialog } from "../../ui/Dialog.tsx";
import { DialogButtons } from "../../ui/DialogButtons.tsx";
import { ChevronDownIcon } from "../../ui/icons.tsx";
import { Menu } from "../../ui/Menu.tsx";
import { logout } from "./logout.ts";
import { MenuAvatar } from "./MenuAvatar.tsx";
import { SHELL_TEXT } from "./strings.ts";

// The logo as this device has it (the image waiting to upload, the replica's) reads the local database: loaded after
// the first screen has painted, the stored session's logo until then (first-screen.ts).
const LiveAccountAvatar = lazy(() =>
  afterFirstScreen()
    .then(() => import("./LiveAccountAvatar.tsx"))
    .then((m) => ({ default: m.LiveAccountAvatar })),
);

export function AccountMenu({ session }: { session: Session | null }) {
  const account = session?.account ?? null;
  const options = menuOptions(account?.type, Boolean(session?.user));
  // Commands still waiting in the outbox and files not uploaded yet would be deleted with the local data: ask first.
  const [unsent, setUnsent] = useState({ changes: 0, files: 0 });
  const waiting = unsent.changes + unsent.files;
  const requestLogout = async () => {
    const work = await unsentWork().catch(() => ({ changes: 0, files: 0 }));
    if (work.changes + work.files > 0) setUnsent(work);
    else await logout();
  };
  return (
    <Menu.Root>
      <Menu.Trigger
        // With an account the trigger is named by what it shows (account name and type, WCAG 2.5.3).
        aria-label={account ? undefined : SHELL_TEXT.accountMenu}
        data-testid="account-menu"
        className={css({
          display: "flex",
          alignItems: "center",
          gap: "2.5",
          px: "2",
          py: "1.5",
          borderRadius: "md",
          color: "white",
          bg: "transparent",
          _hover: { bg: "whiteAlpha.100" },
        })}
      >
        {account ? (
          <Suspense fallback={<MenuAvatar name={account.name} src={account.logoUrl} />}>
            <LiveAccountAvatar account={account} />
          </Suspense>
        ) : (
          <MenuAvatar name={null} src={null} />
        )}
        {account && (
          <span
            className={css({
              // Below md only screen readers get the name (the trigger shows the initials).
              srOnly: { base: true, md: false },
              display: { md: "flex" },
              flexDirection: "column",
              alignItems: "flex-start",
              lineHeight: "1.2",
            })}
          >
            <span className={css({ fontSize: "sm", fontWeight: "600", maxW: "20rem", truncate: true })}>
              {account.name}
            </span>
            <span className={css({ fontSize: "xs", opacity: 0.75 })}>{ACCOUNT_TYPE_LABELS[account.type]}</span>
          </span>
        )}
        <ChevronDownIcon />
      </Menu.Trigger>
      <Menu.Content inPlace>
        {account && (
          <div
            className={css({ px: "3", py: "2.5", borderBottomWidth: "1px", borderColor: "border.default", mb: "1" })}
          >
            <div className={css({ fontWeight: "600", fontSize: "sm" })}>{account.name}</div>
            <div className={css({ fontSize: "xs", color: "fg.muted" })}>{ACCOUNT_TYPE_LABELS[account.type]}</div>
          </div>
        )}
        {options.map((option) => (
          <MenuOptionItem key={option.kind} option={option} onLogout={requestLogout} />
        ))}
      </Menu.Content>
      <Dialog
        open={waiting > 0}
        onOpenChange={(open) => {
          if (!open) setUnsent({ changes: 0, files: 0 });
        }}
        role="alertdialog"
        title={MESSAGES.logoutDiscardTitle}
        description={SHELL_TEXT.logoutWaiting(unsent.changes, unsent.files)}
        footer={
          <DialogButtons
            cancelLabel={MESSAGES.logoutKeepWorking}
            onCancel={() => setUnsent({ changes: 0, files: 0 })}
            actionLabel={MESSAGES.logoutDiscardConfirm}
            onAction={() => void logout()}
            danger
          />
        }
      />
    </Menu.Root>
  );
}

function MenuOptionItem({ option, onLogout }: { option: MenuOption; onLogout: () => Promise<void> }) {
  switch (option.kind) {
    case "switch-role":
    case "support": {
      // support opens in a new tab, switching the role in this one
      const newTab = option.kind === "support";
      return (
        <Menu.Item value={option.kind} asChild>
          <a href={option.href} target={newTab ? "_blank" : undefined} rel={newTab ? "noreferrer" : undefined}>
            {option.label}
          </a>
        </Menu.Item>
      );
    }
    case "settings":
      return (
        <Menu.Item value={option.kind} asChild>
          <Link to={option.to}>{option.label}</Link>
        </Menu.Item>
      );
    case "logout":
      return (
        <Menu.Item value={option.kind} onSelect={() => void onLogout()}>
          {option.label}
        </Menu.Item>
      );
  }
}
