import { currentLocale, t } from "../../lib/i18n/i18n";
import { DEFAULT_LOCALE, localizePath, splitLocalePath } from "../../lib/i18n/locales";

/**
 * The orders a list can take, the chosen one shown as chosen (issue 32: only a link to the other order was shown,
 * so nobody could tell which order they were reading). The chosen order is marked `aria-current="true"` and is not
 * a link; the others are plain links (followed inside the app by `onClick` where the page gives one).
 */
export type SortOption = { label: string; href: string; current: boolean };

/** A plain link's address in the page's language (a path the router would prefix itself; one given prefixed stays). */
function inLanguage(href: string): string {
  return href.startsWith("/") && splitLocalePath(href).locale === DEFAULT_LOCALE ? localizePath(currentLocale(), href) : href;
}

export function SortChoice({ label = t("Sort by"), options, onClick }: { label?: string; options: SortOption[]; onClick?: (event: React.MouseEvent) => void }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" onClick={onClick}>
      <span>{label}:</span>
      {options.map((option) =>
        option.current ? (
          <span key={option.label} className="sort-option" aria-current="true">
            {option.label}
          </span>
        ) : (
          <a key={option.label} className="sort-option" href={inLanguage(option.href)} data-discover="true">
            {option.label}
          </a>
        ),
      )}
    </p>
  );
}
