import { t } from "../../../lib/i18n/i18n";

/** A business card's one line about its newest current offer (issue 37): 'Offer: 10% off your first wash'. */
export function OfferCardLine({ title }: { title: string | null | undefined }) {
  if (!title) return null;
  return <p className="line-clamp-1 text-sm font-medium text-brand-800">{t("Offer: {{title}}", { title })}</p>;
}
