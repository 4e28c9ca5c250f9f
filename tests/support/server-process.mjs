// Starts the production server exactly as `npm start` does (node scripts/start.mjs), for the
// end-to-end tests and the bundle-size check. Plain JavaScript so scripts/*.mjs can use it without tsx.
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { hasCompleteBuild } from "../../scripts/build.mjs";

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

/** True when `npm run build` has produced what `npm start` serves (scripts/build.mjs). */
export function hasProductionBuild() {
  return hasCompleteBuild();
}

/** The pids of a process's children (Linux: /proc/<pid>/task/<pid>/children, else `pgrep -P`). */
function childPids(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    try {
      return execFileSync("pgrep", ["-P", String(pid)]).toString().trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  }
}

/** The node process running scripts/start.mjs somewhere below `pid` (npm → sh → node). */
function serverProcessUnder(pid) {
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const child of childPids(current)) {
      let command = "";
      try {
        command = readFileSync(`/proc/${child}/cmdline`, "utf8");
      } catch {
        command = "";
      }
      if (command.includes("scripts/start.mjs") && !command.startsWith("sh")) return child;
      queue.push(child);
    }
  }
  return undefined;
}

function killQuietly(pid) {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/**
 * Starts `node scripts/start.mjs` on a free port with a fresh DATA_DIR and demo data, and resolves once
 * GET /healthz answers 200. `stop()` sends SIGTERM and reports how long the server took to exit.
 * `root` starts it in another copy of the project (a fresh clone, tests/support/fresh-clone.mjs), and `npmStart`
 * runs `npm start` there exactly as the README says instead of the script itself. `dataDir` serves a DATA_DIR an
 * operator's command already filled (it is removed at the end like a fresh one).
 */
export async function startProductionServer({ startTimeoutMs = 180_000, env = {}, logFile, port: chosenPort, root = PROJECT_ROOT, npmStart = false, dataDir: givenDataDir } = {}) {
  const port = chosenPort ?? (await freePort());
  const dataDir = givenDataDir ?? (await mkdtemp(path.join(tmpdir(), "nd-e2e-data-")));
  const baseUrl = `http://127.0.0.1:${port}`;
  const childEnv = { ...process.env };
  // Like an operator's `npm start`: no NODE_ENV (development rules: demo data), the embedded database.
  for (const name of ["NODE_ENV", "APP_NODE_ENV", "DATABASE_URL", "TEST_DATABASE_URL", "SMTP_URL", "PUBLIC_URL", "AUTH_SECRET", "VITEST", "VITEST_MODE", "VITEST_POOL_ID", "VITEST_WORKER_ID", "TEST"]) {
    delete childEnv[name];
  }
  Object.assign(childEnv, { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DEMO_SEED: "true", LOG_LEVEL: "warn" }, env);

  // npm passes SIGTERM on to the server and exits with its code (npm's own variables are left out of the env).
  for (const name of Object.keys(childEnv)) if (name.startsWith("npm_")) delete childEnv[name];
  const [command, args] = npmStart
    ? [process.platform === "win32" ? "npm.cmd" : "npm", ["start", "--silent"]]
    : [process.execPath, [path.join(root, "scripts", "start.mjs")]];
  const child = spawn(command, args, {
    cwd: root,
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
      const server = npmStart ? serverProcessUnder(child.pid) : undefined;
      if (server) killQuietly(server);
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
      // Under `npm start` the signal goes to the server itself, as a service manager's would: npm exits with
      // the server's code once it has stopped (npm signalled itself would exit at once, leaving the server).
      const server = npmStart ? serverProcessUnder(child.pid) : undefined;
      if (!hasExited) {
        if (server) process.kill(server, "SIGTERM");
        else child.kill("SIGTERM");
      }
      const timer = new Promise((resolve) => setTimeout(() => resolve("timeout"), timeoutMs));
      const outcome = await Promise.race([exited, timer]);
      if (outcome === "timeout") {
        if (server) killQuietly(server);
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
