// The objects a SQL text defines, found by pattern (tests/db/code-files.test.ts): functions, procedures and views by
// schema-qualified name (overloads together), policies and triggers by schema.table.name. Comments are left out.
// Upper or lower case alike, so pg_dump's `CREATE TRIGGER x BEFORE ... ON app_public.t` is read too; a trigger made
// inside a string (`execute format('create trigger _100_timestamps ... on %s', tbl)`) names no table and is not.
// A call of app_private.row_policies (sync/database/policies/10_row_policies.sql) defines the policies it makes:
// `select app_private.row_policies('app_public.t', 'visible', 'editable', '{delete,insert,update}', ...)` makes
// app_public.t's select_visible, delete_editable, insert_editable and update_editable.

type Kind = "function" | "view" | "policy" | "trigger";

export interface Definition {
  kind: Kind;
  /** schema.name for functions and views, schema.table.name for policies and triggers */
  name: string;
  /** Functions only: the argument list as written, lower case, blanks collapsed (tells overloads apart). */
  args?: string;
}

const PATTERNS: [Kind, RegExp, (m: RegExpExecArray) => string][] = [
  ["function", /\bcreate\s+(?:or\s+replace\s+)?(?:function|procedure)\s+([\w."]+)\s*\(/gi, (m) => m[1] ?? ""],
  ["view", /\bcreate\s+(?:or\s+replace\s+)?(?:materialized\s+)?view\s+([\w."]+)/gi, (m) => m[1] ?? ""],
  ["policy", /\bcreate\s+policy\s+(\w+)\s+on\s+([\w.]+)/gi, (m) => `${m[2]}.${m[1]}`],
  [
    "trigger",
    /\bcreate\s+(?:or\s+replace\s+)?(?:constraint\s+)?trigger\s+(\w+)\s[^;]*?\bon\s+([\w.]+)/gi,
    (m) => `${m[2]}.${m[1]}`,
  ],
];

/** The text between the parenthesis at `open` and its match. */
function balanced(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

const ROW_POLICIES = /\bapp_private\.row_policies\(\s*'([\w.]+)'\s*,\s*'(\w+)'\s*,\s*'(\w+)'\s*,\s*'\{([\w,\s]*)\}'/gi;

/** The policies a call of app_private.row_policies makes: select_<read>, and <write>_<write name> for each write. */
function rowPolicies(text: string): Definition[] {
  return [...text.matchAll(ROW_POLICIES)].flatMap(([, table = "", read, write, writes = ""]) => [
    { kind: "policy" as const, name: `${table}.select_${read}`.toLowerCase() },
    ...writes
      .split(",")
      .map((op) => op.trim())
      .filter(Boolean)
      .map((op) => ({ kind: "policy" as const, name: `${table}.${op}_${write}`.toLowerCase() })),
  ]);
}

export function definitions(sql: string): Definition[] {
  const text = sql.replace(/--[^\n]*/g, "");
  const found: Definition[] = [];
  for (const [kind, pattern, name] of PATTERNS) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      const definition: Definition = { kind, name: name(m).replaceAll('"', "").toLowerCase() };
      if (kind === "function") {
        definition.args = balanced(text, m.index + m[0].length - 1)
          .replace(/\s+/g, " ")
          .trim()
          .toLowerCase();
      }
      found.push(definition);
    }
  }
  found.push(...rowPolicies(text));
  return found;
}

/** `alter function|procedure|view ... rename to` or `... set schema`: the renamed-wrapper pattern, banned. */
export function renames(sql: string): string[] {
  const text = sql.replace(/--[^\n]*/g, "");
  const pattern =
    /\balter\s+(?:function|procedure|view|materialized\s+view)\s[^;]*?\b(?:rename\s+to|set\s+schema)\b[^;]*/gi;
  return [...text.matchAll(pattern)].map((m) => m[0].replace(/\s+/g, " ").trim());
}
