// npm start: builds (scripts/build.mjs, the same build as `npm run build`) when no complete build exists, then runs
// the server (build/app-server/index.js, bundled from server/index.ts by the build), which migrates and serves.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, hasCompleteBuild } from "./build.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

// The same build as `npm run build` (scripts/build.mjs), made when there is none or it is incomplete.
if (!hasCompleteBuild()) {
  console.log("No complete build found: building the app (npm run build)...");
  const code = build();
  if (code !== 0) process.exit(code);
}

// Libraries (React's server renderer above all) read NODE_ENV to pick their fast production code, so it is
// always 'production' here. Our own rules (AUTH_SECRET required, no demo data) follow what the operator set,
// kept in APP_NODE_ENV; unset means development.
process.env.APP_NODE_ENV = process.env.NODE_ENV ?? "";
process.env.NODE_ENV = "production";
await import(pathToFileURL(path.join(root, "build", "app-server", "index.js")).href);
