/**
 * The catalogs (issue 36, ADR 40): every text the code shows is in every language, nothing unused stays in a
 * catalog, and no translation loses a placeholder. The texts are found in the code as t("…") and msg("…") with a
 * literal (scripts/i18n-keys.mjs, which also prints a language's to-do list).
 */
import { describe, expect, it } from "vitest";
import { catalogOf, isPlural, missingIn, placeholders, PLURAL_SUFFIX, usedKeys } from "../../../scripts/i18n-keys.mjs";
import { LOCALES, PREFIXED_LOCALES } from "./locales";

const used: Map<string, string> = usedKeys();
const listed = (missing: Map<string, string>) => [...missing].map(([name, where]) => `${name}  (${where})`);

describe("the catalogs", () => {
  it("find the texts the code shows", () => {
    expect(used.size).toBeGreaterThan(10);
    expect(used.get("Login")).toBe("app/components/header.tsx");
  });

  for (const locale of PREFIXED_LOCALES) {
    it(`have every text in ${locale}, with each plural form the language has`, () => {
      expect(listed(missingIn(locale, used)), `missing in app/locales/${locale}/ (node scripts/i18n-keys.mjs ${locale})`).toEqual([]);
    });
  }

  it("have English's plural forms, and nothing else (the key is the English text)", () => {
    expect(listed(missingIn("en", used))).toEqual([]);
    expect([...(catalogOf("en") as Map<string, unknown>).keys()].filter((key) => !PLURAL_SUFFIX.test(key))).toEqual([]);
  });

  for (const locale of LOCALES) {
    it(`keep nothing unused, empty, contradictory, with markup or missing a placeholder in ${locale}`, () => {
      const problems: string[] = [];
      for (const [name, entries] of catalogOf(locale) as Map<string, { file: string; value: unknown }[]>) {
        const key = name.replace(PLURAL_SUFFIX, "");
        const plural = key !== name;
        if (!used.has(key) || (plural && !isPlural(key))) problems.push(`unused: ${name} (${entries[0].file})`);
        if (new Set(entries.map((entry) => entry.value)).size > 1) problems.push(`translated two ways: ${name} (${entries.map((e) => e.file).join(", ")})`);
        for (const { value, file } of entries) {
          if (typeof value !== "string" || !value.trim()) {
            problems.push(`empty or not text: ${name} (${file})`);
            continue;
          }
          // A translation goes into e-mails' HTML as written: no markup of its own (values are escaped where used).
          if (/[<>&]/.test(value) && !/[<>&]/.test(key)) problems.push(`markup or an entity the English has not: ${name} (${file})`);
          const wanted: Set<string> = placeholders(key);
          // A singular form may say 'one' in words instead of {{count}}.
          if (name.endsWith("_one")) wanted.delete("count");
          for (const placeholder of wanted) if (!placeholders(value).has(placeholder)) problems.push(`loses {{${placeholder}}}: ${name} (${file})`);
          for (const placeholder of placeholders(value)) if (!placeholders(key).has(placeholder)) problems.push(`adds {{${placeholder}}}: ${name} (${file})`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
