// API keys (docs/API.md "API keys"): the roles a key may have and the checks of a new key's name and role, the same
// texts as createApiKey on the server (sync/database/api-keys/10_api_keys.sql), which checks them again.

export const API_KEY_ROLES = ["admin", "viewer"] as const;
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];

export const API_KEY_NAME_MAX = 200;

export const API_KEY_TEXT = {
  nameRequired: "Name is a required field.",
  nameTooLong: `Name must be at most ${API_KEY_NAME_MAX} characters.`,
  roleRequired: "Choose a role: admin or viewer.",
  personalReadOnly: "A personal key can only read: choose the viewer role.",
} as const;

/** The text of what is wrong with a new key, or null when the server may be asked. */
export function apiKeyError(name: string, role: string | null, options: { personal: boolean }): string | null {
  const trimmed = name.trim();
  if (trimmed === "") return API_KEY_TEXT.nameRequired;
  if (trimmed.length > API_KEY_NAME_MAX) return API_KEY_TEXT.nameTooLong;
  if (!role || !(API_KEY_ROLES as readonly string[]).includes(role)) return API_KEY_TEXT.roleRequired;
  if (options.personal && role !== "viewer") return API_KEY_TEXT.personalReadOnly;
  return null;
}
