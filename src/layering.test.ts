// The client's layering, checked on every import under src/ (docs/CLIENT.md "Structure"). Imports point one way:
// entry (main.tsx, router.tsx) -> routes -> features -> app -> ui -> data -> domain. A feature is used through its
// public entry only (src/features/<name>/index.ts), which only re-exports its own files (vite.config.ts declares the
// entries free of side effects and relies on it), and features import each other without loops. biome.json states
// the coarse part as noRestrictedImports per folder for the editor; this test is the whole rule, on resolved paths.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, posix, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const LAYERS = ["domain", "data", "ui", "app", "features", "routes", "entry"] as const;
type Layer = (typeof LAYERS)[number];

/** Packages the pure domain layer never imports. */
const IMPURE_PACKAGES = /^(react|react-dom|rxdb|dexie|@tanstack\/)/;

/** The layer of a path relative to src/, or null for a file the rule does not know (a new top-level folder). */
function layerOf(path: string): Layer | null {
  if (path === "main.tsx" || path === "router.tsx" || path === "layering.test.ts") return "entry";
  const top = path.split("/")[0]!;
  if (top === "pwa") return "domain"; // the web app manifest: plain data, read by vite.config.ts
  return (LAYERS as readonly string[]).includes(top) && top !== "entry" ? (top as Layer) : null;
}

const featureOf = (path: string) => (path.startsWith("features/") ? path.split("/")[1]! : null);
const entryOf = (feature: string) => `features/${feature}/index.ts`;
const isTest = (path: string) => /\.test\.tsx?$/.test(path);

interface Import {
  specifier: string;
  line: number;
}

function importsOf(text: string): Import[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => ({
    specifier: file.fileName,
    line: text.slice(0, file.pos).split("\n").length,
  }));
}

/** An entry's statements that are not `export ... from "./<own file>"`. */
function entryProblems(text: string): string[] {
  const source = ts.createSourceFile("index.ts", text, ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    const line = source.getLineAndCharacterOfPosition(statement.getStart(source)).line + 1;
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier) return [`${line}: not a re-export`];
    const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
    return specifier.startsWith("./") && !specifier.slice(2).includes("/")
      ? []
      : [`${line}: re-exports "${specifier}", not a file of its own folder`];
  });
}

/** Every break of the rule in `files` (paths relative to src/, POSIX separators), as "path:line: why". */
function layeringViolations(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  const featureEdges = new Map<string, Map<string, string>>(); // feature -> used feature -> first "path:line"
  for (const path of new Set([...files.keys()].map(featureOf).filter((f) => f !== null))) {
    if (!files.has(entryOf(path))) found.push(`features/${path}: has no public entry (index.ts)`);
  }
  for (const [path, text] of files) {
    const layer = layerOf(path);
    if (!layer) {
      found.push(`${path}: in no layer (add its folder to src/layering.test.ts and docs/CLIENT.md)`);
      continue;
    }
    const feature = featureOf(path);
    if (feature && path === entryOf(feature)) {
      for (const problem of entryProblems(text)) found.push(`${path}:${problem} (an entry only re-exports)`);
    }
    for (const { specifier, line } of importsOf(text)) {
      const at = `${path}:${line}`;
      if (!specifier.startsWith(".")) {
        if (layer === "domain" && IMPURE_PACKAGES.test(specifier)) found.push(`${at}: domain imports "${specifier}"`);
        continue;
      }
      const target = posix.normalize(posix.join(posix.dirname(path), specifier));
      if (target.startsWith("../")) {
        // Outside src: the generated styles only (tests may use the server's code and the test helpers).
        if (!target.startsWith("../styled-system/") && !isTest(path)) found.push(`${at}: imports ${target}`);
        continue;
      }
      const targetLayer = layerOf(target);
      if (!targetLayer) continue; // reported on the file itself
      if (LAYERS.indexOf(targetLayer) > LAYERS.indexOf(layer)) {
        found.push(`${at}: ${layer} imports ${targetLayer} (${target}): imports point down only`);
        continue;
      }
      const targetFeature = featureOf(target);
      if (!targetFeature || targetFeature === feature) continue;
      if (target !== entryOf(targetFeature)) {
        found.push(`${at}: imports ${target}, inside feature ${targetFeature}: use ${entryOf(targetFeature)}`);
      }
      if (feature) {
        const edges = featureEdges.get(feature) ?? new Map<string, string>();
        if (!edges.has(targetFeature)) edges.set(targetFeature, at);
        featureEdges.set(feature, edges);
      }
    }
  }
  found.push(...featureLoops(featureEdges));
  return found;
}

/** Each loop between features once, as the features in order and where the loop's first import is. */
function featureLoops(edges: ReadonlyMap<string, ReadonlyMap<string, string>>): string[] {
  const loops: string[] = [];
  const seen = new Set<string>();
  const visit = (feature: string, path: string[]) => {
    for (const next of edges.get(feature)?.keys() ?? []) {
      const start = path.indexOf(next);
      if (start >= 0) {
        const loop = [...path.slice(start), next];
        const key = [...loop.slice(0, -1)].sort().join(",");
        if (!seen.has(key)) {
          seen.add(key);
          loops.push(`features: ${loop.join(" -> ")} is a loop (${edges.get(loop[0]!)!.get(loop[1]!)})`);
        }
      } else if (path.length < 50) visit(next, [...path, next]);
    }
  };
  for (const feature of [...edges.keys()].sort()) visit(feature, [feature]);
  return loops;
}

function sourceFiles(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && entry.name !== "routeTree.gen.ts") {
        files.set(relative(root, full).split("\\").join("/"), readFileSync(full, "utf8"));
      }
    }
  };
  walk(root);
  return files;
}

describe("layering of src/", () => {
  it("every import under src/ follows the rule", () => {
    expect(layeringViolations(sourceFiles(dirname(new URL(import.meta.url).pathname)))).toEqual([]);
  });

  it("refuses what it is there to refuse", () => {
    const files = new Map([
      ["features/a/index.ts", 'export { A } from "./A.tsx";\nexport const sneaky = 1;\n'],
      ["features/a/A.tsx", 'import { helper } from "../b/helper.ts";\nimport { B } from "../b/index.ts";\n'],
      ["features/b/index.ts", 'export { B } from "./B.tsx";\nexport { A } from "../a/index.ts";\n'],
      ["features/b/B.tsx", 'import { A } from "../a/index.ts";\nimport { route } from "../../routes/x.tsx";\n'],
      ["features/b/helper.ts", ""],
      ["features/c/C.tsx", ""],
      ["routes/x.tsx", 'import { A } from "../features/a/A.tsx";\n'],
      ["app/viewer.ts", 'import { A } from "../features/a/index.ts";\n'],
      ["ui/Page.tsx", 'import { useViewer } from "../app/viewer.ts";\nimport { first } from "../data/first.ts";\n'],
      ["data/first.ts", 'import { Page } from "../ui/Page.tsx";\nimport "../../sync/main.ts";\n'],
      ["domain/pure.ts", 'import { useState } from "react";\nimport { first } from "../data/first.ts";\n'],
      ["lib/odd.ts", ""],
    ]);
    expect(layeringViolations(files)).toEqual([
      "features/c: has no public entry (index.ts)",
      "features/a/index.ts:2: not a re-export (an entry only re-exports)",
      "features/a/A.tsx:1: imports features/b/helper.ts, inside feature b: use features/b/index.ts",
      'features/b/index.ts:2: re-exports "../a/index.ts", not a file of its own folder (an entry only re-exports)',
      "features/b/B.tsx:2: features imports routes (routes/x.tsx): imports point down only",
      "routes/x.tsx:1: imports features/a/A.tsx, inside feature a: use features/a/index.ts",
      "app/viewer.ts:1: app imports features (features/a/index.ts): imports point down only",
      "ui/Page.tsx:1: ui imports app (app/viewer.ts): imports point down only",
      "data/first.ts:1: data imports ui (ui/Page.tsx): imports point down only",
      "data/first.ts:2: imports ../sync/main.ts",
      'domain/pure.ts:1: domain imports "react"',
      "domain/pure.ts:2: domain imports data (data/first.ts): imports point down only",
      "lib/odd.ts: in no layer (add its folder to src/layering.test.ts and docs/CLIENT.md)",
      "features: a -> b -> a is a loop (features/a/A.tsx:1)",
    ]);
  });
});
