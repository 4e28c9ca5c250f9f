import { Link } from "react-router";
import { DailyChart } from "../../../components/ui/daily-chart";
import { formatDateTime, formatNaira, formatNumber } from "../../../lib/format";
import { t } from "../../../lib/i18n/i18n";
import { changeText, SITE_FIGURES, SITE_OVERVIEW_TEXTS, type SiteFigure, type SiteOverview } from "../site-overview";
import { EmptyState, LoadError } from "./admin-ui";
import type { HeldBack } from "../../analytics/held-back-counts.server";

const show = (figure: SiteFigure, value: number) => (figure === "revenueKobo" ? formatNaira(value) : formatNumber(value));

/**
 * The admin overview (issue 18): the totals of the last 7, 30 and 90 days beside the period before, and a
 * daily chart of each figure for the last 90 days (WAT). Server-rendered: a table and SVG, no script.
 */
export function OverviewTab({ overview, loadError }: { overview: SiteOverview | null; loadError?: string }) {
  return (
    <section aria-labelledby="overview-title">
      <h2 id="overview-title" className="mb-1 text-lg font-semibold">
        {t(SITE_OVERVIEW_TEXTS.title)}
      </h2>
      {loadError ? <LoadError text={loadError} /> : null}
      {overview ? (
        <>
          <p className="mb-3 text-sm text-gray-600">
            {overview.computedAt ? SITE_OVERVIEW_TEXTS.updatedAt(formatDateTime(overview.computedAt)) : t(SITE_OVERVIEW_TEXTS.notYet)}
          </p>
          <div className="card overflow-x-auto p-4" role="region" aria-label={t("Totals")} tabIndex={0}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t("Totals of the last 7, 30 and 90 days, with the change from the period before")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("Figure")}</th>
                  {overview.periods.map((p) => (
                    <th key={p.days} scope="col" className="text-right">
                      {t("Last {{days}} days", { days: p.days })}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {SITE_FIGURES.map((f) => (
                  <tr key={f.id} className="border-t border-gray-100">
                    <th scope="row" className="py-1 font-medium">
                      {t(f.label)}
                    </th>
                    {overview.periods.map((p) => {
                      const change = changeText(p.totals[f.id], p.previous?.[f.id], p.days);
                      return (
                        <td key={p.days} className="py-1 text-right">
                          <span className="font-semibold">{show(f.id, p.totals[f.id])}</span>
                          {change ? <span className="ml-1 text-xs text-gray-600">({change})</span> : null}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-2 text-xs text-gray-600">{t(SITE_OVERVIEW_TEXTS.revenueNote)}</p>
          </div>
          <HeldBackCard heldBack={overview.heldBack} />
          <div className="mt-4 grid gap-4 md:grid-cols-2">
            {SITE_FIGURES.map((f) => (
              <div key={f.id} className="card p-4">
                <DailyChart
                  title={f.id === "revenueKobo" ? t("Revenue (₦)") : t(f.label)}
                  points={overview.days.map((d) => ({ day: d.day, value: f.id === "revenueKobo" ? Math.round(d.revenueKobo / 100) : d[f.id] }))}
                />
              </div>
            ))}
          </div>
        </>
      ) : loadError ? null : (
        <EmptyState>{t(SITE_OVERVIEW_TEXTS.notYet)}</EmptyState>
      )}
    </section>
  );
}

/** What the counting rules held back this week (issue 38): bursts from one address, kept but not counted. */
function HeldBackCard({ heldBack }: { heldBack: HeldBack }) {
  const any = heldBack.views + heldBack.appearances + heldBack.taps > 0;
  return (
    <div className="card mt-4 p-4" role="region" aria-labelledby="held-back-title">
      <h3 id="held-back-title" className="font-semibold">
        {t(SITE_OVERVIEW_TEXTS.heldTitle)}
      </h3>
      <p className="mb-2 text-xs text-gray-600">{t(SITE_OVERVIEW_TEXTS.heldNote)}</p>
      {any ? (
        <div className="overflow-x-auto" tabIndex={0} role="group" aria-label={t(SITE_OVERVIEW_TEXTS.heldTitle)}>
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">{t("Listing")}</th>
                <th scope="col" className="text-right">{t("Views")}</th>
                <th scope="col" className="text-right">{t("Search appearances")}</th>
                <th scope="col" className="text-right">{t("Contact taps")}</th>
              </tr>
            </thead>
            <tbody>
              <tr className="border-t border-gray-100 font-semibold">
                <th scope="row" className="py-1">{t("All listings")}</th>
                <td className="py-1 text-right">{formatNumber(heldBack.views)}</td>
                <td className="py-1 text-right">{formatNumber(heldBack.appearances)}</td>
                <td className="py-1 text-right">{formatNumber(heldBack.taps)}</td>
              </tr>
              {heldBack.listings.map((l) => (
                <tr key={l.id} className="border-t border-gray-100">
                  <th scope="row" className="py-1 font-normal">
                    <Link to={`/businesses/${l.id}`} className="link">
                      {l.name}
                    </Link>
                  </th>
                  <td className="py-1 text-right">{formatNumber(l.views)}</td>
                  <td className="py-1 text-right">{formatNumber(l.appearances)}</td>
                  <td className="py-1 text-right">{formatNumber(l.taps)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-sm">{t(SITE_OVERVIEW_TEXTS.heldNone)}</p>
      )}
    </div>
  );
}
