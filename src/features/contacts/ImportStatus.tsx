// Imports still in the outbox: waiting to sync (offline, or just sent), or refused by the server with every bad row
// named.
import { css } from "../../../styled-system/css";
import { useLocalData } from "../../data/hooks.tsx";
import { usePending } from "../../data/pending-hooks.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { Button } from "../../ui/index.ts";
import { CONTACTS_TEXT } from "./strings.ts";

/** "Import of 3 contacts ..." for the rows form; the fileName form names no count (the server reads the file). */
function importTitle(variables: unknown, rejected: boolean): string {
  const contacts = (variables as { input?: { contacts?: unknown[] } } | null)?.input?.contacts;
  if (!Array.isArray(contacts)) return rejected ? MESSAGES.importFileRefused : MESSAGES.importFileWaiting;
  return rejected ? CONTACTS_TEXT.importRefused(contacts.length) : CONTACTS_TEXT.importWaiting(contacts.length);
}

export function ImportStatus() {
  const queued = usePending("contacts.imports");
  const data = useLocalData();
  const imports = queued.map((entry) => entry.command).filter((command) => command.status !== "accepted");
  if (imports.length === 0) return null;
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3", mb: "4" })}>
      {imports.map((command) => {
        const rejected = command.status === "rejected";
        return (
          <div
            key={command.id}
            role={rejected ? "alert" : "status"}
            data-testid={rejected ? "import-rejected" : "import-pending"}
            className={css({
              display: "flex",
              justifyContent: "space-between",
              alignItems: "flex-start",
              gap: "4",
              p: "4",
              borderRadius: "md",
              borderWidth: "1px",
              fontSize: "sm",
              bg: rejected ? "danger.subtle" : "accent.subtle",
              color: rejected ? "danger" : "fg.default",
              borderColor: rejected ? "red.200" : "blue.200",
            })}
          >
            <div>
              <p className={css({ fontWeight: "700" })}>{importTitle(command.variables, rejected)}</p>
              {rejected && command.errorMessage && (
                <ul className={css({ listStyle: "disc", pl: "5", mt: "1" })}>
                  {command.errorMessage.split("\n").map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
            </div>
            {rejected && (
              <Button size="sm" variant="outline" onClick={() => data?.outbox.discard(command.id)}>
                {CONTACTS_TEXT.dismiss}
              </Button>
            )}
          </div>
        );
      })}
    </div>
  );
}
