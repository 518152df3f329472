import { describe, expect, it, vi } from "vitest";
import { fastChangesSelection, mergedDocuments, startChangeFanout } from "../../sync/http/change-fanout.ts";

describe("the subscriptions the fan-out serves", () => {
  it("takes the app's subscription and any plain choice of the event's fields", () => {
    expect(fastChangesSelection("subscription changes { changes { table n documents } }", undefined, {})).toEqual([
      "table",
      "n",
      "documents",
    ]);
    expect(fastChangesSelection("subscription { changes { table id __typename } }", null, undefined)).toEqual([
      "table",
      "id",
      "__typename",
    ]);
    expect(fastChangesSelection("subscription changes { changes { table } }", "changes", null)).toEqual(["table"]);
  });

  it("leaves every other shape to GraphQL", () => {
    for (const query of [
      "subscription { c: changes { table } }",
      "subscription { changes { t: table } }",
      "subscription { changes { ...f } } fragment f on TableChange { table }",
      "subscription { changes { table @include(if: true) } }",
      "subscription($x: Boolean) { changes { table } }",
      "subscription { changes { table } } subscription b { changes { n } }",
      "query { changes { table } }",
      "subscription { changes { table nope } }",
      "subscription { changes }",
      "subscription { changes { table",
    ])
      expect(fastChangesSelection(query, undefined, undefined), query).toBeNull();
    expect(fastChangesSelection("subscription a { changes { table } }", "b", undefined)).toBeNull();
    expect(fastChangesSelection("subscription { changes { table } }", undefined, { x: 1 })).toBeNull();
    expect(fastChangesSelection(42, undefined, undefined)).toBeNull();
  });
});

describe("events of one table merged for a burst", () => {
  it("keeps each id once, at its last version and place, and makes a failed build a notice", () => {
    const merged = mergedDocuments([
      '[{"id": "a", "v": 1}, {"id": "b", "v": 1}]',
      '[{"id": "c", "v": 1}]',
      '[{"id": "a", "v": 2}, {"id": "b", "_deleted": true}]',
    ]);
    expect(JSON.parse(merged!)).toEqual([
      { id: "c", v: 1 },
      { id: "a", v: 2 },
      { id: "b", _deleted: true },
    ]);
    expect(mergedDocuments(['[{"id": "a"}]', null])).toBeNull();
  });
});

describe("a reader group whose sockets all left", () => {
  it("builds none of the documents still waiting for their turn", async () => {
    // LISTEN's notifications, pushed by the test
    const pushed: string[] = [];
    let wake: (() => void) | null = null;
    let ended = false;
    const notifications: AsyncIterableIterator<string> = {
      async next() {
        while (pushed.length === 0 && !ended) await new Promise<void>((resolve) => (wake = resolve));
        return ended ? { done: true, value: undefined } : { done: false, value: pushed.shift()! };
      },
      return: async () => {
        ended = true;
        wake?.();
        return { done: true, value: undefined };
      },
      [Symbol.asyncIterator]: () => notifications,
    };
    const notify = (payload: object) => {
      pushed.push(JSON.stringify(payload));
      wake?.();
    };
    // the database: audiences answer at once (account A hears customers), builds wait for the test to release them
    let builds = 0;
    const held: Array<() => void> = [];
    const withPgClient = (async (_settings: unknown, work: (client: unknown) => Promise<unknown>) =>
      work({
        query: async ({ text }: { text: string }) => {
          if (!text.includes("stream_documents"))
            return { rows: [{ model: "customers", everyone: false, accounts: ["A"], types: [] }] };
          builds++;
          await new Promise<void>((resolve) => held.push(resolve));
          return { rows: [{ docs: "[]" }] };
        },
      })) as never;
    const fanout = startChangeFanout({
      subscriber: { subscribe: async () => notifications, release: () => {} } as never,
      withPgClient,
      documentModels: "all",
      sharedBuilds: false,
    });
    const sent: string[] = [];
    const leave = fanout.add(
      { "jwt.claims.user_id": "U", "jwt.claims.account_id": "A", "jwt.claims.account_type": "issuer" },
      { id: "1", fields: ["table", "n", "documents"], send: (text) => sent.push(text) },
    );
    try {
      for (let x = 1; x <= 20; x++) notify({ t: "customers", x: String(1000 + x) });
      await vi.waitFor(() => expect(builds).toBe(6), { timeout: 5_000 });
      // the device goes away while 6 builds run and 14 wait for their turn
      leave();
      for (const release of held.splice(0)) release();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(builds, "the 14 waiting builds never ran").toBe(6);
      expect(sent).toEqual([]);
    } finally {
      for (const release of held.splice(0)) release();
      await fanout.stop();
    }
  });
});
