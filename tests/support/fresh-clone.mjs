// A fresh clone of the project as a newcomer has it after `git clone` and `npm install`: the files git tracks (and
// new files not yet committed, so a change is tested before its commit), without build/, data/ or anything else
// .gitignore keeps out. node_modules is this checkout's, hard-linked file by file (what `npm install` gives, without
// the download, in well under a second). Not a symbolic link: Vite would see the packages outside the clone, and
// Rollup orders and names shared chunks by module path, so the build would differ from one made in place.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "./server-process.mjs";

/** Copies the project's files into a new temporary folder; `remove()` deletes it. */
export function makeFreshClone() {
  const dir = mkdtempSync(path.join(tmpdir(), "nd-fresh-clone-"));
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: PROJECT_ROOT, maxBuffer: 64 << 20 })
    .toString("utf8")
    .split("\0")
    .filter(Boolean);
  let files = 0;
  for (const file of listed) {
    const from = path.join(PROJECT_ROOT, file);
    // Deleted in the working tree but not yet committed: a clone of the change would not have it either.
    if (!existsSync(from) || !lstatSync(from).isFile()) continue;
    const to = path.join(dir, file);
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(from, to);
    files++;
  }
  const modules = path.join(PROJECT_ROOT, "node_modules");
  try {
    execFileSync("cp", ["-al", modules, path.join(dir, "node_modules")], { stdio: "pipe" });
  } catch {
    // Another file system (no hard links across devices): a real copy.
    execFileSync("cp", ["-a", modules, path.join(dir, "node_modules")], { stdio: "pipe" });
  }
  return { dir, files, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Every file under `dir` with its SHA-256, by path relative to it (sorted), to compare two builds. */
export function treeDigest(dir) {
  const digest = {};
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else digest[path.relative(dir, full).split(path.sep).join("/")] = createHash("sha256").update(readFileSync(full)).digest("hex");
    }
  };
  if (existsSync(dir)) walk(dir);
  return Object.fromEntries(Object.entries(digest).sort(([a], [b]) => a.localeCompare(b)));
}
