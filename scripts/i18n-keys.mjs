// The texts the code shows, found as t("…") and msg("…") with a literal (issue 36, ADR 40), and what each
// language's catalogs lack. Used by app/lib/i18n/catalogs.test.ts; a translator's to-do list from the command line:
//
//   node scripts/i18n-keys.mjs ha            every text app/locales/ha/ lacks, as JSON to fill in, with where it is used
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const CATALOGS = path.join(ROOT, "app", "locales");
export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function sourceFiles(dir) {
  const found = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) found.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) found.push(full);
  }
  return found;
}

/** A JavaScript string literal's value ('…', "…" or `…` without ${}). */
function literalValue(quote, body) {
  if (quote === "`") return body.replace(/\\`/g, "`").replace(/\\\\/g, "\\");
  if (quote === "'") return JSON.parse(`"${body.replace(/\\'/g, "'").replace(/"/g, '\\"')}"`);
  return JSON.parse(`"${body}"`);
}

/** Every text the code passes to t() or msg() as a literal → the first file using it. */
export function usedKeys() {
  const keys = new Map();
  const call = /(?<![\w$.])(?:t|msg)\(\s*(["'`])((?:\\.|(?!\1)[^\\])*)\1\s*[,)]/g;
  for (const file of [...sourceFiles(path.join(ROOT, "app")), ...sourceFiles(path.join(ROOT, "server"))]) {
    const code = readFileSync(file, "utf8");
    for (const match of code.matchAll(call)) {
      if (match[1] === "`" && match[2].includes("${")) continue;
      const key = literalValue(match[1], match[2]);
      if (!keys.has(key)) keys.set(key, path.relative(ROOT, file));
    }
  }
  return keys;
}

/** A language's entries from all its area files: key → [{ file, value }]. */
export function catalogOf(locale) {
  const entries = new Map();
  const dir = path.join(CATALOGS, locale);
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
    const catalog = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
    for (const [key, value] of Object.entries(catalog)) entries.set(key, [...(entries.get(key) ?? []), { file, value }]);
  }
  return entries;
}

// A placeholder may name a format: {{count, number}} (the number with its thousands separators).
export const placeholders = (text) => new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]));
/** {{count}} is kept for plurals: such a text has a form per plural category of the language. */
export const isPlural = (key) => placeholders(key).has("count");
export const pluralForms = (locale) => new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

/** The entries a language lacks: name (with its plural suffix) → where the text is used. */
export function missingIn(locale, used = usedKeys()) {
  const catalog = catalogOf(locale);
  const missing = new Map();
  for (const [key, where] of used) {
    const english = locale === "en";
    if (english && !isPlural(key)) continue;
    const needed = isPlural(key) ? pluralForms(locale).map((form) => `${key}_${form}`) : [key];
    for (const name of needed) if (!catalog.has(name)) missing.set(name, where);
  }
  return missing;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const locale = process.argv[2];
  if (!locale) {
    console.error("usage: node scripts/i18n-keys.mjs <en|pcm|ha|yo|ig>");
    process.exit(2);
  }
  const missing = missingIn(locale);
  const byFile = {};
  for (const [name, where] of missing) (byFile[where] ??= {})[name] = "";
  console.log(JSON.stringify(byFile, null, 2));
}
