// The app shell sent for a client route names the route's chunks in a Link: rel=modulepreload header (issue 22 item
// 13), from the build's route-preloads.json: a first visit fetches a screen's code beside the entry script instead
// of after it. The map itself comes from the build's chunk graph (routePreloads), checked here on a small graph.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchesPattern, routePattern, routePreloads } from "../../sync/http/route-preloads.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let t: TestServer;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), "ledgerline-dist-"));
  mkdirSync(join(distDir, "assets"));
  writeFileSync(join(distDir, "index.html"), "<!doctype html><title>app shell</title>");
  writeFileSync(join(distDir, "assets", "portfolio-1.js"), "export {};");
  writeFileSync(
    join(distDir, "route-preloads.json"),
    JSON.stringify({
      "/portfolio": ["/assets/portfolio-1.js", "/assets/database-1.js"],
      "/holding/$holdingId": ["/assets/holding-1.js"],
      "/north-capital/issuers/{-$issuerId}": ["/assets/issuers-1.js"],
      "/login": ["/assets/login-1.js"],
    }),
  );
  t = await startTestServer({ mode: "production", seedDemo: false, distDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe("route chunk preloads", () => {
  it("names the route's chunks in a Link header on the app shell of that route", async () => {
    const client = t.client();
    const portfolio = await client.fetch("/portfolio");
    expect(portfolio.status).toBe(200);
    expect(await portfolio.text()).toContain("app shell");
    expect(portfolio.headers.get("link")).toBe(
      "</assets/portfolio-1.js>; rel=modulepreload; crossorigin, </assets/database-1.js>; rel=modulepreload; crossorigin",
    );
    expect((await client.fetch("/holding/7f3e")).headers.get("link")).toBe(
      "</assets/holding-1.js>; rel=modulepreload; crossorigin",
    );
    for (const path of ["/north-capital/issuers", "/north-capital/issuers/abc"]) {
      expect((await client.fetch(path)).headers.get("link"), path).toBe(
        "</assets/issuers-1.js>; rel=modulepreload; crossorigin",
      );
    }
  });

  it("names nothing for routes it does not know, deeper paths, or files", async () => {
    const client = t.client();
    for (const path of ["/unknown-screen", "/holding/7f3e/extra", "/holding", "/assets/portfolio-1.js"]) {
      const response = await client.fetch(path);
      expect(response.headers.get("link"), path).toBeNull();
    }
  });

  it("builds the map from the chunk graph: route and layout chunks and their imports, less the entry's", () => {
    const routes = "/app/src/routes";
    const chunk = (fileName: string, imports: string[], facade: string | null = null, isEntry = false) => ({
      fileName,
      imports,
      facadeModuleId: facade ? `${routes}/${facade}?tsr-split=component` : null,
      isEntry,
    });
    const map = routePreloads(
      [
        chunk("assets/index.js", ["assets/react.js"], null, true),
        chunk("assets/react.js", []),
        chunk("assets/app.js", ["assets/shell.js", "assets/react.js"], "_app.tsx"),
        chunk("assets/shell.js", []),
        chunk("assets/investor.js", [], "_app/_investor.tsx"),
        chunk("assets/portfolio.js", ["assets/database.js", "assets/react.js"], "_app/_investor/portfolio.tsx"),
        chunk("assets/database.js", []),
        chunk("assets/login.js", ["assets/shell.js"], "login.tsx"),
      ],
      routes,
    );
    expect(map).toEqual({
      "/portfolio": [
        "/assets/app.js",
        "/assets/database.js",
        "/assets/investor.js",
        "/assets/portfolio.js",
        "/assets/shell.js",
      ],
      "/login": ["/assets/login.js", "/assets/shell.js"],
    });
  });

  it("reads TanStack file route names as URL patterns", () => {
    expect(routePattern("_app/_investor/portfolio.tsx")).toBe("/portfolio");
    expect(routePattern("_app/_core/holding/$holdingId.tsx")).toBe("/holding/$holdingId");
    expect(routePattern("_app/settings/index.tsx")).toBe("/settings");
    expect(routePattern("index.tsx")).toBe("/");
    expect(routePattern("$.tsx")).toBeNull();
    expect(matchesPattern("/asset-class/$roundId/$view", "/asset-class/r1/holdings")).toBe(true);
    expect(matchesPattern("/asset-class/$roundId/$view", "/asset-class/r1")).toBe(false);
    expect(matchesPattern("/distribute-allocation/$allocationId/{-$view}", "/distribute-allocation/a1")).toBe(true);
  });
});
