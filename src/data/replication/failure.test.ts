import { describe, expect, it } from "vitest";
import { describeSyncFailure, SYNC_FAILURE_TEXT } from "./failure.ts";

/** RxDB's RC_PULL as the browser builds it: its message repeats the cause, serialized, with the stack. */
function rxPull(errors: unknown): Error {
  const error = new Error(`RxDB Error-Code: RC_PULL. Parameters: checkpoint: null errors: ${JSON.stringify(errors)}`);
  return Object.assign(error, { code: "RC_PULL", parameters: { checkpoint: null, errors } });
}

describe("describeSyncFailure", () => {
  it("says the server could not be reached for a fetch that never left (an Error or RxDB's plain copy of one)", () => {
    expect(describeSyncFailure(rxPull(new TypeError("Failed to fetch")))).toBe(SYNC_FAILURE_TEXT.unreachable);
    const serialized = { name: "TypeError", message: "Failed to fetch", stack: "TypeError: Failed to fetch\n at x" };
    expect(describeSyncFailure(rxPull(serialized))).toBe(SYNC_FAILURE_TEXT.unreachable);
    expect(describeSyncFailure(rxPull([serialized]))).toBe(SYNC_FAILURE_TEXT.unreachable);
  });

  it("says the storage is full, or the server refused, or could not answer; never RxDB's words", () => {
    const quota = Object.assign(new Error("write aborted"), { name: "QuotaExceededError" });
    expect(describeSyncFailure(rxPull(quota))).toBe(SYNC_FAILURE_TEXT.storageFull);
    expect(describeSyncFailure(rxPull(Object.assign(new Error("Unauthorized (401)"), { status: 401 })))).toBe(
      SYNC_FAILURE_TEXT.refused,
    );
    const answered = describeSyncFailure(rxPull({ message: "HTTP 502" }));
    expect(answered).toBe(SYNC_FAILURE_TEXT.serverError);
    for (const text of Object.values(SYNC_FAILURE_TEXT)) expect(text).not.toMatch(/RxDB|RC_|\{|null|fetch/);
  });
});
