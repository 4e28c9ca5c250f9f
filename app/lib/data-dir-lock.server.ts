import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

export class DataDirLockedError extends Error {}

/** Folders this process holds, shared by every copy of this module (source and server build). */
function heldByThisProcess(): Map<string, string> {
  const store = globalThis as unknown as Record<symbol, Map<string, string> | undefined>;
  const key = Symbol.for("app.data-dir-locks");
  store[key] ??= new Map();
  return store[key]!;
}

type Lock = { release(): void };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the one-process lock on an embedded database's DATA_DIR. A second server or CLI command
 * on the same folder is refused instead of opening the database files twice and corrupting them.
 */
export function lockDataDir(dataDir: string, purpose: string): Lock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "app.lock");
  // Within one process too: a folder this process already holds is refused (a lock file with our own pid
  // that is NOT in this set is a leftover, e.g. a container restarting as pid 1, and is taken over).
  const held = heldByThisProcess();
  const key = path.resolve(dataDir);
  if (held.has(key)) {
    throw new DataDirLockedError(
      `The embedded database in ${dataDir} is already open in this process (${held.get(key)}). Only one handle may open it.`,
    );
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), purpose, since: new Date().toISOString() }));
      closeSync(fd);
      let released = false;
      held.set(key, purpose);
      return {
        release() {
          if (released) return;
          released = true;
          held.delete(key);
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let holder: { pid?: number; host?: string; purpose?: string } = {};
      try {
        holder = JSON.parse(readFileSync(file, "utf8"));
      } catch {
        // A lock file cut short by a crash: treat as stale below.
      }
      const sameHost = !holder.host || holder.host === hostname();
      if (holder.pid && sameHost && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by another process (pid ${holder.pid}, ${holder.purpose ?? "unknown"}). ` +
            `Only one process may open it: stop that process first, or use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.`,
        );
      }
      if (holder.pid && !sameHost) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is locked by host ${holder.host} (pid ${holder.pid}). Remove ${file} only if that process is gone.`,
        );
      }
      // The holder is gone: the lock is stale.
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}.`);
}
