// What a screen shows while its read of the server (useOnlineRead) is not ready: offline, that it needs the network;
// loading, the indicator; a failed read, that it failed, with a button to try again. Nothing once ready.
import { css } from "../../styled-system/css";
import { Button, ErrorBlock, LoadingIndicator, Note } from "../ui/index.ts";
import type { OnlineRead } from "./use-online-read.ts";

interface OnlineReadTexts {
  needsNetwork: string;
  loading: string;
  loadFailed: string;
  retry: string;
}

export function OnlineReadStatus({
  state,
  texts,
  onRetry,
}: {
  state: OnlineRead<object>;
  texts: OnlineReadTexts;
  onRetry: () => void;
}) {
  if (state.status === "offline") return <Note>{texts.needsNetwork}</Note>;
  if (state.status === "loading") return <LoadingIndicator label={texts.loading} />;
  if (state.status !== "failed") return null;
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "2", alignItems: "flex-start" })}>
      <ErrorBlock text={texts.loadFailed} />
      <Button size="sm" variant="outline" onClick={onRetry}>
        {texts.retry}
      </Button>
    </div>
  );
}
