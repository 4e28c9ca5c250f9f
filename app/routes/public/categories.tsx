import { Link, redirect } from "react-router";
import { currentLocale, t } from "~/lib/i18n/i18n";
import { DEFAULT_LOCALE, INTL_TAGS, routePath } from "~/lib/i18n/locales";
import { categoryName } from "~/lib/reference";
import type { Route } from "./+types/categories";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { seoMeta } from "~/components/seo";
import { SITE_NAME } from "~/components/site";
import { getCategoryIndex } from "~/features/directory/get-category-index.server";
import { breadcrumbJsonLd, CATEGORIES_PATH, categoriesTrail, landingPath } from "~/features/directory/landing-pages";
import { defaultShareImage, pageUrl, publicUrl } from "~/features/directory/public-url.server";
import { formatCount } from "~/features/directory/search-summary";
import { READER_PAGE } from "~/components/reader-page";
import { quoteRequestHref } from "~/features/quotes/quote-links";

type Entry = { name: string; count: string; href: string | null };

/**
 * /categories: all 63 categories and the 37 states, each with its number of listings and a link to its
 * landing page (an empty one is named without a link: its page answers 404). Categories are named in the page's
 * language, in the order of those names (the addresses and the states keep their English names).
 */
export async function loader({ request }: Route.LoaderArgs) {
  // Route matching ignores letter case: /Categories and /categories/ redirect to the one address.
  const url = new URL(request.url);
  if (routePath(url) !== CATEGORIES_PATH) throw redirect(`${CATEGORIES_PATH}${url.search}`, 301);
  const index = await getCategoryIndex();
  const trail = categoriesTrail();
  const entry = (name: string, count: number, path: string): Entry => ({ name, count: formatCount(count, false), href: count > 0 ? path : null });
  return {
    trail,
    total: formatCount(index.total, false),
    categories: inNameOrder(index.categories.map(({ category, count }) => entry(categoryName(category), count, landingPath({ category })))),
    states: index.states.map(({ state, count }) => entry(state, count, landingPath({ state }))),
    // schema.org BreadcrumbList, rendered in the head by the root layout.
    jsonLd: breadcrumbJsonLd(trail, publicUrl),
    meta: seoMeta({
      title: `${t("Business categories in Nigeria")} — ${SITE_NAME}`,
      description: t("Browse {{total}} local businesses across Nigeria by category and by state: pharmacies, eateries, hotels, mechanics and more.", {
        total: formatCount(index.total, false),
      }),
      canonical: pageUrl(CATEGORIES_PATH),
      image: defaultShareImage(),
    }),
  };
}

/** Entries in the order of their names: in English the reference order (alphabetical), else the language's. */
function inNameOrder(entries: Entry[]): Entry[] {
  const locale = currentLocale();
  return locale === DEFAULT_LOCALE ? entries : entries.sort((a, b) => a.name.localeCompare(b.name, INTL_TAGS[locale].dates));
}

// Anonymous visitors read this page without the React app (ADR 29).
export const handle = READER_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { trail, total, categories, states } = loaderData;
  return (
    <div className="page">
      <Breadcrumbs trail={trail} />
      <h1 className="mb-2 text-2xl font-bold md:text-3xl">{t("Business categories")}</h1>
      <p className="mb-6 text-gray-700">
        {t("{{total}} businesses across Nigeria, by category and by state.", { total })}{" "}
        <Link to="/businesses" className="link">
          {t("Search them all")}
        </Link>{" "}
        {/* Request a quote (issue 37): a plain link to the form. */}
        <Link to={quoteRequestHref()} rel="nofollow" className="link">
          {t("Request a quote")}
        </Link>
      </p>
      <EntryList id="all-categories" heading={t("All categories")} entries={categories} />
      <EntryList id="by-state" heading={t("By state")} entries={states} />
    </div>
  );
}

function EntryList({ id, heading, entries }: { id: string; heading: string; entries: Entry[] }) {
  return (
    <section aria-labelledby={id} className="mb-10">
      <h2 id={id} className="title mb-3">
        {heading}
      </h2>
      <ul className="grid grid-cols-1 gap-x-4 gap-y-1.5 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
        {entries.map((entry) => (
          <li key={entry.name}>
            {entry.href ? (
              <Link to={entry.href} className="link">
                {entry.name}
              </Link>
            ) : (
              <span className="text-gray-500">{entry.name}</span>
            )}{" "}
            <span className="text-sm text-gray-500">({entry.count})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
