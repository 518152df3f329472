// The web app manifest, kept in code so the build and the tests read the same values.
import type { ManifestOptions } from "vite-plugin-pwa";

const THEME_COLOR = "#13294b";

export const webManifest: Partial<ManifestOptions> = {
  name: "Ledgerline",
  short_name: "Ledgerline",
  description: "Securities issuance, cap tables and investor onboarding, available offline.",
  theme_color: THEME_COLOR,
  background_color: "#f6f7f9",
  display: "standalone",
  start_url: "/",
  scope: "/",
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};
