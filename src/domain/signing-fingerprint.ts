// The fingerprint of a document signed offline (docs/SIGNING.md "Signing offline"): what the device showed the signer,
// the template file (its SHA-256) and the values the document carries, in one canonical text hashed with SHA-256. The
// device records it when the investor signs with no network; the server computes it again from the template and the
// values it holds when the command arrives and seals only when both agree. One pure function for both sides, so they
// cannot drift apart. (WebCrypto's digest is the same in the browser and in Node; no clock, no I/O.)

/** The values a signed document carries: field name -> value, as the signer read them. */
export type SigningValues = Readonly<Record<string, string>>;

const VERSION = "ledgerline-offline-signing-1";

const HEX64 = /^[0-9a-f]{64}$/;

/** A SHA-256 in lowercase hex (the template's hash, a fingerprint). */
export const isSha256Hex = (text: string): boolean => HEX64.test(text);

/**
 * The canonical text: the version, the template's hash and the values as [name, value] pairs sorted by name (UTF-16
 * code units: the same order in every engine), written as JSON. Any change of a byte of the template, of a value, of
 * a name, or a field added or removed gives another text.
 */
export function canonicalSigningText(templateSha256: string, values: SigningValues): string {
  const pairs = Object.keys(values)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => [name, values[name]]);
  return JSON.stringify([VERSION, templateSha256.toLowerCase(), pairs]);
}

function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The SHA-256 (lowercase hex) of bytes. */
export async function sha256Hex(bytes: Uint8Array | ArrayBuffer): Promise<string> {
  return hex(await globalThis.crypto.subtle.digest("SHA-256", new Uint8Array(bytes)));
}

/** The fingerprint of what was shown: SHA-256 (hex) of the canonical text. */
export function signingFingerprint(templateSha256: string, values: SigningValues): Promise<string> {
  return sha256Hex(new TextEncoder().encode(canonicalSigningText(templateSha256, values)));
}

/** The date a signed document carries in its date fields: MM/dd/yyyy of the signing moment (UTC). */
export function signingDate(moment: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(moment.getUTCMonth() + 1)}/${pad(moment.getUTCDate())}/${moment.getUTCFullYear()}`;
}
