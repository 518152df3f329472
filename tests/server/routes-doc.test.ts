// docs/SERVER.md "Routes" is the server's route table (sync/http/routes.ts) as the server builds it: every route, in
// the order requests are matched, with who may call it. This fails when one changes without the other.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeKey } from "../../sync/http/routes.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let t: TestServer;

beforeAll(async () => {
  // development mode: GraphiQL's routes are in the table too
  t = await startTestServer({ mode: "development", seedDemo: false });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** The rows of the first table under "## Routes": its first two cells (the route, who may call it). */
function documentedRoutes(): Array<{ route: string; access: string }> {
  const doc = readFileSync(new URL("../../docs/SERVER.md", import.meta.url), "utf8");
  const section = doc.slice(doc.indexOf("\n## Routes\n"));
  const table = section.slice(section.indexOf("\n|")).split("\n\n")[0] ?? "";
  return table
    .split("\n")
    .slice(3) // the blank line's end, the header and the rule
    .map((row) => row.split("|").map((cell) => cell.trim()))
    .map((cells) => ({ route: (cells[1] ?? "").replaceAll("`", ""), access: cells[2] ?? "" }));
}

describe("docs/SERVER.md Routes", () => {
  it("lists every route of the table, in order, with who may call it", () => {
    const served = t.server.routes.map((route) => ({ route: routeKey(route), access: route.access }));
    expect(documentedRoutes()).toEqual(served);
  });
});
