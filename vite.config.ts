// The PWA build: React, file-based TanStack routes (src/routes -> src/routeTree.gen.ts), Panda CSS through
// PostCSS (postcss.config.cjs), and a generated service worker that precaches the app shell.
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { webManifest } from "./src/pwa/manifest.ts";

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
      },
    }),
  ],
  build: { target: "es2022", sourcemap: true },
  server: {
    proxy: {
      "/api": server,
      "/authenticate": server,
      "/wss": { target: server, ws: true },
    },
  },
});
