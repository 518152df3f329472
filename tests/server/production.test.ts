// Production mode: no introspection or GraphiQL, bounded depth and body size, JSON-only GraphQL, masked internal
// errors with coded errors passed through; and the built app served with the right types, caching and fallback.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GraphQLError } from "postgraphile/graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeMaskError } from "../../sync/graphql/errors.ts";
import { MAX_QUERY_DEPTH, MAX_REQUEST_BYTES } from "../../sync/graphql/preset.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
let client: TestClient;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), "ledgerline-dist-"));
  mkdirSync(join(distDir, "assets"));
  writeFileSync(join(distDir, "index.html"), "<!doctype html><title>app shell</title>");
  writeFileSync(join(distDir, "sw.js"), "self.addEventListener('install', () => {});");
  writeFileSync(join(distDir, "manifest.webmanifest"), '{"name":"Ledgerline"}');
  writeFileSync(join(distDir, "assets", "index-4f3a9c.js"), "console.log('app');");
  writeFileSync(join(distDir, "assets", "index-4f3a9c.css"), "body{}");
  writeFileSync(join(distDir, "icon-192.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  t = await startTestServer({ mode: "production", seedDemo: false, distDir });
  client = t.client();
  expect((await client.signUp({ email: "prod@production.test", password: "production-password" })).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe("GraphQL in production", () => {
  it("answers ordinary queries", async () => {
    const answer = await client.graphql<{ currentUser: { id: string } }>("{ currentUser { id } }");
    expect(answer.status).toBe(200);
    expect(answer.data?.currentUser.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refuses introspection and serves no GraphiQL", async () => {
    const answer = await client.graphql("{ __schema { types { name } } }");
    expect(answer.data ?? null).toBeNull();
    expect(answer.errors?.[0]?.message).toMatch(/introspection/i);
    const graphiql = await client.fetch("/api/v2/graphiql");
    expect(graphiql.status).toBe(404);
  });

  it("refuses queries nested deeper than the limit", async () => {
    // currentUser > usersAccounts > nodes > account > usersAccounts > nodes > account ... : 3 levels per hop.
    const hops = Math.ceil(MAX_QUERY_DEPTH / 3);
    const chain = (inner: string) =>
      `currentUser { ${"usersAccounts { nodes { account { ".repeat(hops)}${inner}${" } } }".repeat(hops)} }`;
    // The depth counts through fragments as well.
    const deep = `query { ...Deep } fragment Deep on Query { ${chain("id")} }`;
    const answer = await client.graphql(deep);
    expect(answer.errors?.[0]?.message).toMatch(/too deep/);
    expect(answer.errors?.[0]?.extensions?.code).toBe("LL400");
    const shallow = await client.graphql("{ currentUser { usersAccounts { nodes { account { id } } } } }");
    expect(shallow.errors).toBeUndefined();
  });

  it("refuses bodies over the size limit", async () => {
    const padding = " ".repeat(MAX_REQUEST_BYTES + 1);
    const response = await client.fetch("/api/v2/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: `{ currentUser { id } }${padding}` }),
    });
    expect(response.status).toBe(413);
  });

  it("refuses form-encoded and other non-JSON GraphQL requests", async () => {
    for (const contentType of ["application/x-www-form-urlencoded", "text/plain", "application/graphql"]) {
      const response = await client.fetch("/api/v2/graphql", {
        method: "POST",
        headers: { "content-type": contentType },
        body: contentType === "application/graphql" ? "{ currentUser { id } }" : "query=%7B__typename%7D",
      });
      expect(response.status, contentType).toBe(415);
    }
  });

  it("masks internal errors but passes coded errors through with their code", async () => {
    const coded = await client.graphql(
      'mutation { acceptTerms(input: { termsId: "00000000-0000-4000-8000-000000000000" }) { clientMutationId } }',
    );
    expect(coded.errors?.[0]?.extensions?.code).toBe("LL404");
    expect(coded.errors?.[0]?.message).toBe("Terms of service not found");

    // A malformed number is an input mistake: a coded error with a clear message, no PostgreSQL text.
    const malformed = await client.graphql(
      'mutation { createAsset(input: { asset: { name: "x", type: "equity", authorizedTotal: "12abc" } }) { asset { id } } }',
    );
    expect(malformed.errors?.[0]?.extensions?.code).toBe("LL422");
    expect(malformed.errors?.[0]?.message).toMatch(/^Authorized total: enter a number/);
    expect(malformed.errors?.[0]?.message).not.toMatch(/numeric|syntax/);

    // Anything else from below (here a fabricated internal error) is masked: nothing of it reaches the client.
    const internal = makeMaskError(true)(
      new GraphQLError("boom", { originalError: new Error("relation app_private.secret does not exist") }),
    );
    expect(internal.message).toMatch(/^An error occurred \(logged with hash/);
    expect(internal.message).not.toMatch(/secret/);
  });
});

describe("static files", () => {
  it("serves hashed assets with a long cache and the right types", async () => {
    const js = await client.fetch("/assets/index-4f3a9c.js");
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(js.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const css = await client.fetch("/assets/index-4f3a9c.css");
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    const png = await client.fetch("/icon-192.png");
    expect(png.headers.get("content-type")).toBe("image/png");
  });

  it("never caches the shell entry points", async () => {
    for (const path of ["/index.html", "/sw.js", "/manifest.webmanifest"]) {
      const response = await client.fetch(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("no-cache");
    }
    const manifest = await client.fetch("/manifest.webmanifest");
    expect(manifest.headers.get("content-type")).toContain("application/manifest+json");
  });

  it("falls back to index.html for client routes, not for missing files, /api, /authenticate or /wss", async () => {
    const route = await client.fetch("/portfolio/holdings?tab=1");
    expect(route.status).toBe(200);
    expect(await route.text()).toContain("app shell");
    expect(route.headers.get("cache-control")).toBe("no-cache");
    expect(route.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(route.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect((await client.fetch("/assets/missing-123.js")).status).toBe(404);
    const api = await client.fetch("/api/v2/unknown");
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ errors: [{ extensions: { code: "LL404" } }] });
    expect((await client.fetch("/authenticate/unknown")).status).toBe(404);
    expect((await client.fetch("/wss/v1/")).status).toBe(426);
    expect((await client.fetch("/../../etc/passwd")).status).not.toBe(500);
  });

  it("marks the session cookie Secure in production", async () => {
    const response = await t.client().fetch("/authenticate/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "prod@production.test", password: "production-password" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join()).toMatch(/ll_session=[^;]+;.*Secure/);
  });
});
