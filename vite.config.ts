import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import { checkCaptionFiles, recordingDuration } from "./app/modules/transcripts/check-files.server.ts";
import { precompressBuild } from "./server/precompressed-assets.ts";
import { serviceWorker } from "./worker/build.ts";

/** A caption file with a mistake stops the build, naming the file and the line. */
function captionsCheck(): Plugin {
  return {
    name: "tidewell-captions-check",
    async buildStart() {
      const problems = await checkCaptionFiles("content/audio", recordingDuration);
      if (problems.length > 0) this.error(`The captions need fixing:\n${problems.join("\n")}`);
    },
  };
}

/** The client's scripts, styles and sprite, compressed once here rather than by each server (server/precompressed-assets.ts). */
function precompress(): Plugin {
  return {
    name: "tidewell-precompress",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle({ dir }) {
      if (dir) await precompressBuild(path.join(dir, "assets"));
    },
  };
}

export default defineConfig(({ command }) => ({
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), serviceWorker(), captionsCheck(), precompress()],
  // Rolldown's note that plugins take most of the build names React Router's and Tailwind's own
  // transforms, which we can't change; it only buries the test run's output.
  build: { rolldownOptions: { checks: { bundlerTimings: false } } },
  // The server build's entry is our Express app, which hosts the React Router handler.
  environments: {
    ssr: {
      // The built server carries its libraries inside it: a start then reads a few large files
      // instead of resolving and compiling hundreds of packages one by one, which halved its CPU
      // time and took about 50 MB off its memory (docs/performance.md, "Starting"). The dev
      // server keeps them outside, where Vite loads them as they are.
      resolve: { noExternal: command === "build" ? true : undefined },
      build: { rollupOptions: { input: "./server/app.ts" } },
    },
  },
}));
