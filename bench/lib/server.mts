/**
 * Starts the production server (node scripts/start.mjs, like `npm start`) on a free loopback port for a
 * benchmark, on a DATA_DIR (and DATABASE_URL when given), with the demo data only when asked; stops it after.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, readFileSync } from "node:fs";
import path from "node:path";
import { freePort, PROJECT_ROOT } from "../../tests/support/server-process.mjs";

export type BenchServer = { baseUrl: string; pid: number; stop(): Promise<void> };

export async function startServer(options: {
  dataDir: string;
  databaseUrl?: string;
  logFile?: string;
  demo?: boolean;
  /** More environment for the server (PAGE_CACHE=false…). */
  env?: Record<string, string>;
}): Promise<BenchServer> {
  const port = await freePort();
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of ["NODE_ENV", "APP_NODE_ENV", "DATABASE_URL", "PUBLIC_URL", "VITEST"]) delete env[name];
  Object.assign(env, {
    PORT: String(port), HOST: "127.0.0.1", DATA_DIR: path.resolve(options.dataDir), DEMO_SEED: options.demo ? "true" : "false", LOG_LEVEL: "warn",
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  });
  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, "scripts", "start.mjs")], { cwd: PROJECT_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const log = options.logFile ? createWriteStream(options.logFile) : undefined;
  let output = "";
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on("data", (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-10_000);
      log?.write(chunk);
    });
  }
  const exited = once(child, "exit");
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (Date.now() - started > 300_000) {
      child.kill("SIGKILL");
      throw new Error(`server did not start in 300 s:\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) })).status === 200) break;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    pid: child.pid!,
    async stop() {
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
      log?.end();
    },
  };
}

/** Percentile (nearest rank) of sorted numbers. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * The server a bench measures: one already running (`--url`), or the production server started on `--data-dir`
 * (and `--database-url`) for the bench. `stop()` stops only a server the bench started.
 */
export async function benchTarget(args: { url?: string; "data-dir"?: string; "database-url"?: string }): Promise<{ baseUrl: string; pid?: number; stop(): Promise<void> }> {
  if (args.url) return { baseUrl: args.url, stop: async () => {} };
  if (!args["data-dir"]) throw new Error("--url or --data-dir is required");
  const server = await startServer({ dataDir: args["data-dir"], databaseUrl: args["database-url"] });
  return { baseUrl: server.baseUrl, pid: server.pid, stop: () => server.stop() };
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc); null elsewhere. */
export function processCpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime (fields 14 and 15 of stat) in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}
