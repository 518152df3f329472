// A record's sync mark on the signing page, shown until the server's copy has arrived.
import { SyncMark } from "../../ui/index.ts";
import type { Mark } from "./use-signing.ts";

export function MarkNote({ mark }: { mark: Mark | null }) {
  if (!mark || mark.status === "accepted") return null;
  return (
    <div>
      <SyncMark mark={mark} />
    </div>
  );
}
