// The line above a screen read from the admin replica: when the server made what it shows (offline: says so), or
// that it has not arrived on this device yet.
import { formatDate } from "../../domain/format.ts";
import { mutedText } from "../../ui/index.ts";
import { ADMIN_TEXT } from "./strings.ts";

/** When the server made what the screen shows from the replica (offline: says so), or that it has not arrived. */
export function BookUpdated({
  updatedOn,
  loading,
  online,
}: {
  updatedOn: string | null;
  loading: boolean;
  online: boolean;
}) {
  if (loading) return null;
  if (!updatedOn) return <p className={mutedText}>{ADMIN_TEXT.notYetOnDevice}</p>;
  const when = formatDate(updatedOn, "MMM DD YYYY h:mma");
  return (
    <p className={mutedText} data-testid="book-updated">
      {online ? ADMIN_TEXT.fromDevice(when) : ADMIN_TEXT.fromDeviceOffline(when)}
    </p>
  );
}
