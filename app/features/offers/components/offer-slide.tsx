import { Link } from "react-router";
import { t } from "../../../lib/i18n/i18n";
import type { HomeOfferSlide } from "../offer.schemas";

/** A slide of the home page's 'Special Offers' carousel for an owner's current offer (issue 37), linking to its business. */
export function OfferSlide({ offer, tone }: { offer: HomeOfferSlide; tone: string }) {
  return (
    <div className={`bg-linear-to-br ${tone} px-5 pb-16 pt-6 text-white md:px-10`}>
      <p className="text-sm font-medium">{offer.businessName}</p>
      <p className="text-2xl font-bold">{offer.title}</p>
      <p className="mt-1 line-clamp-2">{offer.text}</p>
      <p className="mt-1 text-sm">
        {offer.until}
        {offer.code ? ` · ${t("Code: {{code}}", { code: offer.code })}` : ""}
      </p>
      <Link to={`/businesses/${offer.businessId}#offer-${offer.id}`} className="btn mt-4 bg-white text-gray-900">
        {t("See the offer")}
      </Link>
    </div>
  );
}
