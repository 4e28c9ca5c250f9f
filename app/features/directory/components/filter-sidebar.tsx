import type { ReactNode } from "react";
import { useEnhance } from "~/components/use-enhance";
import { enhanceFilters } from "~/enhance/filters";
import { useLinkNavigation } from "./link-navigation";
import { businessesHref } from "../search-params";
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
  const regionHref = (region: string | null) => businessesHref({ ...filters, region, lga: region === filters.region ? filters.lga : null });
  return (
    <aside
      ref={ref}
      id="filters"
      aria-label="Filters"
      data-enhance="filters"
      onClick={followLink}
      className="inset-0 z-40 bg-black/40 max-md:fixed max-md:hidden max-md:target:block md:w-60 md:shrink-0 md:bg-transparent"
    >
      <div tabIndex={-1} className="card ml-auto h-full w-5/6 max-w-xs overflow-y-auto p-4 outline-none md:h-auto md:w-auto">
        <div className="flex items-center gap-2">
          <h2 className="title">Filters</h2>
          {count > 0 && <span className="badge">{count}</span>}
          <a href="#results" className="icon-btn ml-auto md:hidden" aria-label="Close filters">
            <span className="i i-close" />
          </a>
        </div>
        {count > 0 && (
          <a data-discover="true" href={businessesHref({ q: filters.q })} className="link text-sm">
            Clear all filters
          </a>
        )}
        {/* 'Open now' (ADR 21): a link that adds or removes open=now, like the other filters. */}
        <h3 className="mb-1 mt-5 text-sm font-semibold uppercase text-gray-500">Opening hours</h3>
        <a data-discover="true" href={businessesHref({ ...filters, open: filters.open ? null : "now" })}
          aria-current={filters.open ? "page" : undefined}
          className="nav-link flex items-center gap-2 text-sm"
        >
          <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-sm border ${filters.open ? "border-brand-700 bg-brand-700" : "border-gray-400"}`} />
          Open now
        </a>
        {filters.region ? (
          // With a region chosen its LGAs come first (issue 32: they came after every state); the regions fold away.
          <>
            <FacetList title="LGA" facets={facets.lgas ?? []} isEstimate={isEstimate} selected={filters.lga ?? null} href={(lga) => businessesHref({ ...filters, lga })} />
            <details className="mt-3">
              <summary className="nav-link cursor-pointer text-sm">Region: {filters.region} · change</summary>
              <FacetList title="Region" facets={facets.regions} isEstimate={isEstimate} selected={filters.region} href={regionHref} />
            </details>
          </>
        ) : (
          <FacetList title="Region" facets={facets.regions} isEstimate={isEstimate} selected={filters.region} href={regionHref} />
        )}
        <FacetList
          title="Category"
          facets={facets.categories}
          isEstimate={isEstimate}
          selected={filters.category}
          href={(category) => businessesHref({ ...filters, category })}
        />
        <Choices
          title="Rating"
          options={[
            { label: "Any rating", href: businessesHref({ ...filters, minRating: null }), current: !filters.minRating },
            { label: "Rated 4+", href: businessesHref({ ...filters, minRating: 4 }), current: Boolean(filters.minRating) },
          ]}
        />
        {/* Verification levels (issue 35): any level standing; what each means is on /verification. */}
        <Choices
          title="Verification"
          options={[
            { label: "Any business", href: businessesHref({ ...filters, verified: null }), current: !filters.verified },
            { label: "Verified businesses only", href: businessesHref({ ...filters, verified: true }), current: Boolean(filters.verified) },
          ]}
        >
          <li>
            <a href="/verification" className="nav-link text-xs">
              What the badges mean
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

type FacetListProps = { title: string; facets: Facet[]; isEstimate: boolean; selected: string | null; href: (value: string | null) => string };

function FacetList({ title, facets, isEstimate, selected, href }: FacetListProps) {
  // A chosen value without public businesses still shows, so it can be seen and unchosen.
  const items = selected && !facets.some((f) => f.name === selected) ? [...facets, { name: selected, count: 0 }] : facets;
  return (
    <>
      <h3 className="mb-1 mt-5 text-sm font-semibold uppercase text-gray-500">{title}</h3>
      <ul className="text-sm">
        <li>
          <a data-discover="true" href={href(null)} aria-current={selected ? undefined : "page"} className="nav-link">
            All
          </a>
        </li>
        {items.map(({ name, count }) => (
          <li key={name}>
            <a data-discover="true" href={href(name)} aria-current={name === selected ? "page" : undefined} className="nav-link flex justify-between">
              {name}
              <span className="text-gray-500">
                {isEstimate && <span className="sr-only">about </span>}
                {formatCount(count, isEstimate)}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
