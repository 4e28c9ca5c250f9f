// After `react-router build`: bundles the service worker (app/sw/service-worker.ts) into build/client/sw.js, served
// at /sw.js by server/pwa.ts (ADR 30). Its version is a hash of the built files' names and its own source, so every
// build that changes a file installs a new worker, whose caches replace the old ones.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const client = path.join(root, "build", "client");
const entry = path.join(root, "app", "sw", "service-worker.ts");

const hash = createHash("sha256");
for (const name of readdirSync(path.join(client, "assets")).sort()) hash.update(`${name}\n`);
hash.update(readFileSync(entry));
const version = hash.digest("hex").slice(0, 12);

await build({
  configFile: false,
  logLevel: "warn",
  define: { __SW_VERSION__: JSON.stringify(version) },
  build: {
    outDir: client,
    emptyOutDir: false,
    copyPublicDir: false,
    minify: true,
    target: "es2022",
    lib: { entry, formats: ["es"], fileName: () => "sw.js" },
  },
});
const size = statSync(path.join(client, "sw.js")).size;
console.log(`service worker: build/client/sw.js, version ${version}, ${(size / 1024).toFixed(1)} KB`);
