// The queued and refused commands of an admin screen (/admin/types, /admin/forms).
import { css } from "../../../styled-system/css";
import { Button, ErrorBlock, mutedText } from "../../ui/index.ts";
import type { TrackedCommands } from "./admin-data.ts";
import { ADMIN_TEXT } from "./strings.ts";

/** Queued and refused commands of this screen. */
export function CommandNotes({ commands, online }: { commands: TrackedCommands; online: boolean }) {
  return (
    <>
      {commands.pending.length > 0 && (
        <p className={mutedText} role="status" data-testid="admin-pending">
          {online ? ADMIN_TEXT.pending : ADMIN_TEXT.pendingOffline}
        </p>
      )}
      {commands.rejected.map((rejected) => (
        <div
          key={rejected.id}
          data-testid="admin-rejected"
          className={css({ display: "flex", gap: "3", alignItems: "center", flexWrap: "wrap" })}
        >
          <ErrorBlock text={rejected.errorMessage ?? ADMIN_TEXT.loadFailed} />
          <Button size="sm" variant="ghost" onClick={() => commands.discard(rejected.id)}>
            {ADMIN_TEXT.dismiss}
          </Button>
        </div>
      ))}
    </>
  );
}
