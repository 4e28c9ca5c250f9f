/**
 * A throwaway PostgreSQL server of the test's own (initdb in a temporary folder, 127.0.0.1 and a free port,
 * trust authentication on loopback), that the test may stop, restart and remove. Like .ci/run: initdb
 * refuses root, so as root the cluster belongs to the `postgres` user (or `ci-postgres`, made if missing).
 * The postmaster is a child of the test process: SIGINT is PostgreSQL's fast shutdown.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, readdirSync } from "node:fs";
import { chmod, chown, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./server-process.mjs";

/** The newest /usr/lib/postgresql/<version>/bin holding initdb and postgres, or null. */
export function findPostgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => /^\d+(\.\d+)?$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, "bin");
    if (existsSync(path.join(bin, "initdb")) && existsSync(path.join(bin, "postgres"))) return bin;
  }
  return null;
}

/** The uid/gid the cluster runs as: the current user, or as root an unprivileged one. */
function clusterOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const idOf = (name: string) => {
    const result = spawnSync("id", ["-u", name], { encoding: "utf8" });
    return result.status === 0 ? Number(result.stdout.trim()) : null;
  };
  let name = "postgres";
  if (idOf(name) === null) {
    name = "ci-postgres";
    if (idOf(name) === null) execFileSync("useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name]);
  }
  const uid = idOf(name)!;
  const gid = Number(execFileSync("id", ["-g", name], { encoding: "utf8" }).trim());
  return { uid, gid };
}

export type PostgresServer = {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url: string;
  port: number;
  /** Fast shutdown (SIGINT): connections are cut, the server exits. */
  stop(): Promise<void>;
  start(): Promise<void>;
  running(): boolean;
  /** Stops the server and removes its files. */
  dispose(): Promise<void>;
  log(): string;
};

/** initdb, start, and create `database`. Throws with initdb's or the server's output when either fails. */
export async function startPostgres(options: { database?: string; bin?: string } = {}): Promise<PostgresServer> {
  const bin = options.bin ?? findPostgresBin();
  if (!bin) throw new Error("PostgreSQL binaries not found under /usr/lib/postgresql/*/bin");
  const database = options.database ?? "app";
  const owner = clusterOwner();
  const dir = await mkdtemp(path.join(tmpdir(), "nd-cluster-pg-"));
  const data = path.join(dir, "data");
  const sockets = path.join(dir, "sock");
  await mkdir(sockets);
  if (owner) {
    await chown(dir, owner.uid, owner.gid);
    await chown(sockets, owner.uid, owner.gid);
  }
  await chmod(dir, 0o700);
  const as = owner ? { uid: owner.uid, gid: owner.gid } : {};
  const init = spawnSync(
    path.join(bin, "initdb"),
    ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"],
    { cwd: dir, encoding: "utf8", ...as },
  );
  if (init.status !== 0) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`initdb failed (${init.status}):\n${init.stdout}\n${init.stderr}`);
  }
  const port = await freePort();
  let child: ChildProcess | undefined;
  let exited: Promise<unknown> = Promise.resolve();
  let output = "";

  const killOnExit = () => child?.kill("SIGQUIT");
  process.on("exit", killOnExit);

  async function start() {
    if (child) return;
    const started = spawn(
      path.join(bin!, "postgres"),
      [
        "-D", data, "-p", String(port),
        "-c", "listen_addresses=127.0.0.1", "-c", `unix_socket_directories=${sockets}`,
        // Durability is pointless for a cluster that lives a few minutes.
        "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
        "-c", "max_connections=200",
      ],
      { cwd: dir, stdio: ["ignore", "pipe", "pipe"], ...as },
    );
    child = started;
    for (const stream of [started.stdout!, started.stderr!]) {
      stream.setEncoding("utf8").on("data", (chunk: string) => (output = (output + chunk).slice(-50_000)));
    }
    exited = once(started, "exit").then(() => {
      if (child === started) child = undefined;
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (!child) throw new Error(`PostgreSQL exited at start:\n${output}`);
      const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", database: "postgres", connectionTimeoutMillis: 1_000 });
      try {
        await client.connect();
        await client.end();
        return;
      } catch {
        await client.end().catch(() => undefined);
        if (Date.now() > deadline) throw new Error(`PostgreSQL did not accept connections within 60 s:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  async function stop() {
    const current = child;
    if (!current) return;
    current.kill("SIGINT");
    const timer = setTimeout(() => current.kill("SIGQUIT"), 15_000);
    await exited;
    clearTimeout(timer);
  }

  await start();
  const admin = new pg.Client({ host: "127.0.0.1", port, user: "postgres", database: "postgres" });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();

  return {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    port,
    stop,
    start,
    running: () => Boolean(child),
    async dispose() {
      await stop().catch(() => undefined);
      process.off("exit", killOnExit);
      await rm(dir, { recursive: true, force: true });
    },
    log: () => output,
  };
}
