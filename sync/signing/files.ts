// Stored files (sync/storage/) as bytes: template PDFs and signed documents are small enough to hold in memory.
import type { FileStorage } from "../storage/index.ts";

/** The stored file's bytes; throws when it is missing. */
export async function readStored(storage: FileStorage, key: string): Promise<Buffer> {
  const file = await storage.read(key);
  if (!file) throw new Error(`stored file ${key} is missing`);
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
