import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/businesses";
import { BusinessCard } from "~/features/directory/components/business-card";
import { DataCredits } from "~/features/directory/components/data-credits";
import { FilterSidebar } from "~/features/directory/components/filter-sidebar";
import { NearMe } from "~/features/directory/components/near-me";
import { CompactSearchForm } from "~/features/directory/components/search-form";
import { seoMeta } from "~/components/seo";
import { SITE_NAME } from "~/components/site";
import { defaultShareImage, pageUrl } from "~/features/directory/public-url.server";
import { searchBusinesses } from "~/features/directory/search-businesses.server";
import { parseBusinessFilters } from "~/features/directory/parse-business-filters";
import { businessesHref } from "~/features/directory/search-params";
import { activeFilterCount, resultSummary } from "~/features/directory/search-summary";
import { LOCATION_TEXTS } from "~/lib/geo";
import { formatNumber } from "~/lib/format";
import { currentLocale, t, translateIfKnown } from "~/lib/i18n/i18n";
import { localizePath } from "~/lib/i18n/locales";
import { categoryName } from "~/lib/reference";
import { suggestedPlaces } from "~/lib/places";
import { quoteRequestHref } from "~/features/quotes/quote-links";
import { landmarkParam, landmarksOf, withLandmarkNear } from "~/features/directory/landmark-places.server";
import type { loader as rootLoader } from "~/root";
import { optionalUser } from "~/features/accounts/guards.server";
import { countedVisit } from "~/features/analytics/counting-visit.server";
import { recordSearchImpressions } from "~/features/analytics/record-listing-events.server";
import { notePageCounts } from "~/lib/request-context.server";
import { READER_PAGE } from "~/components/reader-page";
import { SortChoice } from "~/components/ui/sort-choice";
import { useLinkNavigation } from "~/features/directory/components/link-navigation";
import { savedAmong } from "~/features/directory/saved-among.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // A near= that names no LGA or town may be a street or landmark the listings name ('Allen Avenue', issue 32).
  const filters = await withLandmarkNear(parseBusinessFilters(params), params.get("near"));
  const { facets, ...result } = await searchBusinesses(filters);
  // Each listing shown is a search impression for its owner's analytics (people only; written in batches).
  const shown = { businessIds: result.items.map((item) => item.id), words: filters.q ?? null };
  if (shown.businessIds.length > 0) notePageCounts({ impressions: shown });
  const viewer = await optionalUser(request);
  recordSearchImpressions(countedVisit(request, context.clientAddress, viewer), viewer, shown);
  // A signed-in user's saved businesses show as 'Saved' (their own saves only; nothing read for anonymous visitors).
  const savedIds = await savedAmong(viewer, shown.businessIds);
  const kind = filters.category ? categoryName(filters.category) : t("Local businesses");
  const what = filters.region ? t("{{what}} in {{place}}", { what: kind, place: `${filters.lga ? `${filters.lga}, ` : ""}${filters.region}` }) : kind;
  const meta = seoMeta({
    title: `${filters.category || filters.region ? what : t("Find Local Businesses")} | ${SITE_NAME}`,
    description: t("{{what}} across Nigeria: see what they offer and message them directly.", { what }),
    canonical: pageUrl(businessesHref({ region: filters.region, lga: filters.lga, category: filters.category, page: filters.page })),
    image: defaultShareImage(),
  });
  // Free-text and near-me result pages are endless; keep them out of search indexes.
  if (filters.q || filters.near) meta.push({ name: "robots", content: "noindex, follow" });
  const sort = filters.sort ?? null;
  // The near= that links carry on: a named place as named ('Ikeja, Lagos'), a shared point as its coordinates.
  const near = filters.near && filters.nearPlace ? filters.nearPlace.param : null;
  // The orders as data, the chosen one marked (issue 32); links and labels are made here (no code shipped for them).
  const sortOptions = [
    { label: near ? t("Nearest first") : filters.q ? t("Best match") : t("Featured and newest"), href: businessesHref({ ...filters, near, sort: null, page: 1 }), current: !sort },
    { label: t("Highest rated"), href: businessesHref({ ...filters, near, sort: "rating", page: 1 }), current: sort === "rating" },
  ];
  // How the page names the point: 'near Ikeja, Lagos' (a named place) or 'around Egbeda, Oyo' (a shared point, by
  // its nearest LGA), as resultSummary reads it; the link that leaves it out says so in the page's language.
  const nearPlace = filters.nearPlace ? `${filters.nearPlace.isPoint ? "around" : "near"} ${filters.nearPlace.label}` : null;
  const clearText = !filters.nearPlace
    ? null
    : filters.nearPlace.isPoint
      ? t("Search everywhere, not around {{place}}", { place: filters.nearPlace.label })
      : t("Search everywhere, not near {{place}}", { place: filters.nearPlace.label });
  // 'Near me' (ADR 23): its texts as data, and the link that leaves the location out. The texts come from
  // app/lib/geo.ts, translated where its catalog has them.
  // Without a shared location, places to choose with one tap (issue 32): the state's LGAs, else the largest cities.
  const nearMe = {
    explanation: translateIfKnown(LOCATION_TEXTS.noLocation),
    ignored: filters.nearIgnored ? translateIfKnown(LOCATION_TEXTS.nearIgnored) : null,
    ambiguous: translateIfKnown(LOCATION_TEXTS.nearAmbiguous),
    clearHref: near ? businessesHref({ ...filters, near: null, page: 1 }) : null,
    clearText,
    choices: (filters.nearChoices ?? []).map((c) => ({ label: c.label, href: businessesHref({ ...filters, near: c.param, page: 1 }) })),
    // With an LGA chosen, its streets the listings agree on come first ('Near Allen Avenue').
    suggestions: [...(filters.region && filters.lga ? await landmarksOf(filters.region, filters.lga) : []).map((p) => ({ label: p.name, near: landmarkParam(p) })), ...suggestedPlaces(filters.region)].map((p) => ({
      label: t("Near {{place}}", { place: p.label }),
      href: businessesHref({ ...filters, near: p.near, sort: null, page: 1 }),
    })),
  };
  // The line above the results, made here: its wording is not shipped as code (check:bundle).
  const summary = result.correctedQuery
    ? resultSummary(result.total, result.isEstimate, { ...filters, q: "" })
    : resultSummary(result.total, result.isEstimate, filters, result.near ? { ...result.near, place: nearPlace } : null);
  // An empty page says what would help, one tap each (issue 32), from the counts the sidebar already has.
  const emptyHelp = result.items.length === 0 && result.page === 1 ? emptyResultHelp(filters, facets, near) : [];
  return {
    emptyHelp,
    summary,
    filters: { q: filters.q, region: filters.region, lga: filters.lga ?? null, category: filters.category, minRating: filters.minRating ?? null, sort, open: filters.open ?? null, near },
    result, facets, meta, sortOptions, nearMe, savedIds,
  };
}

type Filters = ReturnType<typeof parseBusinessFilters>;
type Facets = Awaited<ReturnType<typeof searchBusinesses>>["facets"];

/** What would find something when nothing matched: the filter to drop, with how many it would find where known (in the page's language). */
function emptyResultHelp(filters: Filters, facets: Facets, near: string | null): { text: string; href: string }[] {
  const help: { text: string; href: string }[] = [];
  const others = (list: { name: string; count: number }[], chosen: string | null | undefined) =>
    list.filter((f) => f.name !== chosen).reduce((sum, f) => sum + f.count, 0);
  if (filters.open) help.push({ text: t("Nothing open right now — show all"), href: businessesHref({ ...filters, near, open: null, page: 1 }) });
  if (filters.lga) help.push({ text: t("None in {{lga}} — show all of {{region}}", { lga: filters.lga, region: filters.region }), href: businessesHref({ ...filters, near, lga: null, page: 1 }) });
  else if (filters.region) {
    const elsewhere = others(facets.regions, filters.region);
    if (elsewhere > 0) {
      help.push({
        text: t("None in {{region}} — {{total}} in other states", { region: filters.region, total: formatNumber(elsewhere) }),
        href: businessesHref({ ...filters, near, region: null, lga: null, page: 1 }),
      });
    }
  }
  if (filters.category) {
    const elsewhere = others(facets.categories, filters.category);
    if (elsewhere > 0) {
      help.push({
        text: t("None in {{category}} — {{total}} in other categories", { category: categoryName(filters.category), total: formatNumber(elsewhere) }),
        href: businessesHref({ ...filters, near, category: null, page: 1 }),
      });
    }
  }
  if (filters.minRating) help.push({ text: t("None rated 4+ — show every rating"), href: businessesHref({ ...filters, near, minRating: null, page: 1 }) });
  if (near) help.push({ text: t("None nearby — search everywhere"), href: businessesHref({ ...filters, near: null, page: 1 }) });
  return help;
}

// Anonymous visitors read this page without the React app (ADR 29).
export const handle = READER_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Businesses({ loaderData }: Route.ComponentProps) {
  const { filters, result, facets, sortOptions, nearMe, summary } = loaderData;
  const isSignedIn = !!useRouteLoaderData<typeof rootLoader>("root")?.user;
  const followLink = useLinkNavigation();
  // Plain links (the sort order, one-tap choices) carry the page's language; <Link> adds it itself.
  const locale = currentLocale();

  const filterCount = activeFilterCount(filters);
  const pageLink = (page: number, label: string, rel: string) => (
    <Link to={businessesHref({ ...filters, page })} rel={rel} className="btn btn-outline">
      {label}
    </Link>
  );
  return (
    <div className="page">
      <h1 className="mb-4 text-2xl font-bold md:text-3xl">{t("Find Local Businesses")}</h1>
      {/* The landing pages' index (issue 17): a plain link. */}
      <Link to="/categories" className="link -mt-2 mb-4 block text-sm">
        {t("Browse all categories and states")}
      </Link>
      {/* Request a quote (issue 37): a plain link with the page's category and place. */}
      <Link to={quoteRequestHref({ category: filters.category, state: filters.region, lga: filters.lga })} rel="nofollow" className="link -mt-2 mb-4 block text-sm">
        {t("Request a quote")}
      </Link>
      <CompactSearchForm
        q={filters.q}
        region={filters.region}
        lga={filters.lga}
        category={filters.category}
        open={filters.open}
        near={filters.near}
        filterCount={filterCount}
      />
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        <NearMe filters={filters} near={filters.near} explanation={nearMe.explanation} suggestions={nearMe.suggestions} />
        {nearMe.clearHref && (
          <Link to={nearMe.clearHref} className="link">
            {nearMe.clearText}
          </Link>
        )}
        {nearMe.ignored && <p className="text-red-700">{nearMe.ignored}</p>}
        {nearMe.choices.length > 0 && (
          <div className="w-full">
            <p className="text-red-700">{nearMe.ambiguous}</p>
            <PillLinks className="mt-2 flex flex-wrap gap-2" links={nearMe.choices} onClick={followLink} />
          </div>
        )}
      </div>
      <div className="mt-6 flex gap-6">
        <FilterSidebar
          filters={filters}
          facets={facets}
          isEstimate={result.isEstimate}
          count={filterCount}
        />
        <section id="results" aria-label={t("Results")} className="min-w-0 flex-1">
          <h2 className="sr-only">{t("Results")}</h2>
          {/* The status says what the results are (read out when they change); the order switch sits beside it. */}
          <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-gray-600">
            <p role="status">
              {result.correctedQuery
                ? t("No businesses match “{{q}}”. Showing results for “{{corrected}}”: {{summary}}", { q: filters.q, corrected: result.correctedQuery, summary })
                : summary}
            </p>
            <SortChoice label={t("Sort by")} options={sortOptions.map((option) => ({ ...option, href: localizePath(locale, option.href) }))} onClick={followLink} />
          </div>
          {result.items.length > 0 ? (
            <ul className="grid gap-4 sm:grid-cols-2 md:grid-cols-1 lg:grid-cols-2 2xl:grid-cols-3">
              {result.items.map((business, i) => (
                <li key={business.id} className="flex">
                  <BusinessCard business={business} isSignedIn={isSignedIn} isSaved={loaderData.savedIds.includes(business.id)} isFirst={i === 0} />
                </li>
              ))}
            </ul>
          ) : result.lastPage !== null && result.page > result.lastPage ? null : (
            <div className="card p-8 text-center">
              <p className="font-semibold">{t("No businesses found")}</p>
              {loaderData.emptyHelp.length > 0 ? (
                <PillLinks className="mt-3 flex flex-col items-center gap-2 text-sm" links={loaderData.emptyHelp.map((h) => ({ label: h.text, href: h.href }))} onClick={followLink} />
              ) : (
                <p className="mt-1 text-sm text-gray-600">{t("Try other words, or fewer filters.")}</p>
              )}
              <p className="mt-4 text-sm text-gray-700">
                {t("Know a business we're missing?")}{" "}
                <a href={localizePath(locale, "/suggest")} className="link font-semibold" rel="nofollow">
                  {t("Suggest it")}
                </a>
              </p>
            </div>
          )}
          <DataCredits osm={result.items.some((b) => b.osm)} overture={result.items.some((b) => b.overture)} />
          {result.lastPage !== null && result.page >= result.lastPage && (
            <p className="mt-6 rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
              {t("These are the first {{pages}} pages of many. Add a word, or choose a region or category, to narrow the results.", { pages: result.lastPage })}
            </p>
          )}
          {(result.hasPrevious || result.hasNext) && (
            <nav aria-label={t("Pages")} className="mt-6 flex items-center justify-between gap-2 text-sm">
              <span>{result.hasPrevious && pageLink(result.page - 1, t("Previous"), "prev")}</span>
              <span className="text-gray-600">{t("Page {{page}}", { page: result.page })}</span>
              <span>{result.hasNext && pageLink(result.page + 1, t("Next"), "next")}</span>
            </nav>
          )}
        </section>
      </div>
    </div>
  );
}

/** One-tap choices as pill links, followed inside the app by `onClick` (plain links without JavaScript), in the page's language. */
function PillLinks({ links, className, onClick }: { links: { label: string; href: string }[]; className: string; onClick: (event: React.MouseEvent) => void }) {
  const locale = currentLocale();
  return (
    <ul className={className} onClick={onClick}>
      {links.map((link) => (
        <li key={link.href}>
          <a href={localizePath(locale, link.href)} data-discover="true" className="pill-link">
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
