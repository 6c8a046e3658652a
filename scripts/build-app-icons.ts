/**
 * `npm run icons:app`: draws the app's home-screen icons into public/icons from
 * the mark in public/favicon.svg, in Debian's Chromium: 192 and 512 px, a
 * 512 px maskable one (the mark inside the safe circle, on a full plum field),
 * and Apple's 180 px touch icon (no transparency).
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./local-run.ts";

const root = path.resolve(import.meta.dirname, "..");
const mark = fs.readFileSync(path.join(root, "public/favicon.svg"), "utf8");
const out = path.join(root, "public/icons");

/** Each icon: its size, the field behind the mark, and how much of the icon the mark fills. */
export const APP_ICONS = [
  { file: "icon-192.png", size: 192, field: "transparent", markShare: 1 },
  { file: "icon-512.png", size: 512, field: "transparent", markShare: 1 },
  // A maskable icon may be cut to any shape inside its central 80% circle.
  { file: "icon-maskable-512.png", size: 512, field: "#5b3f6e", markShare: 0.72 },
  { file: "apple-touch-icon.png", size: 180, field: "#fbf7f1", markShare: 0.86 },
] as const;

fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const icon of APP_ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const markSize = Math.round(icon.size * icon.markShare);
    await page.setContent(
      `<body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;background:${icon.field}">
        <div style="width:${markSize}px;height:${markSize}px">${mark.replace("<svg ", '<svg width="100%" height="100%" ')}</div>
      </body>`,
    );
    await page.screenshot({ path: path.join(out, icon.file), omitBackground: icon.field === "transparent" });
    await page.close();
    process.stdout.write(`public/icons/${icon.file}\n`);
  }
} finally {
  await browser.close();
}
