// A stable id for this browser profile: commands carry it (with a per-device sequence number) so the server's log
// says which device sent what, in which order.
const DEVICE_KEY = "ll.device-id";

export function deviceId(): string {
  try {
    const known = localStorage.getItem(DEVICE_KEY);
    if (known) return known;
    const fresh = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, fresh);
    return fresh;
  } catch {
    // Storage disabled: one id for this page's life.
    if (!memoryId) memoryId = crypto.randomUUID();
    return memoryId;
  }
}

let memoryId: string | undefined;
