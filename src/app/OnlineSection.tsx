// A settings section read from the server while online (the API keys, the webhook endpoints): a card with its Add
// button for those who may write once the read is ready, the intro, what the read shows until it is ready, a
// read-only note for viewers, then the section's content. useServerAction runs one change on the server (revoke,
// remove, send again): which one is running, its success said in a toast, a refusal in the server's words.
import { type ReactNode, useState } from "react";
import { serverRefusalText } from "../data/graphql.ts";
import { Button, Card, mutedText, toast } from "../ui/index.ts";
import { OnlineReadStatus } from "./OnlineReadStatus.tsx";
import type { OnlineRead } from "./use-online-read.ts";
import { useViewer } from "./viewer.ts";

interface OnlineSectionTexts {
  add: string;
  readOnly: string;
  needsNetwork: string;
  loading: string;
  loadFailed: string;
  retry: string;
}

export function OnlineSection<T extends object>({
  title,
  testId,
  intro,
  texts,
  state,
  onRetry,
  onAdd,
  children,
}: {
  title: string;
  testId: string;
  intro: string;
  texts: OnlineSectionTexts;
  state: OnlineRead<T>;
  onRetry: () => void;
  onAdd: () => void;
  /** The content once the read is ready. */
  children: (ready: T) => ReactNode;
}) {
  const { canWrite } = useViewer();
  return (
    <Card
      title={title}
      testId={testId}
      actions={
        canWrite && state.status === "ready" ? (
          <Button size="sm" onClick={onAdd}>
            {texts.add}
          </Button>
        ) : undefined
      }
    >
      <p className={mutedText}>{intro}</p>
      <OnlineReadStatus state={state} texts={texts} onRetry={onRetry} />
      {state.status === "ready" && (
        <>
          {!canWrite && <p className={mutedText}>{texts.readOnly}</p>}
          {children(state)}
        </>
      )}
    </Card>
  );
}

export function useServerAction() {
  const [busy, setBusy] = useState<string | null>(null);
  /** Runs `change` for the row `id`; on success toasts `done` and calls `then`. */
  const run = async (id: string, change: () => Promise<unknown>, done: string, then: () => void) => {
    setBusy(id);
    try {
      await change();
      toast.success(done);
      then();
    } catch (error) {
      toast.error(serverRefusalText(error));
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
