import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every path the documents name must exist: a file moved or deleted without its documents fails here.
 * Checked: paths in backticks that start with one of PATH_PREFIXES, and relative Markdown links.
 */

const root = path.resolve(import.meta.dirname, "..");

const PATH_PREFIXES = ["app/", "server/", "db/", "cli/", "tests/", "bench/", "scripts/", "deploy/", "docs/", "public/"];

/** Places the documents name on purpose that are made by running something, never committed. */
const GENERATED = ["bench/results/"];

/** The documents: the fixed ones, and every README.md of a folder under app/, server/, db/, cli/, scripts/. */
function documents(): string[] {
  const fixed = [
    "README.md",
    "docs/architecture.md",
    "docs/accessibility.md",
    "tests/README.md",
    "bench/README.md",
    "bench/sse/README.md",
    "deploy/README.md",
  ];
  const readmes = ["app", "server", "db", "cli", "scripts"].flatMap((dir) =>
    walk(dir).filter((file) => path.posix.basename(file) === "README.md"),
  );
  return [...new Set([...fixed, ...readmes])];
}

/** Files and folders under `dir` (relative to the repository root, `/`-separated), node_modules left out. */
function walk(dir: string): string[] {
  const absolute = path.join(root, dir);
  if (!existsSync(absolute) || !statSync(absolute).isDirectory()) return [];
  const found: string[] = [];
  for (const entry of readdirSync(absolute, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === ".git") continue;
    const relative = `${dir}/${entry.name}`;
    found.push(relative);
    if (entry.isDirectory()) found.push(...walk(relative));
  }
  return found;
}

/** `a/{b,c}/d` → `a/b/d`, `a/c/d` (nested lists too). */
function expandBraces(token: string): string[] {
  const match = /\{([^{}]*,[^{}]*)\}/.exec(token);
  if (!match) return [token];
  const before = token.slice(0, match.index);
  const after = token.slice(match.index + match[0].length);
  return match[1].split(",").flatMap((choice) => expandBraces(`${before}${choice}${after}`));
}

function globRegExp(glob: string): RegExp {
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i];
    if (char === "*" && glob[i + 1] === "*") {
      // `**/` is any number of folders, none included.
      source += glob[i + 2] === "/" ? "(?:.*/)?" : ".*";
      i += glob[i + 2] === "/" ? 2 : 1;
    } else if (char === "*") source += "[^/]*";
    else if (char === "?") source += "[^/]";
    else source += char.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}/?$`);
}

/** Whether a repository path (no placeholders, no braces) exists; a glob must match at least one entry. */
function exists(repositoryPath: string): boolean {
  if (GENERATED.some((generated) => repositoryPath.startsWith(generated))) return true;
  if (!/[*?]/.test(repositoryPath)) return existsSync(path.join(root, repositoryPath));
  const fixedPart = repositoryPath.slice(0, repositoryPath.search(/[*?]/));
  const base = fixedPart.includes("/") ? fixedPart.slice(0, fixedPart.lastIndexOf("/")) : ".";
  const pattern = globRegExp(repositoryPath.replace(/\/$/, ""));
  return walk(base).some((entry) => pattern.test(entry));
}

/** Removes fenced code blocks (indented ones in lists too): commands there are examples, not references. */
function withoutCodeBlocks(text: string): string {
  return text.replace(/^[ \t]*(```|~~~)[^\n]*\n[\s\S]*?^[ \t]*\1[^\n]*$/gm, "");
}

/** The path-looking words inside backticks, as written (trailing punctuation, `:line` and `#anchor` removed). */
function codePaths(text: string): string[] {
  const paths: string[] = [];
  // A code span may continue on the next line, as in Markdown.
  for (const [, span] of text.matchAll(/`([^`]+)`/g)) {
    for (const word of span.split(/\s+/)) {
      const token = word
        .replace(/[),;.]+$/, "")
        .replace(/#.*$/, "")
        .replace(/:\d+(?::\d+)?$/, "");
      if (!PATH_PREFIXES.some((prefix) => token.startsWith(prefix))) continue;
      if (/[<>]/.test(token)) continue; // `app/features/<name>/`: a placeholder
      paths.push(token);
    }
  }
  return paths;
}

/** Relative link targets: `[text](target)`, `#anchor` removed; web, mail and same-page links left out. */
function linkTargets(text: string): string[] {
  const targets: string[] = [];
  for (const [, target] of text.matchAll(/\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)) {
    if (/^(?:[a-z][a-z0-9+.-]*:|#)/i.test(target)) continue;
    targets.push(decodeURI(target.replace(/#.*$/, "")));
  }
  return targets;
}

/** What a document names that is not in the repository, as `document: path`. */
function missingPaths(document: string): string[] {
  const text = withoutCodeBlocks(readFileSync(path.join(root, document), "utf8"));
  const missing: string[] = [];
  for (const token of codePaths(text)) {
    const expanded = expandBraces(token);
    if (expanded.some((candidate) => /[{}]/.test(candidate))) continue; // `{id}`: a placeholder
    for (const candidate of expanded) {
      if (!exists(candidate)) missing.push(`${document}: \`${token}\`${candidate === token ? "" : ` (${candidate})`}`);
    }
  }
  for (const target of linkTargets(text)) {
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(document), target));
    if (resolved.startsWith("../") || !exists(resolved)) missing.push(`${document}: (${target})`);
  }
  return [...new Set(missing)];
}

describe("paths named in the documents", () => {
  it("every feature folder has a README.md", () => {
    const features = readdirSync(path.join(root, "app/features"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `app/features/${entry.name}/README.md`);
    expect(features.filter((readme) => !existsSync(path.join(root, readme)))).toEqual([]);
  });

  it.each(documents())("%s names only paths that exist", (document) => {
    expect(existsSync(path.join(root, document)), `${document} is missing`).toBe(true);
    expect(missingPaths(document), `${document} names paths that do not exist`).toEqual([]);
  });

  it("finds a missing path, a missing glob match and a broken link", () => {
    expect(codePaths("`app/nowhere.ts:12` and `server/app.ts#L3`, `app/features/<name>/`, `npm x\n  tests/a.ts`")).toEqual([
      "app/nowhere.ts",
      "server/app.ts",
      "tests/a.ts",
    ]);
    expect(withoutCodeBlocks("a\n   ```sh\n   `app/x.ts`\n   ```\nb")).toBe("a\n\nb");
    expect(expandBraces("app/features/{kyc,listings}/x")).toEqual(["app/features/kyc/x", "app/features/listings/x"]);
    expect(exists("app/lib/*.ts")).toBe(true);
    expect(exists("app/features/*/no-such-file.ts")).toBe(false);
    expect(exists("app/routes/**/*.tsx")).toBe(true);
    expect(linkTargets("[a](../x.md#top) [b](https://example.com) [c](#here) [d](mailto:a@b.c)")).toEqual(["../x.md"]);
  });
});
