// The bytes of an imported text file (allocation CSV, contacts CSV) as text, read the same way on the device (before
// parsing) and on the server (sync/http/uploads.ts keeps the text of an uploaded CSV for the database's import):
//
// - a UTF-8 byte order mark is dropped, and the rest must be valid UTF-8;
// - a UTF-16 byte order mark (little or big endian, as spreadsheet apps write "Unicode text") is decoded as UTF-16;
// - bytes that are not valid UTF-8 and carry no mark are read as Windows-1252 (which covers ISO-8859-1/Latin-1: what
//   spreadsheet apps on Windows write as "CSV"), so "François" stays "François", and the caller is told (`note`);
// - text that none of these reads cleanly is refused with a message rather than stored with replacement
//   characters: a UTF-8-marked file that is not UTF-8, a byte Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90,
//   0x9D), or a NUL character (a binary file or UTF-16 without a mark).

type DecodedText =
  | { ok: true; text: string; encoding: "utf-8" | "utf-16le" | "utf-16be" | "windows-1252"; note: string | null }
  | { ok: false; message: string };

export const NOT_TEXT = "The file could not be read as CSV.";
export const NOT_UTF8 =
  'The file is not UTF-8 text and could not be read. Save it as "CSV UTF-8" in your spreadsheet app and import it again.';
export const READ_AS_WINDOWS_1252 =
  "The file was not saved as UTF-8; it was read as Windows-1252 (Western European). Check that names look right.";

// Bytes Windows-1252 does not define: TextDecoder maps them to C1 controls.
const UNDEFINED_1252 = /[\u0081\u008d\u008f\u0090\u009d]/;

function decode(encoding: string, bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

function checked(
  text: string | null,
  encoding: "utf-8" | "utf-16le" | "utf-16be" | "windows-1252",
  failure: string,
): DecodedText {
  if (text === null) return { ok: false, message: failure };
  if (text.includes("\u0000")) return { ok: false, message: NOT_TEXT };
  return { ok: true, text, encoding, note: encoding === "windows-1252" ? READ_AS_WINDOWS_1252 : null };
}

/** The text of an import file's bytes, or why it cannot be read (see the top of this file). */
export function decodeTextFile(input: ArrayBuffer | Uint8Array): DecodedText {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return checked(decode("utf-8", bytes.subarray(3)), "utf-8", NOT_UTF8);
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return checked(decode("utf-16le", bytes.subarray(2)), "utf-16le", NOT_TEXT);
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return checked(decode("utf-16be", bytes.subarray(2)), "utf-16be", NOT_TEXT);
  const utf8 = decode("utf-8", bytes);
  if (utf8 !== null) return checked(utf8, "utf-8", NOT_UTF8);
  const latin = decode("windows-1252", bytes);
  if (latin === null || UNDEFINED_1252.test(latin)) return { ok: false, message: NOT_UTF8 };
  return checked(latin, "windows-1252", NOT_UTF8);
}
