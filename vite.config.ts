import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { serviceWorker } from "./worker/build.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), serviceWorker()],
  // The server build's entry is our Express app, which hosts the React Router handler.
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
});
