// The PGlite adaptor's contract with @dataplan/pg: settings are local to one withPgClient call, nested
// transactions are savepoints, a failure rolls back only its own level, and NOTIFY reaches subscribers on commit.
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, expect, it } from "vitest";
import { makePgliteWithPgClient, PgliteSubscriber } from "../../sync/db/pglite-adaptor.ts";

let pglite: PGlite;
beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec("create table t (v text)");
});
afterAll(async () => {
  await pglite.close();
});

it("applies pgSettings for one call only", async () => {
  const withPgClient = makePgliteWithPgClient(pglite);
  const inside = await withPgClient({ "jwt.claims.user_id": "u-1", "jwt.claims.ignored": undefined }, (client) =>
    client.query<{ v: string | null }>({ text: "select current_setting('jwt.claims.user_id', true) as v" }),
  );
  expect(inside.rows).toEqual([{ v: "u-1" }]);
  const after = await withPgClient(null, (client) =>
    client.query<{ v: string | null }>({ text: "select nullif(current_setting('jwt.claims.user_id', true), '') as v" }),
  );
  expect(after.rows).toEqual([{ v: null }]);
});

it("returns rows as arrays on request and int8 as exact strings", async () => {
  const withPgClient = makePgliteWithPgClient(pglite);
  const result = await withPgClient(null, (client) =>
    client.query<unknown[]>({ text: "select 9007199254740993::int8 as big, 'x' as s", arrayMode: true }),
  );
  expect(result.rows).toEqual([["9007199254740993", "x"]]);
});

it("runs nested transactions as savepoints: an inner failure rolls back only the inner work", async () => {
  const withPgClient = makePgliteWithPgClient(pglite);
  await withPgClient(null, async (client) => {
    await client.query({ text: "insert into t values ('outer')" });
    await expect(
      client.withTransaction(async (inner) => {
        await inner.query({ text: "insert into t values ('inner')" });
        throw new Error("inner failure");
      }),
    ).rejects.toThrow("inner failure");
    await client.withTransaction((inner) => inner.query({ text: "insert into t values ('inner kept')" }));
  });
  await expect(
    withPgClient(null, async (client) => {
      await client.query({ text: "insert into t values ('rolled back')" });
      throw new Error("outer failure");
    }),
  ).rejects.toThrow("outer failure");
  const { rows } = await pglite.query<{ v: string }>("select v from t order by v");
  expect(rows.map((row) => row.v)).toEqual(["inner kept", "outer"]);
});

it("delivers NOTIFY payloads to every subscriber of a topic", async () => {
  const subscriber = new PgliteSubscriber(pglite);
  const a = subscriber.subscribe("topic_a");
  const b = subscriber.subscribe("topic_a");
  const firstA = a.next();
  const firstB = b.next();
  // Subscribing (LISTEN) is asynchronous: notify until the listener is in place.
  let delivered = false;
  firstA.then(() => {
    delivered = true;
  });
  for (let attempt = 0; !delivered && attempt < 50; attempt++) {
    await pglite.query("select pg_notify('topic_a', 'hello')");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(await firstA).toEqual({ done: false, value: "hello" });
  expect(await firstB).toEqual({ done: false, value: "hello" });
  expect(await a.return?.()).toEqual({ done: true, value: undefined });
  expect(await a.next()).toEqual({ done: true, value: undefined });
  await b.return?.();
  subscriber.release();
});
