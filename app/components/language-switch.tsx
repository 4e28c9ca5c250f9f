import { useLocation } from "react-router";
import { currentLocale, t } from "~/lib/i18n/i18n";
import { LOCALE_NAMES, LOCALES, localizePath, type Locale } from "~/lib/i18n/locales";

type Props = {
  /** A signed-in person's choice is remembered (a form posted to /language); a visitor's is the address (links). */
  signedIn: boolean;
  /** 'menu': the header's compact list behind a button; 'list': the footer's row of every language. */
  variant: "menu" | "list";
};

/**
 * The language switch (issue 36): the same page in each language, each named in itself. Works without JavaScript
 * (a <details> list of links or buttons), so reader pages carry no script for it.
 */
export function LanguageSwitch({ signedIn, variant }: Props) {
  const locale = currentLocale();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const choices = LOCALES.map((code) => <Choice key={code} code={code} current={code === locale} signedIn={signedIn} here={here} />);
  const list = (
    <ul className={variant === "menu" ? "absolute right-0 z-40 mt-1 w-40 rounded-md border border-gray-200 bg-white py-1 shadow-lg" : "flex flex-wrap gap-x-4 gap-y-1"}>
      {choices}
    </ul>
  );
  const body = signedIn ? (
    <form method="post" action="/language">
      <input type="hidden" name="redirectTo" value={here} />
      {list}
    </form>
  ) : (
    list
  );
  if (variant === "list") {
    return (
      <nav aria-label={t("Language")} className="mx-auto mt-3 max-w-6xl">
        {body}
      </nav>
    );
  }
  return (
    // Its name is 'Language' and the language's code; below 480 px only the globe shows. Below 400 px a visitor's header
    // holds the logo, Login and Get Started and nothing more (issue 30): the switch is in the footer there.
    <details className={`relative ${signedIn ? "" : "max-[399px]:hidden"}`} data-language-switch>
      <summary className="btn list-none px-2 hover:bg-gray-100 max-[480px]:px-1.5 [&::-webkit-details-marker]:hidden">
        <span className="i i-globe" aria-hidden="true" />
        <span className="sr-only">{t("Language")} </span>
        <span className="text-xs font-semibold uppercase max-[480px]:sr-only">{locale}</span>
      </summary>
      {body}
    </details>
  );
}

function Choice({ code, current, signedIn, here }: { code: Locale; current: boolean; signedIn: boolean; here: string }) {
  const className = `block min-h-6 px-3 py-1 text-left hover:underline ${current ? "font-semibold" : ""}`;
  return (
    <li>
      {signedIn ? (
        <button type="submit" name="language" value={code} lang={code} aria-current={current ? "true" : undefined} className={`w-full ${className}`}>
          {LOCALE_NAMES[code]}
        </button>
      ) : (
        <a href={localizePath(code, here)} hrefLang={code} lang={code} aria-current={current ? "true" : undefined} className={className}>
          {LOCALE_NAMES[code]}
        </a>
      )}
    </li>
  );
}
