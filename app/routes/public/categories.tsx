import { Link, redirect } from "react-router";
import type { Route } from "./+types/categories";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { seoMeta } from "~/components/seo";
import { SITE_NAME } from "~/components/site";
import { getCategoryIndex } from "~/features/directory/get-category-index.server";
import { breadcrumbJsonLd, CATEGORIES_PATH, categoriesTrail, landingPath } from "~/features/directory/landing-pages";
import { defaultShareImage, publicUrl } from "~/features/directory/public-url.server";
import { formatCount } from "~/features/directory/search-summary";
import { READER_PAGE } from "~/components/reader-page";

type Entry = { name: string; count: string; href: string | null };

/**
 * /categories: all 63 categories and the 37 states, each with its number of listings and a link to its
 * landing page (an empty one is named without a link: its page answers 404).
 */
export async function loader({ request }: Route.LoaderArgs) {
  // Route matching ignores letter case: /Categories and /categories/ redirect to the one address.
  const url = new URL(request.url);
  if (url.pathname !== CATEGORIES_PATH) throw redirect(`${CATEGORIES_PATH}${url.search}`, 301);
  const index = await getCategoryIndex();
  const trail = categoriesTrail();
  const entry = (name: string, count: number, path: string): Entry => ({ name, count: formatCount(count, false), href: count > 0 ? path : null });
  return {
    trail,
    total: formatCount(index.total, false),
    categories: index.categories.map(({ category, count }) => entry(category, count, landingPath({ category }))),
    states: index.states.map(({ state, count }) => entry(state, count, landingPath({ state }))),
    // schema.org BreadcrumbList, rendered in the head by the root layout.
    jsonLd: breadcrumbJsonLd(trail, publicUrl),
    meta: seoMeta({
      title: `Business categories in Nigeria — ${SITE_NAME}`,
      description: `Browse ${formatCount(index.total, false)} local businesses across Nigeria by category and by state: pharmacies, eateries, hotels, mechanics and more.`,
      canonical: publicUrl(CATEGORIES_PATH),
      image: defaultShareImage(),
    }),
  };
}

// Anonymous visitors read this page without the React app (ADR 29).
export const handle = READER_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { trail, total, categories, states } = loaderData;
  return (
    <div className="page">
      <Breadcrumbs trail={trail} />
      <h1 className="mb-2 text-2xl font-bold md:text-3xl">Business categories</h1>
      <p className="mb-6 text-gray-700">
        {total} businesses across Nigeria, by category and by state.{" "}
        <Link to="/businesses" className="link">
          Search them all
        </Link>
      </p>
      <EntryList id="all-categories" heading="All categories" entries={categories} />
      <EntryList id="by-state" heading="By state" entries={states} />
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
