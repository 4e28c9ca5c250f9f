// After `react-router build`: bundles the Node server (server/index.ts and the app modules it imports) into
// build/app-server/index.js, which `npm start` runs. Before, `npm start` ran server/index.ts through tsx, whose
// loader transpiled and resolved every module on each start (about 4 of a start's 9 CPU-s: issue 31, ADR 33).
// Packages stay outside the bundle (node_modules, as for build/server/index.js); the server finds the project's
// files (db/migrations, package.json) from projectRoot(), which walks up from build/ as from the sources.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "build", "app-server");

await build({
  configFile: false,
  logLevel: "warn",
  resolve: { alias: { "~": path.join(root, "app") } },
  build: {
    ssr: path.join(root, "server", "index.ts"),
    outDir,
    emptyOutDir: true,
    copyPublicDir: false,
    target: "node20",
    // Readable stack traces in the server's logs: names and lines as written.
    minify: false,
    rollupOptions: { output: { format: "esm", entryFileNames: "index.js", chunkFileNames: "chunks/[name]-[hash].js" } },
  },
});
console.log("server: build/app-server/index.js");
