// The one production build: `npm run build` runs it, and `npm start` runs it when there is no complete build, so
// the two cannot drift apart again (issue 30). Four steps, each a child process so a failure stops the build:
//   1. react-router build (Vite: the client and the server bundles) into build/
//   2. the service worker (app/sw/service-worker.ts) into build/client/sw.js (ADR 30)
//   3. the Node server (server/index.ts) into build/app-server/index.js, which `npm start` runs
//   4. Brotli and gzip copies of the client files (issue 19)
// NODE_ENV is production for the whole build (React and React Router pick their production code from it).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);

/** Files whose presence says a build is complete: what `npm start` serves. */
export const BUILD_OUTPUTS = [path.join("build", "server", "index.js"), path.join("build", "client", "sw.js"), path.join("build", "app-server", "index.js")];

/** True when every step of the build has left its output (a build interrupted halfway is no build). */
export function hasCompleteBuild() {
  return BUILD_OUTPUTS.every((file) => existsSync(path.join(root, file)));
}

/** Runs the four steps; returns the exit code of the first that failed, or 0. */
export function build() {
  const reactRouterCli = path.join(path.dirname(require.resolve("@react-router/dev/package.json")), "bin.js");
  const steps = [
    ["react-router build", [reactRouterCli, "build"]],
    ["service worker", [path.join(root, "scripts", "build-service-worker.mjs")]],
    ["server", [path.join(root, "scripts", "build-server.mjs")]],
    ["precompress", [path.join(root, "scripts", "precompress.mjs")]],
  ];
  const env = { ...process.env, NODE_ENV: "production" };
  for (const [name, args] of steps) {
    const result = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit", env });
    if (result.status !== 0) {
      console.error(`build: ${name} failed (${result.error?.message ?? `exit code ${result.status}`})`);
      return result.status || 1;
    }
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = build();
}
