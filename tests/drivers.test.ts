import path from "node:path";
import { describe, expect, it } from "vitest";
import { readdirSync } from "node:fs";
import { filesNamingADriver, globToRegExp, POSTGRES_TOO } from "./drivers";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Every file under the source folders, as paths relative to the repository. */
function allFiles(dir = "", found: string[] = []): string[] {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".") || entry.name === "build") continue;
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) allFiles(relative, found);
    else found.push(relative);
  }
  return found;
}

describe("which integration tests run on PostgreSQL (tests/drivers.ts)", () => {
  const files = ["app", "server", "db", "cli", "tests"].flatMap((dir) => allFiles(dir)).filter((f) => /\.server\.test\.tsx?$/.test(f));

  it("names no pattern that matches nothing (a file moved or renamed would silently leave PostgreSQL)", () => {
    for (const [reason, patterns] of Object.entries(POSTGRES_TOO)) {
      for (const pattern of patterns) expect(files.filter((f) => globToRegExp(pattern).test(f)), `${reason}: ${pattern}`).not.toEqual([]);
    }
  });

  it("reads the globs as vitest does", () => {
    expect(globToRegExp("app/features/directory/**/*.server.test.{ts,tsx}").test("app/features/directory/search-businesses.server.test.ts")).toBe(true);
    expect(globToRegExp("app/features/directory/**/*.server.test.{ts,tsx}").test("app/features/directory/internal/x.server.test.tsx")).toBe(true);
    expect(globToRegExp("app/lib/{db,backup}.server.test.ts").test("app/lib/db.server.test.ts")).toBe(true);
    expect(globToRegExp("app/lib/{db,backup}.server.test.ts").test("app/lib/dbx.server.test.ts")).toBe(false);
    expect(globToRegExp("server/*.server.test.ts").test("server/a/b.server.test.ts")).toBe(false);
  });

  it("takes every file that asks which driver it runs on", () => {
    const naming = filesNamingADriver(ROOT);
    expect(naming).toEqual(expect.arrayContaining(["app/lib/database-outage.server.test.ts", "server/shutdown.server.test.ts"]));
    expect(naming.every((f) => files.includes(f))).toBe(true);
  });
});
