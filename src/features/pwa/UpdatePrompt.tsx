import { useEffect, useState, useSyncExternalStore } from "react";
import { css } from "../../../styled-system/css";
import { Button } from "../../ui/Button.tsx";
import { UPDATE_TEXT } from "./strings.ts";
import { applyUpdate, getUpdateState, subscribeUpdateState } from "./update.ts";

const RETRY_MS = 5000;

/** The "new version" banner. While the outbox holds commands the update is held and retried every 5 s. */
export function UpdatePrompt() {
  const state = useSyncExternalStore(subscribeUpdateState, getUpdateState, getUpdateState);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (state !== "held") return;
    const timer = setInterval(() => void applyUpdate(), RETRY_MS);
    return () => clearInterval(timer);
  }, [state]);
  if (state === "none" || (dismissed && state === "ready")) return null;
  return (
    <div
      role="status"
      data-testid="update-prompt"
      className={css({
        position: "fixed",
        left: { base: "4", sm: "6" },
        right: { base: "4", sm: "auto" },
        bottom: { base: "4", sm: "6" },
        zIndex: "toast",
        display: "flex",
        alignItems: "center",
        gap: "4",
        p: "4",
        maxW: "28rem",
        bg: "bg.surface",
        borderWidth: "1px",
        borderColor: "border.default",
        borderRadius: "md",
        boxShadow: "popover",
        fontSize: "sm",
      })}
    >
      <span className={css({ flex: 1 })}>{state === "held" ? UPDATE_TEXT.held : UPDATE_TEXT.ready}</span>
      {state === "ready" && (
        <>
          <Button size="sm" variant="ghost" onClick={() => setDismissed(true)}>
            {UPDATE_TEXT.later}
          </Button>
          <Button size="sm" onClick={() => void applyUpdate()}>
            {UPDATE_TEXT.update}
          </Button>
        </>
      )}
    </div>
  );
}
