/**
 * The web page's build (`npm run build` -> dist/web) and dev server (`npm run web`).
 * Preact's JSX goes through the bundler's own transform (no plugin needed);
 * `base: "./"` keeps every URL relative, so the built folder can be served
 * from any path of any static host.
 */
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("./src/web/", import.meta.url));

export default defineConfig({
  root,
  base: "./",
  publicDir: false,
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    outDir: fileURLToPath(new URL("./dist/web/", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    // The worker bundles the whole library; the page loads it on demand, so its size is not the page's.
    chunkSizeWarningLimit: 1024,
  },
  worker: { format: "es" },
  server: { host: "127.0.0.1" },
});
