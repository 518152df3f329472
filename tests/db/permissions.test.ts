// The permissions matrix of docs/PERMISSIONS.md is what the database does: every demo account type and role is
// probed table by table and field by field (tests/db/permissions-probe.ts: reads, and inserts, updates and deletes
// tried in rolled-back savepoints as app_user with the session's settings) and the answer must equal the doc's
// table, row for row. A new table, policy, grant or guard that changes who reads or writes what fails here until
// the doc says so: `UPDATE_PERMISSIONS_DOC=1 npx vitest run --project unit tests/db/permissions.test.ts` rewrites
// the table from the database (then read the diff: it is the permission change).
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { createTestDb } from "../helpers/db.ts";
import {
  MATRIX_END,
  MATRIX_START,
  type Matrix,
  matrixTable,
  matrixTables,
  OWNER_ROWS,
  PRINCIPALS,
  parseMatrixTable,
  probeMatrix,
  SENSITIVE,
} from "./permissions-probe.ts";

const DOC = fileURLToPath(new URL("../../docs/PERMISSIONS.md", import.meta.url));

describe("permissions matrix (docs/PERMISSIONS.md) against the database", () => {
  let db: Database & { close(): Promise<void> };
  let probed: Matrix;
  let rows: string[];

  beforeAll(async () => {
    db = await createTestDb({ demo: true });
    // the demo seeds no formation dates: one investor (a trust) and one issuer get one, so the row is probed
    await db.query(
      `update app_public.accounts set formation_date = '2015-06-01'
        where name in ('Kim Family Trust', 'Northwind Renewables, Inc.')`,
    );
    probed = await probeMatrix(db);
    rows = [...(await matrixTables(db)), OWNER_ROWS, ...SENSITIVE.map((f) => f.name)];
    if (process.env.UPDATE_PERMISSIONS_DOC) {
      const doc = readFileSync(DOC, "utf8");
      const start = doc.indexOf(MATRIX_START);
      const end = doc.indexOf(MATRIX_END);
      if (start < 0 || end < start) throw new Error("docs/PERMISSIONS.md has no matrix markers");
      writeFileSync(
        DOC,
        `${doc.slice(0, start + MATRIX_START.length)}\n\n${matrixTable(probed, rows)}\n\n${doc.slice(end)}`,
      );
    }
  }, 300_000);

  afterAll(async () => {
    await db?.close();
  });

  function documented() {
    const doc = readFileSync(DOC, "utf8");
    const start = doc.indexOf(MATRIX_START);
    const end = doc.indexOf(MATRIX_END);
    expect(start, "matrix start marker").toBeGreaterThan(-1);
    expect(end, "matrix end marker").toBeGreaterThan(start);
    return parseMatrixTable(doc.slice(start + MATRIX_START.length, end));
  }

  it("the doc's columns are the probed principals and its rows every table and sensitive field", () => {
    const { labels, rows: docRows } = documented();
    expect(labels).toEqual(PRINCIPALS.map((p) => p.label));
    expect(docRows).toEqual(rows);
  });

  it("every cell of the doc is what the database does", () => {
    const { matrix } = documented();
    const differences: string[] = [];
    for (const row of rows) {
      for (const principal of PRINCIPALS) {
        const doc = matrix[row]?.[principal.label];
        const db = probed[row]?.[principal.label];
        if (doc !== db) differences.push(`${row} / ${principal.label}: doc "${doc}", database "${db}"`);
      }
    }
    expect(differences).toEqual([]);
  });

  // The matrix can fail: a few cells pinned here by hand, the rules of issue 13.
  it("pins the rules of issue 13 (owner row, issuer-only rounds, personal data, notes, one paid-in figure)", () => {
    const cell = (row: string, who: string) => probed[row]?.[who];
    // viewers write nothing but their own name and their own acceptance of the terms of service
    const ownUserRows = ["users", "terms_acceptances"];
    for (const row of rows.filter((r) => !SENSITIVE.some((f) => f.name === r) && !ownUserRows.includes(r))) {
      expect(cell(row, "issuer viewer"), row).toMatch(/ -$/);
      expect(cell(row, "broker viewer"), row).toMatch(/ -$/);
    }
    // the owner's membership: read by its account's members, written by nobody
    for (const who of PRINCIPALS) expect(cell(OWNER_ROWS, who.label), who.label).toMatch(/ -$/);
    expect(cell(OWNER_ROWS, "issuer admin")).toBe("some -");
    // rounds, tranche bond data and securities: the issuer's alone
    for (const table of ["rounds", "tranche_bond_data", "securities", "assets"]) {
      expect(cell(table, "broker owner"), table).toMatch(/ -$/);
      expect(cell(table, "issuer owner"), table).toMatch(/u/);
    }
    // investors' personal fields: only the account's own members
    for (const field of ["accounts.tax_short", "accounts.date_of_birth", "accounts.formation_date (investors)"]) {
      for (const who of ["issuer owner", "broker owner", "agent owner", "ats owner", "admin owner"]) {
        expect(cell(field, who), `${field} ${who}`).toMatch(/^(-|n\/a)$/);
      }
    }
    expect(cell("accounts.tax_short", "investor owner")).toBe("all");
    expect(cell("accounts.formation_date (investors)", "agent owner")).toBe("-");
    expect(cell("accounts.formation_date (investors)", "issuer owner")).toBe("-");
    // notes: never agents or investors
    expect(cell("distribution_annotations", "agent owner")).toBe("- -");
    expect(cell("allocation_annotations", "agent owner")).toBe("- -");
    expect(cell("distribution_annotations", "investor owner")).toBe("- -");
    // purchase prices: never agents
    expect(cell("distributions.purchase_price", "agent owner")).toMatch(/^(-|n\/a)$/);
    // paid-in capital: every reader of a distribution sees the full figure
    for (const who of ["issuer owner", "broker owner", "agent owner", "investor owner"]) {
      expect(cell("distributions.paid_in_capital", who), who).toMatch(/^(all|n\/a)$/);
    }
  });
});
