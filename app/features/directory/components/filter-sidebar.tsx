import type { ReactNode } from "react";
import { useEnhance } from "~/components/use-enhance";
import { enhanceFilters } from "~/enhance/filters";
import { currentLocale, t } from "~/lib/i18n/i18n";
import { localizePath } from "~/lib/i18n/locales";
import { categoryName } from "~/lib/reference";
import { useLinkNavigation } from "./link-navigation";
import { withParts } from "../../../components/with-parts";
import { businessesHref, type FilterLink } from "../search-params";
import { formatCount } from "../search-summary";
import type { BusinessFacets, Facet } from "../types";

type Filters = { q: string; region: string | null; lga?: string | null; category: string | null; minRating?: 4 | null; verified?: boolean | null; sort?: "rating" | null; open?: "now" | null };

type FilterSidebarProps = {
  filters: Filters;
  facets: BusinessFacets;
  /** The counts are estimates (a very large result set): shown rounded, with '~'. */
  isEstimate: boolean;
  /** Filters in use, for the badge. */
  count: number;
};

/**
 * Regions, the chosen region's LGAs, and categories with counts, and 'Rated 4+', as plain links (they work without JavaScript). A column from
 * 768px up; below it an overlay opened by the Filters link (#filters through :target without JavaScript; with it
 * `app/enhance/filters.ts` moves focus in and out and closes it on Escape, ADR 29).
 */
export function FilterSidebar({ filters, facets, isEstimate, count }: FilterSidebarProps) {
  const ref = useEnhance<HTMLElement>(enhanceFilters);
  // The filters are plain links (about 100 of them), navigated inside the app by this one handler (ADR 27).
  const followLink = useLinkNavigation();
  // Plain links: each in the page's language.
  const locale = currentLocale();
  const link = (filter: FilterLink) => localizePath(locale, businessesHref({ ...filters, ...filter }));
  const regionHref = (region: string | null) => link({ region, lga: region === filters.region ? filters.lga : null });
  return (
    <aside
      ref={ref}
      id="filters"
      aria-label={t("Filters")}
      data-enhance="filters"
      onClick={followLink}
      className="inset-0 z-40 bg-black/40 max-md:fixed max-md:hidden max-md:target:block md:w-60 md:shrink-0 md:bg-transparent"
    >
      <div tabIndex={-1} className="card ml-auto h-full w-5/6 max-w-xs overflow-y-auto p-4 outline-none md:h-auto md:w-auto">
        <div className="flex items-center gap-2">
          <h2 className="title">{t("Filters")}</h2>
          {count > 0 && <span className="badge">{count}</span>}
          <a href="#results" className="icon-btn ml-auto md:hidden" aria-label={t("Close filters")}>
            <span className="i i-close" />
          </a>
        </div>
        {count > 0 && (
          <a data-discover="true" href={localizePath(locale, businessesHref({ q: filters.q }))} className="link text-sm">
            {t("Clear all filters")}
          </a>
        )}
        {/* 'Open now' (ADR 21): a link that adds or removes open=now, like the other filters. */}
        <h3 className="mb-1 mt-5 text-sm font-semibold uppercase text-gray-500">{t("Opening hours")}</h3>
        <a data-discover="true" href={link({ open: filters.open ? null : "now" })}
          aria-current={filters.open ? "page" : undefined}
          className="nav-link flex items-center gap-2 text-sm"
        >
          <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-sm border ${filters.open ? "border-brand-700 bg-brand-700" : "border-gray-400"}`} />
          {t("Open now")}
        </a>
        {filters.region ? (
          // With a region chosen its LGAs come first (issue 32: they came after every state); the regions fold away.
          <>
            <FacetList title={t("LGA")} facets={facets.lgas ?? []} isEstimate={isEstimate} selected={filters.lga ?? null} href={(lga) => link({ lga })} />
            <details className="mt-3">
              <summary className="nav-link cursor-pointer text-sm">
                {withParts(t("Region: {{region}} · change"), { region: filters.region })}
              </summary>
              <FacetList title={t("Region")} facets={facets.regions} isEstimate={isEstimate} selected={filters.region} href={regionHref} />
            </details>
          </>
        ) : (
          <FacetList title={t("Region")} facets={facets.regions} isEstimate={isEstimate} selected={filters.region} href={regionHref} />
        )}
        <FacetList
          title={t("Category")}
          facets={facets.categories}
          isEstimate={isEstimate}
          selected={filters.category}
          href={(category) => link({ category })}
          name={categoryName}
        />
        <Choices
          title={t("Rating")}
          options={[
            { label: t("Any rating"), href: link({ minRating: null }), current: !filters.minRating },
            { label: t("Rated 4+"), href: link({ minRating: 4 }), current: Boolean(filters.minRating) },
          ]}
        />
        {/* Verification levels (issue 35): any level standing; what each means is on /verification. */}
        <Choices
          title={t("Verification")}
          options={[
            { label: t("Any business"), href: link({ verified: null }), current: !filters.verified },
            { label: t("Verified businesses only"), href: link({ verified: true }), current: Boolean(filters.verified) },
          ]}
        >
          <li>
            <a href={localizePath(locale, "/verification")} className="nav-link text-xs">
              {t("What the badges mean")}
            </a>
          </li>
        </Choices>
      </div>
    </aside>
  );
}

/** A filter with a few fixed choices, each a link; the chosen one marked as the current page. */
function Choices({ title, options, children }: { title: string; options: { label: string; href: string; current: boolean }[]; children?: ReactNode }) {
  return (
    <>
      <h3 className="mb-1 mt-5 text-sm font-semibold uppercase text-gray-500">{title}</h3>
      <ul className="text-sm">
        {options.map((option) => (
          <li key={option.label}>
            <a data-discover="true" href={option.href} aria-current={option.current ? "page" : undefined} className="nav-link">
              {option.label}
            </a>
          </li>
        ))}
        {children}
      </ul>
    </>
  );
}

type FacetListProps = {
  title: string;
  facets: Facet[];
  isEstimate: boolean;
  selected: string | null;
  href: (value: string | null) => string;
  /** How a value is shown (a category in the page's language); the link keeps the value. */
  name?: (value: string) => string;
};

function FacetList({ title, facets, isEstimate, selected, href, name: shown = (value) => value }: FacetListProps) {
  // A chosen value without public businesses still shows, so it can be seen and unchosen.
  const items = selected && !facets.some((f) => f.name === selected) ? [...facets, { name: selected, count: 0 }] : facets;
  return (
    <>
      <h3 className="mb-1 mt-5 text-sm font-semibold uppercase text-gray-500">{title}</h3>
      <ul className="text-sm">
        <li>
          <a data-discover="true" href={href(null)} aria-current={selected ? undefined : "page"} className="nav-link">
            {t("All")}
          </a>
        </li>
        {items.map(({ name, count }) => (
          <li key={name}>
            <a data-discover="true" href={href(name)} aria-current={name === selected ? "page" : undefined} className="nav-link flex justify-between">
              {shown(name)}
              <span className="text-gray-500">
                {isEstimate && <span className="sr-only">{t("about")} </span>}
                {formatCount(count, isEstimate)}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
