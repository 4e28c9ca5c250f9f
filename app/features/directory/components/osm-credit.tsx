import { OSM_CREDIT } from "../types";

/** The credit OpenStreetMap's licence (ODbL) asks of a page that shows its data (ADR 38): shown where such listings are. */
export function OsmCredit({ className = "mt-6 text-xs text-gray-600" }: { className?: string }) {
  return (
    <p className={className}>
      <a href={OSM_CREDIT.href} className="link" rel="noopener">
        {OSM_CREDIT.text}
      </a>
    </p>
  );
}
