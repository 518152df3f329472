// Discard of a file kept on the device for a queued upload (a document waiting to upload, a contacts import): the file
// and what waits on it are given up; a failure is shown as a toast.
import { discardQueuedFile } from "../../data/file-hooks.ts";
import { Button, type ButtonProps, toast } from "../../ui/index.ts";
import { DOCUMENTS_TEXT } from "./strings.ts";

export function DiscardFileButton({
  fileId,
  label,
  size,
}: {
  fileId: string;
  label: string;
  size?: ButtonProps["size"];
}) {
  return (
    <Button
      size={size}
      variant="outline"
      aria-label={label}
      onClick={() => discardQueuedFile(fileId).catch((error: Error) => toast.error(error.message))}
    >
      {DOCUMENTS_TEXT.discard}
    </Button>
  );
}
