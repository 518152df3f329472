// What a screen uses to upload a file, online or not (file-queue.ts; docs/CLIENT.md "Uploads"): queueUpload keeps
// the file and queues the command that names it, useQueuedFiles lists a place's waiting files (name, size, the Blob
// for a preview), retryQueuedFile sends a refused file again (the same one, or another in its slot) without touching
// its command, discardQueuedFile gives one up: its command is dropped while it waits, or undone once it was sent, and
// the file's space is freed.
import { useEffect, useState } from "react";
import type { CommandName, VariablesOf } from "../domain/commands/catalogue.ts";
import type { FilePurpose, QueuedFile } from "./file-queue.ts";
import { useLocalData } from "./hooks.tsx";
import { currentLocalData, openingLocalData } from "./local-data.ts";

export type { QueuedFile } from "./file-queue.ts";
export { checkFile, FileRefusedError, StorageFullError } from "./file-queue.ts";

/**
 * Keeps the file on the device (checked, hashed, one transaction), then queues `mutation` with the variables made
 * for the file's slot key (the server makes the slot when the command or the file arrives first). `undo` is the
 * command that takes it back once it was sent (a Discard after that). Throws FileRefusedError / StorageFullError
 * with the text to show, nothing kept.
 */
export async function queueUpload<N extends CommandName, U extends CommandName>(options: {
  file: File;
  place: string;
  /** what the file is for, sent with its upload (QueuedFile.purpose) */
  purpose?: FilePurpose;
  mutation: N;
  variables: (slotKey: string) => VariablesOf<N>;
  undo?: { mutation: U; variables: VariablesOf<U> };
  /** The place's own check of the file before anything is kept (default: a document's type and size). */
  check?: (file: File) => Promise<string | null>;
  /**
   * The server reads the uploaded file when it applies the command (an import, a signing template): the command
   * waits in the outbox until the file is uploaded. Default false (a document's command makes its slot itself).
   */
  holdsCommand?: boolean;
}): Promise<QueuedFile> {
  const data = await openingLocalData();
  if (!data?.files) throw new Error("No local data is open: sign in and pick an account first.");
  const commandKey = crypto.randomUUID();
  const slotKey = crypto.randomUUID();
  const variables = options.variables(slotKey);
  const holdsCommand = options.holdsCommand ?? false;
  return data.files.add({
    file: options.file,
    place: options.place,
    ...(options.purpose ? { purpose: options.purpose } : {}),
    id: slotKey,
    commandKey,
    undo: options.undo ? { mutation: options.undo.mutation, variables: options.undo.variables } : null,
    check: options.check,
    holdsCommand,
    // kept with the file: queued again should the page close before the outbox has stored it
    ...(holdsCommand
      ? { command: { mutation: options.mutation, variables: variables as Record<string, unknown> } }
      : {}),
    queueCommand: async () => {
      try {
        await data.outbox.enqueue(options.mutation, variables, { key: commandKey });
      } catch (error) {
        // another tab opening meanwhile may have queued it from the file already (requeueLostCommands): same key
        if (!(await data.outbox.commands()).some((stored) => stored.id === commandKey)) throw error;
      }
    },
  });
}

/**
 * Keeps several files on the device, then queues one command naming all their upload slot keys (a transfer request
 * and its documents): each file is uploaded once online by the file sender, and the command makes the slots it names
 * that have not asked yet. A file refused by the check (a document's type and size) keeps none of the others and
 * queues nothing. Throws FileRefusedError / StorageFullError with the text to show.
 */
export async function queueUploadsWith<N extends CommandName>(options: {
  files: readonly File[];
  place: string;
  mutation: N;
  variables: (slotKeys: string[]) => VariablesOf<N>;
}): Promise<void> {
  const data = await openingLocalData();
  if (!data?.files) throw new Error("No local data is open: sign in and pick an account first.");
  const kept: string[] = [];
  try {
    for (const file of options.files) kept.push((await data.files.add({ file, place: options.place })).id);
  } catch (error) {
    for (const id of kept) await data.files.remove(id);
    throw error;
  }
  await data.outbox.enqueue(options.mutation, options.variables(kept));
}

/**
 * Keeps a file on the device for a screen that sends it itself once online (an OCF package the server reads through
 * its own route): checked, hashed, one transaction, never uploaded by the file sender; `useQueuedFiles` lists it
 * (status kept) across reloads and `discardQueuedFile` frees it. Throws FileRefusedError / StorageFullError.
 */
export async function keepFile(options: {
  file: File;
  place: string;
  check: (file: File) => Promise<string | null>;
}): Promise<QueuedFile> {
  const data = await openingLocalData();
  if (!data?.files) throw new Error("No local data is open: sign in and pick an account first.");
  return data.files.add({ file: options.file, place: options.place, check: options.check, keepOnly: true });
}

/** Gives a queued file up: its command dropped (or undone once sent), the entry and its Blob removed. */
export async function discardQueuedFile(id: string): Promise<void> {
  const data = await currentLocalData();
  const entry = await data?.files?.get(id);
  if (!data?.files || !entry) return;
  // Its copy of a held command goes first: a page closed before the end leaves a file that nothing queues again
  // (requeueLostCommands), shown with Discard. The file goes last: until then it holds its command, which is never
  // sent to be refused for want of it.
  if (entry.command) await data.files.update(id, { command: undefined });
  if (entry.commandKey) {
    const command = (await data.outbox.commands()).find((stored) => stored.id === entry.commandKey);
    if (command && command.status !== "accepted") await data.outbox.discard(command.id);
    else if (entry.undo)
      await data.outbox.enqueue(entry.undo.mutation as CommandName, entry.undo.variables as VariablesOf<CommandName>);
  }
  await data.files.remove(id);
}

/**
 * A refused file is sent again where it was refused: the same file (`file` omitted) or another one (checked by the
 * place's `check`, by default a document's) in the same upload slot, so its command, which names the slot, and every
 * other part stay as they are. A command already refused by the server for want of the file is queued again.
 * Throws FileRefusedError / StorageFullError with the text to show, the entry unchanged.
 */
export async function retryQueuedFile(
  id: string,
  replacement?: { file: File; check?: (file: File) => Promise<string | null> },
): Promise<void> {
  const data = await openingLocalData();
  if (!data?.files) throw new Error("No local data is open: sign in and pick an account first.");
  const entry = await data.files.get(id);
  if (!entry) return;
  // An entry of an earlier release let its command go when the file was refused: the server refused it too. It is
  // queued again (a new key) and held behind the file.
  const command = entry.commandKey
    ? (await data.outbox.commands()).find((stored) => stored.id === entry.commandKey)
    : undefined;
  if (replacement) await data.files.replace(id, replacement.file, replacement.check);
  else await data.files.retry(id);
  if (entry.holdsCommand && command?.status === "rejected") {
    // the file names the new key before the command is stored, so the command is held from its first read
    const key = crypto.randomUUID();
    await data.files.update(id, { commandKey: key });
    await data.outbox.enqueue(command.mutation as CommandName, command.variables as VariablesOf<CommandName>, { key });
    await data.outbox.discard(command.id);
  }
}

/** The waiting (and refused) files chosen at this place (or anywhere), oldest first, live. */
export function useQueuedFiles(place?: string): QueuedFile[] {
  const data = useLocalData();
  const [rows, setRows] = useState<QueuedFile[]>([]);
  useEffect(() => {
    if (!data?.files) return;
    const subscription = data.files.list$(place).subscribe({ next: setRows, error: () => setRows([]) });
    return () => subscription.unsubscribe();
  }, [data, place]);
  return rows;
}

/** An object URL for the file's Blob while the component shows it (revoked after). */
export function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [blob]);
  return url;
}
