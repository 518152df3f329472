// The live stream survives the server going away: a restart closes every socket from the server's side, the
// device's graphql-ws client retries without limit, re-subscribes, pulls everything on reconnect, and converges.
// With the documents in the stream (docs/SERVER.md "The change in the stream"), a change reaches the device without
// a pull: the event's documents are written by the collection's pull handler.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { firstValueFrom } from "rxjs";
import { filter } from "rxjs/operators";
import { describe, expect, it } from "vitest";
import type { LocalData } from "../../src/data/local-data.ts";
import { startTestServer } from "../helpers/server.ts";
import { eventually, openDevice, signInAs, transportOf } from "./harness.ts";

function streamState(data: LocalData, connected: boolean) {
  return firstValueFrom(data.replication.progress$.pipe(filter((progress) => progress.streamConnected === connected)));
}

describe("the change stream across server restarts", () => {
  it("reconnects after the server closed its sockets and restarted, and converges on changes made meanwhile", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "ll-stream-restart-"));
    let server = await startTestServer({ dataDir });
    const port = server.server.port;
    let device: LocalData | null = null;
    try {
      const issuer = await signInAs(server.client(), "issuer@demo.test");
      device = await openDevice(issuer, server.url, { models: ["assets"] });
      await device.replication.awaitInitialReplication();
      await streamState(device, true);
      const { rows } = await server.server.db.query<{ id: string }>(
        "select id from app_public.assets where issuer_id = $1 order by created_on limit 1",
        [issuer.accountId],
      );
      const assetId = rows[0]?.id;
      expect(assetId).toBeDefined();

      for (let restart = 1; restart <= 2; restart++) {
        await server.close();
        await streamState(device, false);
        server = await startTestServer({ dataDir, port });
        // changed before the device is back: only the reconnect's re-sync can bring it
        const whileAway = `Changed while away ${restart}`;
        await server.server.db.query("update app_public.assets set name = $1 where id = $2", [whileAway, assetId]);
        await eventually(
          async () => (await device?.db.assets.findOne(assetId).exec())?.name === whileAway,
          20_000,
          "re-sync on reconnect",
        );
        await streamState(device, true);
        // and the live stream works again
        const live = `Changed live ${restart}`;
        await server.server.db.query("update app_public.assets set name = $1 where id = $2", [live, assetId]);
        await eventually(
          async () => (await device?.db.assets.findOne(assetId).exec())?.name === live,
          5_000,
          "live change after reconnect",
        );
      }
    } finally {
      await device?.remove();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("with the documents in the stream, writes a change without a pull", async () => {
    const server = await startTestServer({ streamDocumentModels: "all" });
    let device: LocalData | null = null;
    try {
      const issuer = await signInAs(server.client(), "issuer@demo.test");
      const base = transportOf(issuer.client, server.url);
      let pulls = 0;
      const transport = {
        ...base,
        fetch: (input: RequestInfo | URL, init?: RequestInit) => {
          if (String(input) === base.pullUrl) pulls++;
          return base.fetch(input, init);
        },
      };
      device = await openDevice(issuer, server.url, { models: ["assets"], transport });
      await device.replication.awaitInitialReplication();
      await streamState(device, true);
      const { rows } = await server.server.db.query<{ id: string }>(
        "select id from app_public.assets where issuer_id = $1 order by created_on limit 1",
        [issuer.accountId],
      );
      const assetId = rows[0]!.id;
      // a first change, and the connection's pull over (until a pull has reached the log's end, events are pulled)
      await server.server.db.query("update app_public.assets set name = 'Streamed first' where id = $1", [assetId]);
      await eventually(async () => (await device?.db.assets.findOne(assetId).exec())?.name === "Streamed first");
      await device.replication.awaitInSync();
      // the next ones come in the stream: written, and no pull asked for
      const before = pulls;
      for (const name of ["Streamed second", "Streamed third"]) {
        await server.server.db.query("update app_public.assets set name = $1 where id = $2", [name, assetId]);
        await eventually(async () => (await device?.db.assets.findOne(assetId).exec())?.name === name);
      }
      expect(pulls, "written from the stream's documents").toBe(before);
    } finally {
      await device?.remove();
      await server.close();
    }
  }, 120_000);
});
