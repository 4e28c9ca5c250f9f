import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";

export const PROJECT_ROOT = path.resolve(import.meta.dirname, "..", "..");

export type Holder = { child: ChildProcess; pid: number; stop(signal?: NodeJS.Signals): Promise<number | null> };

/**
 * Runs tests/fixtures/hold-data-dir.mts in another process and resolves once it holds the DATA_DIR.
 * Rejects with its output if it refuses or exits.
 */
export async function holdDataDir(mode: "lock" | "database", dir: string, purpose: string, timeoutMs = 60_000): Promise<Holder> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/fixtures/hold-data-dir.mts", mode, dir, purpose], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.setEncoding("utf8");
  child.stderr!.setEncoding("utf8");
  child.stderr!.on("data", (chunk: string) => (output += chunk));
  const exited = once(child, "exit").then(([code, signal]) => {
    if (process.env.TEST_VERBOSE) console.log(`holder ${child.pid} exited: code ${code}, signal ${signal}\n${output}`);
    return code as number | null;
  });
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  const held = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`holder did not start in ${timeoutMs} ms: ${output}`)), timeoutMs);
    child.stdout!.on("data", (chunk: string) => {
      output += chunk;
      const match = /^held (\d+)$/m.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      } else if (/^refused /m.test(output)) {
        clearTimeout(timer);
        reject(new Error(output.trim()));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`holder exited with ${code}: ${output}`));
    });
  }).catch(async (error) => {
    await stop("SIGKILL");
    throw error;
  });
  return { child, pid: held, stop };
}

/** The pid of a process that has just exited: certainly not running any more. */
export async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await once(child, "exit");
  return child.pid!;
}
