// The PWA build: React, file-based TanStack routes (src/routes -> src/routeTree.gen.ts), Panda CSS through
// PostCSS (postcss.config.cjs), and a generated service worker that precaches the app shell. After the build, every
// text file gets precompressed brotli and gzip copies (sync/http/precompress.ts) that the server sends by
// Accept-Encoding (sync/http/static.ts).
import path from "node:path";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { webManifest } from "./src/pwa/manifest.ts";
import { precompressDir } from "./sync/http/precompress.ts";
import { ROUTE_PRELOADS_FILE, routePreloads } from "./sync/http/route-preloads.ts";

/** Writes `<file>.br` and `<file>.gz` beside the built text files, after every other plugin (the service worker too). */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "ledgerline:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        await precompressDir(outDir);
      },
    },
  };
}

/** dist/route-preloads.json: each route's chunks beyond the entry, for the server's Link header (route-preloads.ts). */
function routePreloadMap(): Plugin {
  let routesDir = "src/routes";
  return {
    name: "ledgerline:route-preloads",
    apply: "build",
    configResolved(config) {
      routesDir = path.resolve(config.root, "src/routes");
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === "chunk"
          ? [
              {
                fileName: output.fileName,
                imports: output.imports,
                facadeModuleId: output.facadeModuleId,
                isEntry: output.isEntry,
              },
            ]
          : [],
      );
      this.emitFile({
        type: "asset",
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(routePreloads(chunks, routesDir), null, 1)}\n`,
      });
    },
  };
}

/** A feature's public entry: src/features/<name>/index.ts. */
const FEATURE_ENTRY = /\/src\/features\/[^/]+\/index\.ts$/;

const server = process.env.LL_DEV_SERVER ?? "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [
    // Must come before react(): it writes routeTree.gen.ts and splits route components into lazy chunks.
    tanstackRouter({
      target: "react",
      routesDirectory: "src/routes",
      generatedRouteTree: "src/routeTree.gen.ts",
      autoCodeSplitting: true,
      quoteStyle: "double",
      semicolons: true,
      addExtensions: true,
    }),
    react(),
    VitePWA({
      strategies: "generateSW",
      registerType: "prompt",
      // src/pwa/update.ts registers the worker itself through workbox-window, so it can hold updates back.
      injectRegister: false,
      manifest: webManifest,
      includeAssets: ["favicon.svg", "favicon.ico", "icons/*.png"],
      workbox: {
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
        // AG Grid's chunk is large; the shell must still precache whole.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: "index.html",
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/authenticate(\/|$)/, /^\/wss(\/|$)/],
        cleanupOutdatedCaches: true,
        // Account logos (sync/http/logos.ts): an address per image, so the first answer is kept and a logo seen once
        // shows offline; only the server's own 200s (a 404 or a sign-in redirect is never kept).
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/api/v2/logos/"),
            handler: "CacheFirst",
            options: {
              cacheName: "ll-logos",
              expiration: { maxEntries: 100 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
    routePreloadMap(),
    precompress(),
  ],
  build: {
    target: "es2022",
    sourcemap: true,
    rolldownOptions: {
      // A feature's public entry (src/features/<name>/index.ts) only re-exports (src/layering.test.ts checks it), so
      // importing it runs nothing: said here, a screen importing one name from an entry gets that name's module, not
      // every module the entry names (without it the /portfolio route pulled in RxDB and /login the session screens).
      // Every other module: no opinion (undefined), so the default and the packages' own "sideEffects" decide.
      treeshake: { moduleSideEffects: (id) => (FEATURE_ENTRY.test(id) ? false : undefined) },
      output: {
        // A first visit pays a round trip per request before the first paint (issue 22 item 13): everything the
        // entry loads statically ($initial: react, the router, the first-screen code) goes into one chunk instead of
        // ~15 small shared ones. Lazy code (RxDB, AG Grid, menus and dialogs, pdf, papaparse, the route screens) is
        // not $initial and keeps its own chunks.
        codeSplitting: {
          groups: [{ name: "app", tags: ["$initial"] }],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": server,
      "/authenticate": server,
      "/wss": { target: server, ws: true },
    },
  },
});
