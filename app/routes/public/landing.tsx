import { data, Link, redirect, useRouteLoaderData } from "react-router";
import { currentLocale, t } from "~/lib/i18n/i18n";
import { localizePath, routePath } from "~/lib/i18n/locales";
import type { Route } from "./+types/landing";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { NotFoundPage } from "~/components/not-found-page";
import { seoMeta } from "~/components/seo";
import { SITE_NAME } from "~/components/site";
import { BusinessCard } from "~/features/directory/components/business-card";
import { DataCredits } from "~/features/directory/components/data-credits";
import { withParts } from "~/components/with-parts";
import { useSearchForm } from "~/features/directory/components/use-search-form";
import { getLandingPage } from "~/features/directory/get-landing-page.server";
import {
  breadcrumbJsonLd, categoryPlural, landingDescription, landingHeading, landingPath, landingTitle, landingTrail, lgaBySlug, resolveLanding,
} from "~/features/directory/landing-pages";
import { parseBusinessFilters } from "~/features/directory/parse-business-filters";
import { defaultShareImage, pageUrl, publicUrl } from "~/features/directory/public-url.server";
import { businessesHref } from "~/features/directory/search-params";
import { formatCount, resultSummary } from "~/features/directory/search-summary";
import { appErrorCode } from "~/lib/app-error";
import { throwRouteError } from "~/lib/error-responses.server";
import { categoryName, findCategory, findRegion } from "~/lib/reference";
import type { loader as rootLoader } from "~/root";
import { optionalUser } from "~/features/accounts/guards.server";
import { countedVisit } from "~/features/analytics/counting-visit.server";
import { recordSearchImpressions } from "~/features/analytics/record-listing-events.server";
import { notePageCounts } from "~/lib/request-context.server";
import { READER_PAGE } from "~/components/reader-page";
import { savedAmong } from "~/features/directory/saved-among.server";
import { quoteRequestHref } from "~/features/quotes/quote-links";

type Onward = { name: string; count: string; href: string };

/**
 * /categories/{category}, /states/{state} and /states/{state}/{category or LGA}: /businesses with fixed filters,
 * its own heading, canonical address and breadcrumbs. Another spelling of a known address redirects (301) to
 * the lower-case one; an unknown slug, an empty combination or a page past the end answers 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const scope = resolveLanding(params);
  if (!scope) return notFound();
  const canonicalPath = landingPath(scope);
  if (routePath(url) !== canonicalPath) throw redirect(`${canonicalPath}${url.search}`, 301);
  const { page } = parseBusinessFilters(url.searchParams);
  let found: Awaited<ReturnType<typeof getLandingPage>>;
  try {
    found = await getLandingPage(scope, page);
  } catch (error) {
    if (appErrorCode(error) === "not-found") return notFound();
    throwRouteError(error);
  }
  const { facets, ...result } = found;
  // Each listing shown is a search impression for its owner's analytics (people only; written in batches).
  const shown = { businessIds: result.items.map((item) => item.id), words: null };
  if (shown.businessIds.length > 0) notePageCounts({ impressions: shown });
  const viewer = await optionalUser(request);
  recordSearchImpressions(countedVisit(request, context.clientAddress, viewer), viewer, shown);
  const savedIds = await savedAmong(viewer, shown.businessIds);
  const trail = landingTrail(scope);
  const count = formatCount(result.total, result.isEstimate);
  // Links onward, made here: the same scope's other categories (in this state), other states (this category) and
  // the state's LGAs (on a state's page and an LGA's).
  const categories: Onward[] = scope.state && !scope.lga
    ? facets.categories.flatMap(({ name, count: n }) => {
        const category = findCategory(name);
        return category && category !== scope.category ? [{ name: categoryName(category), count: formatCount(n, result.isEstimate), href: landingPath({ state: scope.state, category }) }] : [];
      })
    : [];
  const states: Onward[] = scope.category
    ? facets.regions.flatMap(({ name, count: n }) => {
        const state = findRegion(name);
        return state && state !== scope.state ? [{ name, count: formatCount(n, result.isEstimate), href: landingPath({ state, category: scope.category }) }] : [];
      })
    : [];
  const lgas: Onward[] = scope.state && !scope.category
    ? (facets.lgas ?? []).flatMap(({ name, count: n }) => {
        const lga = lgaBySlug(scope.state!, name);
        return lga && lga.slug !== scope.lga?.slug ? [{ name, count: formatCount(n, result.isEstimate), href: landingPath({ state: scope.state, lga }) }] : [];
      })
    : [];
  return {
    heading: landingHeading(scope),
    trail,
    summary: resultSummary(result.total, result.isEstimate, { q: "", region: null, category: null }),
    result,
    savedIds,
    pages: Math.min(Math.ceil(result.total / PAGE_SIZE), result.lastPage ?? Infinity),
    pageLinks: {
      previous: result.hasPrevious ? landingPath(scope, page - 1) : null,
      next: result.hasNext ? landingPath(scope, page + 1) : null,
    },
    refine: businessesHref({ region: scope.state, lga: scope.lga?.name, category: scope.category }),
    // The search box's fixed filters: a search here is /businesses within this page's scope.
    within: { region: scope.state ?? null, lga: scope.lga?.name ?? null, category: scope.category ?? null },
    categories,
    states,
    lgas,
    lgasHeading: !scope.state
      ? ""
      : scope.lga
        ? t("Other local government areas in {{state}}", { state: scope.state })
        : t("Local government areas in {{state}}", { state: scope.state }),
    statesHeading: scope.category ? t("{{categories}} in other states", { categories: t(categoryPlural(scope.category)) }) : "",
    categoriesHeading: !scope.state
      ? ""
      : scope.category
        ? t("Other categories in {{state}}", { state: scope.state })
        : t("Categories in {{state}}", { state: scope.state }),
    // schema.org BreadcrumbList, rendered in the head by the root layout.
    jsonLd: breadcrumbJsonLd(trail, publicUrl),
    meta: seoMeta({
      title: landingTitle(scope, page),
      description: landingDescription(scope, count),
      canonical: pageUrl(landingPath(scope, page)),
      image: defaultShareImage(),
    }),
  };
}

/** The app's not-found page, at 404, kept out of search indexes (like every unknown address). */
function notFound() {
  return data({ notFound: true as const, meta: [{ title: `${t("Page not found")} | ${SITE_NAME}` }, { name: "robots", content: "noindex" }] }, { status: 404 });
}

/** The search's page size: pages are counted from it. */
const PAGE_SIZE = 20;

// Anonymous visitors read this page without the React app (ADR 29).
export const handle = READER_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Landing({ loaderData }: Route.ComponentProps) {
  const isSignedIn = !!useRouteLoaderData<typeof rootLoader>("root")?.user;
  const searchForm = useSearchForm();
  if ("notFound" in loaderData) return <NotFoundPage />;
  const { heading, trail, summary, result, savedIds, pages, pageLinks, refine, within, categories, states, lgas, statesHeading, categoriesHeading, lgasHeading } = loaderData;
  return (
    <div className="page">
      <Breadcrumbs trail={trail} />
      <h1 className="mb-2 text-2xl font-bold md:text-3xl">{heading}</h1>
      <p className="mb-4 text-gray-700">
        {/* A sentence with an element inside: translated whole, the element put where its marker is. */}
        {withParts(t("{{summary}}, featured listings first, then the newest."), { summary: <span role="status">{summary}</span> })}{" "}
        <Link to={refine} className="link">
          {t("Search or sort these")}
        </Link>{" "}
        {/* Request a quote (issue 37): a plain link with this page's category and place. */}
        <Link to={quoteRequestHref({ category: within.category, state: within.region, lga: within.lga })} rel="nofollow" className="link">
          {t("Request a quote")}
        </Link>
      </p>
      {/* A plain GET form to /businesses (it works without JavaScript), like the directory's other search boxes. */}
      <form ref={searchForm} action={localizePath(currentLocale(), "/businesses")} role="search" data-enhance="search" className="mb-6 flex flex-wrap gap-2">
        <label htmlFor="landing-q" className="sr-only">
          {t("Search {{what}}", { what: heading })}
        </label>
        <input id="landing-q" name="q" type="search" maxLength={100} placeholder={t("Search these businesses...")} className="field min-w-0 flex-1" />
        {within.region && <input type="hidden" name="region" value={within.region} />}
        {within.region && within.lga && <input type="hidden" name="lga" value={within.lga} />}
        {within.category && <input type="hidden" name="category" value={within.category} />}
        <button type="submit" className="btn btn-primary">
          {t("Search")}
        </button>
      </form>
      {/* Headings in order for screen readers (the cards are h3). */}
      <h2 className="sr-only">{t("Businesses")}</h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {result.items.map((business, i) => (
          <li key={business.id} className="flex">
            <BusinessCard business={business} isSignedIn={isSignedIn} isSaved={savedIds.includes(business.id)} isFirst={i === 0} />
          </li>
        ))}
      </ul>
      <DataCredits osm={result.items.some((b) => b.osm)} overture={result.items.some((b) => b.overture)} />
      {result.lastPage !== null && result.page >= result.lastPage && (
        <p className="mt-6 rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
          {withParts(t("These are the first {{pages}} pages of many. {{link}} to find the others.", { pages: result.lastPage }), {
            link: (
              <Link to={refine} className="link">
                {t("Search these")}
              </Link>
            ),
          })}
        </p>
      )}
      {(pageLinks.previous || pageLinks.next) && (
        <nav aria-label={t("Pages")} className="mt-6 flex items-center justify-between gap-2 text-sm">
          <span>
            {pageLinks.previous && (
              <Link to={pageLinks.previous} rel="prev" className="btn btn-outline">
                {t("Previous")}
              </Link>
            )}
          </span>
          <span className="text-gray-600">{t("Page {{page}} of {{pages}}", { page: result.page, pages })}</span>
          <span>
            {pageLinks.next && (
              <Link to={pageLinks.next} rel="next" className="btn btn-outline">
                {t("Next")}
              </Link>
            )}
          </span>
        </nav>
      )}
      <LinkList id="in-state" heading={categoriesHeading} links={categories} />
      <LinkList id="lgas" heading={lgasHeading} links={lgas} />
      <LinkList id="other-states" heading={statesHeading} links={states} />
    </div>
  );
}

function LinkList({ id, heading, links }: { id: string; heading: string; links: Onward[] }) {
  if (links.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="title mb-3">
        {heading}
      </h2>
      <ul className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm md:grid-cols-3 lg:grid-cols-4">
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className="link">
              {link.name}
            </Link>{" "}
            <span className="text-gray-500">({link.count})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
