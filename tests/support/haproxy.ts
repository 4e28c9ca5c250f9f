/**
 * Debian's HAProxy for the cluster test, run with the SHIPPED configuration (deploy/haproxy.cfg): the test
 * substitutes only what differs on a test machine (the bind address, the server lines, the stats socket
 * path, no privilege drop, no syslog) and adds one response header naming the process that answered. Each
 * substitution must find its line exactly once, so a change to the shipped file that the test would no
 * longer exercise fails the test instead of being silently skipped.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "./server-process.mjs";

export const HAPROXY_PATH = process.env.HAPROXY_PATH ?? "/usr/sbin/haproxy";
export const SHIPPED_CONFIG = path.join(PROJECT_ROOT, "deploy", "haproxy.cfg");
/** Added to the backend in tests only: which server (app1…) answered. */
export const SERVED_BY = "X-Served-By";

function replaceOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  const matches = text.match(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`)) ?? [];
  if (matches.length !== 1) throw new Error(`deploy/haproxy.cfg: expected exactly one ${what} (${pattern}), found ${matches.length}`);
  return text.replace(pattern, replacement);
}

/**
 * The shipped configuration made runnable here: frontend on `bind`, one server line per app process
 * (app1… on 127.0.0.1), the runtime API on `statsSocket`, plus the X-Served-By response header.
 */
export function renderHaproxyConfig(
  template: string,
  options: { bind: string; servers: { name: string; port: number }[]; statsSocket: string; maxconn?: number },
): string {
  let text = template;
  // A bench on a machine whose file-descriptor limit is below what the shipped maxconn needs (2 per connection).
  if (options.maxconn !== undefined) text = replaceOnce(text, /^(\s*maxconn )\d+$/m, `$1${options.maxconn}`, "global 'maxconn' line");
  text = replaceOnce(text, /^(\s*)bind :80$/m, `$1bind ${options.bind}`, "frontend 'bind :80' line");
  text = replaceOnce(text, /^(\s*stats socket )\S+/m, `$1${options.statsSocket}`, "'stats socket' line");
  text = replaceOnce(text, /^\s*user haproxy\n/m, "", "'user haproxy' line");
  text = replaceOnce(text, /^\s*group haproxy\n/m, "", "'group haproxy' line");
  text = replaceOnce(text, /^\s*log \/dev\/log local0\n/m, "", "'log /dev/log' line");
  // Each backend's block of server lines becomes one line per app process here (and the X-Served-By header).
  const serverLine = /^(\s*)server app\d+ 127\.0\.0\.1:\d+(.*)$/;
  const out: string[] = [];
  let inBlock = false;
  let blocks = 0;
  for (const line of text.split("\n")) {
    const shipped = serverLine.exec(line);
    if (!shipped) {
      inBlock = false;
      out.push(line);
      continue;
    }
    if (!inBlock) {
      blocks += 1;
      const [, indent, rest] = shipped;
      out.push(...options.servers.map((s) => `${indent}server ${s.name} 127.0.0.1:${s.port}${rest}`), `${indent}http-response set-header ${SERVED_BY} %s`);
    }
    inBlock = true;
  }
  if (blocks === 0) throw new Error("deploy/haproxy.cfg: no 'server appN 127.0.0.1:<port>' lines");
  return out.join("\n");
}

export type ServerState = { name: string; status: string; checkStatus: string };

export type Haproxy = {
  url: string;
  port: number;
  /** HAProxy's process id (its CPU time, for benches). */
  pid: number;
  configFile: string;
  /** The runtime API (stats socket): one command, its answer. */
  command(line: string): Promise<string>;
  /** The backend's servers as HAProxy sees them (UP, DOWN, MAINT, "UP 1/2"…). */
  servers(): Promise<ServerState[]>;
  /** Resolves once `name` has the wanted status (UP, or DOWN), polling the stats every 100 ms. */
  waitForStatus(name: string, wanted: "UP" | "DOWN", timeoutMs?: number): Promise<number>;
  stop(): Promise<void>;
  output(): string;
};

/** True when `haproxy -v` runs. */
export function hasHaproxy(): boolean {
  return existsSync(HAPROXY_PATH) && spawnSync(HAPROXY_PATH, ["-v"]).status === 0;
}

/** The hard limit on open files of this process (HAProxy inherits it), or null when unknown. */
export async function openFilesHardLimit(): Promise<number | null> {
  const limits = await readFile("/proc/self/limits", "utf8").catch(() => "");
  const hard = /^Max open files\s+\S+\s+(\S+)/m.exec(limits)?.[1];
  return hard && /^\d+$/.test(hard) ? Number(hard) : null;
}

/**
 * The global maxconn HAProxy can have here: the shipped one, unless this machine's open-files limit is too low
 * for it (HAProxy needs two descriptors per connection and refuses to start otherwise; a container may not
 * raise its hard limit, where systemd's unit raises it for the real service).
 */
export async function maxconnForThisMachine(template: string): Promise<number> {
  const shipped = Number(/^\s*maxconn (\d+)$/m.exec(template)?.[1]);
  const hard = await openFilesHardLimit();
  if (hard === null || 2 * shipped + 100 <= hard) return shipped;
  return Math.floor((hard - 100) / 2);
}

export async function startHaproxy(options: { port: number; servers: { name: string; port: number }[]; maxconn?: number }): Promise<Haproxy> {
  const dir = await mkdtemp(path.join(tmpdir(), "nd-haproxy-"));
  const statsSocket = path.join(dir, "admin.sock");
  const configFile = path.join(dir, "haproxy.cfg");
  const template = await readFile(SHIPPED_CONFIG, "utf8");
  const config = renderHaproxyConfig(template, {
    bind: `127.0.0.1:${options.port}`,
    servers: options.servers,
    statsSocket,
    maxconn: options.maxconn ?? (await maxconnForThisMachine(template)),
  });
  await writeFile(configFile, config);
  const check = spawnSync(HAPROXY_PATH, ["-c", "-q", "-f", configFile], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`haproxy -c refused the generated configuration:\n${check.stdout}${check.stderr}\n${config}`);

  const child: ChildProcess = spawn(HAPROXY_PATH, ["-db", "-f", configFile], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  for (const stream of [child.stdout!, child.stderr!]) stream.setEncoding("utf8").on("data", (c: string) => (output = (output + c).slice(-20_000)));
  const exited = once(child, "exit");
  const killOnExit = () => child.kill("SIGKILL");
  process.on("exit", killOnExit);

  const command = (line: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = createConnection(statsSocket);
      let answer = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => (answer += chunk));
      socket.on("end", () => resolve(answer));
      socket.on("error", reject);
      socket.write(`${line}\n`);
    });
  const servers = async (): Promise<ServerState[]> => {
    const csv = await command("show stat");
    const [header, ...rows] = csv.split("\n").filter((l) => l.trim() !== "");
    const columns = header!.replace(/^# /, "").split(",");
    const at = (row: string[], name: string) => row[columns.indexOf(name)] ?? "";
    return rows
      .map((r) => r.split(","))
      .filter((r) => at(r, "pxname") === "app" && !["FRONTEND", "BACKEND"].includes(at(r, "svname")))
      .map((r) => ({ name: at(r, "svname"), status: at(r, "status"), checkStatus: at(r, "check_status") }));
  };

  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited at start:\n${output}`);
    try {
      await servers();
      break;
    } catch {
      if (Date.now() - started > 15_000) throw new Error(`haproxy's stats socket did not answer:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    url: `http://127.0.0.1:${options.port}`,
    port: options.port,
    pid: child.pid!,
    configFile,
    command,
    servers,
    async waitForStatus(name, wanted, timeoutMs = 30_000) {
      const begin = Date.now();
      for (;;) {
        const state = (await servers()).find((s) => s.name === name);
        if (state?.status === wanted) return Date.now() - begin;
        if (Date.now() - begin > timeoutMs) throw new Error(`HAProxy did not see ${name} ${wanted} within ${timeoutMs} ms: ${JSON.stringify(state)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      process.off("exit", killOnExit);
      await rm(dir, { recursive: true, force: true });
    },
    output: () => output,
  };
}
