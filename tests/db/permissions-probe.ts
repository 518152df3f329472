// Probes what each demo account type and role may read and write, table by table, as the API's role (app_user with
// the session's settings, row-level security on), in transactions that are rolled back. The answer is the
// permissions matrix of docs/PERMISSIONS.md: tests/db/permissions.test.ts compares the two, and
// `UPDATE_PERMISSIONS_DOC=1 npx vitest run --project unit tests/db/permissions.test.ts` writes the probe's matrix
// into the doc.
//
// A cell reads "<read> <write>":
//   read  - all: every row of the demo table; some: some rows; -: none (or no select at all);
//   write - the letters of the statements that succeed on at least one row the principal reads:
//           i insert (a copy of a readable row with a new id; a unique or foreign key violation counts as allowed,
//             since such constraints are checked after row-level security), u update (a column granted for update
//             set to its own value), d delete; - when none does.
// Sensitive fields (computed columns and masked document fields) read "all", "some" or "-" over the readable rows
// whose stored value is not null: how many the principal is shown through GraphQL and the pull.
import type { Database, Sql } from "../../sync/db/database.ts";
import { type Claims, demoClaims, rollbackAs } from "../helpers/db.ts";

export interface Principal {
  label: string;
  email: string;
  accountType: string;
}

/** The matrix's columns: every demo account type, and each role where the demo has it. */
export const PRINCIPALS: Principal[] = [
  { label: "issuer owner", email: "issuer@demo.test", accountType: "issuer" },
  { label: "issuer admin", email: "multi@demo.test", accountType: "issuer" },
  { label: "issuer viewer", email: "issuer-viewer@demo.test", accountType: "issuer" },
  { label: "broker owner", email: "broker@demo.test", accountType: "broker" },
  { label: "broker viewer", email: "multi@demo.test", accountType: "broker" },
  { label: "investor owner", email: "investor@demo.test", accountType: "investor" },
  { label: "agent owner", email: "agent@demo.test", accountType: "agent" },
  { label: "ats owner", email: "ats@demo.test", accountType: "ats" },
  { label: "admin owner", email: "admin@demo.test", accountType: "admin" },
];

/** Sensitive fields: the expression the API answers with (alias t) next to the stored value. */
export const SENSITIVE: Array<{ name: string; table: string; shown: string; stored: string }> = [
  {
    name: "accounts.tax_short",
    table: "accounts",
    shown: "app_public.accounts_tax_short(t)",
    stored: "(select p.tax_short from app_private.account_personal_data p where p.account_id = t.id)",
  },
  {
    name: "accounts.date_of_birth",
    table: "accounts",
    shown: "app_public.accounts_date_of_birth(t)",
    stored: "(select p.date_of_birth from app_private.account_personal_data p where p.account_id = t.id)",
  },
  {
    name: "accounts.formation_date (investors)",
    table: "accounts",
    shown: "case when t.type = 'investor' then app_public.accounts_formation_date(t) end",
    stored:
      "case when t.type = 'investor' then (select p.formation_date from app_private.account_personal_data p where p.account_id = t.id) end",
  },
  {
    name: "distributions.purchase_price",
    table: "distributions",
    shown: "app_public.distributions_purchase_price(t)",
    stored: "t.purchase_price",
  },
  {
    name: "distributions.paid_in_capital",
    table: "distributions",
    shown: "nullif(app_public.distributions_paid_in_capital(t), 0)",
    stored:
      "nullif((select sum(p.amount) from app_public.distribution_payments p where p.distribution_id = t.id and p.status = 'paid'), 0)",
  },
];

const ROWS_TRIED = 12;

/** A row of the matrix for the owners' memberships (users_accounts rows with role account_owner). */
export const OWNER_ROWS = "users_accounts (owner rows)";

export type Matrix = Record<string, Record<string, string>>;

function amount(visible: number, total: number): string {
  if (visible === 0) return "-";
  return visible === total ? "all" : "some";
}

async function attempt(tx: Sql, sql: string, params: unknown[]): Promise<"ok" | "refused" | "data"> {
  await tx.query("savepoint probe");
  try {
    await tx.query(sql, params);
    return "ok";
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (code === "LL403" || code === "42501") return "refused";
    // constraint violations are checked after row-level security: the principal was allowed to write the row
    if (code.startsWith("23")) return "data";
    return "refused";
  } finally {
    await tx.query("rollback to savepoint probe");
  }
}

/** Every app_public table with row-level security, sorted. */
export async function matrixTables(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'app_public' and c.relkind = 'r' order by 1`,
  );
  return rows.map((r) => r.name);
}

async function columnsWith(db: Database, table: string, privilege: "INSERT" | "UPDATE"): Promise<string[]> {
  const { rows } = await db.query<{ column_name: string }>(
    `select column_name from information_schema.column_privileges
      where grantee = 'app_user' and table_schema = 'app_public' and table_name = $1 and privilege_type = $2
      order by column_name`,
    [table, privilege],
  );
  return rows.map((r) => r.column_name);
}

/** Probes the database: matrix[row][principal label] = cell. */
export async function probeMatrix(db: Database): Promise<Matrix> {
  const tables = await matrixTables(db);
  const totals = new Map<string, number>();
  const grants = new Map<string, { insert: string[]; update: string[]; delete: boolean }>();
  const keys = new Map<string, string>();
  for (const table of tables) {
    const key = await db.query<{ attname: string }>(
      `select a.attname from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
        where i.indrelid = $1::regclass and i.indisprimary`,
      [`app_public.${table}`],
    );
    keys.set(table, key.rows[0]?.attname ?? "id");
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from app_public.${table}`);
    totals.set(table, rows[0]?.n ?? 0);
    const del = await db.query<{ ok: boolean }>("select has_table_privilege('app_user', $1, 'DELETE') as ok", [
      `app_public.${table}`,
    ]);
    grants.set(table, {
      insert: await columnsWith(db, table, "INSERT"),
      update: await columnsWith(db, table, "UPDATE"),
      delete: del.rows[0]?.ok ?? false,
    });
  }
  const sensitive: Array<{
    field: (typeof SENSITIVE)[number];
    principal: Principal;
    rows: Array<{ id: string; shown: boolean }>;
  }> = [];

  const matrix: Matrix = {};
  for (const principal of PRINCIPALS) {
    const claims: Claims = await demoClaims(db, principal.email, principal.accountType);
    await rollbackAs(db, claims, async (tx) => {
      for (const table of tables) {
        const key = `"${keys.get(table) ?? "id"}"`;
        const { rows } = await tx.query<{ id: string }>(
          `select ${key}::text as id from app_public.${table} order by ${key} limit ${ROWS_TRIED}`,
        );
        const visible = (await tx.query<{ n: number }>(`select count(*)::int as n from app_public.${table}`)).rows[0]
          ?.n;
        const grant = grants.get(table) ?? { insert: [], update: [], delete: false };
        let writes = "";
        if (grant.insert.length > 0) {
          const columns = grant.insert.filter((c) => c !== "id");
          const list = columns.map((c) => `"${c}"`).join(", ");
          const withId = grant.insert.includes("id");
          for (const row of rows.slice(0, 3)) {
            const outcome = await attempt(
              tx,
              `insert into app_public.${table} (${withId ? "id, " : ""}${list})
               select ${withId ? "gen_random_uuid(), " : ""}${list} from app_public.${table} where ${key}::text = $1`,
              [row.id],
            );
            if (outcome !== "refused") {
              writes += "i";
              break;
            }
          }
        }
        const column = grant.update[0];
        if (column) {
          for (const row of rows) {
            const outcome = await attempt(
              tx,
              `update app_public.${table} set "${column}" = "${column}" where ${key}::text = $1`,
              [row.id],
            );
            if (outcome !== "refused") {
              writes += "u";
              break;
            }
          }
        }
        if (grant.delete) {
          for (const row of rows) {
            const outcome = await attempt(
              tx,
              `with gone as (delete from app_public.${table} where ${key}::text = $1 returning 1)
               select 1 / (select count(*)::int from gone)`,
              [row.id],
            );
            if (outcome !== "refused") {
              writes += "d";
              break;
            }
          }
        }
        matrix[table] ??= {};
        (matrix[table] as Record<string, string>)[principal.label] =
          `${amount(visible ?? 0, totals.get(table) ?? 0)} ${writes || "-"}`;
      }
      // the owner's membership: read, never written (0800)
      const owners = await tx.query<{ id: string }>(
        "select id::text as id from app_public.users_accounts where role = 'account_owner'",
      );
      let ownerWrites = "";
      for (const row of owners.rows) {
        for (const [letter, sql] of [
          ["u", "update app_public.users_accounts set status = status where id::text = $1"],
          ["u", "update app_public.users_accounts set role = 'account_admin' where id::text = $1"],
        ] as const) {
          if (!ownerWrites.includes(letter) && (await attempt(tx, sql, [row.id])) !== "refused") ownerWrites += letter;
        }
      }
      matrix[OWNER_ROWS] ??= {};
      (matrix[OWNER_ROWS] as Record<string, string>)[principal.label] =
        `${owners.rows.length > 0 ? "some" : "-"} ${ownerWrites || "-"}`;
      for (const field of SENSITIVE) {
        const { rows } = await tx.query<{ id: string; shown: boolean }>(
          `select t.id::text as id, (${field.shown}) is not null as shown from app_public.${field.table} t`,
        );
        sensitive.push({ field, principal, rows });
      }
    });
  }
  // the stored values, read as the owner, of the rows each principal read
  for (const { field, principal, rows } of sensitive) {
    const { rows: stored } = await db.query<{ id: string }>(
      `select t.id::text as id from app_public.${field.table} t where t.id::text = any ($1) and (${field.stored}) is not null`,
      [rows.map((r) => r.id)],
    );
    const withValue = new Set(stored.map((r) => r.id));
    const shown = rows.filter((r) => r.shown && withValue.has(r.id)).length;
    matrix[field.name] ??= {};
    (matrix[field.name] as Record<string, string>)[principal.label] =
      withValue.size === 0 ? "n/a" : shown === 0 ? "-" : shown === withValue.size ? "all" : "some";
  }
  return matrix;
}

/** The matrix as the markdown table docs/PERMISSIONS.md carries between its markers. */
export function matrixTable(matrix: Matrix, rows: string[]): string {
  const header = `| Table / field | ${PRINCIPALS.map((p) => p.label).join(" | ")} |`;
  const rule = `|---|${PRINCIPALS.map(() => "---").join("|")}|`;
  const lines = rows.map((row) => `| ${row} | ${PRINCIPALS.map((p) => matrix[row]?.[p.label] ?? "?").join(" | ")} |`);
  return [header, rule, ...lines].join("\n");
}

/** Parses the table between the markers back into a matrix. */
export function parseMatrixTable(text: string): { matrix: Matrix; rows: string[]; labels: string[] } {
  const lines = text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.startsWith("|"));
  const cells = (line: string) =>
    line
      .slice(1, -1)
      .split("|")
      .map((c) => c.trim());
  const [header, , ...body] = lines;
  const labels = header ? cells(header).slice(1) : [];
  const matrix: Matrix = {};
  const rows: string[] = [];
  for (const line of body) {
    const [row, ...values] = cells(line);
    if (!row) continue;
    rows.push(row);
    matrix[row] = Object.fromEntries(labels.map((label, i) => [label, values[i] ?? ""]));
  }
  return { matrix, rows, labels };
}

export const MATRIX_START = "<!-- permissions-matrix:start (generated by tests/db/permissions.test.ts) -->";
export const MATRIX_END = "<!-- permissions-matrix:end -->";
