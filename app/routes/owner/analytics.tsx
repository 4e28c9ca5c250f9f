import { data, Form, Link } from "react-router";
import { useSyncExternalStore } from "react";
import type { Route } from "./+types/analytics";
import { SITE_NAME } from "~/components/site";
import { DailyChart, shortDay } from "~/components/ui/daily-chart";
import { SortChoice } from "~/components/ui/sort-choice";
import { useLinkNavigation } from "~/features/directory/components/link-navigation";
import { requireUser } from "~/features/accounts/guards.server";
import {
  ANALYTICS_PERIODS, getListingAnalytics, planUnlocking, type ListingAnalytics, type TotalWithChange,
} from "~/features/analytics/get-listing-analytics.server";
import { replyWithinText } from "~/features/analytics/analytics.schemas";
import { describeError, throwRouteError } from "~/lib/error-responses.server";
import { isAppError, type Failure } from "~/lib/app-error";
import { formatNumber } from "~/lib/format";
import { currentLocale, msg, t } from "~/lib/i18n/i18n";
import { localizePath } from "~/lib/i18n/locales";

export const meta: Route.MetaFunction = () => [{ title: `${t("Analytics")} – ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

/**
 * GET /dashboard/analytics?listing=all|<id>&days=7|30|90 (issue 18): the owner's figures as far as the plan
 * shows them. A period the plan does not include is refused by the use case; the page then says so and shows
 * the plan's own period (status 403, the page stays usable).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, ["business"]);
  const params = new URL(request.url).searchParams;
  const listing = params.get("listing");
  try {
    const analytics = await getListingAnalytics(user, { listing, days: params.get("days") });
    return { analytics, offers: offersFor(analytics), refusal: null as Failure | null };
  } catch (error) {
    if (!isAppError(error) || error.reason !== "analytics-period") throwRouteError(error);
    const { status, failure } = describeError(error);
    try {
      const analytics = await getListingAnalytics(user, { listing, days: null });
      return data({ analytics, offers: offersFor(analytics), refusal: failure as Failure | null }, { status });
    } catch (again) {
      throwRouteError(again);
    }
  }
}

/** The period choices, and which plan unlocks what this one does not show (worked out here, on the server). */
function offersFor(a: ListingAnalytics) {
  const longest = a.tier.periods[a.tier.periods.length - 1]!;
  return {
    // The periods as choices, the one shown marked (issue 32: controls that look like controls and apply when
    // chosen); a period the plan does not include says which plan has it, and its page explains.
    periods: ANALYTICS_PERIODS.map((d) => ({
      label: a.tier.periods.includes(d)
        ? t("{{days}} days", { days: d })
        : t("{{days}} days ({{plan}} plan)", { days: d, plan: planUnlocking((tier) => tier.periods.includes(d)) }),
      // A plain link (SortChoice): it carries the language's prefix itself.
      href: localizePath(currentLocale(), `/dashboard/analytics?${query(a, { days: d })}`),
      current: d === a.days,
    })),
    longer: longest < ANALYTICS_PERIODS[ANALYTICS_PERIODS.length - 1]! ? { days: longest, plan: planUnlocking((tier) => tier.periods.length > a.tier.periods.length) } : null,
    charts: planUnlocking((tier) => tier.charts),
    channels: planUnlocking((tier) => tier.channels),
    searchWords: planUnlocking((tier) => tier.searchWords),
    csv: planUnlocking((tier) => tier.csv),
  };
}

const METRICS = [
  { key: "views", label: msg("Page views") },
  { key: "impressions", label: msg("Search appearances") },
  { key: "contacts", label: msg("Contact actions") },
  { key: "conversations", label: msg("Conversations started") },
  { key: "messages", label: msg("Messages received") },
  { key: "quotes", label: msg("Quote requests received") },
] as const;

const CHANNELS = [
  { key: "call", label: msg("Calls") },
  { key: "whatsapp", label: msg("WhatsApp") },
  { key: "website", label: msg("Website visits") },
  { key: "directions", label: msg("Directions") },
] as const;

/** '+12% vs previous 30 days', 'new' when the previous period had none. */
function changeText(total: TotalWithChange, days: number): string {
  if (total.change === null) return total.value > 0 ? t("new (none in the previous {{days}} days)", { days }) : t("none in the previous {{days}} days either", { days });
  const sign = total.change > 0 ? "+" : total.change < 0 ? "−" : "±";
  return t("{{change}} vs previous {{days}} days", { change: `${sign}${Math.abs(total.change)}%`, days });
}

function query(analytics: ListingAnalytics, over: { days?: number; listing?: string } = {}): string {
  const params = new URLSearchParams({ listing: over.listing ?? analytics.listing, days: String(over.days ?? analytics.days) });
  return params.toString();
}

/** What a better plan adds, as one sentence in the current language ('Daily charts come with the Standard plan.'). */
function Upsell({ text }: { text: string }) {
  return (
    <p className="text-sm text-gray-700">
      {text}{" "}
      <Link to="/pricing" className="link">
        {t("See plans")}
      </Link>
    </p>
  );
}

const noSubscription = () => () => {};

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { analytics: a, offers, refusal } = loaderData;
  const followLink = useLinkNavigation();
  // 'Show' until the page's script runs (without it, or while it loads); then a listing applies when chosen.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const chosenName = a.listing === "all" ? t("All your listings") : (a.listings.find((l) => l.id === a.listing)?.name ?? "");
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8">
      <nav aria-label={t("Breadcrumb")} className="text-sm">
        <Link to="/dashboard" className="link">
          {t("Dashboard")}
        </Link>
      </nav>
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("Analytics")}</h1>
        <p className="text-gray-600">
          {t("{{listing}}: the last {{days}} days ({{from}} to {{to}}, Lagos time). Your plan: {{plan}}.", {
            listing: chosenName,
            days: a.days,
            from: shortDay(a.from),
            to: shortDay(a.to),
            plan: a.planName,
          })}
        </p>
      </div>

      {refusal ? (
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {refusal.title ? <strong className="block">{refusal.title}</strong> : null}
          {refusal.text}{" "}
          {refusal.link ? (
            <Link to={refusal.link.href} className="font-semibold underline">
              {refusal.link.label}
            </Link>
          ) : null}
          <span className="block">{t("Showing the last {{days}} days instead.", { days: a.days })}</span>
        </div>
      ) : null}

      {a.listings.length === 0 ? (
        <div className="card p-6 text-center text-gray-700">
          {t("You have no listings yet, so there is nothing to count.")}{" "}
          <Link to="/business/create" className="link">
            {t("Add a business")}
          </Link>
        </div>
      ) : (
        <div className="card space-y-3 p-4">
          {/* A listing applies when chosen (said beside it, WCAG 3.2.2); until the script runs, 'Show' sends it. */}
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="days" value={a.days} />
            <label className="flex min-w-0 flex-1 flex-col text-sm">
              <span className="font-medium">{t("Listing")}</span>
              <span id="listing-hint" className="text-xs text-gray-600">
                {t("The figures change as soon as you choose.")}
              </span>
              <select name="listing" defaultValue={a.listing} aria-describedby="listing-hint" className="field" onChange={(e) => e.currentTarget.form?.requestSubmit()}>
                <option value="all">{t("All your listings")}</option>
                {a.listings.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </select>
            </label>
            {hydrated ? null : (
              <button type="submit" className="btn btn-primary">
                {t("Show")}
              </button>
            )}
          </Form>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <SortChoice label={t("Period")} options={offers.periods} onClick={followLink} />
            {a.tier.csv ? (
              <a href={localizePath(currentLocale(), `/dashboard/analytics.csv?${query(a)}`)} className="btn btn-outline" download>
                {t("Download CSV")}
              </a>
            ) : null}
          </div>
        </div>
      )}

      <section aria-labelledby="totals-title" className="space-y-2">
        <h2 id="totals-title" className="text-lg font-semibold">
          {t("Totals")}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 md:grid-cols-3">
          {METRICS.map((m) => {
            const total = a.totals[m.key];
            return (
              <li key={m.key} className="card p-4">
                <span className="block text-sm text-gray-600">{t(m.label)}</span>
                <strong className="block text-2xl">{formatNumber(total.value)}</strong>
                <span className="block text-xs text-gray-600">{changeText(total, a.days)}</span>
              </li>
            );
          })}
        </ul>
        <p className="text-xs text-gray-600">{t("Contact actions are calls, WhatsApp chats, website visits and directions opened from your listing.")}</p>
      </section>

      <section aria-labelledby="charts-title" className="space-y-3">
        <h2 id="charts-title" className="text-lg font-semibold">
          {t("Day by day")}
        </h2>
        {a.series ? (
          <div className="grid gap-4 md:grid-cols-2">
            <DailyChart title={t("Page views")} points={a.series.map((p) => ({ day: p.day, value: p.views }))} />
            <DailyChart title={t("Search appearances")} points={a.series.map((p) => ({ day: p.day, value: p.impressions }))} />
            <DailyChart title={t("Contact actions")} points={a.series.map((p) => ({ day: p.day, value: p.contacts }))} />
            <DailyChart title={t("Conversations started")} points={a.series.map((p) => ({ day: p.day, value: p.conversations }))} />
          </div>
        ) : (
          <Upsell text={t("Daily charts come with the {{plan}} plan.", { plan: offers.charts })} />
        )}
        {offers.longer ? (
          <Upsell text={t("Periods longer than {{days}} days come with the {{plan}} plan.", { days: offers.longer.days, plan: offers.longer.plan })} />
        ) : null}
      </section>

      <section aria-labelledby="channels-title" className="space-y-2">
        <h2 id="channels-title" className="text-lg font-semibold">
          {t("Contacts by channel and messaging")}
        </h2>
        {a.channels && a.messaging ? (
          <>
            <ul className="grid gap-3 sm:grid-cols-2 md:grid-cols-4">
              {CHANNELS.map((c) => {
                const total = a.channels![c.key];
                return (
                  <li key={c.key} className="card p-4">
                    <span className="block text-sm text-gray-600">{t(c.label)}</span>
                    <strong className="block text-xl">{formatNumber(total.value)}</strong>
                    <span className="block text-xs text-gray-600">{changeText(total, a.days)}</span>
                  </li>
                );
              })}
            </ul>
            <dl className="card grid gap-2 p-4 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-gray-600">{t("Conversations started")}</dt>
                <dd className="font-semibold">{formatNumber(a.messaging.conversations)}</dd>
              </div>
              <div>
                <dt className="text-gray-600">{t("Answered")}</dt>
                <dd className="font-semibold">{a.messaging.answeredShare === null ? t("No conversations yet") : `${Math.round(a.messaging.answeredShare * 100)}%`}</dd>
              </div>
              <div>
                <dt className="text-gray-600">{t("Median time to first reply")}</dt>
                <dd className="font-semibold">
                  {a.messaging.medianReplySeconds === null ? t("No replies yet") : replyWithinText(a.messaging.medianReplySeconds)}
                </dd>
              </div>
            </dl>
          </>
        ) : (
          <Upsell text={t("Contacts by channel and reply times come with the {{plan}} plan.", { plan: offers.channels })} />
        )}
      </section>

      <section aria-labelledby="words-title" className="space-y-2">
        <h2 id="words-title" className="text-lg font-semibold">
          {t("Top search words")}
        </h2>
        {a.searchWords ? (
          a.searchWords.length === 0 ? (
            <p className="text-sm text-gray-700">{t("No searches showed your listings in this period.")}</p>
          ) : (
            <ol className="card list-decimal space-y-1 p-4 pl-8 text-sm">
              {a.searchWords.map((w) => (
                <li key={w.words}>
                  {w.words} <span className="text-gray-600">{`(${formatNumber(w.count)})`}</span>
                </li>
              ))}
            </ol>
          )
        ) : (
          <Upsell text={t("The search words that showed your listings come with the {{plan}} plan.", { plan: offers.searchWords })} />
        )}
      </section>

      {!a.tier.csv ? <Upsell text={t("CSV downloads come with the {{plan}} plan.", { plan: offers.csv })} /> : null}
    </div>
  );
}
