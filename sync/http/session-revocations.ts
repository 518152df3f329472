// Websockets authenticate once, when they connect (server.ts): the session's claims then hold for the socket. When
// the database ends sessions or takes their account away (a suspended member, an ownership transfer:
// app_private.end_account_sessions, sync/database/delegates/10_delegates.sql), it notifies `sessions_ended` with
// their ids; every server process closes its sockets of those sessions, so the stream stops at once. The device
// reconnects, its pulls are refused (no account) and it drops that account's data (src/data/account-access.ts).
import type { Duplex } from "node:stream";

export const SESSIONS_ENDED_CHANNEL = "sessions_ended";

export interface SessionRevocations {
  /** Remembers that this socket belongs to the session until it closes. */
  track(sessionId: string, socket: Duplex): void;
  /** Closes the sockets of these sessions (what a notification does). */
  end(sessionIds: readonly string[]): void;
  stop(): Promise<void>;
}

function endedSessions(payload: unknown): string[] {
  try {
    const parsed = JSON.parse(String(payload)) as { sessions?: unknown };
    return Array.isArray(parsed.sessions) ? parsed.sessions.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

export function startSessionRevocations(notifications: AsyncIterableIterator<unknown> | null): SessionRevocations {
  const bySession = new Map<string, Set<Duplex>>();
  const end = (sessionIds: readonly string[]) => {
    for (const id of sessionIds) {
      for (const socket of bySession.get(id) ?? []) socket.destroy();
      bySession.delete(id);
    }
  };
  let stopped = false;
  if (notifications) {
    (async () => {
      for await (const payload of notifications) {
        if (stopped) break;
        end(endedSessions(payload));
      }
    })().catch((error: unknown) => console.error("session revocations:", error));
  }
  return {
    track(sessionId, socket) {
      const sockets = bySession.get(sessionId) ?? new Set<Duplex>();
      bySession.set(sessionId, sockets);
      sockets.add(socket);
      socket.once("close", () => {
        sockets.delete(socket);
        if (sockets.size === 0 && bySession.get(sessionId) === sockets) bySession.delete(sessionId);
      });
    },
    end,
    async stop() {
      stopped = true;
      await notifications?.return?.();
    },
  };
}
