import { Link } from "react-router";
import type { Route } from "./+types/pricing";
import { seoMeta } from "~/components/seo";
import { SITE_NAME } from "~/components/site";
import { loginUrlFor } from "~/features/accounts/access";
import { optionalUser } from "~/features/accounts/guards.server";
import { DEFAULT_SHARE_IMAGE, pageUrl, publicUrl } from "~/features/directory/public-url.server";
import { formatDate } from "~/lib/format";
import { t } from "~/lib/i18n/i18n";
import { ANALYTICS_TIERS } from "~/features/analytics/analytics.schemas";
import { getPricing, type PlanCard } from "~/features/plans/get-pricing.server";
import { listOf } from "~/features/plans/plan-benefits";
import { PRICING_FAQ, PRICING_TEXTS } from "~/features/plans/plan-texts";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await optionalUser(request);
  const pricing = await getPricing(user, ANALYTICS_TIERS);
  const wanted = new URL(request.url).searchParams.get("plan");
  return {
    ...pricing,
    signedIn: Boolean(user),
    isBusiness: user?.role === "business",
    chosen: pricing.cards.find((c) => c.id === wanted)?.id ?? null,
    meta: seoMeta({
      title: `${t("Pricing")} | ${SITE_NAME}`,
      description: t("List one business for free, or choose {{plans}} for up to three listings and more.", {
        plans: listOf(
          pricing.cards.filter((c) => c.isPaid).map((c) => `${c.name} (${c.priceLabel} ${c.periodLabel})`),
          "or",
        ),
      }),
      canonical: pageUrl("/pricing"),
      image: publicUrl(DEFAULT_SHARE_IMAGE),
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

/** Where a plan's button goes: sign-in first (remembering the plan), /payment for paid plans, /dashboard for Free. */
function planHref(card: PlanCard, signedIn: boolean): string {
  if (!signedIn) return loginUrlFor(`/pricing?plan=${card.id}`);
  return card.isPaid ? `/payment?type=subscription&plan=${card.id}` : "/dashboard";
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { cards, current, signedIn, isBusiness, chosen } = loaderData;
  const chosenCard = cards.find((c) => c.id === chosen);
  return (
    <div className="page space-y-8">
      <div className="text-center">
        <h1 className="text-3xl font-extrabold">{t(PRICING_TEXTS.title)}</h1>
        <p className="mx-auto mt-2 max-w-xl text-gray-600">{t(PRICING_TEXTS.intro)}</p>
      </div>

      {!signedIn ? (
        <div role="status" className="mx-auto max-w-xl rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-center text-sm text-blue-900">
          {t(PRICING_TEXTS.signInPrompt)}{" "}
          <Link to={loginUrlFor(chosen ? `/pricing?plan=${chosen}` : "/pricing")} className="link">
            {t("Log in")}
          </Link>{" "}
          {t("or")}{" "}
          <Link to="/register/business" className="link">
            {t("register")}
          </Link>
          .
        </div>
      ) : !isBusiness ? (
        <div role="status" className="mx-auto max-w-xl rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-center text-sm text-blue-900">
          {t("Plans are for business accounts: they decide how many listings an owner can publish.")}
        </div>
      ) : chosenCard && !(chosenCard.isCurrent && !chosenCard.isPaid) ? (
        <div role="status" className="mx-auto flex max-w-xl flex-wrap items-center justify-center gap-3 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
          {t(PRICING_TEXTS.chosen, { plan: chosenCard.name })}
          <Link to={planHref(chosenCard, true)} className="btn btn-primary">
            {chosenCard.isPaid ? t(PRICING_TEXTS.continueToPayment) : t("Go to Dashboard")}
          </Link>
        </div>
      ) : null}

      <ul className="grid gap-5 md:grid-cols-3" aria-label={t("Plans")}>
        {cards.map((card) => {
          const disabled = card.isCurrent && !card.isPaid;
          const highlighted = card.id === chosen;
          return (
            <li
              key={card.id}
              aria-labelledby={`plan-${card.id}`}
              className={`card relative flex flex-col p-6 ${card.popular ? "ring-2 ring-brand-600" : ""} ${highlighted ? "outline-4 outline-offset-2 outline-amber-400" : ""}`}
            >
              {card.popular ? (
                <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-1 text-xs font-bold text-white">
                  {t(PRICING_TEXTS.mostPopular)}
                </span>
              ) : null}
              <h2 id={`plan-${card.id}`} className="text-lg font-bold">
                {card.name}
              </h2>
              <p className="mt-2">
                <span className="text-3xl font-extrabold">{card.priceLabel}</span>{" "}
                <span className="text-sm text-gray-600">{card.periodLabel}</span>
              </p>
              {card.perDayLabel ? <p className="text-sm text-gray-600">{card.perDayLabel}</p> : null}
              {card.isCurrent ? (
                <p className="mt-1 text-sm font-medium text-brand-700">
                  {t(PRICING_TEXTS.currentPlan)}
                  {card.isPaid && current?.endsAt ? ` · ${t("until {{date}}", { date: formatDate(current.endsAt) })}` : ""}
                </p>
              ) : null}
              {/* What the plan adds, in plain words from the benefit data (issue 32), beside the spec's list. */}
              <p className="mt-3 text-sm font-medium text-gray-800">{card.summary}</p>
              <ul className="mt-4 flex-1 space-y-2 text-sm">
                {card.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <span aria-hidden="true" className="text-brand-600">
                      ✓
                    </span>
                    {feature}
                  </li>
                ))}
              </ul>
              {/* What the plan's analytics show (issue 18): the same tiers the dashboard enforces. */}
              <p className="mt-3 border-t border-gray-100 pt-3 text-sm text-gray-700">{t(ANALYTICS_TIERS[card.id].promise)}</p>
              {card.featuredNote ? (
                <div className="mt-3 space-y-1 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
                  <p className="font-medium">{card.featuredNote.included}</p>
                  {card.featuredNote.comparison ? <p>{card.featuredNote.comparison}</p> : null}
                </div>
              ) : null}
              {disabled ? (
                <button type="button" disabled className="btn btn-outline mt-6 w-full cursor-not-allowed opacity-60">
                  {t(PRICING_TEXTS.currentPlan)}
                </button>
              ) : (
                <Link
                  to={planHref(card, signedIn)}
                  className={`btn mt-6 w-full ${card.popular ? "btn-primary" : "btn-outline"}`}
                >
                  {card.isCurrent
                    ? t("Renew {{plan}}", { plan: card.name })
                    : !signedIn && !card.isPaid
                      ? t("Get Started")
                      : t("Choose {{plan}}", { plan: card.name })}
                </Link>
              )}
            </li>
          );
        })}
      </ul>

      <p className="text-center text-sm text-gray-600">
        {t("Want your listing at the top of search results?")}{" "}
        <Link to="/featured-plans" className="link">
          {t("See featured plans")}
        </Link>
      </p>

      <section aria-labelledby="faq-title" className="mx-auto max-w-2xl">
        <h2 id="faq-title" className="mb-3 text-xl font-bold">
          {t(PRICING_TEXTS.faqTitle)}
        </h2>
        <div className="card divide-y divide-gray-100">
          {PRICING_FAQ.map((item) => (
            <details key={item.question} className="group px-5 py-4">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-3 font-medium">
                {t(item.question)}
                <span aria-hidden="true" className="transition-transform group-open:rotate-180">
                  ⌄
                </span>
              </summary>
              <p className="mt-2 text-sm text-gray-700">{t(item.answer)}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
