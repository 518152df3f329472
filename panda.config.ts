// Design tokens and component recipes. Screens style through these (css() with tokens, or the recipes via the
// wrappers in src/ui/); raw colours and sizes stay here.
import { defineConfig } from "@pandacss/dev";
import { recipes, slotRecipes } from "./src/ui/recipes/index.ts";

export default defineConfig({
  preflight: true,
  include: ["./src/**/*.{ts,tsx}"],
  exclude: ["./src/**/*.test.ts", "./src/routeTree.gen.ts"],
  outdir: "styled-system",
  jsxFramework: "react",
  strictTokens: false,
  conditions: {
    extend: {
      // The spec's breakpoints (599.95 and 899.95 px) as "below" conditions; sm and md start at 600 and 900.
      belowSm: "@media screen and (max-width: 599.95px)",
      belowMd: "@media screen and (max-width: 899.95px)",
      open: '&:is([open], [data-open], [data-state="open"])',
      highlighted: "&[data-highlighted]",
      current: '&:is([aria-current="page"], [data-current])',
    },
  },
  globalCss: {
    "html, body": {
      bg: "bg.canvas",
      color: "fg.default",
      fontFamily: "body",
      fontSize: "md",
      lineHeight: "1.5",
      WebkitFontSmoothing: "antialiased",
      fontFeatureSettings: '"tnum" 1, "cv11" 1',
    },
    "*:focus-visible": { outline: "2px solid {colors.focus}", outlineOffset: "2px" },
    a: { color: "inherit" },
  },
  theme: {
    extend: {
      breakpoints: { sm: "600px", md: "900px", lg: "1200px", xl: "1536px", "2xl": "1920px" },
      tokens: {
        fonts: {
          body: {
            value:
              'Inter, "Segoe UI", system-ui, -apple-system, BlinkMacSystemFont, Roboto, "Helvetica Neue", Arial, sans-serif',
          },
          mono: { value: 'ui-monospace, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace' },
        },
        colors: {
          navy: {
            50: { value: "#eef3fa" },
            100: { value: "#d9e3f2" },
            200: { value: "#b3c6e3" },
            500: { value: "#2b4c7e" },
            700: { value: "#1a3560" },
            800: { value: "#13294b" },
            900: { value: "#0c1c35" },
          },
        },
        durations: { tooltip: { value: "800ms" } },
        // Stacking order of the layers the screens name (the sticky top bar, dialogs, popups, the skip link). Popups
        // (dropdown, popover) open from inside dialogs too: above modal.
        zIndex: {
          hide: { value: -1 },
          base: { value: 0 },
          docked: { value: 10 },
          sticky: { value: 1100 },
          banner: { value: 1200 },
          overlay: { value: 1300 },
          modal: { value: 1400 },
          dropdown: { value: 1500 },
          popover: { value: 1500 },
          skipLink: { value: 1600 },
          toast: { value: 1700 },
          tooltip: { value: 1800 },
        },
      },
      semanticTokens: {
        colors: {
          bg: {
            canvas: { value: "#f5f6f8" },
            surface: { value: "#ffffff" },
            muted: { value: "{colors.slate.100}" },
            subtle: { value: "{colors.slate.50}" },
            inverse: { value: "{colors.navy.800}" },
          },
          fg: {
            default: { value: "{colors.slate.900}" },
            muted: { value: "{colors.slate.600}" },
            subtle: { value: "{colors.slate.500}" },
            inverse: { value: "#ffffff" },
            link: { value: "{colors.navy.500}" },
          },
          border: {
            default: { value: "{colors.slate.200}" },
            strong: { value: "{colors.slate.300}" },
          },
          brand: {
            DEFAULT: { value: "{colors.navy.800}" },
            hover: { value: "{colors.navy.900}" },
            subtle: { value: "{colors.navy.50}" },
            muted: { value: "{colors.navy.100}" },
            fg: { value: "#ffffff" },
          },
          accent: { DEFAULT: { value: "#2f6fde" }, subtle: { value: "#e9f0fd" } },
          success: { DEFAULT: { value: "{colors.emerald.700}" }, subtle: { value: "{colors.emerald.50}" } },
          warning: { DEFAULT: { value: "{colors.amber.700}" }, subtle: { value: "{colors.amber.50}" } },
          danger: {
            DEFAULT: { value: "{colors.red.700}" },
            hover: { value: "{colors.red.800}" },
            subtle: { value: "{colors.red.50}" },
          },
          focus: { value: "#2f6fde" },
        },
        shadows: {
          card: { value: "0 1px 2px rgba(16, 24, 40, 0.06), 0 1px 3px rgba(16, 24, 40, 0.08)" },
          popover: { value: "0 12px 32px -8px rgba(16, 24, 40, 0.22), 0 2px 6px rgba(16, 24, 40, 0.08)" },
        },
        radii: { control: { value: "{radii.md}" }, card: { value: "{radii.lg}" } },
      },
      recipes,
      slotRecipes,
    },
  },
});
