import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { getEnv } from "../../app/lib/env.server";
import { signIn } from "../../app/features/accounts/sign-in.server";
import type { CreatedUser } from "../../db/seed/factories";

const PROJECT_ROOT = path.resolve(import.meta.dirname, "..", "..");

export type AppProcess = {
  url: string;
  child: ChildProcess;
  /** What the process printed so far. */
  output(): string;
  /** Resolves with the exit code and how long after the call it came (SIGTERM unless `signal` says otherwise). */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
  exited: Promise<{ code: number | null; signal: string | null }>;
};

/** Starts tests/support/serve-app.ts (the Hono app, graceful shutdown) on a PostgreSQL database. */
export async function startAppProcess(databaseUrl: string, dataDir: string, env: Record<string, string> = {}): Promise<AppProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/serve-app.ts"], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: getEnv().AUTH_SECRET,
      PUBLIC_URL: getEnv().PUBLIC_URL,
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = once(child, "exit").then(([code, signal]) => ({ code: code as number | null, signal: signal as string | null }));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 60_000);
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      const match = /listening (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    void exited.then(() => reject(new Error(`server exited: ${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exited,
    async stop(signal = "SIGTERM") {
      const started = Date.now();
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      const { code } = await exited;
      clearTimeout(timer);
      return { code, ms: Date.now() - started };
    },
  };
}

/** A session cookie for a factory-made user, signed in through the use case. */
export async function sessionCookieFor(user: CreatedUser, address: string): Promise<string> {
  const result = await signIn({ email: user.email, password: user.password! }, { request: new Request("http://localhost/login"), clientAddress: address });
  if (result.status !== "signed-in") throw new Error(`sign-in did not complete: ${result.status}`);
  return result.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
