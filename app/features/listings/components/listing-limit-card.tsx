import { ButtonLink } from "../../../components/ui/button";
import { t } from "../../../lib/i18n/i18n";
import { LISTING_TEXTS } from "../listing.schemas";

/**
 * Shown on /business/create when the owner already holds as many listings as their plan allows: what the
 * limit is and the way to a plan with more (the Add Business button always leads somewhere useful).
 */
export function ListingLimitCard({ owned, limit }: { owned: number; limit: number }) {
  const { title, text, link } = LISTING_TEXTS.limitReached;
  return (
    <section className="rounded-2xl border border-amber-200 bg-amber-50 p-6" aria-labelledby="listing-limit-title">
      <h2 id="listing-limit-title" className="text-lg font-semibold text-gray-900">
        {t(title)}
      </h2>
      <p className="mt-1 text-gray-700">{t(text)}</p>
      <p className="mt-1 text-sm text-gray-600">
        {t("You have {{owned}} of {{count}} listings. Standard and Premium allow up to 3.", { owned, count: limit })}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <ButtonLink to={link.href}>{t(link.label)}</ButtonLink>
        <ButtonLink to="/dashboard" variant="outline">
          {t("Back to Dashboard")}
        </ButtonLink>
      </div>
    </section>
  );
}
