/**
 * Builds the service worker with the client: a Vite plugin that, once the
 * client's files are written, bundles worker/service-worker.ts to sw.js beside
 * them and writes in Serwist's precache list (each file with its revision).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { injectManifest } from "@serwist/build";
import { build, type Plugin } from "vite";

/** What a member's device keeps from the first visit: scripts, styles, icons, Latin fonts, the offline page. */
const PRECACHED = [
  "assets/*.{js,css,svg}",
  "assets/*-latin-*.woff2",
  "icons/*.png",
  "favicon.svg",
  "manifest.webmanifest",
  "offline.html",
];

export function serviceWorker(): Plugin {
  return {
    name: "tidewell-service-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle({ dir }) {
      if (!dir) return;
      const file = path.join(dir, "sw.js");
      await build({
        configFile: false,
        logLevel: "warn",
        define: { "process.env.NODE_ENV": JSON.stringify("production") },
        build: {
          lib: {
            entry: path.resolve(import.meta.dirname, "service-worker.ts"),
            formats: ["iife"],
            name: "sw",
            fileName: () => "sw.js",
          },
          outDir: dir,
          emptyOutDir: false,
          copyPublicDir: false,
          minify: true,
        },
      });
      await writeOfflineFonts(dir);
      const { count, size, warnings } = await injectManifest({
        swSrc: file,
        swDest: file,
        globDirectory: dir,
        globPatterns: PRECACHED,
        // Hashed names change with their content; the rest get a revision from it.
        dontCacheBustURLsMatching: /^assets\//,
      });
      for (const warning of warnings) this.warn(warning);
      this.info?.(`service worker: ${count} files precached (${Math.round(size / 1024)} KB)`);
    },
  };
}

/** The offline page's placeholders for the font files it is set in, and each file's name before its hash. */
const OFFLINE_FONTS = {
  "%INTER_LATIN%": "inter-latin-wght-normal-",
  "%FRAUNCES_LATIN%": "fraunces-latin-wght-normal-",
} as const;

/**
 * Writes into the offline page the addresses of the site's Latin fonts as this build named them (with their
 * hash), so the page is set in the same type as the rest, from files the worker keeps.
 */
async function writeOfflineFonts(dir: string) {
  const page = path.join(dir, "offline.html");
  const assets = await fs.readdir(path.join(dir, "assets"));
  let html = await fs.readFile(page, "utf8");
  for (const [placeholder, prefix] of Object.entries(OFFLINE_FONTS)) {
    const file = assets.find((name) => name.startsWith(prefix) && name.endsWith(".woff2"));
    if (!file) throw new Error(`No ${prefix}*.woff2 in the build for the offline page`);
    html = html.replaceAll(placeholder, `/assets/${file}`);
  }
  await fs.writeFile(page, html);
}
