import { SafeImage } from "../../../components/safe-image";
import { currentLocale, t } from "../../../lib/i18n/i18n";
import { localizePath } from "../../../lib/i18n/locales";
import type { PublicOffer } from "../offer.schemas";

/**
 * A business page's 'Special offers' (issue 37): each current offer's title, text, photo (lazy, responsive; with
 * data saver on it waits for a tap, as the gallery's), its last day and code, and a plain 'Report this offer' link
 * (no script: the report page asks signed-out visitors to log in). Nothing when there is none.
 */
export function SpecialOffers({ offers }: { offers: PublicOffer[] }) {
  if (offers.length === 0) return null;
  const locale = currentLocale();
  return (
    <section className="mt-8" aria-labelledby="offers-title">
      <h2 id="offers-title" className="title">
        {t("Special offers")}
      </h2>
      <ul className="mt-3 space-y-3">
        {offers.map((offer) => (
          <li key={offer.id} id={`offer-${offer.id}`} className="card flex flex-col gap-3 p-4 sm:flex-row">
            {offer.photo && (
              <SafeImage
                src={offer.photo.src}
                srcSet={offer.photo.srcSet}
                sizes="(min-width: 640px) 160px, 100vw"
                alt=""
                width={640}
                height={480}
                loading="lazy"
                className="aspect-4/3 w-full shrink-0 rounded-lg sm:w-40"
              />
            )}
            <div className="min-w-0 flex-1">
              <h3 className="font-semibold">{offer.title}</h3>
              <p className="mt-1 whitespace-pre-line break-words text-sm text-gray-700">{offer.text}</p>
              <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                <span className="text-gray-700">{offer.until}</span>
                {offer.code && <span className="font-medium">{t("Code: {{code}}", { code: offer.code })}</span>}
                <a href={localizePath(locale, `/report?kind=offer&id=${offer.id}`)} className="link text-gray-600" rel="nofollow">
                  {t("Report this offer")}
                </a>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
