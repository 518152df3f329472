// The investor's submission, online or offline. Each evidence file is kept in the device's file queue when it is
// chosen (place `accreditation:<stepId>`, checked as evidence: domain/accreditation.ts), so a draft survives a reload
// or a closed tab (use-draft.ts names the files); the file sender uploads it when online. Submit queues
// submitAccreditation naming the files' slot keys, under a key the waiting files then carry (so the step lists them
// with the submission and a discard drops both). The command and the files may reach the server in either order.
import { discardQueuedFile, FileRefusedError, type QueuedFile } from "../../data/file-hooks.ts";
import { currentLocalData } from "../../data/local-data.ts";
import { evidenceFileError, evidencePlace } from "../../domain/accreditation.ts";

/** The device's check of a file chosen as evidence: type by its first bytes, 100 MB. */
export async function evidenceCheck(file: File): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return evidenceFileError(file, head);
}

/** Keeps a chosen file on the device (checked first); throws FileRefusedError / StorageFullError, nothing kept. */
export async function keepEvidence(stepId: string, file: File): Promise<QueuedFile> {
  const data = await currentLocalData();
  if (!data?.files) throw new Error("No local data is open: sign in and pick an account first.");
  return data.files.add({ file, place: evidencePlace(stepId), purpose: "evidence", check: evidenceCheck });
}

/** Gives a chosen file up (its space freed; one already uploaded stays unused on the server). */
export const dropEvidence = (key: string) => discardQueuedFile(key);

export interface EvidenceFile {
  key: string;
  name: string;
  size: number;
  type: string;
}

export async function queueSubmission(options: {
  stepId: string;
  method: string;
  files: readonly EvidenceFile[];
  /** in an in-person session: the session and the device's time (app/hosted-session.ts hostedInput) */
  hosted?: { sessionId: string; doneAtDevice: string } | null;
}): Promise<{ accreditationId: string }> {
  const data = await currentLocalData();
  if (!data) throw new Error("No local data is open: sign in and pick an account first.");
  const accreditationId = crypto.randomUUID();
  const commandKey = crypto.randomUUID();
  await data.outbox.enqueue(
    "submitAccreditation",
    {
      input: {
        accreditationId,
        stepId: options.stepId,
        method: options.method,
        evidenceKeys: options.files.map((file) => file.key),
        evidenceNames: options.files.map((file) => file.name),
        ...(options.hosted ?? {}),
      },
    },
    { key: commandKey },
  );
  // the files still waiting belong to the submission now
  await Promise.all(options.files.map((file) => data.files?.update(file.key, { commandKey }).catch(() => undefined)));
  return { accreditationId };
}

/** Gives a refused submission up: its command and its waiting files. */
export async function discardSubmission(commandKey: string, stepId: string): Promise<void> {
  const data = await currentLocalData();
  if (!data) return;
  await data.outbox.discard(commandKey);
  const files = (await data.files?.list(evidencePlace(stepId))) ?? [];
  await Promise.all(files.filter((file) => file.commandKey === commandKey).map((file) => data.files?.remove(file.id)));
}

export { FileRefusedError };
