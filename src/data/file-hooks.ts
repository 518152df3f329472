// What a screen uses to upload a file, online or not (file-queue.ts; docs/CLIENT.md "Uploads"): queueUpload keeps
// the file and queues the command that names it, useQueuedFiles lists a place's waiting files (name, size, the Blob
// for a preview), discardQueuedFile gives one up: its command is dropped while it waits, or undone once it was sent,
// and the file's space is freed.
import { useEffect, useState } from "react";
import type { CommandName, VariablesOf } from "../domain/commands/catalogue.ts";
import type { FilePurpose, QueuedFile } from "./file-queue.ts";
import { useLocalData } from "./hooks.tsx";
import { currentLocalData } from "./local-data.ts";

export type { QueuedFile } from "./file-queue.ts";
export { FileRefusedError, StorageFullError } from "./file-queue.ts";

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
  const data = await currentLocalData();
  if (!data?.files) throw new Error("No local data is open: sign in and pick an account first.");
  const commandKey = crypto.randomUUID();
  return data.files.add({
    file: options.file,
    place: options.place,
    ...(options.purpose ? { purpose: options.purpose } : {}),
    commandKey,
    undo: options.undo ? { mutation: options.undo.mutation, variables: options.undo.variables } : null,
    check: options.check,
    holdsCommand: options.holdsCommand ?? false,
    queueCommand: (slotKey) => data.outbox.enqueue(options.mutation, options.variables(slotKey), { key: commandKey }),
  });
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
  const data = await currentLocalData();
  if (!data?.files) throw new Error("No local data is open: sign in and pick an account first.");
  return data.files.add({ file: options.file, place: options.place, check: options.check, keepOnly: true });
}

/** Gives a queued file up: its command dropped (or undone once sent), the entry and its Blob removed. */
export async function discardQueuedFile(id: string): Promise<void> {
  const data = await currentLocalData();
  const entry = await data?.files?.get(id);
  if (!data?.files || !entry) return;
  if (entry.commandKey) {
    const command = (await data.outbox.commands()).find((stored) => stored.id === entry.commandKey);
    if (command && command.status !== "accepted") await data.outbox.discard(command.id);
    else if (entry.undo)
      await data.outbox.enqueue(entry.undo.mutation as CommandName, entry.undo.variables as VariablesOf<CommandName>);
  }
  await data.files.remove(id);
}

/** The waiting (and refused) files chosen at this place, oldest first, live. */
export function useQueuedFiles(place: string): QueuedFile[] {
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
