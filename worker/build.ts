/**
 * Builds the service worker with the client: a Vite plugin that, once the
 * client's files are written, bundles worker/service-worker.ts to sw.js beside
 * them and writes in Serwist's precache list (each file with its revision).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { injectManifest } from "@serwist/build";
import { build, type Plugin, type Rolldown } from "vite";

/** What a member's device keeps from the first visit beside the portal's scripts: styles, icons, Latin fonts, the offline page. */
const PRECACHED = [
  "assets/*.{css,svg}",
  "assets/*-latin-*.woff2",
  "icons/*.png",
  "favicon.svg",
  "manifest.webmanifest",
  "offline.html",
];

/** The modules the portal's pages start from: the app's entry, its root, and every route under /portal. */
const PORTAL_ENTRY = /\/app\/(entry\.client\.tsx|root\.tsx|routes\/portal\/)/;

/**
 * The scripts the portal's pages can load, and only those: the chunks its entries import, at once or
 * later, and theirs. The worker serves only portal pages offline, so the studio's and the public
 * pages' scripts (about half the files) would be downloads to her phone that nothing there runs.
 */
export function portalScripts(bundle: Rolldown.OutputBundle): string[] {
  const chunks = new Map(
    Object.values(bundle).flatMap((output) =>
      output.type === "chunk" ? [[output.fileName, output] as const] : [],
    ),
  );
  const found = new Set<string>();
  const next = [...chunks.values()]
    .filter((chunk) => chunk.isEntry && PORTAL_ENTRY.test(chunk.facadeModuleId ?? ""))
    .map((chunk) => chunk.fileName);
  for (let file = next.pop(); file !== undefined; file = next.pop()) {
    const chunk = chunks.get(file);
    if (!chunk || found.has(file)) continue;
    found.add(file);
    next.push(...chunk.imports, ...chunk.dynamicImports);
  }
  return [...found].sort();
}

export function serviceWorker(): Plugin {
  return {
    name: "tidewell-service-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle({ dir }, bundle) {
      if (!dir) return;
      const scripts = portalScripts(bundle);
      if (scripts.length === 0) throw new Error("No portal route in the client build for the service worker");
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
        globPatterns: [...scripts, ...PRECACHED],
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
