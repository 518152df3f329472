// The session cache: what the shell shows online, offline and after the session lapsed.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setUnauthorizedHandler, UnauthorizedError } from "./graphql.ts";
import {
  forgetStoredSession,
  invalidateSession,
  loadSession,
  readStoredSession,
  SESSION_STORAGE_KEY,
} from "./session.ts";

const usersData = {
  currentUser: { id: "u1", firstName: "Emma", lastName: "Lawson" },
  currentAccount: { id: "a1", name: "Emma Lawson", type: "investor", slug: null, setup: true },
  currentUsersAccount: { id: "ua1", role: "account_owner", status: "active" },
};

function answer(status: number, body: unknown) {
  return vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );
}

let unauthorized = 0;

beforeEach(() => {
  const store = new Map<string, string>();
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
  unauthorized = 0;
  setUnauthorizedHandler(() => {
    unauthorized += 1;
  });
  invalidateSession();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("loadSession", () => {
  it("asks the server once per page life and keeps the last good session", async () => {
    const fetch = answer(200, { data: usersData });
    vi.stubGlobal("fetch", fetch);
    const first = await loadSession();
    await loadSession();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(first).toMatchObject({ source: "network", session: { account: { type: "investor" } } });
    expect(readStoredSession()?.userAccount?.role).toBe("account_owner");
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? "{}").user.id).toBe("u1");
  });

  it("falls back to the stored session when the server cannot be reached", async () => {
    vi.stubGlobal("fetch", answer(200, { data: usersData }));
    await loadSession();
    invalidateSession();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const offline = await loadSession();
    expect(offline.source).toBe("stored");
    expect(offline.session?.account?.name).toBe("Emma Lawson");
  });

  it("has no session offline when none was stored", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    expect(await loadSession()).toEqual({ session: null, source: "stored" });
  });

  it("does not store a session without a chosen account", async () => {
    vi.stubGlobal("fetch", answer(200, { data: { ...usersData, currentAccount: null, currentUsersAccount: null } }));
    const result = await loadSession();
    expect(result.session?.user?.id).toBe("u1");
    expect(result.session?.account).toBeNull();
    expect(readStoredSession()).toBeNull();
  });

  it("reports 401 through the one handler and keeps the stored session (local data stays)", async () => {
    vi.stubGlobal("fetch", answer(200, { data: usersData }));
    await loadSession();
    vi.stubGlobal("fetch", answer(401, { errors: [{ message: "Not signed in", extensions: { code: "LL401" } }] }));
    await expect(loadSession({ refresh: true })).rejects.toBeInstanceOf(UnauthorizedError);
    expect(unauthorized).toBe(1);
    expect(readStoredSession()?.user?.id).toBe("u1");
    // A failed check is not cached: the next guard asks again.
    vi.stubGlobal("fetch", answer(200, { data: usersData }));
    expect((await loadSession()).source).toBe("network");
  });

  it("forgets the stored session on logout", async () => {
    vi.stubGlobal("fetch", answer(200, { data: usersData }));
    await loadSession();
    forgetStoredSession();
    expect(readStoredSession()).toBeNull();
  });

  it("treats a non-JSON answer as no network", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>portal</html>", { status: 200 })),
    );
    await expect(loadSession()).resolves.toEqual({ session: null, source: "stored" });
  });
});
