// A visibility rule is stated once (sync/database/policies/00_rules.sql) and used both by the select policies and by
// the pull (the read models' *_among functions, ready_whole_ids of replication/40_ready_documents.sql). This fails
// when a rule is written again instead of called:
// - each rule is a function the planner inlines (language sql, stable, no SECURITY DEFINER, no SET, not strict, no
//   sub-select), and the plan of a read under row-level security shows its expanded expression, never a call;
// - who reads (reader_id, reader_type) reaches a rule as sub-selects of the session's claims, evaluated once per
//   statement (an InitPlan), never read again for each row, and each rule still inlines when passed them;
// - the select policies of the replicated tables and the id sets and pull functions built on them call their rules;
// - no function of the pull (read-models/*.sql, replication/40_ready_documents.sql) and no select policy of those
//   tables asks who reads (current_account_type(), a column compared with current_account_id()) itself;
// - no function body outside the rules file holds a rule's expression;
// - the accounts a reader works with are stated once (related_accounts), read whole and for a page of ids from it, with
//   the same results, and no other function holds one of its arms.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { CODE_DIR } from "../../sync/db/migrate.ts";
import { asAccount, stopTestClusters, testTargets } from "../helpers/db.ts";

afterAll(stopTestClusters);

/** The app_private functions a code file defines. */
function functionsOf(file: string): string[] {
  const sql = readFileSync(join(CODE_DIR, file), "utf8");
  return [...sql.matchAll(/create or replace function app_private\.(\w+)\s*\(/gi)].map((m) => m[1] as string);
}

const RULES = functionsOf("policies/00_rules.sql");

// The functions of the pull: every function of the read models' files and of the ready documents' file.
const PULL_FILES = [
  ...readdirSync(join(CODE_DIR, "read-models")).map((f) => `read-models/${f}`),
  "replication/40_ready_documents.sql",
];
const PULL_FUNCTIONS = [...new Set(PULL_FILES.flatMap(functionsOf))];

// The select policy of each replicated table whose visibility depends on who reads, with the rule it calls.
const POLICY_RULES: Record<string, string[]> = {
  accounts: ["sees_account"],
  allocations: ["is_reader_allocation_owner"],
  cap_table_entries: ["is_reader_investor"],
  customers: ["sees_customer"],
  distributions: ["sees_distribution"],
  distribution_prices: ["sees_distribution_prices"],
  distribution_annotations: ["sees_distribution_annotations"],
  distribution_custom_fields: ["sees_distribution_custom_fields"],
  holdings: ["sees_holding"],
  ledger_entries: ["sees_ledger_entry"],
  managed_accounts: ["sees_managed_account"],
  transactions: ["sees_transaction"],
};

// The id sets (00_visibility.sql) and pull functions that apply a table's rule, with the rules they must call.
const FUNCTION_RULES: Record<string, string[]> = {
  staff_allocation_ids: ["is_reader_allocation_owner"],
  payment_distribution_ids: ["sees_distribution_payments"],
  staff_transaction_ids: ["is_transaction_staff"],
  investor_transaction_ids: ["is_reader_investor"],
  investor_allocation_ids: ["is_reader_investor"],
  investor_token_ids: ["is_reader_investor"],
  visible_distribution_ids_among: ["sees_distribution"],
  distribution_children_of: [
    "sees_distribution_payments",
    "sees_distribution_prices",
    "sees_distribution_annotations",
    "sees_distribution_custom_fields",
  ],
  docs_distributions: ["sees_distribution_prices"],
  visible_transaction_ids_among: ["sees_transaction", "is_reader_investor"],
  transaction_documents_of: ["is_transaction_staff", "sees_ledger_entry"],
  visible_accounts: ["sees_account"],
  related_accounts: ["sees_customer", "is_reader_manager"],
  ready_whole_ids: ["issuer_round_ids", "is_reader_allocation_owner", "is_transaction_staff"],
};

// Who reads, asked directly: the account's type, or a column compared with the account's id (or its sub-select).
const ASKS_WHO_READS = /current_account_type\(\)|\w+\s*=\s*(\(\s*select\s+)?(app_private\.)?current_account_id\(\)/i;
// Who reads handed to a rule as its argument (reader_id, reader_type), as a function body or pg_policies writes it.
const READER_ARGUMENT = /([,(])\s*\(\s*select\s+app_private\.current_account_(?:id|type)\(\)(?:\s+as\s+\w+)?\s*\)/gi;

/** Whether `text` asks who reads other than by handing the claims to a rule. */
function asksWhoReads(text: string): boolean {
  return ASKS_WHO_READS.test(text.replace(READER_ARGUMENT, "$1"));
}

/** A function body or rule expression as comparable text: lower case, no schema or alias prefixes, no casts. */
function normalized(text: string): string {
  return text
    .toLowerCase()
    .replace(/::\w+/g, "")
    .replace(/\b[a-z_][a-z0-9_]*\./g, "")
    .replace(/[()]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

describe.each(testTargets)("visibility rules stated once on $name", (target) => {
  let db: Database;
  let functions: Map<string, { body: string; language: string; definer: boolean; config: string[] | null }>;

  beforeAll(async () => {
    db = await target.create({ demo: true });
    const { rows } = await db.query<{
      name: string;
      body: string;
      language: string;
      definer: boolean;
      config: string[] | null;
    }>(
      `select p.proname as name, p.prosrc as body, l.lanname as language, p.prosecdef as definer, p.proconfig as config
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
        where n.nspname = 'app_private'`,
    );
    functions = new Map(rows.map((r) => [r.name, r]));
  }, 300_000);

  afterAll(async () => {
    await db?.close();
  });

  it("each rule is an inlinable SQL predicate: one boolean expression, stable, no definer, no SET, not strict, no sub-select", async () => {
    expect(RULES.length).toBeGreaterThanOrEqual(10);
    const { rows } = await db.query<{
      name: string;
      language: string;
      volatility: string;
      definer: boolean;
      strict: boolean;
      config: string[] | null;
      returns: string;
      set: boolean;
      body: string;
    }>(
      `select p.proname as name, l.lanname as language, p.provolatile as volatility, p.prosecdef as definer,
              p.proisstrict as strict, p.proconfig as config, p.prorettype::regtype::text as returns,
              p.proretset as set, p.prosrc as body
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
        where n.nspname = 'app_private' and p.proname = any ($1) order by 1`,
      [RULES],
    );
    expect(rows.map((r) => r.name)).toEqual([...RULES].sort());
    for (const rule of rows) {
      expect(
        {
          language: rule.language,
          volatility: rule.volatility,
          definer: rule.definer,
          strict: rule.strict,
          config: rule.config,
          returns: rule.returns,
          set: rule.set,
        },
        rule.name,
      ).toEqual({
        language: "sql",
        volatility: "s",
        definer: false,
        strict: false,
        config: null,
        returns: "boolean",
        set: false,
      });
      // one select of one expression: no sub-select, no FROM (either keeps PostgreSQL from inlining it)
      expect(rule.body.match(/\bselect\b/gi)?.length, rule.name).toBe(1);
      expect(rule.body, rule.name).not.toMatch(/\bfrom\b/i);
    }
  });

  it("the planner inlines each table's rule: a read under row-level security shows the expanded expression, no call", async () => {
    const { rows: members } = await db.query<{ user_id: string; account_id: string; type: string; role: string }>(
      `select ua.user_id, ua.account_id, a.type, ua.role from app_public.users_accounts ua
         join app_public.accounts a on a.id = ua.account_id where ua.status = 'active' and a.type = 'issuer'
        order by a.name limit 1`,
    );
    const member = members[0];
    if (!member) throw new Error("no demo issuer");
    const reader = {
      userId: member.user_id,
      accountId: member.account_id,
      accountType: member.type,
      role: member.role,
    };
    for (const table of Object.keys(POLICY_RULES)) {
      const plan = await asAccount(db, reader, async (tx) => {
        const { rows } = await tx.query<Record<string, string>>(
          `explain (verbose, costs off) select * from app_public.${table}`,
        );
        return rows.map((r) => Object.values(r)[0]).join("\n");
      });
      for (const rule of RULES) expect(plan, `${table}: ${rule} called, not inlined`).not.toContain(`${rule}(`);
      // the expanded rule reads the session's claims, once per statement: in an InitPlan, not in a scan's filter
      expect(plan, table).toContain("current_setting");
      expect(plan, table).toMatch(/InitPlan/);
      const perRow = plan.split("\n").filter((line) => /^\s*(Filter|Join Filter|Index Cond|Recheck Cond):/.test(line));
      expect(perRow.length, table).toBeGreaterThan(0);
      for (const line of perRow) expect(line, `${table}: a claim read per row`).not.toContain("current_setting");
    }
  });

  it("each rule inlines when passed who reads as sub-selects, each evaluated once (an InitPlan)", async () => {
    const { rows } = await db.query<{ name: string; args: string[]; types: string[] }>(
      `select p.proname as name, coalesce(p.proargnames, '{}') as args,
              array(select format_type(t, null) from unnest(p.proargtypes) as t) as types
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'app_private' and p.proname = any ($1) order by 1`,
      [RULES],
    );
    expect(rows.map((r) => r.name)).toEqual([...RULES].sort());
    const asking: string[] = [];
    for (const rule of rows) {
      const args = rule.types.map((type, i) => {
        const name = rule.args[i];
        if (name === "reader_id") return "reader_id => (select app_private.current_account_id())";
        if (name === "reader_type") return "reader_type => (select app_private.current_account_type())";
        return { uuid: "v.u", boolean: "v.b", text: "v.t" }[type] ?? `null::${type}`;
      });
      const readers = args.filter((arg) => arg.startsWith("reader_")).length;
      if (readers > 0) asking.push(rule.name);
      const { rows: plan } = await db.query<Record<string, string>>(
        `explain (verbose, costs off)
         select app_private.${rule.name}(${args.join(", ")})
           from (select gen_random_uuid() as u, random() < 0.5 as b, md5(random()::text) as t
                   from generate_series(1, 10)) as v`,
      );
      const text = plan.map((r) => Object.values(r)[0]).join("\n");
      expect(text, `${rule.name} called, not inlined`).not.toContain(`${rule.name}(`);
      // one InitPlan per claim (PostgreSQL 17 also names it where it is used: count distinct names)
      expect(new Set(text.match(/InitPlan \d+/g)).size, rule.name).toBe(readers);
    }
    // every rule asks who reads through its arguments
    expect(asking).toEqual([...RULES].sort());
  });

  it("every select policy of the replicated tables calls its rule", async () => {
    const { rows } = await db.query<{ table: string; qual: string }>(
      `select tablename as table, string_agg(qual, ' | ' order by policyname) as qual
         from pg_policies
        where schemaname = 'app_public' and cmd in ('SELECT', 'ALL') and tablename = any ($1)
        group by tablename order by 1`,
      [Object.keys(POLICY_RULES)],
    );
    expect(rows.map((r) => r.table)).toEqual(Object.keys(POLICY_RULES).sort());
    for (const { table, qual } of rows) {
      for (const rule of POLICY_RULES[table] ?? []) expect(qual, table).toContain(`app_private.${rule}(`);
      expect(asksWhoReads(qual), `${table} asks who reads itself: ${qual}`).toBe(false);
    }
  });

  it("every id set and pull function that applies a table's rule calls it", () => {
    for (const [name, rules] of Object.entries(FUNCTION_RULES)) {
      const body = functions.get(name)?.body;
      expect(body, name).toBeDefined();
      for (const rule of rules) expect(body, `${name} calls ${rule}`).toContain(`app_private.${rule}(`);
    }
  });

  it("no function of the pull, nor an id set built on a rule, asks who reads itself (only through the rules and the id sets)", () => {
    expect(PULL_FUNCTIONS).toContain("visible_distribution_ids_among");
    expect(PULL_FUNCTIONS).toContain("ready_whole_ids");
    const asking = [...new Set([...PULL_FUNCTIONS, ...Object.keys(FUNCTION_RULES)])].filter((name) => {
      const body = functions.get(name)?.body ?? "";
      // ready_whole_ids' "no account, nothing whole" is not a rule
      return asksWhoReads(body.replace(/app_private\.current_account_id\(\) is null/g, ""));
    });
    expect(asking).toEqual([]);
  });

  it("no function body outside the rules file holds a rule's expression", () => {
    const expressions = RULES.map((rule) => {
      const body = functions.get(rule)?.body ?? "";
      return { rule, expression: normalized(body.replace(/^\s*select\s+/i, "")) };
    });
    for (const { rule, expression } of expressions) expect(expression.length, rule).toBeGreaterThan(10);
    const restated: string[] = [];
    for (const [name, fn] of functions) {
      if (RULES.includes(name)) continue;
      const body = normalized(fn.body);
      for (const { rule, expression } of expressions) if (body.includes(expression)) restated.push(`${name}: ${rule}`);
    }
    expect(restated).toEqual([]);
  });

  it("the accounts a reader works with are stated once: related_accounts, inlined into the whole set and the page", async () => {
    const arms = functions.get("related_accounts");
    expect(arms, "related_accounts").toBeDefined();
    // inlinable into its callers: not security definer, no SET
    expect({ definer: arms?.definer, config: arms?.config, language: arms?.language }).toEqual({
      definer: false,
      config: null,
      language: "sql",
    });
    for (const name of ["related_account_ids", "related_account_ids_among"]) {
      const body = functions.get(name)?.body ?? "";
      expect(body, name).toContain("app_private.related_accounts()");
      expect(body, `${name} reads a table itself`).not.toMatch(/\bfrom\s+app_public\./i);
    }
    // no other function restates one of its arms
    const armTexts = (arms?.body ?? "").split(/\bunion\b/i).map(normalized);
    expect(armTexts.length).toBeGreaterThanOrEqual(6);
    const restated: string[] = [];
    for (const [name, fn] of functions) {
      if (name === "related_accounts") continue;
      const body = normalized(fn.body);
      for (const arm of armTexts) if (body.includes(arm)) restated.push(`${name}: ${arm}`);
    }
    expect(restated).toEqual([]);
    // the page's ids reach every arm (PostgreSQL pushes them into the union)
    const { rows: plan } = await db.query<Record<string, string>>(
      `explain (costs off) select id from app_private.related_accounts() as id where id = any ($1::uuid[])`,
      [[]],
    );
    const text = plan.map((r) => Object.values(r)[0]).join("\n");
    expect(text).not.toMatch(/Function Scan on related_accounts/);
    expect(text.match(/= ANY \(\$1\)|= ANY \('\{\}'::uuid\[\]\)/g)?.length ?? 0).toBeGreaterThanOrEqual(
      armTexts.length,
    );
  });

  it("related_account_ids_among(ids) is related_account_ids() among ids, for every demo membership", async () => {
    const { rows: members } = await db.query<{ user_id: string; account_id: string; type: string; role: string }>(
      `select ua.user_id, ua.account_id, a.type, ua.role from app_public.users_accounts ua
         join app_public.accounts a on a.id = ua.account_id where ua.status = 'active' order by a.name, ua.user_id`,
    );
    expect(members.length).toBeGreaterThan(5);
    const { rows: all } = await db.query<{ id: string }>("select id from app_public.accounts order by id");
    const ids = all.map((r) => r.id);
    // half of the ids, to see that the page limits the set
    const some = ids.filter((_, i) => i % 2 === 0);
    let related = 0;
    for (const m of members) {
      const claims = { userId: m.user_id, accountId: m.account_id, accountType: m.type, role: m.role };
      const result = await asAccount(db, claims, async (tx) => {
        const whole = await tx.query<{ id: string }>(
          "select id from app_private.related_account_ids() as id order by 1",
        );
        const among = await tx.query<{ id: string }>(
          "select id from app_private.related_account_ids_among($1::uuid[]) as id order by 1",
          [ids],
        );
        const amongSome = await tx.query<{ id: string }>(
          "select id from app_private.related_account_ids_among($1::uuid[]) as id order by 1",
          [some],
        );
        return { whole: whole.rows.map((r) => r.id), among: among.rows.map((r) => r.id), some: amongSome.rows };
      });
      expect(result.among, `${m.type} ${m.account_id}`).toEqual(result.whole);
      expect(
        result.some.map((r) => r.id),
        `${m.type} ${m.account_id}`,
      ).toEqual(result.whole.filter((id) => some.includes(id)));
      related += result.whole.length;
    }
    expect(related).toBeGreaterThan(0);
  });
});
