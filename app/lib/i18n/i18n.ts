/**
 * Every text people read goes through here (issue 36, ADR 40): i18next with the English text as the key, so the
 * spec's words stay in the code word for word and English needs no catalog (only its plural forms). The language
 * is the request's on the server (its address prefix, kept with the request: app/lib/i18n/catalogs.server.ts) and
 * the document's in the browser (loaded before hydration: app/entry.client.tsx). Client-safe.
 *
 *   t(‹English text›)                          in the current language
 *   t(‹'{{count}} reviews'›, { count })        plural forms from the catalogs (en/ has the English ones)
 *   tFor(language)(‹text›, { code })           in a given language: messages sent to someone
 *   msg(‹English text›)                        marks a text kept in a constant (translated where it is shown)
 *
 * Catalogs: app/locales/<language>/<area>.json; tests/…/catalogs.test.ts fails on a key missing in a language,
 * a catalog key nothing uses, or a translation that drops a placeholder.
 */
import i18next, { type i18n as I18n } from "i18next";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

export type TranslateOptions = Record<string, unknown> & { count?: number };
export type Translate = (key: string, options?: TranslateOptions) => string;
export type Catalog = Record<string, string>;

type State = {
  instance: I18n;
  fixed: Partial<Record<Locale, Translate>>;
  /** The language of the current request (server), set by catalogs.server.ts. */
  requestLocale?: () => Locale | undefined;
  /** What to do when a non-English text has no translation (the server logs it; the browser warns). */
  onMissing: (locale: Locale, key: string) => void;
  documentLocale: Locale;
};

const STATE_KEY = Symbol.for("app.singleton.i18n");
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** One instance per process (the Hono entry and React Router's server build share it, as other singletons). */
function state(): State {
  const store = globalThis as unknown as Record<symbol, State | undefined>;
  if (!store[STATE_KEY]) {
    const instance = i18next.createInstance();
    const created: State = {
      instance,
      fixed: {},
      onMissing: (locale, key) => console.warn(`No ${locale} translation for: ${key}`),
      documentLocale: DEFAULT_LOCALE,
    };
    void instance.init({
      lng: DEFAULT_LOCALE,
      fallbackLng: false,
      // Natural-language keys: '.' and ':' are ordinary characters of a sentence.
      keySeparator: false,
      nsSeparator: false,
      // React escapes what it renders; e-mails escape their own (app/lib/email.server.ts).
      interpolation: { escapeValue: false },
      initAsync: false,
      returnEmptyString: false,
      resources: {},
      saveMissing: true,
      missingKeyHandler: (languages, _namespace, key) => {
        const locale = languages[0];
        if (isLocale(locale) && locale !== DEFAULT_LOCALE) created.onMissing(locale, key);
      },
    });
    store[STATE_KEY] = created;
  }
  return store[STATE_KEY];
}

/** Adds a language's catalog (an area's file: entries add to what is there). */
export function addCatalog(locale: Locale, catalog: Catalog): void {
  const current = state();
  current.instance.addResources(locale, "translation", catalog);
  // Texts looked up before are looked up again (the memo of tFor).
  current.fixed = {};
}

/** Whether a language's catalogs are loaded (English needs none). */
export function hasCatalog(locale: Locale): boolean {
  return locale === DEFAULT_LOCALE || state().instance.hasResourceBundle(locale, "translation");
}

/** The server's hooks: the request's language, and how a missing translation is reported. */
export function configureI18n(hooks: { requestLocale?: () => Locale | undefined; onMissing?: (locale: Locale, key: string) => void }): void {
  const current = state();
  if (hooks.requestLocale) current.requestLocale = hooks.requestLocale;
  if (hooks.onMissing) current.onMissing = hooks.onMissing;
}

/** The browser's language for this document (read from <html lang> before hydration). */
export function setDocumentLocale(locale: Locale): void {
  state().documentLocale = locale;
}

/** The language texts are shown in now: the request's on the server, the document's in the browser. */
export function currentLocale(): Locale {
  const current = state();
  return current.requestLocale?.() ?? current.documentLocale;
}

/** A translate function for one language. */
export function tFor(locale: Locale): Translate {
  const current = state();
  let fixed = current.fixed[locale];
  if (!fixed) {
    const translate = current.instance.getFixedT(locale);
    // A text without values is the same every time: looked up once (i18next takes about 7 µs a look-up, and a page
    // shows hundreds of texts). Bounded by the catalog's size.
    const memo = new Map<string, string>();
    const lookUp = (key: string) => {
      let text = memo.get(key);
      if (text === undefined) {
        text = String(translate(key));
        memo.set(key, text);
      }
      return text;
    };
    fixed = (key, options) => {
      if (options === undefined) return lookUp(key);
      // Plurals and formats ({{count, number}}) are i18next's; plain {{values}} are filled here as i18next fills them
      // (nothing escaped; null or undefined as nothing; a value not given leaves its {{marker}}), about 20× sooner.
      if ("count" in options) return String(translate(key, options as never));
      const template = lookUp(key);
      if (/\{\{[^}]*,/.test(template)) return String(translate(key, options as never));
      return template.replace(PLACEHOLDER, (marker, name: string) => (name in options ? String(options[name] ?? "") : marker));
    };
    current.fixed[locale] = fixed;
  }
  return fixed;
}

/** A text in the current language. */
export const t: Translate = (key, options) => tFor(currentLocale())(key, options);

/**
 * A text kept in a constant or a schema, marked so the catalogs test finds it: returned as it is, and translated
 * where it is shown (t(text), or the error mapping for a refusal's text).
 */
export function msg<const Text extends string>(text: Text): Text {
  return text;
}

/**
 * A text that may be a catalog key (a refusal's text, a field's message): translated when it is one, else
 * returned as it is (a use case may have translated it already, with its numbers in it).
 */
export function translateIfKnown(text: string, locale: Locale = currentLocale()): string {
  if (locale === DEFAULT_LOCALE) return text;
  const { instance } = state();
  return instance.exists(text, { lng: locale }) ? tFor(locale)(text) : text;
}
