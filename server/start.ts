/**
 * Starts Tidewell. `node server/start.ts` serves the production build;
 * `node server/start.ts --dev` serves the source through Vite with hot reload.
 * Node runs this file directly (type stripping); everything else is bundled.
 */
import fs from "node:fs";
import module from "node:module";
import { fileURLToPath } from "node:url";

if (process.argv.includes("--dev")) {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { start } = await vite.ssrLoadModule("./server/app.ts");
  await start({ vite, nodeEnv: process.env.NODE_ENV });
} else {
  // NODE_ENV says what this run is ("production": a deployment, with no demo features). Whatever
  // it says, a built server runs its libraries' production code, React's included.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  // The build's compiled code kept on disk (NODE_COMPILE_CACHE, or a directory under the system's
  // temporary one): a restart after a crash or a release skips about a quarter of its CPU time.
  module.enableCompileCache();
  const buildUrl = new URL("../build/server/index.js", import.meta.url);
  if (!fs.existsSync(buildUrl)) {
    process.stderr.write("\nThere is no build yet. Run `npm run build` first (or just `npm start`).\n\n");
    process.exit(1);
  }
  const { start } = await import(buildUrl.href);
  // Named from here: the bundler decides which of the build's files the server's own code lands in.
  await start({ nodeEnv, clientDir: fileURLToPath(new URL("../build/client", import.meta.url)) });
}
