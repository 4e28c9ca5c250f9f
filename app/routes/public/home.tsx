import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { BusinessCard } from "~/features/directory/components/business-card";
import { DataCredits } from "~/features/directory/components/data-credits";
import { Carousel } from "~/components/carousel";
import { useEnhance } from "~/components/use-enhance";
import { enhanceLoginRequired } from "~/enhance/login-required";
import { Dialog } from "~/components/ui/dialog";
import { HeroSearchForm } from "~/features/directory/components/hero-search-form";
import { seoMeta } from "~/components/seo";
import { SITE_NAME } from "~/components/site";
import { greetingName } from "~/features/accounts/session-user";
import { SignedOutNotice } from "~/features/profile/components/signed-out-notice";
import { HOME_OFFERS } from "~/features/directory/home-offers";
import { OfferSlide } from "~/features/offers/components/offer-slide";
import { listFeaturedBusinesses } from "~/features/directory/list-featured-businesses.server";
import { defaultShareImage, pageUrl } from "~/features/directory/public-url.server";
import { businessesHref } from "~/features/directory/search-params";
import type { BusinessCardData } from "~/features/directory/types";
import { logger } from "~/lib/logger.server";
import { currentLocale, t } from "~/lib/i18n/i18n";
import { DEFAULT_LOCALE, INTL_TAGS, localizePath } from "~/lib/i18n/locales";
import { CATEGORIES, HOME_CATEGORIES, LIMITS, REGIONS, categoryName } from "~/lib/reference";
import { markDegraded } from "~/lib/request-context.server";
import type { loader as rootLoader } from "~/root";
import { READER_PAGE } from "~/components/reader-page";
import { optionalUser } from "~/features/accounts/guards.server";
import { savedAmong } from "~/features/directory/saved-among.server";
import { listPopularServices, type PopularService } from "~/features/directory/list-popular-services.server";
import { listHomeOffers } from "~/features/directory/list-home-offers.server";
import type { HomeOfferSlide } from "~/features/offers/offer.schemas";

export async function loader({ request }: Route.LoaderArgs) {
  let featured: BusinessCardData[] = [];
  try {
    featured = await listFeaturedBusinesses();
  } catch (error) {
    // Not worth failing the home page for (spec 01 §8: load errors leave lists empty); not to be cached either.
    logger.error({ err: error }, "could not load featured businesses");
    markDegraded();
  }
  const user = await optionalUser(request);
  return {
    featured,
    // A signed-in user's saved businesses show as 'Saved' (nothing read for anonymous visitors).
    savedIds: await savedAmong(user, featured.map((business) => business.id)),
    // Reference lists travel as data: importing app/lib/reference.ts in the page would put every
    // list it holds into the page's JavaScript. Categories are named in the page's language (the links keep the
    // English value), the select's in the order of those names; states keep their official spelling.
    regions: REGIONS,
    categories: inNameOrder(CATEGORIES.map((category) => ({ value: category, label: categoryName(category) }))),
    homeCategories: HOME_CATEGORIES.map((category) => ({ category, name: categoryName(category) })),
    // This week's most searched and contacted categories, then the spec's services that find something (issues 32, 37).
    popularServices: await listPopularServices().catch((error: unknown) => {
      logger.error({ err: error }, "could not check the popular services");
      markDegraded();
      return [] as PopularService[];
    }),
    // Current offers of owners (issue 37), in the signed-in person's state or the whole country; none: the fixed slides.
    offers: HOME_OFFERS,
    ownerOffers: await listHomeOffers(user).catch((error: unknown) => {
      logger.error({ err: error }, "could not load the home page's offers");
      markDegraded();
      return [] as HomeOfferSlide[];
    }),
    carouselIntervalMs: LIMITS.carouselIntervalMs,
    meta: seoMeta({
      title: `${SITE_NAME} – ${t("Find Local Businesses in Nigeria")}`,
      description: t(
        "Find and message trusted local businesses across Nigeria: supermarkets, eateries, hotels, electricians, plumbers and more in all 36 states and FCT.",
      ),
      canonical: pageUrl("/"),
      image: defaultShareImage(),
    }),
  };
}

/** Choices in the order of the names shown: in English the reference order (alphabetical), else the language's. */
function inNameOrder<T extends { label: string }>(choices: T[]): T[] {
  const locale = currentLocale();
  return locale === DEFAULT_LOCALE ? choices : choices.sort((a, b) => a.label.localeCompare(b.label, INTL_TAGS[locale].dates));
}

// Anonymous visitors read this page without the React app (ADR 29).
export const handle = READER_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

// Icons for HOME_CATEGORIES, in order: Supermarket, Eatery, Hotel, Restaurant/Bar.
const categoryIcons = ["i-cart", "i-food", "i-bed", "i-drink"];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, offers } = loaderData;
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user;
  // An anonymous visitor's View Details and Contact open the 'Login Required' dialog (app/enhance, ADR 29).
  const cards = useEnhance<HTMLUListElement>((list) => (user ? () => {} : enhanceLoginRequired(list)));

  return (
    <div className="page space-y-10 md:py-10">
      <SignedOutNotice />
      <section className="rounded-3xl bg-linear-to-br from-brand-800 to-brand-600 px-4 py-8 text-white md:p-12">
        {user && <p className="mb-2 font-medium text-brand-100">{t("Welcome back, {{name}}!", { name: greetingName(user) })}</p>}
        <h1 className="text-3xl font-extrabold md:text-5xl">{t("Find trusted local businesses near you")}</h1>
        <p className="mb-6 mt-3 text-brand-50">{t("Search shops, services and professionals across Nigeria, then message them directly.")}</p>
        <HeroSearchForm regions={loaderData.regions} categories={loaderData.categories} />
        {!user && (
          <div className="mt-6 flex gap-3">
            <Link to="/register" className="btn bg-white px-5 py-3 text-brand-800">
              {t("Get Started")}
            </Link>
            <Link to="/login" className="btn border border-white px-5 py-3">
              {t("Login")}
            </Link>
          </div>
        )}
      </section>

      <section aria-labelledby="featured">
        <h2 id="featured" className="title mb-4">
          {t("Featured Businesses")}
        </h2>
        {featured.length > 0 ? (
          <ul ref={cards} data-enhance={user ? undefined : "login-required"} data-dialog="login-required" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {featured.map((business, i) => (
              <li key={business.id} className="flex">
                <BusinessCard business={business} isSignedIn={!!user} isSaved={loaderData.savedIds.includes(business.id)} isFirst={i === 0} detailsNeedLogin />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-gray-600">{t("No featured businesses yet.")}</p>
        )}
        <DataCredits osm={featured.some((b) => b.osm)} overture={featured.some((b) => b.overture)} />
      </section>

      <section aria-labelledby="categories">
        <div className="mb-4 flex justify-between">
          <h2 id="categories" className="title">
            {t("Browse by Category")}
          </h2>
          <Link to="/businesses" className="link">
            {t("See all")}
          </Link>
        </div>
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {loaderData.homeCategories.map(({ category, name }, i) => (
            <li key={category}>
              <Link to={businessesHref({ category: category.toLowerCase() })} className="card flex flex-col items-center gap-2 p-4 font-semibold hover:ring-brand-500">
                <span className={`i ${categoryIcons[i]} h-8 w-8 text-brand-600`} />
                {name}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="offers">
        <h2 id="offers" className="title mb-4">
          {t("Special Offers")}
        </h2>
        <Carousel
          // Not the section's own name: two landmarks of one name are hard to tell apart.
          label={t("Special offers, one at a time")}
          intervalMs={loaderData.carouselIntervalMs}
          slides={
            loaderData.ownerOffers.length > 0
              ? loaderData.ownerOffers.map((offer, i) => <OfferSlide key={offer.id} offer={offer} tone={offers[i % offers.length]!.tone} />)
              : offers.map((offer) => (
                  <div key={offer.to} className={`bg-linear-to-br ${offer.tone} px-5 pb-16 pt-6 text-white md:px-10`}>
                    <p className="text-2xl font-bold">{t(offer.title)}</p>
                    <p className="mt-1">{t(offer.text)}</p>
                    <Link to={offer.to} className="btn mt-4 bg-white text-gray-900">
                      {t(offer.cta)}
                    </Link>
                  </div>
                ))
          }
        />
      </section>

      {loaderData.popularServices.length > 0 && (
        <section aria-labelledby="popular">
          <h2 id="popular" className="title mb-4">
            {t("Popular This Week")}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {/* This week's most searched and contacted categories, then the fixed services (issue 37). */}
            {loaderData.popularServices.map((service) =>
              service.kind === "category" ? (
                <li key={service.category}>
                  <Link to={businessesHref({ category: service.category })} className="pill-link">
                    {categoryName(service.category)}
                  </Link>
                </li>
              ) : (
                <li key={service.text}>
                  <Link to={businessesHref({ q: service.text })} className="pill-link">
                    {t(service.text)}
                  </Link>
                </li>
              ),
            )}
          </ul>
        </section>
      )}

      <section className="card px-4 py-8 text-center md:py-12">
        <h2 className="text-2xl font-bold">{t("Ready to get started?")}</h2>
        <p className="mb-6 mt-2 text-gray-600">{t("Find the right business today, or put yours in front of customers.")}</p>
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/businesses" className="btn btn-primary px-5 py-3">
            {t("Browse Businesses")}
          </Link>
          <Link to="/register" className="btn btn-outline px-5 py-3">
            {t("List Your Business")}
          </Link>
        </div>
      </section>

      <Dialog id="login-required" title={t("Login Required")}>
        <p className="mt-2 text-gray-600">{t("Please sign in to view business details and contact businesses.")}</p>
        <form method="dialog" className="mt-6 flex justify-end gap-2">
          <button className="btn btn-outline">{t("Cancel")}</button>
          <a href={localizePath(currentLocale(), "/login")} data-sign-in="" className="btn btn-primary">
            {t("Sign In")}
          </a>
        </form>
      </Dialog>
    </div>
  );
}
