import { useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/featured-plans";
import { seoMeta } from "~/components/seo";
import { SITE_NAME } from "~/components/site";
import { loginUrlFor } from "~/features/accounts/access";
import { optionalUser, requireUser } from "~/features/accounts/guards.server";
import { DEFAULT_SHARE_IMAGE, pageUrl, publicUrl } from "~/features/directory/public-url.server";
import { PAYMENT_TEXTS, parseCheckout, translatedFailure } from "~/features/payments/payment.schemas";
import { afterPaymentHref, payForPlan } from "~/features/payments/pay-for-plan.server";
import { featuredPlanCards, featuringPlanExplained } from "~/features/plans/get-pricing.server";
import { onFeaturingPlanNote } from "~/features/plans/plan-benefits";
import { listFeaturableListings } from "~/features/featured/list-featurable-listings.server";
import { FEATURED_TEXTS, PLAN_EXPLAINED_TEXTS, PRICING_TEXTS } from "~/features/plans/plan-texts";
import { ANALYTICS_TIERS } from "~/features/analytics/analytics.schemas";
import { failureData } from "~/lib/error-responses.server";
import { FailureAlert } from "~/components/ui/alert";
import { currentLocale, t } from "~/lib/i18n/i18n";
import { localizePath } from "~/lib/i18n/locales";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await optionalUser(request);
  const cards = featuredPlanCards();
  const url = new URL(request.url);
  const wanted = url.searchParams.get("plan");
  // Each listing says whether its owner's Premium plan features it already, and until when (issue 32).
  const listings = (await listFeaturableListings(user)).map(({ premiumUntil, ...listing }) => ({
    ...listing,
    featuringNote: premiumUntil ? onFeaturingPlanNote(listing.name, premiumUntil) : null,
  }));
  return {
    cards,
    featuringPlan: featuringPlanExplained(ANALYTICS_TIERS),
    selected: cards.find((c) => c.id === wanted)?.id ?? cards.find((c) => c.popular)?.id ?? cards[0]!.id,
    selectedListing: url.searchParams.get("businessId") ?? "",
    audience: !user ? ("anonymous" as const) : user.role === "business" ? ("owner" as const) : ("other" as const),
    listings,
    meta: seoMeta({
      title: `${t(FEATURED_TEXTS.title)} | ${SITE_NAME}`,
      description: t("Feature your business at the top of search results: {{plans}}.", {
        plans: cards.map((c) => t("{{plan}} {{price}} for {{period}}", { plan: c.name, price: c.priceLabel, period: c.periodLabel })).join(", "),
      }),
      canonical: pageUrl("/featured-plans"),
      image: publicUrl(DEFAULT_SHARE_IMAGE),
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, ["visitor", "business", "admin"]);
  const form = await request.formData();
  form.set("type", "featured");
  const typed = { plan: String(form.get("plan") ?? ""), businessId: String(form.get("businessId") ?? "") };
  try {
    const result = await payForPlan(user, parseCheckout(form));
    if (result.status === "redirect") throw redirect(result.url);
    if (result.status === "paid") throw redirect(afterPaymentHref(result));
    // Not known yet at the gateway: the owner is told it is processing (the dashboard shows it once settled).
    return { ok: false as const, failure: translatedFailure(PAYMENT_TEXTS.stillProcessing), typed };
  } catch (error) {
    return failureData(error, { fallback: PAYMENT_TEXTS.error, keep: { typed } });
  }
}

/** Three featured plans, one selectable, the owner's listing, an order summary and a pay button (spec 02). */
export default function FeaturedPlans({ loaderData, actionData }: Route.ComponentProps) {
  const { cards, audience, listings, featuringPlan } = loaderData;
  const navigation = useNavigation();
  const [plan, setPlan] = useState(actionData?.typed.plan || loaderData.selected);
  const [listingId, setListingId] = useState(
    actionData?.typed.businessId || (listings.some((l) => l.id === loaderData.selectedListing) ? loaderData.selectedListing : (listings[0]?.id ?? "")),
  );
  const card = cards.find((c) => c.id === plan) ?? cards[0]!;
  const listing = listings.find((l) => l.id === listingId);
  const paying = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post" && navigation.formAction === localizePath(currentLocale(), "/featured-plans");
  const canPay = audience === "owner" && listings.length > 0;

  return (
    <div className="page max-w-4xl space-y-6">
      <div className="text-center">
        <h1 className="text-3xl font-extrabold">{t(FEATURED_TEXTS.title)}</h1>
        <p className="mt-2 text-gray-600">{t(FEATURED_TEXTS.intro)}</p>
      </div>

      {actionData?.failure ? <FailureAlert failure={actionData.failure} /> : null}

      <Form method="post" className="grid gap-6 md:grid-cols-[1fr_18rem]">
        <div className="space-y-5">
          <fieldset>
            <legend className="mb-3 text-lg font-semibold">{t("Choose a plan")}</legend>
            <div className="grid gap-3 sm:grid-cols-3">
              {cards.map((c) => (
                <label
                  key={c.id}
                  className={`card relative block cursor-pointer p-4 has-[:checked]:ring-2 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600`}
                >
                  <input
                    type="radio"
                    name="plan"
                    value={c.id}
                    checked={plan === c.id}
                    onChange={() => setPlan(c.id)}
                    className="peer sr-only"
                  />
                  {/* A filled dot marks the choice as well as the ring: not by colour alone. */}
                  <span
                    aria-hidden="true"
                    className="absolute bottom-4 right-4 h-5 w-5 rounded-full border-2 border-gray-300 peer-checked:border-[6px] peer-checked:border-brand-600"
                  />
                  {c.popular ? (
                    <span className="absolute -top-2.5 right-3 rounded-full bg-amber-400 px-2 py-0.5 text-xs font-bold text-amber-950">{t(PRICING_TEXTS.popular)}</span>
                  ) : null}
                  <span className="block font-bold">{c.name}</span>
                  <span className="mt-1 block text-2xl font-extrabold">{c.priceLabel}</span>
                  <span className="block text-sm text-gray-600">{c.periodLabel}</span>
                  {c.perDayLabel ? <span className="block text-sm text-gray-600">{c.perDayLabel}</span> : null}
                  {/* What it adds over the cheaper one (issue 32); clear of the choice's dot. */}
                  <span className="mt-2 block pr-7 text-sm text-gray-800">{c.summary}</span>
                </label>
              ))}
            </div>
          </fieldset>

          {/* The Premium plan already features every listing (issue 32): said here, with the same-price comparison. */}
          <div className="space-y-1 rounded-lg border border-gray-200 bg-gray-50 px-3 py-2 text-sm text-gray-700">
            <p>
              {featuringPlan.note}{" "}
              <Link to="/pricing" className="link">
                {t(PLAN_EXPLAINED_TEXTS.seePlans)}
              </Link>
            </p>
            {featuringPlan.comparison ? <p>{featuringPlan.comparison}</p> : null}
          </div>

          {audience === "owner" ? (
            listings.length > 0 ? (
              <div>
                <label htmlFor="featured-listing" className="block text-sm font-medium text-gray-700">
                  {t(FEATURED_TEXTS.chooseListing)}
                </label>
                <select
                  id="featured-listing"
                  name="businessId"
                  value={listingId}
                  onChange={(e) => setListingId(e.target.value)}
                  aria-describedby={listing?.featuringNote ? "featuring-plan-note" : undefined}
                  className="field mt-1"
                >
                  {listings.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
                </select>
                {listing?.featuringNote ? (
                  <p id="featuring-plan-note" className="mt-2 break-words rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
                    {listing.featuringNote}
                  </p>
                ) : null}
              </div>
            ) : (
              <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {t(FEATURED_TEXTS.noListings)}{" "}
                <Link to="/dashboard" className="link">
                  {t("Go to Dashboard")}
                </Link>
              </p>
            )
          ) : audience === "anonymous" ? (
            <p role="status" className="rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900">
              {t(FEATURED_TEXTS.signIn)}
            </p>
          ) : (
            <p role="status" className="rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900">
              {t(FEATURED_TEXTS.businessOnly)}
            </p>
          )}
        </div>

        <aside aria-labelledby="summary-title" className="card h-fit space-y-3 p-5">
          <h2 id="summary-title" className="font-semibold">
            {t(FEATURED_TEXTS.summary)}
          </h2>
          <dl className="space-y-1 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-gray-600">{t("Plan")}</dt>
              <dd className="font-medium">{card.name}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-gray-600">{t("Duration")}</dt>
              <dd>{card.periodLabel}</dd>
            </div>
            {card.perDayLabel ? (
              <div className="flex justify-between gap-3">
                <dt className="text-gray-600">{t(PLAN_EXPLAINED_TEXTS.perDayRow)}</dt>
                <dd>{card.perDayLabel}</dd>
              </div>
            ) : null}
            {listing ? (
              <div className="flex justify-between gap-3">
                <dt className="text-gray-600">{t("Listing")}</dt>
                <dd className="truncate text-right">{listing.name}</dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-3 border-t border-gray-100 pt-2 text-base">
              <dt className="font-semibold">{t("Total")}</dt>
              <dd className="font-bold">{card.priceLabel}</dd>
            </div>
          </dl>
          {audience === "anonymous" ? (
            <Link to={loginUrlFor(`/featured-plans?plan=${card.id}`)} className="btn btn-primary w-full">
              {t("Sign in to continue")}
            </Link>
          ) : (
            <button type="submit" disabled={!canPay || paying} className="btn btn-primary w-full disabled:cursor-not-allowed disabled:opacity-60">
              {paying ? t(FEATURED_TEXTS.processing) : t(FEATURED_TEXTS.pay, { amount: card.priceLabel })}
            </button>
          )}
          {paying ? (
            <p role="status" className="text-center text-sm text-gray-600">
              {t("Please wait while we confirm your payment.")}
            </p>
          ) : null}
        </aside>
      </Form>
    </div>
  );
}
