import { useState } from "react";
import { useNavigate } from "react-router";
import { businessesHref, businessesParams, type FilterLink } from "../search-params";

type NearMeProps = {
  /** The search as it is (text, filters, order), kept when the location is added. */
  filters: FilterLink;
  /** The point in use ('lat,lng'), shown in the coordinates field. */
  near: string | null;
  /** Why there is no location (the loader's text: no formatting or wording shipped as code). */
  explanation: string;
};

/**
 * 'Near me' on /businesses (ADR 23). With JavaScript, the browser's position (asked for on the press) becomes
 * ?near=lat,lng rounded to 4 decimals (about 11 m: shareable, cacheable URLs). Without JavaScript (the link opens #near-me), or when
 * the browser shares no location, the panel says why and takes typed coordinates (a plain GET form).
 */
export function NearMe({ filters, near, explanation }: NearMeProps) {
  const navigate = useNavigate();
  const [refused, setRefused] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <div className="w-full">
      <a
        href="#near-me"
        className="btn btn-outline"
        aria-busy={busy}
        onClick={(event) => {
          event.preventDefault();
          // A few lines inline: a dynamic import() of them would ship Vite's preload helper to every public page.
          if (!("geolocation" in navigator)) return setRefused(true);
          setBusy(true);
          navigator.geolocation.getCurrentPosition(
            ({ coords }) => {
              const round = (value: number) => Math.round(value * 1e4) / 1e4;
              navigate(businessesHref({ ...filters, near: `${round(coords.latitude)},${round(coords.longitude)}`, page: 1 }));
            },
            () => {
              setBusy(false);
              setRefused(true);
            },
            { timeout: 15_000, maximumAge: 300_000 },
          );
        }}
      >
        <span className="i i-pin h-4 w-4" />
        Near me
      </a>
      <div id="near-me" className={`${refused ? "" : "hidden"} target:block mt-3 rounded-lg bg-brand-50 p-3 text-sm`}>
        <p role="status">{explanation}</p>
        <form action="/businesses" className="mt-2 flex flex-wrap gap-2">
          {/* The search as it is (text, every filter, the order), without the old point and page. */}
          {[...businessesParams({ ...filters, near: null, page: null })].map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor="near-coordinates" className="sr-only">
            Coordinates (latitude, longitude)
          </label>
          <input id="near-coordinates" name="near" defaultValue={near ?? ""} placeholder="6.5244,3.3792" inputMode="decimal" maxLength={40} className="field min-w-0 flex-1" />
          <button type="submit" className="btn btn-primary">
            Search near here
          </button>
        </form>
      </div>
    </div>
  );
}
