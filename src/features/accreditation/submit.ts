// The investor's submission, online or offline: the evidence files are kept on the device in the file queue (place
// `accreditation:<stepId>`, checked as evidence: domain/accreditation.ts), then submitAccreditation is queued naming
// their slot keys, under a key the files also carry (so the step lists its waiting files and a discard drops both).
// Nothing is half-kept: a file that cannot be kept, or a command that cannot be queued, removes what was kept.
// The file sender uploads each file when online; the command and the files may reach the server in either order.
import type { QueuedFile } from "../../data/file-hooks.ts";
import { FileRefusedError } from "../../data/file-hooks.ts";
import { currentLocalData } from "../../data/local-data.ts";
import { evidenceFileError, evidencePlace } from "../../domain/accreditation.ts";

/** The device's check of a file chosen as evidence: type by its first bytes, 100 MB. */
export async function evidenceCheck(file: File): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return evidenceFileError(file, head);
}

export async function queueSubmission(options: {
  stepId: string;
  method: string;
  files: readonly File[];
}): Promise<{ accreditationId: string }> {
  const data = await currentLocalData();
  if (!data?.files) throw new Error("No local data is open: sign in and pick an account first.");
  const accreditationId = crypto.randomUUID();
  const commandKey = crypto.randomUUID();
  const kept: QueuedFile[] = [];
  try {
    for (const file of options.files) {
      kept.push(await data.files.add({ file, place: evidencePlace(options.stepId), commandKey, check: evidenceCheck }));
    }
    await data.outbox.enqueue(
      "submitAccreditation",
      {
        input: {
          accreditationId,
          stepId: options.stepId,
          method: options.method,
          evidenceKeys: kept.map((file) => file.id),
          evidenceNames: kept.map((file) => file.name),
        },
      },
      { key: commandKey },
    );
  } catch (error) {
    await Promise.all(kept.map((file) => data.files?.remove(file.id).catch(() => undefined)));
    throw error;
  }
  return { accreditationId };
}

/** Gives a refused submission up: its command and its kept files. */
export async function discardSubmission(commandKey: string, stepId: string): Promise<void> {
  const data = await currentLocalData();
  if (!data) return;
  await data.outbox.discard(commandKey);
  const files = (await data.files?.list(evidencePlace(stepId))) ?? [];
  await Promise.all(files.filter((file) => file.commandKey === commandKey).map((file) => data.files?.remove(file.id)));
}

export { FileRefusedError };
