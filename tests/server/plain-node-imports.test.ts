// A default import of a package means the same thing under plain Node (how `npm start` runs the server) as under the
// test runner. vitest's loader unwraps a CommonJS module's `exports.default`, plain Node hands the whole module object
// over: `import signpdf from "@signpdf/signpdf"` was the signer under vitest and the module under Node, so signing
// answered 500 in production while every in-process test passed (issue 36). Every default import of a package in the
// server's code (sync/, and the pure modules it takes from src/domain) is checked here in both.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Each package the server's code imports by default, with the first file that does. */
function defaultImports(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of [...files(join(root, "sync")), ...files(join(root, "src", "domain"))]) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(
      /^import\s+(?!type\b)([A-Za-z_$][\w$]*)\s*(?:,\s*\{[^}]*\})?\s+from\s+"([^".][^"]*)"/gm,
    )) {
      const name = match[2] ?? "";
      if (!name.startsWith("node:") && !found.has(name)) found.set(name, relative(root, file));
    }
  }
  return found;
}

/** What a default import is: its type and its own property names. */
function shape(value: unknown): string {
  const keys = value && (typeof value === "object" || typeof value === "function") ? Object.keys(value).sort() : [];
  return `${typeof value} [${keys.join(", ")}]`;
}

describe("default imports under plain Node", () => {
  const imports = defaultImports();

  it("finds the server's default imports", () => {
    expect([...imports.keys()]).toContain("pg");
  });

  it.each([...imports.keys()])("%s is the same value under plain Node as under the test runner", async (name) => {
    const here = shape(((await import(name)) as { default: unknown }).default);
    const script = `import value from ${JSON.stringify(name)};
      const keys = value && (typeof value === "object" || typeof value === "function") ? Object.keys(value).sort() : [];
      process.stdout.write(typeof value + " [" + keys.join(", ") + "]");`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.stdout, `the default import of ${name} in ${imports.get(name)}`).toBe(here);
  });
});
