// The live stream survives the server going away: a restart closes every socket from the server's side, the
// device's graphql-ws client retries without limit, re-subscribes, pulls everything on reconnect, and converges.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { firstValueFrom } from "rxjs";
import { filter } from "rxjs/operators";
import { describe, expect, it } from "vitest";
import type { LocalData } from "../../src/data/local-data.ts";
import { startTestServer } from "../helpers/server.ts";
import { eventually, openDevice, signInAs } from "./harness.ts";

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
});
