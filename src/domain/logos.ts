// Account logos (issue 35 item 7): which images may be a logo and how the logo's link is checked, shared by the
// device (settings, before the file is queued) and the server (the upload route checks the bytes again; the
// database checks the link with the same pattern, sync/database/accounts/40_logos.sql). PNG, JPEG and WebP only,
// recognised by their first bytes, never by the name alone; SVG is refused because it can carry script.
import { MESSAGES } from "./messages.ts";

export const LOGO_EXTENSIONS = ["png", "jpg", "jpeg", "webp"] as const;
export const LOGO_MAX_BYTES = 1024 * 1024;
/** What the file picker offers. */
export const LOGO_ACCEPT = "image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp";

export type LogoContentType = "image/png" | "image/jpeg" | "image/webp";

/** Where a device keeps a logo chosen for the account until it is uploaded (the file queue's place). */
export const logoPlace = (accountId: string) => `account-logo:${accountId}`;

/** The extension of a file name, lower case (or null). */
function extensionOf(name: string): string | null {
  return /\.([A-Za-z0-9]+)$/.exec(name.trim())?.[1]?.toLowerCase() ?? null;
}

export function isLogoFileName(name: string): boolean {
  const extension = extensionOf(name);
  return extension !== null && (LOGO_EXTENSIONS as readonly string[]).includes(extension);
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);

/** The image type the content is (its first 12 bytes suffice), or null for anything else. */
export function logoContentType(head: Uint8Array): LogoContentType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  // RIFF....WEBP
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

/** What is wrong with a file chosen as a logo (its name, size and first bytes), or null. */
export function logoFileError(file: { name: string; size: number }, head: Uint8Array): string | null {
  if (!isLogoFileName(file.name) || logoContentType(head) === null) return MESSAGES.logoType;
  if (file.size > LOGO_MAX_BYTES) return MESSAGES.logoTooLarge;
  return null;
}

/** The database's pattern (accounts_logo_link_check): http(s), a dotted host name, an optional port and path. */
const LOGO_LINK =
  /^https?:\/\/[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+(:[0-9]{1,5})?([/?#]\S*)?$/;
export const LOGO_LINK_MAX_LENGTH = 2000;

/** What is wrong with a logo link (empty is fine: it removes the link), or null. */
export function logoLinkError(link: string): string | null {
  const trimmed = link.trim();
  if (trimmed === "") return null;
  if (trimmed.length > LOGO_LINK_MAX_LENGTH) return `Logo link must be at most ${LOGO_LINK_MAX_LENGTH} characters.`;
  return LOGO_LINK.test(trimmed) ? null : MESSAGES.logoLink;
}
