// Types of scripts/i18n-keys.mjs, for app/lib/i18n/catalogs.test.ts.
export declare const ROOT: string;
export declare const CATALOGS: string;
export declare const PLURAL_SUFFIX: RegExp;
export declare function usedKeys(): Map<string, string>;
export declare function catalogOf(locale: string): Map<string, { file: string; value: unknown }[]>;
export declare function placeholders(text: string): Set<string>;
export declare function isPlural(key: string): boolean;
export declare function pluralForms(locale: string): string[];
export declare function missingIn(locale: string, used?: Map<string, string>): Map<string, string>;
