// The pending overlay through the real local data path (issue 13, item 13): two allocations each get invitations
// queued while offline; each allocation's list (the allocation page's own query through modelRows$, what useModel
// shows) holds only its own queued invitations, with the right count and units, before and after the network returns.
import { filter, firstValueFrom } from "rxjs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { modelRows$ } from "../../src/data/hooks.tsx";
import type { LocalData } from "../../src/data/local-data.ts";
import { distributionSummary } from "../../src/domain/allocations.ts";
import { formatNumber } from "../../src/domain/format.ts";
import { allocationDistributionsQuery } from "../../src/features/allocations/use-allocation.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { eventually, openDevice, type SignedIn, signInAs } from "./harness.ts";

let t: TestServer;
let issuer: SignedIn;
const devices: LocalData[] = [];

beforeAll(async () => {
  t = await startTestServer();
  issuer = await signInAs(t.client(), "issuer@demo.test");
});

afterEach(async () => {
  for (const opened of devices.splice(0)) await opened.remove();
});

afterAll(async () => {
  await t?.close();
});

const run = Date.now().toString(36);

async function listOf(data: LocalData, allocationId: string, settled: (rows: unknown[]) => boolean) {
  const rows = await firstValueFrom(
    modelRows$(data.db, "distributions", allocationDistributionsQuery(allocationId)).pipe(filter(settled)),
  );
  const summary = distributionSummary(rows as Array<{ amount: string }>);
  return {
    emails: rows.map((row) => (row as { investor?: { email?: string } }).investor?.email),
    pending: rows.filter((row) => (row as { _pending?: unknown })._pending).length,
    count: summary.count,
    // as the allocation page's summary shows them
    units: formatNumber(summary.units),
  };
}

describe("the pending overlay on a device", () => {
  it("lists each allocation's queued invitations under that allocation only, with its own count and units", async () => {
    let online = true;
    const data = await openDevice(issuer, t.url, {
      models: ["allocations", "distributions"],
      isOnline: () => online,
    });
    devices.push(data);
    const rounds = await issuer.client.graphql<{ allRounds: { nodes: Array<{ id: string }> } }>(
      "{ allRounds(first: 1) { nodes { id } } }",
    );
    const roundId = rounds.data?.allRounds.nodes[0]?.id;
    expect(roundId).toBeTruthy();

    // Two new allocations, made online and replicated.
    const allocationIds = [crypto.randomUUID(), crypto.randomUUID()] as const;
    for (const [index, id] of allocationIds.entries()) {
      await data.outbox.enqueue("createAllocation", {
        input: {
          allocation: {
            id,
            roundId: roundId as string,
            ownerId: issuer.accountId,
            name: `Overlay ${run} ${index}`,
            status: "drafted",
            opensOn: "2024-01-01T00:00:00.000Z",
            closesOn: "2030-01-01T00:00:00.000Z",
          },
        },
      });
    }
    await eventually(
      async () => (await data.db.allocations.findByIds([...allocationIds]).exec()).size === 2,
      15_000,
      "allocations replicated",
    );

    // Offline: three invitations for the first allocation, two for the second.
    online = false;
    const invite = (allocationId: string, tag: string, amount: string) =>
      data.outbox.enqueue("makeDistribution", {
        input: {
          id: crypto.randomUUID(),
          allocationId,
          accountEmail: `${tag}-${run}@overlay.test`,
          amount,
          name: null,
        },
      });
    const [first, second] = allocationIds;
    await invite(first, "a1", "1000.5");
    await invite(second, "b1", "12000");
    await invite(first, "a2", "1800");
    await invite(second, "b2", "64.25");
    await invite(first, "a3", "33.33");
    expect(await data.outbox.waitingCount()).toBe(5);

    const five = (rows: unknown[]) => rows.length > 0;
    const offlineFirst = await listOf(data, first, five);
    const offlineSecond = await listOf(data, second, five);
    expect(offlineFirst).toEqual({
      emails: [`a1-${run}@overlay.test`, `a2-${run}@overlay.test`, `a3-${run}@overlay.test`],
      pending: 3,
      count: 3,
      units: "2,833.83",
    });
    expect(offlineSecond).toEqual({
      emails: [`b1-${run}@overlay.test`, `b2-${run}@overlay.test`],
      pending: 2,
      count: 2,
      units: "12,064.25",
    });
    // An allocation with nothing queued lists nothing.
    expect(await listOf(data, crypto.randomUUID(), () => true)).toMatchObject({ count: 0, emails: [] });

    // Back online: sent, pulled, and each list holds the same rows, now from the replica.
    online = true;
    await data.outbox.flush();
    await eventually(async () => (await data.outbox.waitingCount()) === 0, 15_000, "invitations sent");
    const replicated = (rows: unknown[]) => rows.every((row) => !(row as { _pending?: unknown })._pending);
    const onlineFirst = await listOf(data, first, (rows) => rows.length === 3 && replicated(rows));
    const onlineSecond = await listOf(data, second, (rows) => rows.length === 2 && replicated(rows));
    expect(onlineFirst).toMatchObject({ count: 3, units: "2,833.83", pending: 0 });
    expect(onlineSecond).toMatchObject({ count: 2, units: "12,064.25", pending: 0 });
    expect(new Set(onlineFirst.emails)).toEqual(new Set(offlineFirst.emails));
  }, 60_000);
});
