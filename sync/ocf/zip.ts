// Streaming zip for OCF packages (fflate's Zip / Unzip classes): the writer hands compressed chunks to a sink as
// each file's text is produced; the reader inflates entries as the upload arrives and enforces the limits while
// reading (compressed bytes, total uncompressed bytes, entry count, bytes per entry), so a zip bomb stops at the cap.
import { createHash } from "node:crypto";
import { Unzip, UnzipInflate, Zip, ZipDeflate } from "fflate";

export class OcfPackageError extends Error {
  readonly file: string | null;
  constructor(message: string, file: string | null = null) {
    super(message);
    this.file = file;
  }
}

export type ZipSink = (chunk: Uint8Array, final: boolean) => void;

const encoder = new TextEncoder();

/** Writes files one after another into a zip; each file's md5 is computed from the bytes written. */
export class ZipWriter {
  private zip: Zip;
  private failure: Error | null = null;
  constructor(sink: ZipSink) {
    this.zip = new Zip((error, chunk, final) => {
      if (error) this.failure = error;
      else sink(chunk, final);
    });
  }

  /** Starts a file; write text parts with the returned function, then call end() to get its md5. */
  file(name: string): { write(text: string): void; end(): string } {
    const entry = new ZipDeflate(name, { level: 6 });
    this.zip.add(entry);
    const md5 = createHash("md5");
    let pending: string[] = [];
    let pendingSize = 0;
    const flush = (final: boolean) => {
      const bytes = encoder.encode(pending.join(""));
      pending = [];
      pendingSize = 0;
      md5.update(bytes);
      entry.push(bytes, final);
      if (this.failure) throw this.failure;
    };
    return {
      write: (text: string) => {
        pending.push(text);
        pendingSize += text.length;
        if (pendingSize > 256 * 1024) flush(false);
      },
      end: () => {
        flush(true);
        return md5.digest("hex");
      },
    };
  }

  end(): void {
    this.zip.end();
    if (this.failure) throw this.failure;
  }
}

export interface ZipLimits {
  /** bytes of the upload (compressed) */
  maxCompressedBytes: number;
  /** bytes of all entries once inflated */
  maxUncompressedBytes: number;
  maxEntries: number;
}

export const OCF_LIMITS: ZipLimits = {
  maxCompressedBytes: 100 * 1024 * 1024,
  maxUncompressedBytes: 400 * 1024 * 1024,
  maxEntries: 200,
};

export interface ZipEntry {
  name: string;
  /** the entry's bytes in the chunks they were inflated in (never joined into one string here) */
  chunks: Uint8Array[];
  size: number;
  md5: string;
}

function formatBytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/**
 * Reads a zip from an async stream of chunks. Entries are inflated as the bytes arrive; the limits are checked on
 * every chunk (the compressed size as it is received, the uncompressed total as it is inflated), and reading stops
 * with an OcfPackageError at the first one passed.
 */
export async function readZip(source: AsyncIterable<Uint8Array>, limits: ZipLimits = OCF_LIMITS): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  let uncompressed = 0;
  let failure: Error | null = null;
  const unzip = new Unzip((file) => {
    if (failure) return;
    if (entries.length >= limits.maxEntries) {
      failure = new OcfPackageError(`The package has more than ${limits.maxEntries} files.`, file.name);
      file.terminate();
      return;
    }
    const entry: ZipEntry = { name: file.name, chunks: [], size: 0, md5: "" };
    const md5 = createHash("md5");
    entries.push(entry);
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = new OcfPackageError(`The file could not be unzipped (${error.message}).`, file.name);
        return;
      }
      uncompressed += chunk.length;
      entry.size += chunk.length;
      if (uncompressed > limits.maxUncompressedBytes) {
        failure = new OcfPackageError(
          `The package unzips to more than ${formatBytes(limits.maxUncompressedBytes)}: refused as a possible zip bomb.`,
          file.name,
        );
        file.terminate();
        return;
      }
      md5.update(chunk);
      entry.chunks.push(chunk);
      if (final) entry.md5 = md5.digest("hex");
    };
    if (file.name.endsWith("/")) return; // a directory
    file.start();
  });
  unzip.register(UnzipInflate);
  let received = 0;
  for await (const chunk of source) {
    received += chunk.length;
    if (received > limits.maxCompressedBytes) {
      throw new OcfPackageError(
        `The package is larger than the upload limit of ${formatBytes(limits.maxCompressedBytes)}.`,
      );
    }
    // small slices: a highly compressed chunk inflates to at most slice x ratio before the next limit check
    for (let offset = 0; offset < chunk.length; offset += 4096) {
      unzip.push(chunk.subarray(offset, Math.min(chunk.length, offset + 4096)), false);
      if (failure) throw failure;
    }
  }
  unzip.push(new Uint8Array(0), true);
  if (failure) throw failure;
  if (entries.length === 0) throw new OcfPackageError("The upload is not a zip file with OCF files.");
  for (const entry of entries) {
    if (!entry.md5 && entry.size === 0) entry.md5 = createHash("md5").digest("hex");
    if (!entry.md5) throw new OcfPackageError("The file is incomplete in the zip.", entry.name);
  }
  return entries;
}

/** Decodes and parses one entry's JSON (one file at a time, never the whole package). */
export function parseEntry(entry: ZipEntry): unknown {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let text = "";
  try {
    for (const chunk of entry.chunks) text += decoder.decode(chunk, { stream: true });
    text += decoder.decode();
  } catch {
    throw new OcfPackageError("The file is not UTF-8 text.", entry.name);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new OcfPackageError(`The file is not valid JSON (${(error as Error).message}).`, entry.name);
  }
}

/** For tests and the bench: the bytes of a buffer as a one-chunk stream. */
export async function* chunksOf(bytes: Uint8Array, size = 64 * 1024): AsyncIterable<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}
