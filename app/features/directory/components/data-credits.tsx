import { t } from "../../../lib/i18n/i18n";
import { OSM_CREDIT, OVERTURE_CREDIT } from "../types";

/**
 * The credits the open data's licences ask of a page that shows it (ADR 38): OpenStreetMap's contributors (ODbL) and
 * Overture Maps with its sources, each shown where such listings are; nothing when there are none.
 */
export function DataCredits({ osm, overture, className = "mt-6 text-xs text-gray-600" }: { osm: boolean; overture?: boolean; className?: string }) {
  if (!osm && !overture) return null;
  return (
    <p className={`${className} flex flex-wrap gap-x-3`}>
      {osm ? (
        <a href={OSM_CREDIT.href} className="link" rel="noopener">
          {t(OSM_CREDIT.text)}
        </a>
      ) : null}
      {overture ? (
        <a href={OVERTURE_CREDIT.href} className="link" rel="noopener">
          {t(OVERTURE_CREDIT.text)}
        </a>
      ) : null}
    </p>
  );
}
