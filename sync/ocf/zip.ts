// Streaming zip for OCF packages (fflate's Zip / Unzip classes): the writer hands compressed chunks to a sink as
// each file's text is produced; the reader inflates entries as the upload arrives and enforces the limits while
// reading (compressed bytes, total uncompressed bytes, entry count, bytes per entry), so a zip bomb stops at the cap.
import { createHash } from "node:crypto";
import { strFromU8, Unzip, UnzipInflate, Zip, ZipDeflate } from "fflate";

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

/** The start of every refusal of a package whose bytes are not a whole zip (cut short, damaged, or no zip at all). */
export const NOT_A_COMPLETE_ZIP = "The upload is not a complete zip file";

/**
 * Why a file name in a package (a zip entry's name, or a file the manifest refers to) is unsafe, or null when it is
 * a plain relative path. Entries stay in memory here, but a package with such names would write outside its folder
 * for anyone who unpacks it, so it is refused rather than imported.
 */
export function unsafeNameReason(name: string): string | null {
  if (name.length === 0) return "the name is empty";
  if (name.includes("\0")) return "it contains the NUL character";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
  if (/[\u0001-\u001f\u007f]/.test(name)) return "it contains a control character";
  if (name.includes("\\")) return "it contains a backslash (zip names separate folders with /)";
  if (/^[A-Za-z]:/.test(name)) return "it starts with a drive letter, an absolute path";
  if (name.startsWith("/")) return "it is an absolute path (it starts with /)";
  if (name.split("/").includes("..")) return "it has a .. segment, which points outside the package";
  return null;
}

/** A name as it can be shown in a message: control characters written as \uXXXX. */
export function printableName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  return name.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function unsafeEntry(name: string, where: string): OcfPackageError | null {
  const reason = unsafeNameReason(name);
  if (!reason) return null;
  return new OcfPackageError(
    `Unsafe file name in the zip${where}: ${reason}. The package is refused.`,
    printableName(name),
  );
}

/** How many bytes of the end of the upload are kept to check the zip's directory (its central directory). */
const TAIL_BYTES = 2 * 1024 * 1024;
const EOCD_SIGNATURE = 0x06054b50;
const EOCD64_LOCATOR_SIGNATURE = 0x07064b50;
const EOCD64_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;

const u16 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u32 = (b: Uint8Array, i: number) => (u16(b, i) | (u16(b, i + 2) << 16)) >>> 0;
const u64 = (b: Uint8Array, i: number) => u32(b, i) + u32(b, i + 4) * 2 ** 32;

/**
 * The names in the zip's central directory, read from the end of the upload (the end-of-central-directory record,
 * zip64 included). A zip cut short has no such end; a damaged one has a directory that does not parse.
 */
function centralDirectoryNames(tail: Uint8Array, total: number): string[] {
  const truncated = new OcfPackageError(
    `${NOT_A_COMPLETE_ZIP}: it ends before the zip's directory (it was cut short while uploading or when it was made).`,
  );
  let eocd = -1;
  for (let i = tail.length - 22; i >= Math.max(0, tail.length - 22 - 0xffff); i--) {
    if (u32(tail, i) === EOCD_SIGNATURE && i + 22 + u16(tail, i + 20) === tail.length) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw truncated;
  if (u16(tail, eocd + 4) !== 0 || u16(tail, eocd + 6) !== 0) {
    throw new OcfPackageError(`${NOT_A_COMPLETE_ZIP}: it is one part of a split (multi-part) zip.`);
  }
  let count = u16(tail, eocd + 10);
  let size = u32(tail, eocd + 12);
  let end = eocd;
  if (count === 0xffff || size === 0xffffffff || u32(tail, eocd + 16) === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || u32(tail, locator) !== EOCD64_LOCATOR_SIGNATURE) throw truncated;
    const record = u64(tail, locator + 8) - (total - tail.length);
    if (record < 0 || record + 56 > locator || u32(tail, record) !== EOCD64_SIGNATURE) throw truncated;
    count = u64(tail, record + 32);
    size = u64(tail, record + 40);
    end = record;
  }
  const damaged = new OcfPackageError(`${NOT_A_COMPLETE_ZIP}: its directory of files is damaged.`);
  const start = end - size;
  if (start < 0) {
    if (total > tail.length) {
      throw new OcfPackageError(`The zip's directory of files is larger than ${formatBytes(TAIL_BYTES)}: refused.`);
    }
    throw damaged;
  }
  const names: string[] = [];
  let at = start;
  while (at < end) {
    if (at + 46 > end || u32(tail, at) !== CENTRAL_SIGNATURE) throw damaged;
    const nameLength = u16(tail, at + 28);
    const next = at + 46 + nameLength + u16(tail, at + 30) + u16(tail, at + 32);
    if (next > end) throw damaged;
    names.push(strFromU8(tail.subarray(at + 46, at + 46 + nameLength), !(u16(tail, at + 8) & 0x800)));
    at = next;
  }
  if (names.length !== count) throw damaged;
  return names;
}

/**
 * Reads a zip from an async stream of chunks. Entries are inflated as the bytes arrive; the limits are checked on
 * every chunk (the compressed size as it is received, the uncompressed total as it is inflated), and reading stops
 * with an OcfPackageError at the first one passed. Every failure of the package (not a zip, cut short, damaged,
 * unsafe names, limits) is an OcfPackageError: the zip must end with its directory, and the directory must list
 * exactly the entries read.
 */
export async function readZip(source: AsyncIterable<Uint8Array>, limits: ZipLimits = OCF_LIMITS): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  let uncompressed = 0;
  let failure: Error | null = null;
  const unzip = new Unzip((file) => {
    if (failure) return;
    failure = unsafeEntry(file.name, "");
    if (failure) {
      file.terminate();
      return;
    }
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
        failure = new OcfPackageError(
          `${NOT_A_COMPLETE_ZIP}: this file in it is damaged and cannot be unzipped (${error.message}).`,
          file.name,
        );
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
  const push = (bytes: Uint8Array, final: boolean) => {
    try {
      unzip.push(bytes, final);
    } catch (error) {
      // fflate throws on bytes it cannot read as a zip (an entry cut short: "invalid zip data"); the package's fault
      failure ??= new OcfPackageError(
        `${NOT_A_COMPLETE_ZIP}: it ends in the middle of a file (it was cut short while uploading or when it was made; ${(error as Error).message}).`,
        entries.at(-1)?.name ?? null,
      );
    }
    if (failure) throw failure;
  };
  let received = 0;
  const tail: Uint8Array[] = [];
  let tailSize = 0;
  for await (const chunk of source) {
    received += chunk.length;
    if (received > limits.maxCompressedBytes) {
      throw new OcfPackageError(
        `The package is larger than the upload limit of ${formatBytes(limits.maxCompressedBytes)}.`,
      );
    }
    tail.push(chunk);
    tailSize += chunk.length;
    while (tail.length > 1 && tailSize - (tail[0]?.length ?? 0) >= TAIL_BYTES) tailSize -= tail.shift()?.length ?? 0;
    // small slices: a highly compressed chunk inflates to at most slice x ratio before the next limit check
    for (let offset = 0; offset < chunk.length; offset += 4096) {
      push(chunk.subarray(offset, Math.min(chunk.length, offset + 4096)), false);
    }
  }
  push(new Uint8Array(0), true);
  const local = entries.map((e) => e.name);
  let directory: string[];
  try {
    directory = centralDirectoryNames(concat(tail, tailSize), received);
  } catch (error) {
    const startsLikeAZip = (tail[0]?.length ?? 0) >= 4 && received === tailSize && u32(tail[0]!, 0) === 0x04034b50;
    if (
      entries.length === 0 &&
      !startsLikeAZip &&
      error instanceof OcfPackageError &&
      error.message.startsWith(NOT_A_COMPLETE_ZIP)
    ) {
      throw new OcfPackageError("The upload is not a zip file, or not a complete one: no zip data was found in it.");
    }
    throw error;
  }
  for (const name of directory) {
    const unsafe = unsafeEntry(name, "'s directory");
    if (unsafe) throw unsafe;
  }
  const sorted = (names: string[]) => [...names].sort().join("\0");
  if (sorted(directory) !== sorted(local)) {
    throw new OcfPackageError(
      `${NOT_A_COMPLETE_ZIP}: its directory lists ${directory.length} file${directory.length === 1 ? "" : "s"}, ${local.length} ${local.length === 1 ? "was" : "were"} found in it (damaged or cut short).`,
    );
  }
  if (entries.length === 0) throw new OcfPackageError("The upload is not a zip file with OCF files.");
  for (const entry of entries) {
    if (!entry.md5 && entry.size === 0) entry.md5 = createHash("md5").digest("hex");
    if (!entry.md5) throw new OcfPackageError(`${NOT_A_COMPLETE_ZIP}: this file in it is cut short.`, entry.name);
  }
  return entries;
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
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
