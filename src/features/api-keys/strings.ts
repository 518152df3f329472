// The API keys section's texts (issue 35: LedgerlineIO API keys, the investor's personal key).

export const API_KEYS_TEXT = {
  title: "API keys",
  personalTitle: "Your personal key",
  intro:
    "A key lets your own systems read and change this account's books through the Ledgerline API, without signing in. Treat it like a password.",
  personalIntro:
    "A personal key lets your own tools read your holdings, transactions and documents through the Ledgerline API. It can only read.",
  needsNetwork: "API keys need the network: you are offline. They show here again when you are back online.",
  readOnly: "Only owners and admins can make or revoke keys.",
  loading: "Loading API keys",
  loadFailed: "The API keys could not be loaded.",
  retry: "Try again",
  noKeys: "No keys yet.",
  add: "Make a key",
  addTitle: "Make an API key",
  addDescription: "Name it after the system that will use it, so you know which key to revoke later.",
  personalAddDescription: "Name it after the tool that will use it, so you know which key to revoke later.",
  name: "Name",
  role: "Role",
  roles: {
    admin: "Admin: reads and changes what an admin may",
    viewer: "Viewer: reads only",
  } as Record<string, string>,
  roleShort: { admin: "Admin", viewer: "Viewer" } as Record<string, string>,
  cancel: "Cancel",
  save: "Make key",
  secretTitle: "Your new API key",
  secretDescription:
    "Copy it into your system now: it is shown only this once. Send it as Authorization: Bearer followed by the key.",
  copy: "Copy",
  copied: "Copied.",
  done: "Done",
  revoke: "Revoke",
  revokeTitle: "Revoke this key?",
  revokeDescription: (name: string) =>
    `Requests made with ${name} are refused from now on. A system still using it stops working.`,
  revokeConfirm: "Revoke",
  revoked: "Key revoked.",
  revokedOn: (date: string) => `Revoked ${date}`,
  detail: (role: string, made: string, used: string) => `${role} · made ${made} · ${used}`,
  lastUsed: (date: string) => `last used ${date}`,
  neverUsed: "never used",
} as const;
