import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deadPid, holdDataDir, type Holder } from "../../tests/support/child-process";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.server";
import { runsOnce } from "../../tests/support/database-kind";

let dir: string;
let holder: Holder | undefined;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "nd-lock-"));
});
afterEach(async () => {
  await holder?.stop("SIGKILL");
  holder = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const lockFile = () => path.join(dir, "app.lock");
const readLock = () => JSON.parse(readFileSync(lockFile(), "utf8")) as { pid: number; host: string; purpose: string; since: string };

describe.runIf(runsOnce)("lockDataDir", () => {
  it("writes who holds the lock, with mode 600, and release removes it", () => {
    const lock = lockDataDir(dir, "server on port 3000");
    expect(readLock()).toMatchObject({ pid: process.pid, host: hostname(), purpose: "server on port 3000" });
    lock.release();
    expect(existsSync(lockFile())).toBe(false);
    // Releasing twice is harmless, and the folder can be locked again.
    lock.release();
    lockDataDir(dir, "again").release();
  });

  it("refuses a second process with a message naming the DATA_DIR and the holder", async () => {
    holder = await holdDataDir("lock", dir, "server on port 4321");
    let error: unknown;
    try {
      lockDataDir(dir, "cli seed");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    const message = (error as Error).message;
    expect(message).toContain(dir);
    expect(message).toContain(`pid ${holder.pid}`);
    expect(message).toContain("server on port 4321");
    // The holder's lock is left alone.
    expect(readLock().pid).toBe(holder.pid);
  });

  it("is free again once the holder releases it", async () => {
    holder = await holdDataDir("lock", dir, "server");
    expect(() => lockDataDir(dir, "cli")).toThrow(DataDirLockedError);
    expect(await holder.stop("SIGTERM")).toBe(0);
    expect(existsSync(lockFile())).toBe(false);
    const lock = lockDataDir(dir, "cli");
    expect(readLock().pid).toBe(process.pid);
    lock.release();
  });

  it("takes over a stale lock left by a process that died", async () => {
    holder = await holdDataDir("lock", dir, "crashed server");
    expect(await holder.stop("SIGKILL")).toBe(null);
    expect(readLock().purpose).toBe("crashed server"); // SIGKILL: no chance to release
    const lock = lockDataDir(dir, "new server");
    expect(readLock()).toMatchObject({ pid: process.pid, purpose: "new server" });
    lock.release();
  });

  it("takes over a lock naming a pid that no longer runs", async () => {
    const pid = await deadPid();
    writeFileSync(lockFile(), JSON.stringify({ pid, host: hostname(), purpose: "old", since: new Date(0).toISOString() }));
    const lock = lockDataDir(dir, "fresh");
    expect(readLock().pid).toBe(process.pid);
    lock.release();
  });

  it("takes over a lock file cut short by a crash", () => {
    writeFileSync(lockFile(), '{"pid": 12');
    const lock = lockDataDir(dir, "fresh");
    expect(readLock().pid).toBe(process.pid);
    lock.release();
  });

  it("refuses a lock held from another host, naming that host and the file", () => {
    writeFileSync(lockFile(), JSON.stringify({ pid: 1, host: "other-machine", purpose: "server", since: new Date().toISOString() }));
    expect(() => lockDataDir(dir, "here")).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir, "here")).toThrow(/other-machine/);
    expect(() => lockDataDir(dir, "here")).toThrow(lockFile());
  });

  it("creates the DATA_DIR when it does not exist", () => {
    const nested = path.join(dir, "new", "data");
    const lock = lockDataDir(nested, "server");
    expect(existsSync(path.join(nested, "app.lock"))).toBe(true);
    lock.release();
  });
});

describe("within one process", () => {
  it("refuses a second lock on a folder this process holds, and frees it on release", async () => {
    const { mkdtemp } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const dir = await mkdtemp(path.join(tmpdir(), "nd-lock-same-"));
    const first = lockDataDir(dir, "first handle");
    expect(() => lockDataDir(dir, "second handle")).toThrow(/already open in this process \(first handle\)/);
    first.release();
    const again = lockDataDir(dir, "after release");
    again.release();
  });
});
