import { Link } from "react-router";
import { t } from "../../../lib/i18n/i18n";
import { SIMILAR_TEXTS } from "../listing.schemas";

export type SimilarListingRow = { id: string; name: string; state: string | null; lga: string | null; unclaimed: boolean };

/**
 * Inside the new listing's form (issue 34): the listings it may duplicate, each with the way to claim it, and the
 * box that confirms it is a different business (sent with the form as `notDuplicate`).
 */
export function SimilarListingsNotice({ listings, imagesDropped }: { listings: readonly SimilarListingRow[]; imagesDropped: boolean }) {
  return (
    <section role="alert" aria-labelledby="similar-title" className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      <h2 id="similar-title" className="font-semibold">
        {t(SIMILAR_TEXTS.title)}
      </h2>
      <p>{t(SIMILAR_TEXTS.text)}</p>
      <ul className="space-y-2">
        {listings.map((listing) => (
          <li key={listing.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="font-medium">{listing.name}</span>
            <span className="text-amber-800">{[listing.lga, listing.state].filter(Boolean).join(", ")}</span>
            {listing.unclaimed ? <span className="text-xs">{t(SIMILAR_TEXTS.unclaimed)}</span> : null}
            <Link to={`/businesses/${listing.id}`} className="underline">
              {t(SIMILAR_TEXTS.view)}
            </Link>
            <Link to={`/business/claim/${listing.id}`} className="font-semibold underline">
              {t(listing.unclaimed ? SIMILAR_TEXTS.claim : SIMILAR_TEXTS.review)}
            </Link>
          </li>
        ))}
      </ul>
      {imagesDropped ? <p>{t(SIMILAR_TEXTS.imagesAgain)}</p> : null}
      <label className="flex items-center gap-2 font-medium">
        <input type="checkbox" name="notDuplicate" value="1" className="h-4 w-4" />
        {t(SIMILAR_TEXTS.confirm)}
      </label>
    </section>
  );
}
