// The durable file queue on fake-indexeddb: a file kept across a re-open, refused before anything is kept (type,
// 100 MB, a full device: nothing half-written), uploaded exactly once when an attempt's answer was cut off, retried
// with backoff, and a discard that frees the file.
import { IDBFactory, IDBKeyRange, IDBObjectStore } from "fake-indexeddb";
import { afterEach, describe, expect, it } from "vitest";
import { MESSAGES } from "../domain/messages.ts";
import {
  createFileSender,
  type FileQueue,
  FileRefusedError,
  heldCommandKeys,
  openFileQueue,
  type QueuedFile,
  StorageFullError,
  sha256Hex,
  type UploadAttempt,
} from "./file-queue.ts";

let factory = new IDBFactory();
const opened: FileQueue[] = [];
const open = (name = "files") => {
  const queue = openFileQueue(name, { indexedDB: factory, IDBKeyRange });
  opened.push(queue);
  return queue;
};
afterEach(() => {
  for (const queue of opened.splice(0)) queue.close();
  factory = new IDBFactory();
});

const pdf = (text = "%PDF-1.4 minutes", name = "Minutes.pdf") => new File([text], name, { type: "application/pdf" });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the file queue", () => {
  it("keeps the file, its name, type, size and SHA-256 across a re-open", async () => {
    const queue = open();
    const kept = await queue.add({ file: pdf(), place: "security:1", commandKey: "c1" });
    expect(kept.sha256).toBe(await sha256Hex(new Blob(["%PDF-1.4 minutes"])));
    expect(kept.sha256).toMatch(/^[0-9a-f]{64}$/);
    queue.close();

    const reopened = open();
    const [file] = await reopened.list("security:1");
    expect(file).toMatchObject({
      id: kept.id,
      name: "Minutes.pdf",
      type: "application/pdf",
      size: 16,
      status: "waiting",
    });
    expect(await file!.blob.text()).toBe("%PDF-1.4 minutes");
    expect(await reopened.list("security:2")).toEqual([]);
  });

  it("refuses a file of another type or over 100 MB before keeping anything", async () => {
    const queue = open();
    await expect(queue.add({ file: new File(["x"], "photo.exe"), place: "p" })).rejects.toThrow(
      MESSAGES.uploadFileTypes,
    );
    const huge = new File(["x"], "huge.pdf");
    Object.defineProperty(huge, "size", { value: 100 * 1024 * 1024 + 1 });
    await expect(queue.add({ file: huge, place: "p" })).rejects.toBeInstanceOf(FileRefusedError);
    expect(await queue.list()).toEqual([]);
  });

  it("says the device storage is full and keeps nothing when the write runs out of room", async () => {
    const queue = open();
    const quota = Object.assign(new Error("The quota has been exceeded."), { name: "QuotaExceededError" });
    const original = IDBObjectStorePut();
    try {
      original.fail(quota);
      await expect(queue.add({ file: pdf(), place: "p" })).rejects.toBeInstanceOf(StorageFullError);
    } finally {
      original.restore();
    }
    expect(await queue.list()).toEqual([]);
    // a command that cannot be queued (its storage full too) takes the file back out
    await expect(
      queue.add({
        file: pdf(),
        place: "p",
        queueCommand: async () => {
          throw quota;
        },
      }),
    ).rejects.toThrow(/Device storage is full/);
    expect(await queue.list()).toEqual([]);
  });

  it("uploads exactly once: a retry after a cut asks first and finds the file there", async () => {
    const queue = open();
    const kept = await queue.add({ file: pdf(), place: "p" });
    const server = new Map<string, string>(); // slot key -> content, as the server keeps it
    let cut = true;
    const posts: string[] = [];
    const upload = async (file: QueuedFile): Promise<UploadAttempt> => {
      if (server.has(file.id)) return "done"; // fileUploadStatus: uploaded
      posts.push(file.id);
      server.set(file.id, await file.blob.text());
      if (cut) {
        cut = false;
        throw new TypeError("Failed to fetch"); // the answer never arrived
      }
      return "done";
    };
    const sender = createFileSender({
      queue,
      upload,
      backoff: { initialMs: 5, maxMs: 5 },
      exclusive: (_, run) => run(),
    });
    sender.start();
    for (let i = 0; i < 100 && (await queue.list()).length > 0; i++) await wait(5);
    sender.stop();
    expect(posts).toEqual([kept.id]);
    expect(server.get(kept.id)).toBe("%PDF-1.4 minutes");
    expect(await queue.list()).toEqual([]); // done: the Blob is freed
  });

  it("waits while offline, retries with backoff, marks a refused file failed", async () => {
    const queue = open();
    await queue.add({ file: pdf("a", "A.pdf"), place: "p" });
    let online = false;
    const listeners: ((online: boolean) => void)[] = [];
    const outcomes: UploadAttempt[] = ["retry", "retry", { failed: MESSAGES.uploadTooLarge }];
    let calls = 0;
    const sender = createFileSender({
      queue,
      upload: async () => outcomes[calls++] ?? "done",
      isOnline: () => online,
      onlineEvents: (listener) => {
        listeners.push(listener);
        return () => undefined;
      },
      backoff: { initialMs: 5, maxMs: 10 },
      exclusive: (_, run) => run(),
    });
    sender.start();
    await wait(30);
    expect(calls).toBe(0);
    online = true;
    for (const listener of listeners) listener(true);
    for (let i = 0; i < 100 && calls < 3; i++) await wait(5);
    await wait(10);
    sender.stop();
    const [file] = await queue.list();
    expect(file).toMatchObject({ status: "failed", attempts: 3, error: MESSAGES.uploadTooLarge });
  });

  it("holds a command that reads its file until the file is uploaded or refused, and says when it settled", async () => {
    const queue = open();
    await queue.add({ file: pdf("a", "A.pdf"), place: "p", commandKey: "document" });
    await queue.add({ file: pdf("b", "B.pdf"), place: "p", commandKey: "import", holdsCommand: true });
    await queue.add({ file: pdf("c", "C.pdf"), place: "p", commandKey: "template", holdsCommand: true });
    expect([...(await heldCommandKeys(queue))].sort()).toEqual(["import", "template"]);
    const settled: string[] = [];
    const sender = createFileSender({
      queue,
      upload: async (file) => (file.name === "C.pdf" ? { failed: MESSAGES.uploadFileTypes } : "done"),
      onSettled: (file) => settled.push(file.name),
      exclusive: (_, run) => run(),
    });
    sender.start();
    for (let i = 0; i < 100 && settled.length < 3; i++) await wait(5);
    sender.stop();
    expect(settled).toEqual(["A.pdf", "B.pdf", "C.pdf"]);
    expect(await heldCommandKeys(queue)).toEqual(new Set()); // uploaded, or refused: the server says why
    expect((await queue.list()).map((file) => [file.name, file.status])).toEqual([["C.pdf", "failed"]]);
  });

  it("frees the file on discard", async () => {
    const queue = open();
    const kept = await queue.add({ file: pdf(), place: "p" });
    await queue.remove(kept.id);
    expect(await queue.get(kept.id)).toBeUndefined();
    queue.close();
    expect(await open().list()).toEqual([]);
  });
});

/** Makes IDBObjectStore.add/put fail as a full device does (the write throws QuotaExceededError). */
function IDBObjectStorePut() {
  const proto = IDBObjectStore.prototype as unknown as { add: unknown; put: unknown };
  const { add, put } = proto;
  return {
    fail(error: Error) {
      const thrower = () => {
        throw error;
      };
      Object.assign(proto, { add: thrower, put: thrower });
    },
    restore() {
      Object.assign(proto, { add, put });
    },
  };
}
