import { useNavigate } from "react-router";
import { useEnhance } from "~/components/use-enhance";
import { enhanceNearMe } from "~/enhance/near-me";
import { currentLocale, t } from "~/lib/i18n/i18n";
import { localizePath } from "~/lib/i18n/locales";
import { businessesParams, type FilterLink } from "../search-params";

type NearMeProps = {
  /** The search as it is (text, filters, order), kept when the location is added. */
  filters: FilterLink;
  /** The point in use ('lat,lng'), shown in the coordinates field. */
  near: string | null;
  /** Why there is no location (the loader's text: no formatting or wording shipped as code). */
  explanation: string;
  /** Places to choose with one tap ('Near Ikeja'): the chosen state's LGAs, else the largest cities (issue 32). */
  suggestions: { label: string; href: string }[];
};

/**
 * 'Near me' on /businesses (ADR 23). With JavaScript, the browser's position (asked for on the press) becomes
 * ?near=lat,lng rounded to 4 decimals (about 11 m: shareable, cacheable URLs), by `app/enhance/near-me.ts` (ADR 29).
 * Without JavaScript (the link opens #near-me), or when the browser shares no location, the panel says why and
 * offers places instead: one tap on a nearby LGA or city, or a place typed by name (a plain GET form, which also
 * carries the search as it is; coordinates typed there still work). Nobody has to know their latitude.
 */
export function NearMe({ filters, near, explanation, suggestions }: NearMeProps) {
  const navigate = useNavigate();
  const ref = useEnhance<HTMLAnchorElement>((link) => enhanceNearMe(link, navigate));
  const locale = currentLocale();
  return (
    <div className="w-full">
      <a ref={ref} href="#near-me" data-enhance="near-me" className="btn btn-outline">
        <span className="i i-pin h-4 w-4" />
        {t("Near me")}
      </a>
      <div id="near-me" className="hidden target:block mt-3 rounded-lg bg-brand-50 p-3 text-sm">
        <p role="status">{explanation}</p>
        <form action={localizePath(locale, "/businesses")} className="mt-2 flex flex-wrap gap-2">
          {/* The search as it is (text, every filter, the order), without the old point and page. */}
          {[...businessesParams({ ...filters, near: null, page: null })].map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor="near-place" className="sr-only">
            {t("A town, area, street or LGA")}
          </label>
          <input id="near-place" name="near" defaultValue={near ?? ""} placeholder={t("Town, area, street or LGA")} maxLength={60} className="field min-w-0 flex-1" />
          <button type="submit" className="btn btn-primary">
            {t("Search near here")}
          </button>
        </form>
        {suggestions.length > 0 && (
          <ul aria-label={t("Places")} className="mt-3 flex flex-wrap gap-2">
            {suggestions.map((place) => (
              <li key={place.href}>
                <a href={localizePath(locale, place.href)} className="pill-link">
                  {place.label}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
