// The change log's compaction (sync/replication/compaction.ts, app_private.compact_changes) drops changes superseded by
// a later change of the same document. Whatever it drops, a pull from the start must still give every demo membership
// every document it gave before: a later change that reaches fewer readers (a grant change for one account, without
// the account types the earlier change reached) does not supersede the earlier one. A 200,000-holding bench run showed
// the case: after compaction a new device of the scale issuer never received the exchange's account.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READ_MODEL_NAMES } from "../../src/data/models/index.ts";
import type { PullAnswer } from "../../src/domain/wire.ts";
import { DEMO_EMAILS } from "../../sync/seed/demo.ts";
import { SCALE_EMAIL, seedScale } from "../../sync/seed/scale.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";
import { type SignedIn, signInAs } from "../sync/harness.ts";

/** Every document id a pull from the start gives (POST /api/v2/pull walked to the end), by model. */
async function idsOf(client: TestClient): Promise<Map<string, Set<string>>> {
  const byModel = new Map<string, Set<string>>();
  for (const model of READ_MODEL_NAMES) {
    const ids = new Set<string>();
    let checkpoint = { txid: "0", seq: "0" };
    for (;;) {
      const response = await client.fetch("/api/v2/pull", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model, afterTxid: checkpoint.txid, afterSeq: checkpoint.seq, limit: 1000 }),
      });
      expect(response.status, `pull ${model}`).toBe(200);
      const page = (await response.json()) as PullAnswer;
      for (const doc of page.documents) ids.add(String(doc.id));
      checkpoint = { txid: page.checkpoint.txid, seq: String(page.checkpoint.seq) };
      if (page.documents.length < 1000) break;
    }
    byModel.set(model, ids);
  }
  return byModel;
}

describe("the change log's compaction", () => {
  let t: TestServer;
  const memberships: Array<{ label: string; who: SignedIn }> = [];

  beforeAll(async () => {
    t = await startTestServer();
    // the scale issuer beside the demo's accounts: an issuer that deals with none of the demo's exchanges and brokers
    await seedScale(t.server.db, { holdings: 20 });
    const emails = [...DEMO_EMAILS, SCALE_EMAIL];
    for (const email of emails) {
      const { rows } = await t.server.db.query<{ type: string }>(
        `select distinct a.type from app_public.user_emails e
           join app_public.users_accounts ua on ua.user_id = e.user_id
           join app_public.accounts a on a.id = ua.account_id
          where lower(e.email) = lower($1)`,
        [email],
      );
      for (const { type } of rows)
        memberships.push({ label: `${email} as ${type}`, who: await signInAs(t.client(), email, type) });
    }
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it("takes no document from any membership's pull", async () => {
    const readers: typeof memberships = [];
    const before = new Map<string, Map<string, Set<string>>>();
    for (const membership of memberships) {
      // a membership the pull refuses (terms not accepted) has nothing to lose
      const probe = await membership.who.client.fetch("/api/v2/pull", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: "assets", afterTxid: "0", afterSeq: "0", limit: 1 }),
      });
      await probe.arrayBuffer();
      if (probe.status !== 200) continue;
      readers.push(membership);
      before.set(membership.label, await idsOf(membership.who.client));
    }
    expect(readers.length).toBeGreaterThanOrEqual(10);
    expect(readers.some((r) => r.label.startsWith(SCALE_EMAIL))).toBe(true);

    const { rows } = await t.server.db.query<{ removed: string }>(
      "select app_private.compact_changes()::text as removed",
    );
    expect(Number(rows[0]?.removed)).toBeGreaterThan(0);

    for (const { label, who } of readers) {
      const after = await idsOf(who.client);
      for (const [model, ids] of before.get(label) ?? []) {
        // background jobs may add documents meanwhile; none may go
        const lost = [...ids].filter((id) => !after.get(model)?.has(id));
        expect(lost, `${label} ${model}`).toEqual([]);
      }
    }
  }, 300_000);
});
