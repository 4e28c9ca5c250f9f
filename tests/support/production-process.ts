/**
 * One app process of the cluster test: the production build started exactly as `npm start` does
 * (node scripts/start.mjs), on a FIXED port so that it can be stopped (SIGTERM or SIGKILL) and started again
 * where the balancer expects it. Output goes to a log file (and the last 20 KB are kept for failures).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "./server-process.mjs";

/** Variables of the test runner that must not reach an app process. */
const NOT_INHERITED = [
  "NODE_ENV", "APP_NODE_ENV", "DATABASE_URL", "TEST_DATABASE_URL", "SMTP_URL", "PUBLIC_URL", "AUTH_SECRET", "VITEST", "VITEST_MODE",
  "VITEST_POOL_ID", "VITEST_WORKER_ID", "TEST", "S3_BUCKET", "S3_ENDPOINT", "S3_PREFIX", "METRICS_PORT", "METRICS_TOKEN",
];

export type ExitResult = { code: number | null; signal: NodeJS.Signals | null; ms: number };

export class ProductionProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<ExitResult> | undefined;
  private log: WriteStream;
  private recent = "";
  /** How long the last start took until /healthz answered 200 on its own port. */
  startupMs = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    readonly logFile: string,
    /** Options for node itself (a bench's --cpu-prof, which NODE_OPTIONS does not allow). */
    private readonly nodeArgs: string[] = [],
  ) {
    this.log = createWriteStream(logFile, { flags: "a" });
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  running(): boolean {
    return Boolean(this.child && this.child.exitCode === null && this.child.signalCode === null);
  }

  output(): string {
    return this.recent;
  }

  /** Starts the process and resolves once it answers /healthz (liveness) on its own port. */
  async start(timeoutMs = 120_000): Promise<void> {
    if (this.running()) throw new Error(`${this.name} is already running`);
    const env: Record<string, string | undefined> = { ...process.env };
    for (const name of NOT_INHERITED) delete env[name];
    Object.assign(env, this.env, { PORT: String(this.port), HOST: "127.0.0.1" });
    const begin = Date.now();
    const child = spawn(process.execPath, [...this.nodeArgs, path.join(PROJECT_ROOT, "scripts", "start.mjs")], {
      cwd: PROJECT_ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    // Whatever happens to the test process, its app processes do not outlive it.
    const killOnExit = () => child.kill("SIGKILL");
    process.on("exit", killOnExit);
    child.once("exit", () => process.off("exit", killOnExit));
    this.log.write(`\n--- ${this.name} started (pid ${child.pid}) at ${new Date().toISOString()}\n`);
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.setEncoding("utf8").on("data", (chunk: string) => {
        this.recent = (this.recent + chunk).slice(-20_000);
        this.log.write(chunk);
      });
    }
    const exited = once(child, "exit").then(([code, signal]) => ({ code: code as number | null, signal: signal as NodeJS.Signals | null, ms: 0 }));
    this.exited = exited;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`${this.name} exited before answering /healthz:\n${this.recent}`);
      }
      if (Date.now() - begin > timeoutMs) {
        child.kill("SIGKILL");
        throw new Error(`${this.name} did not answer /healthz within ${timeoutMs} ms:\n${this.recent}`);
      }
      try {
        const response = await fetch(`http://127.0.0.1:${this.port}/healthz`, { signal: AbortSignal.timeout(2_000) });
        await response.body?.cancel();
        if (response.status === 200) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    this.startupMs = Date.now() - begin;
  }

  /** Sends `signal` and resolves when the process has exited (SIGKILL after `timeoutMs`). */
  async stop(signal: NodeJS.Signals = "SIGTERM", timeoutMs = 20_000): Promise<ExitResult> {
    const child = this.child;
    if (!child || !this.exited) return { code: null, signal: null, ms: 0 };
    const begin = Date.now();
    if (this.running()) child.kill(signal);
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    const result = await this.exited;
    clearTimeout(timer);
    this.child = undefined;
    this.log.write(`--- ${this.name} exited (code ${result.code}, signal ${result.signal}) after ${signal}\n`);
    return { ...result, ms: Date.now() - begin };
  }

  async close(): Promise<void> {
    await this.stop("SIGTERM", 10_000);
    await new Promise((resolve) => this.log.end(resolve));
  }
}
