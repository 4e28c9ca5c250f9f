// Starts the production server exactly as `npm start` does (node scripts/start.mjs), for the
// end-to-end tests and the bundle-size check. Plain JavaScript so scripts/*.mjs can use it without tsx.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** True when `npm run build` has produced what `npm start` serves. */
export function hasProductionBuild() {
  return existsSync(path.join(PROJECT_ROOT, "build", "server", "index.js")) && existsSync(path.join(PROJECT_ROOT, "build", "client"));
}

/**
 * Starts `node scripts/start.mjs` on a free port with a fresh DATA_DIR and demo data, and resolves once
 * GET /healthz answers 200. `stop()` sends SIGTERM and reports how long the server took to exit.
 */
export async function startProductionServer({ startTimeoutMs = 180_000, env = {}, logFile, port: chosenPort } = {}) {
  const port = chosenPort ?? (await freePort());
  const dataDir = await mkdtemp(path.join(tmpdir(), "nd-e2e-data-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const childEnv = { ...process.env };
  // Like an operator's `npm start`: no NODE_ENV (development rules: demo data), the embedded database.
  for (const name of ["NODE_ENV", "APP_NODE_ENV", "DATABASE_URL", "TEST_DATABASE_URL", "SMTP_URL", "PUBLIC_URL", "AUTH_SECRET", "VITEST", "VITEST_MODE", "VITEST_POOL_ID", "VITEST_WORKER_ID", "TEST"]) {
    delete childEnv[name];
  }
  Object.assign(childEnv, { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DEMO_SEED: "true", LOG_LEVEL: "warn" }, env);

  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, "scripts", "start.mjs")], {
    cwd: PROJECT_ROOT,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const log = logFile ? createWriteStream(logFile) : undefined;
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding("utf8");
    stream.on("data", (chunk) => {
      output = (output + chunk).slice(-20_000);
      log?.write(chunk);
    });
  }
  const exited = once(child, "exit").then(([code, signal]) => ({ code, signal }));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const started = Date.now();
  for (;;) {
    if (hasExited) {
      const { code, signal } = await exited;
      await rm(dataDir, { recursive: true, force: true });
      throw new Error(`The server exited before answering /healthz (code ${code}, signal ${signal}):\n${output}`);
    }
    if (Date.now() - started > startTimeoutMs) {
      child.kill("SIGKILL");
      await exited;
      await rm(dataDir, { recursive: true, force: true });
      throw new Error(`The server did not answer /healthz within ${startTimeoutMs} ms:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const startupMs = Date.now() - started;

  let stopped;
  async function stop({ timeoutMs = 10_000 } = {}) {
    stopped ??= (async () => {
      const begin = Date.now();
      if (!hasExited) child.kill("SIGTERM");
      const timer = new Promise((resolve) => setTimeout(() => resolve("timeout"), timeoutMs));
      const outcome = await Promise.race([exited, timer]);
      if (outcome === "timeout") {
        child.kill("SIGKILL");
        await exited;
      }
      const result = {
        exitedInTime: outcome !== "timeout",
        code: outcome === "timeout" ? null : outcome.code,
        signal: outcome === "timeout" ? "SIGKILL" : outcome.signal,
        ms: Date.now() - begin,
        output,
      };
      log?.end();
      await rm(dataDir, { recursive: true, force: true });
      return result;
    })();
    return stopped;
  }

  return { baseUrl, port, dataDir, pid: child.pid, startupMs, stop, output: () => output };
}
