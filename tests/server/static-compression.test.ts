// The built app's text files go out compressed (issue 22 item 13): the precompressed brotli or gzip copy the build
// wrote (sync/http/precompress.ts), chosen by the request's Accept-Encoding, with Content-Encoding, Vary and the
// caching that the file itself has; the file as it is for a client that accepts neither. Requests go through
// node:http, which (unlike fetch) neither adds an Accept-Encoding nor decompresses.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDir } from "../../sync/http/precompress.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let t: TestServer;
let distDir: string;
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: "row-${i}", value: ${i} }`).join(", ")}];\n`;
const styles = `.cell { padding: 4px; }\n`.repeat(200);
const shell = `<!doctype html><title>app shell</title>${"<!-- padding -->".repeat(100)}`;
const tiny = "console.log(1);";

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), "ledgerline-dist-"));
  mkdirSync(join(distDir, "assets"));
  writeFileSync(join(distDir, "index.html"), shell);
  writeFileSync(join(distDir, "assets", "grid-4f3a9c.js"), script);
  writeFileSync(join(distDir, "assets", "index-4f3a9c.css"), styles);
  writeFileSync(join(distDir, "assets", "tiny-1a2b3c.js"), tiny);
  writeFileSync(join(distDir, "icon-192.png"), Buffer.alloc(4096, 7));
  await precompressDir(distDir);
  t = await startTestServer({ mode: "production", seedDemo: false, distDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(distDir, { recursive: true, force: true });
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(path: string, acceptEncoding?: string, method = "GET"): Promise<Raw> {
  const url = new URL(path, t.url);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } },
      (res) => {
        const parts: Buffer[] = [];
        res.on("data", (part: Buffer) => parts.push(part));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("precompressed static files", () => {
  it("writes brotli and gzip copies beside the text files of 1 KB or more only", () => {
    const assets = readdirSync(join(distDir, "assets")).sort();
    expect(assets).toEqual([
      "grid-4f3a9c.js",
      "grid-4f3a9c.js.br",
      "grid-4f3a9c.js.gz",
      "index-4f3a9c.css",
      "index-4f3a9c.css.br",
      "index-4f3a9c.css.gz",
      "tiny-1a2b3c.js",
    ]);
    expect(readdirSync(distDir)).not.toContain("icon-192.png.br");
  });

  it("sends brotli to a browser that accepts it, with the asset's type, immutable caching and Vary", async () => {
    const response = await get("/assets/grid-4f3a9c.js", "gzip, deflate, br, zstd");
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers.vary).toBe("Accept-Encoding");
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(response.headers["content-length"])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(response.body).toString()).toBe(script);
  });

  it("sends gzip when brotli is not accepted (or refused with q=0)", async () => {
    for (const accept of ["gzip", "gzip, deflate", "br;q=0, gzip;q=0.8"]) {
      const response = await get("/assets/index-4f3a9c.css", accept);
      expect(response.headers["content-encoding"], accept).toBe("gzip");
      expect(response.headers.vary, accept).toBe("Accept-Encoding");
      expect(response.headers["content-type"]).toBe("text/css; charset=utf-8");
      expect(gunzipSync(response.body).toString(), accept).toBe(styles);
    }
  });

  it("sends the file itself when the client accepts no compression, still with Vary", async () => {
    for (const accept of [undefined, "identity", "br;q=0, gzip;q=0", "deflate"]) {
      const response = await get("/assets/grid-4f3a9c.js", accept);
      expect(response.headers["content-encoding"], String(accept)).toBeUndefined();
      expect(response.headers.vary, String(accept)).toBe("Accept-Encoding");
      expect(response.body.toString(), String(accept)).toBe(script);
    }
  });

  it("compresses the app shell on client routes too, which stays always revalidated", async () => {
    const response = await get("/portfolio", "br");
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(response.body).toString()).toBe(shell);
  });

  it("answers HEAD with the compressed length and no body", async () => {
    const head = await get("/assets/grid-4f3a9c.js", "br", "HEAD");
    const full = await get("/assets/grid-4f3a9c.js", "br");
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers["content-length"]).toBe(String(full.body.length));
    expect(head.body.length).toBe(0);
  });

  it("never sends the copies of a file changed since the build (like a new sw.js), until the next build", async () => {
    const changed = `${script}// next version\n`;
    writeFileSync(join(distDir, "assets", "grid-4f3a9c.js"), changed);
    const response = await get("/assets/grid-4f3a9c.js", "br, gzip");
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body.toString()).toBe(changed);
    await precompressDir(distDir);
    const again = await get("/assets/grid-4f3a9c.js", "br, gzip");
    expect(again.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(again.body).toString()).toBe(changed);
  });

  it("keeps sending the copies from a copy of the build (file times not kept)", async () => {
    const copy = mkdtempSync(join(tmpdir(), "ledgerline-dist-copy-"));
    cpSync(distDir, copy, { recursive: true });
    const server = await startTestServer({ mode: "production", seedDemo: false, distDir: copy });
    try {
      const response = await new Promise<Raw>((resolve, reject) => {
        const req = request(
          new URL("/assets/index-4f3a9c.css", server.url),
          { headers: { "accept-encoding": "br" } },
          (res) => {
            const parts: Buffer[] = [];
            res.on("data", (part: Buffer) => parts.push(part));
            res.on("end", () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }),
            );
          },
        );
        req.on("error", reject);
        req.end();
      });
      expect(response.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(response.body).toString()).toBe(styles);
    } finally {
      await server.close();
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it("sends small files and images as they are (no copy was worth writing)", async () => {
    const small = await get("/assets/tiny-1a2b3c.js", "br, gzip");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString()).toBe(tiny);
    const png = await get("/icon-192.png", "br, gzip");
    expect(png.headers["content-encoding"]).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
    expect(png.body.length).toBe(4096);
  });
});
