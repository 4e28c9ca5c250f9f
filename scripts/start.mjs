// npm start: builds when no build exists, then runs the server (which migrates and serves).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const require = createRequire(import.meta.url);

if (!existsSync(path.join(root, "build", "server", "index.js")) || !existsSync(path.join(root, "build", "client"))) {
  console.log("No build found: building the app (react-router build)...");
  const cli = path.join(path.dirname(require.resolve("@react-router/dev/package.json")), "bin.js");
  const result = spawnSync(process.execPath, [cli, "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
  const precompress = spawnSync(process.execPath, [path.join(root, "scripts", "precompress.mjs")], { stdio: "inherit" });
  if (precompress.status !== 0) process.exit(precompress.status ?? 1);
}

// Libraries (React's server renderer above all) read NODE_ENV to pick their fast production code, so it is
// always 'production' here. Our own rules (AUTH_SECRET required, no demo data) follow what the operator set,
// kept in APP_NODE_ENV; unset means development.
process.env.APP_NODE_ENV = process.env.NODE_ENV ?? "";
process.env.NODE_ENV = "production";
const { register } = await import("tsx/esm/api");
register();
await import(pathToFileURL(path.join(root, "server", "index.ts")).href);
