// The durable file queue on fake-indexeddb: a file kept across a re-open, refused before anything is kept (type,
// 100 MB, a full device: nothing half-written), uploaded exactly once when an attempt's answer was cut off, retried
// with backoff (each file its own: the others go meanwhile), a refused file tried again or replaced in its slot while
// its command stays held, a held command queued again when the page closed before storing it, and a discard that
// frees the file.
import { IDBFactory, IDBKeyRange, IDBObjectStore } from "fake-indexeddb";
import { afterEach, describe, expect, it } from "vitest";
import { MESSAGES } from "../domain/messages.ts";
import {
  createFileSender,
  type FileQueue,
  FileRefusedError,
  heldCommandKeys,
  heldCommands,
  openFileQueue,
  type QueuedFile,
  requeueLostCommands,
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

  it("holds a command that reads its file until the file is uploaded (a refused file keeps it), and says when it settled", async () => {
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
    // uploaded: its command goes; refused: its command stays held until the file is tried again, replaced or discarded
    expect(await heldCommandKeys(queue)).toEqual(new Set(["template"]));
    const [refused] = await queue.list();
    expect(await heldCommands(queue)).toEqual(new Map([["template", [refused!.id]]]));
    expect((await queue.list()).map((file) => [file.name, file.status])).toEqual([["C.pdf", "failed"]]);
  });

  it("sends the other files while one waits for its retry", async () => {
    const queue = open();
    await queue.add({ file: pdf("a", "A.pdf"), place: "p" });
    await queue.add({ file: pdf("b", "B.pdf"), place: "p" });
    const tries: string[] = [];
    let aFails = true;
    const sender = createFileSender({
      queue,
      upload: async (file) => {
        tries.push(file.name);
        return file.name === "A.pdf" && aFails ? "retry" : "done";
      },
      backoff: { initialMs: 300, maxMs: 300 },
      exclusive: (_, run) => run(),
    });
    sender.start();
    for (let i = 0; i < 100 && (await queue.list()).length > 1; i++) await wait(5);
    // B went while A waits for its retry (300 ms at least half of it)
    expect((await queue.list()).map((file) => file.name)).toEqual(["A.pdf"]);
    expect(tries).toEqual(["A.pdf", "B.pdf"]);
    aFails = false;
    for (let i = 0; i < 200 && (await queue.list()).length > 0; i++) await wait(5);
    sender.stop();
    expect(await queue.list()).toEqual([]);
    expect(tries).toEqual(["A.pdf", "B.pdf", "A.pdf"]);
  });

  it("tries a refused file again, or another file in its slot, its command held all along", async () => {
    const queue = open();
    const kept = await queue.add({ file: pdf("a", "A.pdf"), place: "p", commandKey: "import", holdsCommand: true });
    const uploaded = new Map<string, string>();
    let refuse = 2;
    const sender = createFileSender({
      queue,
      upload: async (file) => {
        if (refuse-- > 0) return { failed: MESSAGES.uploadFileTypes };
        uploaded.set(file.id, `${file.name}: ${await file.blob.text()}`);
        return "done";
      },
      exclusive: (_, run) => run(),
    });
    sender.start();
    for (let i = 0; i < 100 && (await queue.get(kept.id))?.status !== "failed"; i++) await wait(5);
    expect(await queue.get(kept.id)).toMatchObject({ status: "failed", error: MESSAGES.uploadFileTypes });
    expect(await heldCommandKeys(queue)).toEqual(new Set(["import"]));

    await queue.retry(kept.id); // the same file again: refused again
    void sender.flush(); // in a browser the queue's live list tells the sender (Dexie's liveQuery is silent here)
    for (let i = 0; i < 100 && refuse > 0; i++) await wait(5);
    for (let i = 0; i < 100 && (await queue.get(kept.id))?.status !== "failed"; i++) await wait(5);
    expect(await heldCommandKeys(queue)).toEqual(new Set(["import"]));

    // another file, checked first: a wrong one is refused with the entry unchanged
    await expect(queue.replace(kept.id, new File(["x"], "photo.exe"))).rejects.toThrow(MESSAGES.uploadFileTypes);
    expect(await queue.get(kept.id)).toMatchObject({ name: "A.pdf", status: "failed" });
    const replaced = await queue.replace(kept.id, pdf("b", "B.pdf"));
    expect(replaced).toMatchObject({ id: kept.id, name: "B.pdf", commandKey: "import", status: "waiting" });
    expect(replaced.sha256).toBe(await sha256Hex(new Blob(["b"])));
    void sender.flush();
    for (let i = 0; i < 100 && (await queue.list()).length > 0; i++) await wait(5);
    sender.stop();
    expect(uploaded).toEqual(new Map([[kept.id, "B.pdf: b"]])); // in the same slot, the command unchanged
    expect(await heldCommandKeys(queue)).toEqual(new Set());
  });

  it("looks again at a file another tab was sending", async () => {
    const queue = open();
    await queue.add({ file: pdf(), place: "p" });
    let otherTab = true;
    const sender = createFileSender({
      queue,
      upload: async () => "done",
      backoff: { initialMs: 20, maxMs: 20 },
      // the other tab holds the file's lock once, then closes before it is done
      exclusive: async (_, run) => {
        if (otherTab) otherTab = false;
        else await run();
      },
    });
    sender.start();
    for (let i = 0; i < 100 && (await queue.list()).length > 0; i++) await wait(5);
    sender.stop();
    expect(otherTab).toBe(false);
    expect(await queue.list()).toEqual([]);
  });

  it("queues again the held command of a file whose page closed before storing it, and no other", async () => {
    const queue = open();
    const command = { mutation: "createSigningTemplate", variables: { input: { id: "t", fileKey: "k", name: "T" } } };
    await queue.add({ file: pdf("a", "A.pdf"), place: "p", commandKey: "lost", holdsCommand: true, command });
    await queue.add({ file: pdf("b", "B.pdf"), place: "p", commandKey: "stored", holdsCommand: true, command });
    await queue.add({ file: pdf("c", "C.pdf"), place: "p", commandKey: "document" }); // its command is not held
    const queued: [string, unknown, string][] = [];
    const outbox = {
      commands: async () => [{ id: "stored" }],
      enqueue: async (mutation: string, variables: unknown, options: { key: string }) => {
        queued.push([mutation, variables, options.key]);
      },
    };
    expect(await requeueLostCommands(queue, outbox)).toEqual(["lost"]);
    expect(queued).toEqual([["createSigningTemplate", command.variables, "lost"]]);
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
