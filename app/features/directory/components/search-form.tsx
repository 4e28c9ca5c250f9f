import { currentLocale, t } from "~/lib/i18n/i18n";
import { localizePath } from "~/lib/i18n/locales";
import { useSearchForm } from "./use-search-form";

type CompactSearchFormProps = {
  q: string;
  region: string | null;
  lga?: string | null;
  category: string | null;
  /** 'Open now' is kept too. */
  open?: "now" | null;
  /** 'lat,lng' of a near-me search, kept when the text changes. */
  near?: string | null;
  /** The number of filters in use, shown on the Filters button. */
  filterCount: number;
};

/** The listing page's search: text, a Filters button (below 768px) and Search; keeps the chosen filters. */
export function CompactSearchForm({ q, region, lga, category, open, near, filterCount }: CompactSearchFormProps) {
  return (
    <form ref={useSearchForm()} action={localizePath(currentLocale(), "/businesses")} role="search" data-enhance="search" className="flex flex-wrap gap-2">
      <label htmlFor="search-q" className="sr-only">
        {t("Search businesses")}
      </label>
      <input key={q} id="search-q" name="q" type="search" maxLength={100} defaultValue={q} placeholder={t("Search businesses...")} className="field min-w-0 max-md:basis-full md:flex-1" />
      {region && <input type="hidden" name="region" value={region} />}
      {region && lga && <input type="hidden" name="lga" value={lga} />}
      {category && <input type="hidden" name="category" value={category} />}
      {open && <input type="hidden" name="open" value={open} />}
      {near && <input type="hidden" name="near" value={near} />}
      {/* Without JavaScript the link opens the overlay through :target; app/enhance/filters.ts does it with focus. */}
      <a
        href="#filters"
        aria-controls="filters"
        aria-expanded={false}
        className="btn btn-outline flex-1 md:hidden"
      >
        <span className="i i-filter h-4 w-4" />
        {t("Filters")}
        {filterCount > 0 && <span className="badge">{filterCount}</span>}
      </a>
      <button type="submit" className="btn btn-primary max-md:flex-1">
        <span className="i i-search h-4 w-4" />
        {t("Search")}
      </button>
    </form>
  );
}
