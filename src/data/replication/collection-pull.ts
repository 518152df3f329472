// The pull handler of one collection (docs/REPLICATION.md "The client's pull"): pages of `batchSize` from the
// server, handed to RxDB in parts of `writeSize` (a part that is not its page's last keeps the page's starting
// checkpoint, so a sync stopped between two parts starts that page again), each part once the previous part's write
// is done (at most PART_WRITE_WAIT_MS). The next page is asked for as soon as a full page arrives (prefetch). A
// prefetched page, or the rest of a page, answers only the checkpoint it followed and only in the epoch it was
// fetched in: RxDB drops a reSync that arrives while a pull is running once that pull asks for its next page, so
// after a reSync the server is always asked again. The first pull of an empty collection is its first load.
// Documents that came in the change stream (docs/REPLICATION.md "Stream") are handed to RxDB by the same handler, so
// they take the pulled pages' write path (RxDB's downstream, the same conflict handling), with the checkpoint the
// handler was called with: they never move it (an event's transaction may be above the pull's safe watermark). They
// are handed out only in a cycle that is not a pull: when no reSync was asked for since the last fetch that reached
// the end of the log; otherwise they wait for that pull and are written after it (a document the stream built after
// the pull's snapshot must not be overwritten by the pull's older one), unless the pull's page holds the document and
// it came before the pull was asked for (coveredBy).
import type { RxCollection } from "rxdb";
import type { PullAnswer } from "../../domain/wire.ts";
import type { ReadModelName } from "../models/index.ts";
import { createFirstLoad, type FirstLoadBootstrap } from "./first-load.ts";
import type { Checkpoint, Fetched, PageFetcher } from "./page.ts";

/**
 * Before handing RxDB the next part, the handler waits (at most this long) for the previous part's write: RxDB merges
 * every part that arrives while a write runs into its next write, which made writes of the whole page again.
 */
const PART_WRITE_WAIT_MS = 1_000;

interface CollectionPullOptions {
  collection: RxCollection<unknown>;
  model: ReadModelName;
  fetchPage: PageFetcher;
  /** the collection's blank required fields (page.ts blankFields), for tombstones */
  blank: Record<string, unknown>;
  /** documents per page asked of the server */
  batchSize: number;
  /** documents per part handed to RxDB (divides batchSize) */
  writeSize: number;
  /** the collection's current reSync epoch */
  epochOf(): number;
  stopped(): boolean;
  /** a fetch sent at `sentOn` reached the end of the server's log */
  reachedEnd(sentOn: string): void;
  /** one document was written by the first load itself (RxDB's received$ does not see it) */
  countWritten(): void;
  /** default PART_WRITE_WAIT_MS */
  partWriteWaitMs?: number;
  /** the first load's isEmpty (first-load.ts; a kind of `records` passes its own) */
  isEmpty?(): Promise<boolean>;
  /** the first load's bootstrap (first-load.ts), when the device can run one */
  bootstrap?: FirstLoadBootstrap | null;
}

export interface CollectionPull {
  /** RxDB's pull handler. */
  handler(checkpoint: Checkpoint | undefined, limit: number): Promise<PullAnswer>;
  /** RxDB wrote one document of this collection (its received$). */
  written(): void;
  /**
   * Documents of the change stream, to be written by the next cycle (a reSync of RxDB's replication, not a new
   * epoch); false (nothing kept) until a pull of this collection has reached the end of the log: the device pulls.
   */
  streamed(documents: PullAnswer["documents"]): boolean;
  /** Streamed documents wait to be written (start a cycle when the collection is idle). */
  hasStreamed(): boolean;
}

const keyOf = (checkpoint: Checkpoint | undefined) => `${checkpoint?.txid ?? "0"}/${checkpoint?.seq ?? 0}`;

export function createCollectionPull(options: CollectionPullOptions): CollectionPull {
  const { model, batchSize, blank } = options;
  const partWriteWaitMs = options.partWriteWaitMs ?? PART_WRITE_WAIT_MS;
  // the page asked for after the last full page of this cycle, before anyone asked for it
  let prefetched: { epoch: number; after: string; page: Promise<Fetched>; streamedUpTo: number } | null = null;
  // the parts of the current page not yet handed to RxDB (it asks for them with the page's starting checkpoint)
  let rest: { epoch: number; after: string; documents: PullAnswer["documents"]; checkpoint: Checkpoint } | null = null;
  const request = (checkpoint: Checkpoint | undefined, limit: number) =>
    options.fetchPage(model, blank, checkpoint, limit);
  /** Asks for the page after `checkpoint` ahead of need; a failure is reported when (if) someone awaits it. */
  const prefetch = (checkpoint: Checkpoint) => {
    const next = request(checkpoint, batchSize);
    next.catch(() => {});
    return next;
  };
  /** The first `limit` documents of a page; the checkpoint moves only with the page's last part. */
  const part = (page: PullAnswer, after: Checkpoint | undefined, epoch: number, limit: number): PullAnswer => {
    if (page.documents.length <= limit) {
      rest = null;
      return page;
    }
    rest = { epoch, after: keyOf(after), documents: page.documents.slice(limit), checkpoint: page.checkpoint };
    return { documents: page.documents.slice(0, limit), checkpoint: after ?? { txid: "0", seq: 0 } };
  };
  // documents of this model RxDB has written (received$), and that count when the last part left
  let written = 0;
  let writtenWhenHanded = -1;
  let onWritten: (() => void) | null = null;
  const previousPartWritten = async () => {
    if (writtenWhenHanded < 0 || written > writtenWhenHanded) return;
    // a part whose documents all equal the stored ones writes nothing: the wait is bounded
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, partWriteWaitMs);
      function done() {
        clearTimeout(timer);
        onWritten = null;
        resolve();
      }
      onWritten = done;
    });
  };
  // the epoch of the latest fetch that reached the end of the log (-1: none yet): while it is the current epoch, a
  // cycle is not a pull and hands out the streamed documents
  let pulledEpoch = -1;
  // streamed documents not yet handed to RxDB, by id (a later version replaces an earlier one), each with the number
  // of the stream's call that brought it
  const streamedDocs = new Map<string, { doc: PullAnswer["documents"][number]; call: number }>();
  let streamCalls = 0;
  /**
   * A page asked for after a streamed document came holds that document as new or newer (the stream sends a change
   * once it is committed; the pull's snapshot is taken after it was asked for): such streamed documents are dropped,
   * else they would be written after the page and undo a change the page brought (one the stream did not carry,
   * such as a change committed while the device was reconnecting, before its subscription was made again).
   */
  const coveredBy = (page: Fetched, streamedUpTo: number) => {
    for (const doc of page.documents) {
      const waiting = streamedDocs.get(doc.id as string);
      if (waiting && waiting.call <= streamedUpTo) streamedDocs.delete(doc.id as string);
    }
  };
  const handOut = (result: PullAnswer) => {
    writtenWhenHanded = result.documents.length > 0 ? written : -1;
    return result;
  };
  const firstLoad = createFirstLoad({
    collection: options.collection,
    model,
    batchSize,
    writeSize: options.writeSize,
    request,
    prefetch,
    stopped: options.stopped,
    reachedEnd: options.reachedEnd,
    countWritten: options.countWritten,
    isEmpty: options.isEmpty,
    bootstrap: options.bootstrap,
  });

  return {
    async handler(checkpoint, limit) {
      if (pulledEpoch >= options.epochOf() && !(rest && rest.after === keyOf(checkpoint))) {
        // not a pull: the streamed documents in parts, the checkpoint as it is (an empty part ends the cycle)
        const documents = [...streamedDocs.values()].slice(0, limit).map((waiting) => waiting.doc);
        for (const doc of documents) streamedDocs.delete(doc.id as string);
        await previousPartWritten();
        return handOut({ documents, checkpoint: checkpoint ?? { txid: "0", seq: 0 } });
      }
      if (checkpoint === undefined) {
        const loaded = await firstLoad.pull(limit);
        if (loaded) {
          const { stored, ...answer } = loaded;
          if (!stored) return handOut(answer);
          writtenWhenHanded = -1;
          return answer;
        }
      }
      const epoch = options.epochOf();
      const after = keyOf(checkpoint);
      const pending = rest;
      if (pending && pending.epoch === epoch && pending.after === after) {
        await previousPartWritten();
        return handOut(
          part({ documents: pending.documents, checkpoint: pending.checkpoint }, checkpoint, epoch, limit),
        );
      }
      rest = null;
      const ahead = prefetched;
      prefetched = null;
      const fromAhead = ahead && ahead.epoch === epoch && ahead.after === after;
      const streamedUpTo = fromAhead ? ahead.streamedUpTo : streamCalls;
      const page = fromAhead ? ahead.page : request(checkpoint, batchSize);
      // a failure here (also a prefetch's) is RxDB's to retry: it calls again, and that call asks the server afresh
      const pulled = await page;
      coveredBy(pulled, streamedUpTo);
      if (pulled.documents.length < batchSize) {
        pulledEpoch = epoch;
        options.reachedEnd(pulled.sentOn);
      }
      if (pulled.documents.length >= batchSize && !options.stopped())
        prefetched = {
          epoch,
          after: keyOf(pulled.checkpoint),
          page: prefetch(pulled.checkpoint),
          streamedUpTo: streamCalls,
        };
      await previousPartWritten();
      return handOut(part(pulled, checkpoint, epoch, limit));
    },
    written() {
      written++;
      onWritten?.();
    },
    streamed(documents) {
      if (pulledEpoch < 0) return false;
      const call = ++streamCalls;
      for (const doc of documents) {
        const id = doc.id as string;
        streamedDocs.delete(id);
        streamedDocs.set(id, { doc: doc._deleted === true ? { ...blank, ...doc } : doc, call });
      }
      return true;
    },
    hasStreamed: () => streamedDocs.size > 0,
  };
}
