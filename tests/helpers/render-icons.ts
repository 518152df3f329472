// Renders the PWA icons (public/icons/*.png) from the logo SVG in Chromium. Run after changing the logo:
//   node tests/helpers/render-icons.ts
// The PNGs are committed; this script is not part of the build.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { launchBrowser } from "./browser.ts";

const root = join(import.meta.dirname, "..", "..");
const logo = readFileSync(join(root, "public", "favicon.svg"), "utf8");

// Maskable icons keep their content inside the central 80% safe zone on a full-bleed background.
const icons = [
  { file: "icon-192.png", size: 192, maskable: false },
  { file: "icon-512.png", size: 512, maskable: false },
  { file: "icon-maskable-512.png", size: 512, maskable: true },
  { file: "apple-touch-icon-180.png", size: 180, maskable: true },
];

const browser = await launchBrowser();
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const inner = icon.maskable ? Math.round(icon.size * 0.62) : icon.size;
    const html = `<!doctype html><html><body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:flex;align-items:center;justify-content:center;background:${icon.maskable ? "#13294b" : "transparent"}">
      <div style="width:${inner}px;height:${inner}px">${logo.replace("<svg", `<svg width="${inner}" height="${inner}"`)}</div></body></html>`;
    await page.setContent(html);
    await page.screenshot({ path: join(root, "public", "icons", icon.file), omitBackground: !icon.maskable });
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(`rendered ${icons.length} icons into public/icons/`);
