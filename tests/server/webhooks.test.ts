// Webhooks with the client bypassed (issue 35 item 1, docs/API.md "Webhooks"): who may register, remove and send
// again (an issuer's or broker's owners and admins; viewers, investors and other accounts are refused and see
// nothing), the address rule (https; plain http only to this computer, and never in production), and the deliveries
// themselves: a local receiver gets a signed POST whose signature it verifies, a 500 is retried until a 200, Send
// again delivers again, and two runners at once send each delivery once.
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_HEADERS, WEBHOOK_URL_TEXT } from "../../src/domain/webhooks.ts";
import { startRunner } from "../../sync/runners/runner.ts";
import { NOT_PUBLIC_TEXT } from "../../sync/webhooks/public-address.ts";
import { prepareWebhooks, webhookDeliveries } from "../../sync/webhooks/runner.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

interface Received {
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

let t: TestServer;
let receiver: Server;
let receiverUrl = "";
const received: Received[] = [];
/** The statuses the receiver answers next, in order (then 200). */
const answers: number[] = [];
const ids = new Map<string, string>();

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = answers.shift() ?? 200;
      res.writeHead(status, { "content-type": "text/plain" });
      res.end(status === 200 ? "thanks" : "receiver broke");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // failed attempts are due again at once, so a retry happens within one pass of the runner
  t = await startTestServer({ webhooks: { backoffMs: () => 0, tickMs: 0, timeoutMs: 5_000 } });
  const { rows } = await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts");
  for (const row of rows) ids.set(row.name, row.id);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const ISSUER = "Northwind Renewables, Inc.";
const BROKER = "Harborview Capital Markets LLC";

async function as(email: string, accountName: string): Promise<TestClient> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  expect((await client.selectAccount(ids.get(accountName) ?? "")).status).toBe(303);
  return client;
}

const code = (r: { errors?: Array<{ extensions?: { code?: string } }> }) => r.errors?.[0]?.extensions?.code;
const message = (r: { errors?: Array<{ message: string }> }) => r.errors?.[0]?.message;

const REGISTER = `mutation ($url: String!, $types: [String]!) {
  registerWebhookEndpoint(input: { url: $url, eventTypes: $types }) { webhookRegistration { endpointId secret } } }`;
const REMOVE = `mutation ($id: UUID!) { removeWebhookEndpoint(input: { endpointId: $id }) { webhookEndpoint { id } } }`;
const RESEND = `mutation ($id: UUID!) { resendWebhookDelivery(input: { deliveryId: $id }) { webhookDelivery { id status } } }`;
const ENDPOINTS = "{ allWebhookEndpoints { nodes { id url eventTypes } } }";
const DELIVERIES = `{ allWebhookDeliveries(orderBy: CREATED_ON_ASC) { nodes { id endpointId eventType status attempts
  lastStatusCode lastAnswer payload webhookAttemptsByDeliveryId(orderBy: CREATED_ON_ASC) { nodes { statusCode answer error } } } } }`;

interface Registration {
  registerWebhookEndpoint: { webhookRegistration: { endpointId: string; secret: string } } | null;
}
interface Deliveries {
  allWebhookDeliveries: {
    nodes: Array<{
      id: string;
      endpointId: string;
      eventType: string;
      status: string;
      attempts: number;
      lastStatusCode: number | null;
      lastAnswer: string | null;
      payload: { id: string; type: string; accountId: string; data: Record<string, unknown> };
      webhookAttemptsByDeliveryId: {
        nodes: Array<{ statusCode: number | null; answer: string | null; error?: string | null }>;
      };
    }>;
  };
}

async function endpointCount(): Promise<number> {
  const { rows } = await t.server.db.query<{ n: number }>(
    "select count(*)::int as n from app_public.webhook_endpoints",
  );
  return rows[0]?.n ?? 0;
}

/** Changes one of the issuer's own distributions (its allocation's owner is the issuer): a distribution.changed. */
async function changeIssuerDistribution(): Promise<string> {
  const { rows } = await t.server.db.query<{ id: string }>(
    `update app_public.distributions d set amount = d.amount + 1
     where d.id = (select d2.id from app_public.distributions d2
                   join app_public.allocations al on al.id = d2.allocation_id
                   where al.owner_id = $1 and not d2.locked order by d2.id limit 1)
     returning d.id`,
    [ids.get(ISSUER)],
  );
  return rows[0]?.id ?? "";
}

function verify(request: Received, secret: string): boolean {
  const timestamp = String(request.headers[WEBHOOK_HEADERS.timestamp]);
  const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${request.body}`).digest("hex")}`;
  return request.headers[WEBHOOK_HEADERS.signature] === expected;
}

describe("webhooks", () => {
  let owner: TestClient;
  let admin: TestClient;
  let viewer: TestClient;
  let broker: TestClient;
  let investor: TestClient;
  let endpointId = "";
  let secret = "";

  beforeAll(async () => {
    owner = await as("issuer@demo.test", ISSUER);
    admin = await as("multi@demo.test", ISSUER);
    viewer = await as("issuer-viewer@demo.test", ISSUER);
    broker = await as("broker@demo.test", BROKER);
    investor = await as("investor@demo.test", "Emma Lawson");
  });

  it("lets an issuer's owner and admin register endpoints, shows the secret once, refuses everyone else", async () => {
    const registered = await owner.graphql<Registration>(REGISTER, {
      url: `${receiverUrl}/owner`,
      types: ["distribution.changed", "distribution.made"],
    });
    expect(registered.errors).toBeUndefined();
    const registration = registered.data?.registerWebhookEndpoint?.webhookRegistration;
    expect(registration?.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    endpointId = registration?.endpointId ?? "";
    secret = registration?.secret ?? "";

    const byAdmin = await admin.graphql<Registration>(REGISTER, {
      url: "https://hooks.example.com/ledgerline",
      types: ["holding.issued"],
    });
    expect(byAdmin.errors).toBeUndefined();
    const adminEndpoint = byAdmin.data?.registerWebhookEndpoint?.webhookRegistration.endpointId ?? "";

    // the list never shows the secret again (the type has no such field)
    const listed = await viewer.graphql<{ allWebhookEndpoints: { nodes: Array<{ id: string; url: string }> } }>(
      ENDPOINTS,
    );
    expect(listed.data?.allWebhookEndpoints.nodes.map((n) => n.id).sort()).toEqual([endpointId, adminEndpoint].sort());
    expect((await owner.graphql("{ allWebhookEndpoints { nodes { secret } } }")).errors?.length).toBeGreaterThan(0);

    const before = await endpointCount();
    for (const client of [viewer, investor]) {
      const refused = await client.graphql(REGISTER, { url: `${receiverUrl}/x`, types: ["step.completed"] });
      expect(code(refused)).toBe("LL403");
      expect(code(await client.graphql(REMOVE, { id: endpointId }))).toBe("LL403");
    }
    // another account sees none of them and cannot remove one
    const other = await broker.graphql<{ allWebhookEndpoints: { nodes: unknown[] } }>(ENDPOINTS);
    expect(other.data?.allWebhookEndpoints.nodes).toEqual([]);
    expect(code(await broker.graphql(REMOVE, { id: endpointId }))).toBe("LL404");
    expect(
      (await investor.graphql<{ allWebhookEndpoints: { nodes: unknown[] } }>(ENDPOINTS)).data?.allWebhookEndpoints
        .nodes,
    ).toEqual([]);

    // bad input: a clear text, nothing kept
    const plainHttp = await owner.graphql(REGISTER, { url: "http://hooks.example.com/x", types: ["token.minted"] });
    expect(code(plainHttp)).toBe("LL422");
    expect(message(plainHttp)).toBe(WEBHOOK_URL_TEXT.httpsOrLoopback);
    const disguised = await owner.graphql(REGISTER, {
      url: "http://localhost@hooks.example.com/",
      types: ["token.minted"],
    });
    expect(message(disguised)).toBe(WEBHOOK_URL_TEXT.httpsOrLoopback);
    expect(message(await owner.graphql(REGISTER, { url: "https://hooks.example.com", types: [] }))).toBe(
      WEBHOOK_URL_TEXT.noEvents,
    );
    expect(message(await owner.graphql(REGISTER, { url: " ", types: ["token.minted"] }))).toBe(
      WEBHOOK_URL_TEXT.required,
    );
    expect(code(await owner.graphql(REGISTER, { url: "https://hooks.example.com", types: ["everything"] }))).toBe(
      "LL422",
    );
    expect(await endpointCount()).toBe(before);

    // the admin removes the endpoint it made
    expect((await admin.graphql(REMOVE, { id: adminEndpoint })).errors).toBeUndefined();
    expect(await endpointCount()).toBe(before - 1);
  });

  it("lets an admin API key register an endpoint and refuses a viewer key (the account's own systems)", async () => {
    const MAKE_KEY = `mutation ($name: String!, $role: String!) {
      createApiKey(input: { name: $name, role: $role }) { apiKeyCreation { secret } } }`;
    const keyOf = async (role: string) => {
      const made = await owner.graphql<{ createApiKey: { apiKeyCreation: { secret: string } } }>(MAKE_KEY, {
        name: `webhooks ${role}`,
        role,
      });
      expect(made.errors).toBeUndefined();
      return made.data?.createApiKey.apiKeyCreation.secret ?? "";
    };
    const withKey = async (key: string, url: string) => {
      const response = await fetch(new URL("/api/v2/graphql", t.url), {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ query: REGISTER, variables: { url, types: ["token.minted"] } }),
      });
      return (await response.json()) as { data?: Registration; errors?: Array<{ extensions?: { code?: string } }> };
    };
    const admin = await withKey(await keyOf("admin"), "https://hooks.example.com/by-key");
    expect(admin.errors).toBeUndefined();
    const endpoint = admin.data?.registerWebhookEndpoint;
    expect(endpoint?.webhookRegistration.secret).toMatch(/^whsec_/);
    const before = await endpointCount();
    expect(code(await withKey(await keyOf("viewer"), "https://hooks.example.com/by-viewer-key"))).toBe("LL403");
    expect(await endpointCount()).toBe(before);
    expect((await owner.graphql(REMOVE, { id: endpoint?.webhookRegistration.endpointId })).errors).toBeUndefined();
  });

  it("refuses plain http, even to this computer, in production", async () => {
    await prepareWebhooks(t.server.db, { production: true });
    try {
      const refused = await owner.graphql(REGISTER, { url: `${receiverUrl}/prod`, types: ["token.minted"] });
      expect(code(refused)).toBe("LL422");
      expect(message(refused)).toBe(WEBHOOK_URL_TEXT.httpsOnly);
      expect(
        message(await owner.graphql(REGISTER, { url: "http://hooks.example.com/", types: ["token.minted"] })),
      ).toBe(WEBHOOK_URL_TEXT.httpsOnly);
    } finally {
      await prepareWebhooks(t.server.db, { production: false });
    }
  });

  it("delivers a signed event to the receiver, only to the accounts that own the row", async () => {
    // the broker asks for the same event: the issuer's own distribution is not the broker's to see
    const brokerEndpoint = await broker.graphql<Registration>(REGISTER, {
      url: `${receiverUrl}/broker`,
      types: ["distribution.changed"],
    });
    expect(brokerEndpoint.errors).toBeUndefined();

    received.length = 0;
    const distributionId = await changeIssuerDistribution();
    expect(distributionId).not.toBe("");
    await t.server.webhooks.runDue();

    expect(received.map((r) => r.path)).toEqual(["/owner"]);
    const [request] = received;
    if (!request) throw new Error("no delivery");
    expect(verify(request, secret)).toBe(true);
    expect(verify(request, `${secret}x`)).toBe(false);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers[WEBHOOK_HEADERS.event]).toBe("distribution.changed");
    const body = JSON.parse(request.body) as { id: string; type: string; accountId: string; data: { id: string } };
    expect(body).toMatchObject({
      type: "distribution.changed",
      accountId: ids.get(ISSUER),
      data: { id: distributionId },
    });
    expect(request.headers[WEBHOOK_HEADERS.id]).toBe(body.id);

    // the delivery log the account reads
    const log = await viewer.graphql<Deliveries>(DELIVERIES);
    const delivery = log.data?.allWebhookDeliveries.nodes.find((d) => d.id === body.id);
    expect(delivery).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 200, lastAnswer: "thanks" });
    expect(delivery?.webhookAttemptsByDeliveryId.nodes).toEqual([
      expect.objectContaining({ statusCode: 200, answer: "thanks" }),
    ]);
    const brokerLog = await broker.graphql<Deliveries>(DELIVERIES);
    expect(brokerLog.data?.allWebhookDeliveries.nodes).toEqual([]);
  });

  it("retries a failed delivery until the receiver answers 2xx, and sends it again on request", async () => {
    received.length = 0;
    answers.push(500);
    await changeIssuerDistribution();
    await t.server.webhooks.runDue();
    expect(received.map((r) => r.path)).toEqual(["/owner", "/owner"]);
    const deliveryId = String(received[0]?.headers[WEBHOOK_HEADERS.id]);
    expect(received[1]?.headers[WEBHOOK_HEADERS.id]).toBe(deliveryId);
    for (const request of received) expect(verify(request, secret)).toBe(true);

    const log = await owner.graphql<Deliveries>(DELIVERIES);
    const delivery = log.data?.allWebhookDeliveries.nodes.find((d) => d.id === deliveryId);
    expect(delivery).toMatchObject({ status: "delivered", attempts: 2, lastStatusCode: 200 });
    expect(delivery?.webhookAttemptsByDeliveryId.nodes.map((a) => [a.statusCode, a.answer])).toEqual([
      [500, "receiver broke"],
      [200, "thanks"],
    ]);

    // Send again: a viewer and another account may not; the owner may, and the receiver gets it once more
    expect(code(await viewer.graphql(RESEND, { id: deliveryId }))).toBe("LL403");
    expect(code(await broker.graphql(RESEND, { id: deliveryId }))).toBe("LL404");
    received.length = 0;
    const resent = await owner.graphql<{ resendWebhookDelivery: { webhookDelivery: { status: string } } }>(RESEND, {
      id: deliveryId,
    });
    expect(resent.data?.resendWebhookDelivery.webhookDelivery.status).toBe("queued");
    await t.server.webhooks.runDue();
    expect(received.map((r) => r.headers[WEBHOOK_HEADERS.id])).toEqual([deliveryId]);
    const again = await owner.graphql<Deliveries>(DELIVERIES);
    expect(again.data?.allWebhookDeliveries.nodes.find((d) => d.id === deliveryId)?.attempts).toBe(3);
  });

  it("gives up after the retry window and keeps every answer", async () => {
    received.length = 0;
    answers.push(503, 503, 503, 503, 503, 503, 503, 503);
    // the window closes after the first failure (set in the event's own transaction, before any runner sees it):
    // the delivery fails for good instead of being retried
    await t.server.db.transaction(async (tx) => {
      await tx.query(
        `update app_public.distributions d set amount = d.amount + 1
         where d.id = (select d2.id from app_public.distributions d2
                       join app_public.allocations al on al.id = d2.allocation_id
                       where al.owner_id = $1 and not d2.locked order by d2.id limit 1)`,
        [ids.get(ISSUER)],
      );
      await tx.query("update app_public.webhook_deliveries set retry_until = now() where status = 'queued'");
    });
    await t.server.webhooks.runDue();
    answers.length = 0;
    expect(received).toHaveLength(1);
    const log = await owner.graphql<Deliveries>(DELIVERIES);
    const delivery = log.data?.allWebhookDeliveries.nodes.find(
      (d) => d.id === received[0]?.headers[WEBHOOK_HEADERS.id],
    );
    expect(delivery).toMatchObject({ status: "failed", attempts: 1, lastStatusCode: 503 });
  });

  it("in production, sends nothing to a host whose address is not public, and says so in the log", async () => {
    received.length = 0;
    // queued not yet due (the server's own runner, woken by the event, leaves it), then made due without a wake-up
    const { rows } = await t.server.db.transaction(async (tx) => {
      await tx.query(
        `update app_public.distributions d set amount = d.amount + 1
         where d.id = (select d2.id from app_public.distributions d2
                       join app_public.allocations al on al.id = d2.allocation_id
                       where al.owner_id = $1 and not d2.locked order by d2.id limit 1)`,
        [ids.get(ISSUER)],
      );
      return tx.query<{ id: string }>(
        `update app_public.webhook_deliveries set next_attempt_on = now() + interval '1 hour'
         where status = 'queued' and attempts = 0 returning id`,
      );
    });
    expect(rows.length).toBeGreaterThan(0);
    const queued = rows.map((row) => row.id);
    await t.server.db.query("update app_public.webhook_deliveries set next_attempt_on = now() where id = any($1)", [
      queued,
    ]);
    // the receiver is on this machine: a production runner resolves its host and refuses it before any request
    const guarded = startRunner(
      webhookDeliveries({
        db: t.server.db,
        backoffMs: () => 60_000,
        publicOnly: true,
        resolve: async () => ["127.0.0.1"],
      }),
      { intervalMs: 0 },
    );
    try {
      await guarded.run();
    } finally {
      await guarded.close();
    }
    expect(received).toHaveLength(0);
    const log = await owner.graphql<Deliveries>(DELIVERIES);
    for (const id of queued) {
      const refused = log.data?.allWebhookDeliveries.nodes.find((d) => d.id === id);
      expect(refused).toMatchObject({ status: "queued", attempts: 1 });
      expect(refused?.webhookAttemptsByDeliveryId.nodes.map((a) => a.error)).toEqual([NOT_PUBLIC_TEXT]);
    }
    // retried later (the address may be fixed); here the server's runner sends it, as a development server does
    await t.server.db.query("update app_public.webhook_deliveries set next_attempt_on = now() where id = any($1)", [
      queued,
    ]);
    await t.server.webhooks.runDue();
    expect(received.map((r) => String(r.headers[WEBHOOK_HEADERS.id])).sort()).toEqual([...queued].sort());
  });

  it("queues every event type for the accounts that read its row, in the change's own transaction", async () => {
    const all = await owner.graphql<Registration>(REGISTER, {
      url: `${receiverUrl}/all`,
      types: [
        "distribution.made",
        "distribution.changed",
        "step.completed",
        "holding.issued",
        "payment.settled",
        "token.minted",
        "document.signed",
      ],
    });
    const allEndpoint = all.data?.registerWebhookEndpoint?.webhookRegistration.endpointId ?? "";
    expect(allEndpoint).not.toBe("");
    const issuer = ids.get(ISSUER);
    const rollback = new Error("rolled back on purpose");
    let queued: string[] = [];
    // each change made in one transaction that is then rolled back: the demo's books stay as they were
    await expect(
      t.server.db.transaction(async (tx) => {
        const issuerRounds = `select r.id from app_public.rounds r join app_public.assets a on a.id = r.asset_id
                              where a.issuer_id = '${issuer}'`;
        const issuerDistributions = `select d.id from app_public.distributions d
          join app_public.allocations al on al.id = d.allocation_id where al.round_id in (${issuerRounds})`;
        await tx.query(
          `update app_public.steps s set status = 'complete', completed_on = now()
           where s.id = (select s2.id from app_public.steps s2 join app_public.processes p on p.id = s2.process_id
                         where s2.status <> 'complete' and p.distribution_id in (${issuerDistributions}) limit 1)`,
        );
        await tx.query(
          `insert into app_public.distributions (allocation_id, investor_id, name, amount)
           select al.id, i.id, i.name, 5 from app_public.allocations al, app_public.accounts i
           where al.round_id in (${issuerRounds}) and i.type = 'investor'
             and not exists (select 1 from app_public.distributions d where d.allocation_id = al.id and d.investor_id = i.id)
           limit 1`,
        );
        await tx.query(
          `insert into app_public.distribution_payments (distribution_id, amount, paid_on, status)
           select id, 10, now(), 'paid' from (${issuerDistributions}) d limit 1`,
        );
        await tx.query(
          `insert into app_public.holdings (security_id, round_id, investor_id, distribution_id, amount)
           select h.security_id, h.round_id, h.investor_id, null, 1 from app_public.holdings h
           where h.round_id in (${issuerRounds}) limit 1`,
        );
        await tx.query(
          `update app_public.tokens set status = 'issued'
           where id = (select id from app_public.tokens where round_id in (${issuerRounds}) and status <> 'issued' limit 1)`,
        );
        await tx.query(
          `with account as (
             insert into app_public.signing_accounts (account_id, name) values ('${issuer}', 'Signing')
             on conflict (account_id) do update set name = excluded.name returning id),
           template as (
             insert into app_public.signing_templates (signing_account_id, provider_template_id, name)
             select id, 'webhook-test', 'Subscription agreement' from account returning id),
           mapped as (
             insert into app_public.mapped_signing_templates (signing_template_id, account_id, name, template_updated_on)
             select id, '${issuer}', 'Subscription agreement', now() from template returning id)
           insert into app_public.sent_signing_documents (mapped_signing_template_id, sent_to_id, provider, status)
           select id, '${ids.get("Emma Lawson")}', 'builtin', 'sent' from mapped`,
        );
        await tx.query(
          `update app_public.sent_signing_documents s set status = 'completed', completed_on = now()
           where s.status = 'sent' and s.mapped_signing_template_id in
             (select m.id from app_public.mapped_signing_templates m where m.account_id = '${issuer}')`,
        );
        const { rows } = await tx.query<{ event_type: string; account_id: string }>(
          "select event_type, account_id from app_public.webhook_deliveries where endpoint_id = $1",
          [allEndpoint],
        );
        queued = rows.map((row) => row.event_type).sort();
        expect(new Set(rows.map((row) => row.account_id))).toEqual(new Set([issuer]));
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(queued).toEqual([
      "distribution.made",
      "document.signed",
      "holding.issued",
      "payment.settled",
      "step.completed",
      "token.minted",
    ]);
    expect((await owner.graphql(REMOVE, { id: allEndpoint })).errors).toBeUndefined();
  });

  it("sends each delivery once when two runners work at the same time", async () => {
    received.length = 0;
    // queued while no runner of the server looks: five events, then two runners of their own
    for (let i = 0; i < 5; i += 1) await changeIssuerDistribution();
    // a delivery finished more than a month ago leaves the log when a runner starts
    const { rows: old } = await t.server.db.query<{ id: string }>(
      `update app_public.webhook_deliveries set delivered_on = now() - interval '40 days'
       where id = (select id from app_public.webhook_deliveries where status = 'delivered' order by created_on limit 1)
       returning id`,
    );
    expect(old).toHaveLength(1);
    const first = startRunner(webhookDeliveries({ db: t.server.db, backoffMs: () => 0 }), { intervalMs: 0 });
    const second = startRunner(webhookDeliveries({ db: t.server.db, backoffMs: () => 0 }), { intervalMs: 0 });
    try {
      const [a, b] = await Promise.all([first.run(), second.run(), t.server.webhooks.runDue()]);
      expect((a ?? 0) + (b ?? 0)).toBeLessThanOrEqual(5);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
    const { rows: left } = await t.server.db.query("select 1 from app_public.webhook_deliveries where id = $1", [
      old[0]?.id,
    ]);
    expect(left).toEqual([]);
    const sent = received.map((r) => String(r.headers[WEBHOOK_HEADERS.id]));
    expect(sent).toHaveLength(5);
    expect(new Set(sent).size).toBe(5);
  });
});
