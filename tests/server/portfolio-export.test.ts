// The investor's portfolio downloads through the real server (issue 35 item 2; docs/API.md "Portfolio downloads"):
// the OFX file read back by a small SGML parser of its own (tags, positions against the holdings table, one
// transaction per ledger entry), the statement PDF read back with pdftotext at two days, and the refusals (no
// session, an account that is no investor's, a bad or future day). Demo data: Emma Lawson holds 200,000 Series A
// (Seed, paid 2024-02-10) and 25 Green Notes (Tranche A, paid 2025-08-12); Kim Family Trust 500,000 Series A and
// 25,000 fund units.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATEMENT_DATE_TEXT } from "../../src/domain/portfolio-downloads.ts";
import type { Portfolio } from "../../sync/portfolio/data.ts";
import { ofxBytes, portfolioOfx } from "../../sync/portfolio/ofx.ts";
import { startTestServer, type TestClient, type TestServer } from "../helpers/server.ts";

let t: TestServer;
const accountIds = new Map<string, string>();

beforeAll(async () => {
  t = await startTestServer();
  const { rows } = await t.server.db.query<{ name: string; id: string }>("select name, id from app_public.accounts");
  for (const row of rows) accountIds.set(row.name, row.id);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function as(email: string, accountName: string): Promise<TestClient> {
  const client = t.client();
  expect((await client.signIn(email)).status).toBe(200);
  expect((await client.selectAccount(accountIds.get(accountName) ?? "")).status).toBe(303);
  return client;
}

interface Element {
  tag: string;
  value?: string;
  children: Element[];
}

/**
 * OFX 1.0.2 SGML as its importers read it: a header of KEY:VALUE lines, a blank line, then elements; an element
 * followed by text on its line is a leaf (no end tag), any other is an aggregate closed by its end tag.
 */
function parseOfx(text: string): { header: Record<string, string>; root: Element } {
  const [head = "", body = ""] = text.split(/\r\n\r\n/, 2);
  const header = Object.fromEntries(head.split("\r\n").map((line) => line.split(":", 2) as [string, string]));
  const root: Element = { tag: "#root", children: [] };
  const stack = [root];
  for (const token of body.match(/<[^>]+>[^<]*/g) ?? []) {
    const [, close, tag = "", rest = ""] = /^<(\/?)([A-Z0-9.]+)>([^<]*)$/.exec(token) ?? [];
    if (!tag) throw new Error(`not an element: ${token}`);
    const parent = stack[stack.length - 1] as Element;
    if (close) {
      if (parent.tag !== tag) throw new Error(`</${tag}> closes <${parent.tag}>`);
      stack.pop();
      continue;
    }
    const value = rest.replace(/\r\n$/, "");
    const element: Element = { tag, children: [] };
    parent.children.push(element);
    if (value.trim()) element.value = value.trim().replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
    else stack.push(element);
  }
  if (stack.length !== 1) throw new Error(`unclosed: ${stack.map((e) => e.tag).join(" > ")}`);
  return { header, root };
}

const child = (element: Element | undefined, path: string): Element | undefined =>
  path.split("/").reduce<Element | undefined>((at, tag) => at?.children.find((c) => c.tag === tag), element);
const leaf = (element: Element | undefined, path: string) => child(element, path)?.value;
const children = (element: Element | undefined) => element?.children ?? [];

/** The investor's units per security id (the holdings table, read as the database owner). */
async function holdingsOf(accountName: string): Promise<Map<string, string>> {
  const { rows } = await t.server.db.query<{ security_id: string; units: string }>(
    `select h.security_id, trim_scale(sum(h.amount))::text as units from app_public.holdings h
      where h.investor_id = $1 group by h.security_id`,
    [accountIds.get(accountName)],
  );
  return new Map(rows.map((r) => [r.security_id.replaceAll("-", "").toUpperCase(), r.units]));
}

function pdfText(pdf: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "ll-statement-"));
  try {
    writeFileSync(join(dir, "statement.pdf"), pdf);
    const run = spawnSync("pdftotext", ["-layout", join(dir, "statement.pdf"), "-"], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    return run.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const utcDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe("portfolio OFX", () => {
  it("is an OFX 1.0.2 investment statement of the investor's own positions, transactions and securities", async () => {
    const emma = await as("investor@demo.test", "Emma Lawson");
    const before = Date.now();
    const response = await emma.fetch("/api/v2/portfolio/portfolio.ofx");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/x-ofx");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="ledgerline-portfolio-\d{4}-\d{2}-\d{2}\.ofx"$/,
    );
    const text = Buffer.from(await response.arrayBuffer()).toString("latin1");
    const { header, root } = parseOfx(text);
    expect(header).toMatchObject({ OFXHEADER: "100", DATA: "OFXSGML", VERSION: "102", CHARSET: "1252" });
    const ofx = child(root, "OFX");
    expect(leaf(ofx, "SIGNONMSGSRSV1/SONRS/STATUS/CODE")).toBe("0");
    const dtServer = leaf(ofx, "SIGNONMSGSRSV1/SONRS/DTSERVER") ?? "";
    expect(dtServer).toMatch(/^\d{14}\.\d{3}\[0:GMT\]$/);
    const served = Date.UTC(
      Number(dtServer.slice(0, 4)),
      Number(dtServer.slice(4, 6)) - 1,
      Number(dtServer.slice(6, 8)),
      Number(dtServer.slice(8, 10)),
      Number(dtServer.slice(10, 12)),
      Number(dtServer.slice(12, 14)),
    );
    expect(served).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(served).toBeLessThanOrEqual(Date.now());

    const statement = child(ofx, "INVSTMTMSGSRSV1/INVSTMTTRNRS/INVSTMTRS");
    expect(leaf(statement, "DTASOF")).toBe(dtServer);
    expect(leaf(statement, "CURDEF")).toBe("USD");
    expect(leaf(statement, "INVACCTFROM/ACCTID")).toBe(
      (accountIds.get("Emma Lawson") ?? "").replaceAll("-", "").toUpperCase().slice(0, 22),
    );

    // positions: one per security, units as the holdings table has them, valued at the issuer's value per unit
    const positions = children(child(statement, "INVPOSLIST")).map((p) => ({
      kind: p.tag,
      id: leaf(p, "INVPOS/SECID/UNIQUEID"),
      units: leaf(p, "INVPOS/UNITS"),
      price: leaf(p, "INVPOS/UNITPRICE"),
      value: leaf(p, "INVPOS/MKTVAL"),
    }));
    const holdings = await holdingsOf("Emma Lawson");
    expect(new Map(positions.map((p) => [p.id, p.units]))).toEqual(holdings);
    expect(positions).toContainEqual(expect.objectContaining({ kind: "POSSTOCK", units: "200000", price: "1.25" }));
    expect(positions).toContainEqual(expect.objectContaining({ kind: "POSSTOCK", value: "250000.00" }));
    expect(positions).toContainEqual(expect.objectContaining({ kind: "POSDEBT", units: "25", value: "25000.00" }));

    // transactions: one per ledger entry of the investor, purchases at the price paid, dated by their payment
    const transactions = children(child(statement, "INVTRANLIST")).filter((c) => !c.tag.startsWith("DT"));
    const { rows: entries } = await t.server.db.query<{ id: string }>(
      "select id from app_public.ledger_entries where investor_id = $1",
      [accountIds.get("Emma Lawson")],
    );
    expect(transactions).toHaveLength(entries.length);
    const purchases = transactions.map((tx) => ({
      kind: tx.tag,
      fitid: leaf(tx, "INVBUY/INVTRAN/FITID"),
      day: leaf(tx, "INVBUY/INVTRAN/DTTRADE"),
      units: leaf(tx, "INVBUY/UNITS"),
      price: leaf(tx, "INVBUY/UNITPRICE"),
      total: leaf(tx, "INVBUY/TOTAL"),
    }));
    expect(new Set(purchases.map((p) => p.fitid))).toEqual(new Set(entries.map((e) => e.id)));
    expect(purchases).toContainEqual(
      expect.objectContaining({
        kind: "BUYSTOCK",
        day: "20240210",
        units: "200000",
        price: "0.5",
        total: "-100000.00",
      }),
    );
    expect(purchases).toContainEqual(
      expect.objectContaining({ kind: "BUYDEBT", day: "20250812", units: "25", price: "1000", total: "-25000.00" }),
    );
    expect(leaf(statement, "INVTRANLIST/DTSTART")).toBe("20240210");

    // every security the statement names is in the security list, under the same id, with its name
    const securities = children(child(ofx, "SECLISTMSGSRSV1/SECLIST")).map((info) => ({
      kind: info.tag,
      id: leaf(info, "SECINFO/SECID/UNIQUEID"),
      type: leaf(info, "SECINFO/SECID/UNIQUEIDTYPE"),
      name: leaf(info, "SECINFO/SECNAME"),
      ticker: leaf(info, "SECINFO/TICKER"),
    }));
    expect(new Set(securities.map((s) => s.id))).toEqual(new Set(holdings.keys()));
    expect(securities).toContainEqual({
      kind: "STOCKINFO",
      id: expect.any(String),
      type: "LEDGERLINE",
      name: "Northwind Series A Preferred Stock",
      ticker: "NWRP",
    });
    expect(securities.find((s) => s.kind === "DEBTINFO")?.name).toBe("Northwind 6.5% Green Notes 2030");

    // another investor's holdings never appear
    for (const other of ["Kim Family Trust", "Jordan Blake", "500000", "40000", "Infrastructure Fund"])
      expect(text).not.toContain(other);

    // the ids are stable: a second download names the same securities and transactions
    const again = parseOfx(
      Buffer.from(await (await emma.fetch("/api/v2/portfolio/portfolio.ofx")).arrayBuffer()).toString("latin1"),
    );
    const ids = (root: Element) =>
      children(child(root, "OFX/SECLISTMSGSRSV1/SECLIST")).map((info) => leaf(info, "SECINFO/SECID/UNIQUEID"));
    expect(ids(again.root)).toEqual(ids(root));
  });

  it("is the selected account's own: another investor gets theirs, a fund as mutual-fund units", async () => {
    const kim = await as("investor2@demo.test", "Kim Family Trust");
    const text = Buffer.from(await (await kim.fetch("/api/v2/portfolio/portfolio.ofx")).arrayBuffer()).toString(
      "latin1",
    );
    const statement = child(parseOfx(text).root, "OFX/INVSTMTMSGSRSV1/INVSTMTTRNRS/INVSTMTRS");
    const positions = children(child(statement, "INVPOSLIST"));
    expect(new Map(positions.map((p) => [leaf(p, "INVPOS/SECID/UNIQUEID"), leaf(p, "INVPOS/UNITS")]))).toEqual(
      await holdingsOf("Kim Family Trust"),
    );
    expect(positions.map((p) => p.tag).sort()).toEqual(["POSMF", "POSSTOCK"]);
    expect(text).not.toContain("Emma Lawson");
    expect(text).not.toContain("Green Notes");
  });

  it("refuses no session, accounts that are no investor's, no account chosen, and other methods", async () => {
    for (const path of ["/api/v2/portfolio/portfolio.ofx", "/api/v2/portfolio/statement.pdf?asOf=2025-01-01"]) {
      const anonymous = await t.client().fetch(path);
      expect(anonymous.status).toBe(401);
      const issuer = await as("issuer@demo.test", "Northwind Renewables, Inc.");
      const refused = await issuer.fetch(path);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { errors: Array<{ message: string }> }).errors[0]?.message).toMatch(
        /investor accounts/,
      );
      const unchosen = t.client();
      await unchosen.signIn("multi@demo.test");
      expect((await unchosen.fetch(path)).status).toBe(403);
      const emma = await as("investor@demo.test", "Emma Lawson");
      expect((await emma.fetch(path, { method: "POST" })).status).toBe(405);
    }
  });
});

describe("the OFX writer", () => {
  const security = (id: string, kind: "equity" | "fund" | "other", name: string, unitValue: string | null) => ({
    id,
    name,
    ticker: null,
    issuer: "Ä & <Co>",
    kind,
    unitValue,
  });
  const portfolio: Portfolio = {
    accountId: "11111111-2222-3333-4444-555555555555",
    accountName: "Zoë",
    investorName: "Zoë",
    securities: new Map([
      [
        "aaaaaaaa-0000-0000-0000-000000000001",
        security("aaaaaaaa-0000-0000-0000-000000000001", "fund", "Fund “A” – €", "10.123456"),
      ],
      [
        "aaaaaaaa-0000-0000-0000-000000000002",
        security("aaaaaaaa-0000-0000-0000-000000000002", "other", "Warrants 中", null),
      ],
    ]),
    entries: [
      {
        id: "e1",
        securityId: "aaaaaaaa-0000-0000-0000-000000000001",
        units: "100.5",
        price: "9.99",
        tradedOn: "2024-01-02",
        round: "R1",
      },
      {
        id: "e2",
        securityId: "aaaaaaaa-0000-0000-0000-000000000001",
        units: "-0.5",
        price: null,
        tradedOn: "2024-06-30",
        round: "R1",
      },
      {
        id: "e3",
        securityId: "aaaaaaaa-0000-0000-0000-000000000002",
        units: "7",
        price: null,
        tradedOn: "2025-03-01",
        round: null,
      },
      {
        id: "e4",
        securityId: "aaaaaaaa-0000-0000-0000-000000000002",
        units: "-7",
        price: null,
        tradedOn: "2025-04-01",
        round: null,
      },
    ],
  };

  it("writes transfers in and out, a fund's purchase, exact amounts, escaped text in Windows-1252", () => {
    const bytes = ofxBytes(portfolioOfx(portfolio, new Date("2026-01-02T03:04:05.678Z")));
    const text = bytes.toString("latin1");
    const ofx = child(parseOfx(text).root, "OFX");
    expect(leaf(ofx, "SIGNONMSGSRSV1/SONRS/DTSERVER")).toBe("20260102030405.678[0:GMT]");
    const statement = child(ofx, "INVSTMTMSGSRSV1/INVSTMTTRNRS/INVSTMTRS");
    const list = children(child(statement, "INVTRANLIST"));
    expect(list.map((c) => c.tag)).toEqual(["DTSTART", "DTEND", "BUYMF", "TRANSFER", "TRANSFER", "TRANSFER"]);
    const buy = list[2];
    expect(leaf(buy, "INVBUY/UNITS")).toBe("100.5");
    expect(leaf(buy, "INVBUY/TOTAL")).toBe("-1004.00"); // 100.5 x 9.99 = 1003.995, rounded half-up
    expect(leaf(buy, "BUYTYPE")).toBe("BUY");
    expect(leaf(buy, "INVBUY/INVTRAN/MEMO")).toBe("R1, Ä & <Co>");
    expect(list.slice(3).map((t) => [leaf(t, "UNITS"), leaf(t, "TFERACTION")])).toEqual([
      ["-0.5", "OUT"],
      ["7", "IN"],
      ["-7", "OUT"],
    ]);
    // the warrants are all gone: only the fund is a position, valued exactly at its value per unit
    const positions = children(child(statement, "INVPOSLIST"));
    expect(positions.map((p) => [p.tag, leaf(p, "INVPOS/UNITS"), leaf(p, "INVPOS/MKTVAL")])).toEqual([
      ["POSMF", "100", "1012.35"],
    ]);
    const infos = children(child(ofx, "SECLISTMSGSRSV1/SECLIST"));
    expect(infos.map((i) => [i.tag, leaf(i, "SECINFO/SECNAME"), leaf(i, "SECINFO/UNITPRICE")])).toEqual([
      ["MFINFO", "Fund \x93A\x94 \x96 \x80", "10.123456"],
      ["OTHERINFO", "Warrants ?", "0"],
    ]);
    expect(text).toContain("&amp; &lt;Co&gt;");
    expect(leaf(statement, "INVACCTFROM/ACCTID")).toBe("1111111122223333444455");
  });

  it("leaves out the position and security lists when there is nothing to list", () => {
    const empty = { ...portfolio, securities: new Map(), entries: [] };
    const ofx = child(parseOfx(portfolioOfx(empty, new Date("2026-01-02T00:00:00Z"))).root, "OFX");
    const statement = child(ofx, "INVSTMTMSGSRSV1/INVSTMTTRNRS/INVSTMTRS");
    expect(children(statement).map((c) => c.tag)).toEqual(["DTASOF", "CURDEF", "INVACCTFROM", "INVTRANLIST"]);
    expect(leaf(statement, "INVTRANLIST/DTSTART")).toBe("20260102");
    expect(child(ofx, "SECLISTMSGSRSV1")).toBeUndefined();
  });
});

describe("statement of holdings", () => {
  it("shows the investor's units at the end of the chosen day, fewer on a day before later purchases", async () => {
    const emma = await as("investor@demo.test", "Emma Lawson");
    const today = await emma.fetch(`/api/v2/portfolio/statement.pdf?asOf=${utcDay()}`);
    expect(today.status).toBe(200);
    expect(today.headers.get("content-type")).toBe("application/pdf");
    expect(today.headers.get("content-disposition")).toBe(
      `attachment; filename="ledgerline-statement-${utcDay()}.pdf"`,
    );
    const now = pdfText(new Uint8Array(await today.arrayBuffer()));
    expect(now).toContain("Statement of holdings");
    expect(now).toMatch(/Account\s+Emma Lawson/);
    expect(now).toMatch(/Investor\s+Emma Lawson/);
    expect(now).toMatch(/Northwind Series A Preferred Stock \(NWRP\).*200,000\s+\$1\.25\s+\$250,000\.00/);
    expect(now).toMatch(/Northwind 6\.5% Green Notes 2030 \(NWGN30\)\s+25\s+\$1,000\.00\s+\$25,000\.00/);
    expect(now).toMatch(/Northwind Renewables, Inc\./);
    expect(now).toMatch(/Total value\s+\$275,000\.00/);

    // 2025-01-01: the Seed shares were paid (2024-02-10), the Green Notes not yet (2025-08-12)
    const earlier = pdfText(
      new Uint8Array(await (await emma.fetch("/api/v2/portfolio/statement.pdf?asOf=2025-01-01")).arrayBuffer()),
    );
    expect(earlier).toMatch(/As of\s+January 1st 2025/);
    expect(earlier).toMatch(/Series A Preferred Stock \(NWRP\).*200,000/);
    expect(earlier).not.toContain("Green Notes");
    expect(earlier).toMatch(/Total value\s+\$250,000\.00/);

    const before = pdfText(
      new Uint8Array(await (await emma.fetch("/api/v2/portfolio/statement.pdf?asOf=2023-12-31")).arrayBuffer()),
    );
    expect(before).toContain("No holdings on this date.");
    expect(before).not.toContain("NWRP");
  });

  it("names the account and the person, and only the account's holdings", async () => {
    const kim = await as("investor2@demo.test", "Kim Family Trust");
    const text = pdfText(
      new Uint8Array(await (await kim.fetch(`/api/v2/portfolio/statement.pdf?asOf=${utcDay()}`)).arrayBuffer()),
    );
    expect(text).toMatch(/Account\s+Kim Family Trust/);
    expect(text).toMatch(/Investor\s+Daniel Kim/);
    expect(text).toMatch(/500,000/);
    expect(text).not.toContain("Emma Lawson");
    expect(text).not.toContain("200,000");
  });

  it("refuses a missing, garbage, impossible or future day with its text", async () => {
    const emma = await as("investor@demo.test", "Emma Lawson");
    const cases: Array<[string, string]> = [
      ["", STATEMENT_DATE_TEXT.required],
      ["?asOf=yesterday", STATEMENT_DATE_TEXT.format],
      ["?asOf=2025-02-30", STATEMENT_DATE_TEXT.format],
      ["?asOf=1850-01-01", STATEMENT_DATE_TEXT.tooEarly],
      [`?asOf=${utcDay(2)}`, STATEMENT_DATE_TEXT.future],
    ];
    for (const [query, message] of cases) {
      const response = await emma.fetch(`/api/v2/portfolio/statement.pdf${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({ errors: [{ message, extensions: { code: "LL400" } }] });
    }
  });
});
