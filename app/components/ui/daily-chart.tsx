import { formatNumber } from "~/lib/format";
import { msg, t } from "~/lib/i18n/i18n";

/**
 * A daily bar chart drawn on the server as SVG (issue 18): no chart library, no script. The bars scale to the
 * width of a phone; the labels are HTML (SVG text would stretch). Screen readers get a summary on the figure
 * and the figures as a table (in a closed <details>, for everyone who prefers numbers).
 */
export type DailyPoint = { day: string; value: number };

const MONTHS = [msg("Jan"), msg("Feb"), msg("Mar"), msg("Apr"), msg("May"), msg("Jun"), msg("Jul"), msg("Aug"), msg("Sep"), msg("Oct"), msg("Nov"), msg("Dec")];

/**
 * '2026-11-03' → '3 Nov' (the day is already a WAT date, so no time zone is involved). Written out by hand: a
 * chart labels hundreds of days, and toLocaleDateString costs a formatter each call. The month in the current language.
 */
export function shortDay(day: string): string {
  return `${Number(day.slice(8, 10))} ${t(MONTHS[Number(day.slice(5, 7)) - 1]!)}`;
}

export function DailyChart({ title, points, unit = "" }: { title: string; points: readonly DailyPoint[]; unit?: string }) {
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const peak = points.reduce<DailyPoint | null>((best, p) => (!best || p.value > best.value ? p : best), null);
  const max = Math.max(1, peak?.value ?? 0);
  const width = Math.max(points.length, 1) * 10;
  const height = 100;
  const first = points[0];
  const last = points[points.length - 1];
  const summary =
    peak && peak.value > 0
      ? t("{{title}}: {{total}}{{unit}} over {{days}} days, highest {{highest}} on {{day}}.", {
          title,
          total: formatNumber(total),
          unit,
          days: points.length,
          highest: formatNumber(peak.value),
          day: shortDay(peak.day),
        })
      : t("{{title}}: {{total}}{{unit}} over {{days}} days, none on any day.", { title, total: formatNumber(total), unit, days: points.length });
  return (
    <figure className="chart">
      <figcaption className="text-sm font-semibold text-gray-800">{title}</figcaption>
      <div className="mt-1 flex items-stretch gap-2">
        <div className="flex flex-col justify-between text-right text-xs text-gray-600" aria-hidden="true">
          <span>{formatNumber(max)}</span>
          <span>0</span>
        </div>
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${width} ${height}`}
          preserveAspectRatio="none"
          className="h-32 w-full rounded bg-gray-50"
        >
          {points.map((p, i) => {
            const h = p.value === 0 ? 0 : Math.max(1.5, (p.value / max) * (height - 4));
            return (
              <rect key={p.day} x={i * 10 + 1.5} y={height - h} width={7} height={h} className="fill-brand-600">
                <title>{`${shortDay(p.day)}: ${formatNumber(p.value)}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      {first && last && (
        <div className="ml-8 flex justify-between text-xs text-gray-600" aria-hidden="true">
          <span>{shortDay(first.day)}</span>
          <span>{shortDay(last.day)}</span>
        </div>
      )}
      <details className="mt-1 text-sm">
        <summary className="cursor-pointer text-gray-700">{t("{{title}} as a table", { title })}</summary>
        <table className="mt-1 w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col">{t("Day")}</th>
              <th scope="col" className="text-right">
                {title}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.day}>
                <td>{shortDay(p.day)}</td>
                <td className="text-right">{formatNumber(p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
