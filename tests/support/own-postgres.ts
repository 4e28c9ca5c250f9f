/**
 * A throwaway PostgreSQL server of the test's own (Debian's binaries, run as the `postgres` user: initdb
 * refuses root), on 127.0.0.1 and a free port, for tests that stop and restart the server under the app.
 * Never the shared TEST_DATABASE_URL server, which other suites use.
 */
import { execFile } from "node:child_process";
import { chown, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./server-process.mjs";

const run = promisify(execFile);
const BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

export type OwnPostgres = {
  url: string;
  port: number;
  /** pg_ctl stop -m fast (connections are cut, as in a crash or a restart). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its files. */
  destroy(): Promise<void>;
};

async function asPostgres(command: string, args: string[]): Promise<void> {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  await run(file, argv, { timeout: 60_000 });
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const root = await mkdtemp(path.join(tmpdir(), "nd-own-pg-"));
  const dataDir = path.join(root, "data");
  if (process.getuid?.() === 0) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    await chown(root, Number(stdout.trim()), Number(gid.trim()));
  }
  const port = (await freePort()) as number;
  await asPostgres(path.join(BIN, "initdb"), ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const start = () => asPostgres(path.join(BIN, "pg_ctl"), ["start", "-w", "-D", dataDir, "-o", options, "-l", path.join(root, "log")]);
  const stop = () => asPostgres(path.join(BIN, "pg_ctl"), ["stop", "-w", "-m", "fast", "-D", dataDir]);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async destroy() {
      await stop().catch(() => undefined);
      await rm(root, { recursive: true, force: true });
    },
  };
}
