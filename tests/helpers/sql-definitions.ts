// The objects a SQL text defines, found by pattern (tests/db/code-files.test.ts): functions, procedures and views by
// schema-qualified name (overloads together), policies and triggers by schema.table.name. Comments are left out.

type Kind = "function" | "view" | "policy" | "trigger";

export interface Definition {
  kind: Kind;
  /** schema.name for functions and views, schema.table.name for policies and triggers */
  name: string;
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

export function definitions(sql: string): Definition[] {
  const text = sql.replace(/--[^\n]*/g, "");
  const found: Definition[] = [];
  for (const [kind, pattern, name] of PATTERNS) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text))
      found.push({ kind, name: name(m).replaceAll('"', "").toLowerCase() });
  }
  return found;
}
