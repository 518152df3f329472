// The admin console's and the Activity view's data. Figures, types and reports (the `platform_books` kind), form
// definitions and the audit trail's latest events are replicated (docs/ADMIN.md "Offline"): the screens read the
// device's replica, online or not. What is not on the device (older audit events, the memberships report) is read
// from the server while online (useServerData) and the screen says so offline. Edits are commands of the catalogue,
// queued in the outbox like every write (offline they wait there, shown as waiting); a screen tracks the commands it
// sent, and the replica brings their effect.
import { useCallback, useEffect, useRef, useState } from "react";
import { useOnline } from "../../app/useOnline.ts";
import { graphql } from "../../data/graphql.ts";
import { useCommand, useLocalData, useModel } from "../../data/hooks.tsx";
import type { OutboxCommand } from "../../data/models/index.ts";
import { useSentCommands } from "../../data/pending-hooks.ts";
import type { CommandName, VariablesOf } from "../../domain/commands/catalogue.ts";
import { ADMIN_TEXT } from "./strings.ts";

export interface ServerData<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  online: boolean;
  reload: () => void;
}

/** A GraphQL read made while online (again on reload and when the device comes back online). */
export function useServerData<T>(query: string, variables?: Record<string, unknown>): ServerData<T> {
  const online = useOnline();
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [round, setRound] = useState(0);
  const key = JSON.stringify(variables ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for the variables; round asks again
  useEffect(() => {
    if (!online) return;
    let live = true;
    setState((previous) => ({ ...previous, loading: true }));
    graphql<T>(query, JSON.parse(key) as Record<string, unknown>)
      .then((data) => live && setState({ data, error: null, loading: false }))
      .catch(
        (error: unknown) =>
          live &&
          setState((previous) => ({
            data: previous.data,
            error: error instanceof Error && error.message ? error.message : ADMIN_TEXT.loadFailed,
            loading: false,
          })),
      );
    return () => {
      live = false;
    };
  }, [online, query, key, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, online, reload };
}

/** The names of the platform's books (sync/database/admin/20_replica.sql, app_private.platform_book_ids). */
export type BookName = "figures" | "types" | "accounts" | "commands" | "mail" | "sync";

const ALL_BOOKS = { selector: {} };

/** One of the platform's books from the replica (admins only): its data and when the server made it. */
export function useBook<T>(name: BookName): { data: T | null; updatedOn: string | null; loading: boolean } {
  const { rows, loading } = useModel("platform_books", ALL_BOOKS);
  const book = rows.find((row) => row.name === name);
  return { data: (book?.data as T | undefined) ?? null, updatedOn: book?.updatedOn ?? null, loading };
}

export interface TrackedCommands {
  send: <N extends CommandName>(mutation: N, variables: VariablesOf<N>) => Promise<void>;
  /** Sent and not answered yet (offline: waiting in the outbox). */
  pending: OutboxCommand[];
  /** Refused by the server, with its reason. */
  rejected: OutboxCommand[];
  discard: (id: string) => void;
}

/** Commands this screen sent: `onAccepted` runs when the server accepted one (the screen reads the server again). */
export function useTrackedCommands(onAccepted: () => void): TrackedCommands {
  const command = useCommand();
  const data = useLocalData();
  const [ids, setIds] = useState<string[]>([]);
  const settled = useRef(new Set<string>());
  const seen = useRef(new Set<string>());
  const mine = useSentCommands(ids);
  useEffect(() => {
    // accepted, or gone from the outbox after it was seen there (an accepted command leaves it after the next pull)
    const present = new Map(mine.map((row) => [row.id, row.status]));
    for (const id of present.keys()) seen.current.add(id);
    let accepted = false;
    for (const id of ids) {
      if (settled.current.has(id)) continue;
      const status = present.get(id);
      if (status === "accepted" || (status === undefined && seen.current.has(id))) {
        settled.current.add(id);
        accepted = true;
      } else if (status === "rejected") {
        settled.current.add(id);
      }
    }
    if (accepted) onAccepted();
  }, [mine, ids, onAccepted]);
  const send = useCallback(
    async <N extends CommandName>(mutation: N, variables: VariablesOf<N>) => {
      const sent = await command(mutation, variables);
      setIds((previous) => [...previous, sent.id]);
    },
    [command],
  );
  const discard = useCallback(
    (id: string) => {
      void data?.outbox.discard(id);
      setIds((previous) => previous.filter((known) => known !== id));
    },
    [data],
  );
  return {
    send,
    pending: mine.filter((row) => row.status === "pending"),
    rejected: mine.filter((row) => row.status === "rejected"),
    discard,
  };
}
