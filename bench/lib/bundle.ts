// The JavaScript the first route (/login) needs: the entry script and modulepreload links of dist/index.html, the
// login route's chunk, and everything those import statically (followed through the chunks' import statements).
// Dynamic imports (`import("...")`) are other routes' chunks, loaded later: not counted.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export interface BundleFigures {
  files: Array<{ file: string; bytes: number; gzipBytes: number }>;
  bytes: number;
  gzipBytes: number;
  loginChunk: string | null;
}

const STATIC_IMPORT = /(?:^|[;}\s])import\s*(?:[\w$*{},\s]+from\s*)?["']([^"']+\.js)["']/g;
const EXPORT_FROM = /export\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+\.js)["']/g;

function staticImports(code: string): string[] {
  return [...code.matchAll(STATIC_IMPORT), ...code.matchAll(EXPORT_FROM)].map((m) => m[1] ?? "");
}

export function firstRouteBundle(distDir: string): BundleFigures {
  const html = readFileSync(join(distDir, "index.html"), "utf8");
  const roots = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => (m[1] ?? "").replace(/^\//, ""));
  const assets = readdirSync(join(distDir, "assets"));
  const login = assets.find((name) => /^login-[\w-]+\.js$/.test(name)) ?? null;
  if (login) roots.push(`assets/${login}`);

  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const file = queue.shift() ?? "";
    if (seen.has(file) || !existsSync(join(distDir, file))) continue;
    seen.add(file);
    const code = readFileSync(join(distDir, file), "utf8");
    const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "";
    for (const spec of staticImports(code)) {
      const target = spec.startsWith("/") ? spec.slice(1) : join(dir, spec).replace(/\\/g, "/");
      if (!seen.has(target)) queue.push(target);
    }
  }
  const files = [...seen].map((file) => {
    const content = readFileSync(join(distDir, file));
    return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  });
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    loginChunk: login ? `assets/${login}` : null,
  };
}
