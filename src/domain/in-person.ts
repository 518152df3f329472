// In-person sessions (issue 31 item 1; docs/CLIENT.md "In-person sessions"): the host's code that guards the focused
// screen, and the words the distribution's step list uses for a step done in person. Pure: the code is kept on the
// device only as a salted PBKDF2 hash (WebCrypto), so the record in storage does not give it away at a glance.

import { canWrite } from "./access.ts";
import { formatDate } from "./format.ts";

export const IN_PERSON_TEXT = {
  codeRule: "Choose a code of 4 to 6 digits.",
  codesDiffer: "The two codes are not the same.",
  wrongCode: "That code is not right. The investor stays on this screen.",
};

/** The host's code: 4 to 6 digits. The reason it is refused, or null. */
export function codeError(code: string): string | null {
  return /^\d{4,6}$/.test(code) ? null : IN_PERSON_TEXT.codeRule;
}

export interface CodeHash {
  salt: string;
  hash: string;
}

const ITERATIONS = 100_000;

const hex = (bytes: ArrayBuffer | Uint8Array) =>
  [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");

function fromHex(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

async function derive(code: string, salt: Uint8Array<ArrayBuffer>): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(code), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations: ITERATIONS },
    key,
    256,
  );
  return hex(bits);
}

/** The code's salted hash, as kept on the device. `salt` is for tests; a new random one otherwise. */
export async function hashCode(code: string, salt?: Uint8Array<ArrayBuffer>): Promise<CodeHash> {
  const bytes = salt ?? crypto.getRandomValues(new Uint8Array(16));
  return { salt: hex(bytes), hash: await derive(code, bytes) };
}

/** Whether the code typed is the one whose hash was kept. */
export async function codeMatches(code: string, kept: CodeHash): Promise<boolean> {
  if (codeError(code)) return false;
  return (await derive(code, fromHex(kept.salt))) === kept.hash;
}

/** Who did a step in person and when, as the distribution's step list shows it (the read model's `inPerson`). */
export interface InPersonMark {
  hostName?: string | null;
  hostAccountName?: string | null;
  doneAtDevice?: string | null;
  receivedAt?: string | null;
}

const WHEN = "MMM DD YYYY h:mma" as const;

/** "Done with <host> (<account>) on <device time>, received <server time>"; without the server's time yet, the first half. */
export function inPersonText(mark: InPersonMark): string {
  const host = [mark.hostName, mark.hostAccountName ? `(${mark.hostAccountName})` : null].filter(Boolean).join(" ");
  const done = `Done with ${host || "the host"} on ${formatDate(mark.doneAtDevice, WHEN)}`;
  return mark.receivedAt ? `${done}, received ${formatDate(mark.receivedAt, WHEN)}` : done;
}

/**
 * Whether the viewer may host an in-person session on an allocation's distributions, as the server decides
 * (app_private.may_host_distribution, docs/IN-PERSON.md "The checks"): an owner or admin (never a viewer) of the
 * broker or issuer account that owns the allocation, or of the issuer whose asset the round is, a broker's
 * allocation included. The server also checks that a broker's invitation to the round still stands.
 */
export function mayHostInPerson(
  viewer: { accountId: string; accountType: string; role: string },
  allocation: { ownerId: string },
  asset: { issuerId?: string | null } | null | undefined,
): boolean {
  if (!canWrite(viewer.role) || !viewer.accountId) return false;
  if (viewer.accountType === "issuer" && asset?.issuerId === viewer.accountId) return true;
  return (
    (viewer.accountType === "issuer" || viewer.accountType === "broker") && allocation.ownerId === viewer.accountId
  );
}
