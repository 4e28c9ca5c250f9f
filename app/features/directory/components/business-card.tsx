import { currentLocale, t } from "../../../lib/i18n/i18n";
import { localizePath } from "../../../lib/i18n/locales";
import { categoryName } from "../../../lib/reference";
import { businessPath, contactHref, loginHref } from "../business-links";
import { DIRECTORY_TEXTS, type BusinessCardData } from "../types";
import { SafeImage } from "../../../components/safe-image";
import { useLinkNavigation } from "./link-navigation";
import { SaveButton } from "./save-button";
import { OfferCardLine } from "../../offers/components/offer-card-line";

type BusinessCardProps = {
  business: BusinessCardData;
  isSignedIn: boolean;
  /** The signed-in viewer saved it: its Save button says 'Saved' (and removes it). */
  isSaved?: boolean;
  /** The first card's image loads at once; the rest wait until they near the screen. */
  isFirst?: boolean;
  /**
   * The home page's cards: an anonymous visitor's View Details goes through the login page too (with JavaScript,
   * the 'Login Required' dialog opens instead: app/enhance/login-required.ts).
   */
  detailsNeedLogin?: boolean;
};

/** A listing card: image, name, category, state and the first products. The rating (average and count) only when there are reviews. */
export function BusinessCard({ business, isSignedIn, isSaved = false, isFirst, detailsNeedLogin }: BusinessCardProps) {
  const followLink = useLinkNavigation();
  const details = businessPath(business.id);
  const contact = contactHref(business);
  // Anonymous visitors are sent through the login page (this works without JavaScript too). Plain links: in the
  // page's language (the login page comes back to the address without it, React Router adds it).
  const href = (to: string, needsLogin: unknown) => localizePath(currentLocale(), isSignedIn || !needsLogin ? to : loginHref(to));
  const category = business.category ? categoryName(business.category) : null;
  return (
    <article className="card flex w-full flex-col overflow-hidden">
      <div className="relative">
        <SafeImage
          src={business.imageSrc}
          srcSet={business.imageSrcSet ?? undefined}
          // One column on phones; two or three columns from 640px up.
          sizes="(min-width: 640px) 50vw, 100vw"
          alt=""
          width={640}
          height={480}
          loading={isFirst ? undefined : "lazy"}
          // The first card's photo is the page's Largest Contentful Paint: ahead of the others on a slow network.
          fetchPriority={isFirst ? "high" : undefined}
          className="aspect-video sm:aspect-4/3"
        />
        {business.featured && <span className="tag-featured">{t("Featured")}</span>}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="font-semibold">{business.name}</h3>
        <p className="text-sm text-gray-600">{[category, [business.lga, business.state].filter(Boolean).join(", ")].filter(Boolean).join(" · ")}</p>
        {business.distance && <p className="text-sm text-gray-700">{business.distance}</p>}
        {business.rating && <p className="text-sm">★ {business.rating}</p>}
        {/* The highest verification level and its date (issue 35); what it means is on /verification. */}
        {business.verified && (
          <p>
            <span className="badge-verified">{business.verified.label}</span>
          </p>
        )}
        {business.openNow != null && <p className="text-sm">{business.openNow ? t("Open now") : t("Closed now")}</p>}
        <OfferCardLine title={business.offer} />
        {business.products.length > 0 && (
          <ul className="flex flex-wrap gap-1.5 text-xs" aria-label={t("Products and services")}>
            {business.products.map((product) => (
              <li key={product} className="chip">
                {product}
              </li>
            ))}
            {business.moreProducts > 0 && <li className="py-0.5 text-gray-500">{t("+{{more}} more", { more: business.moreProducts })}</li>}
          </ul>
        )}
        {business.unclaimed && <p className="text-xs font-medium text-amber-800">{t(DIRECTORY_TEXTS.unclaimed)}</p>}
        {/* Plain links followed inside the app by one handler (ADR 27): cheaper to render than <Link>. */}
        <div className="mt-auto grid grid-cols-2 gap-2 pt-2" onClick={followLink}>
          <a data-discover="true" data-to={details} href={href(details, detailsNeedLogin)} className={business.unclaimed ? "btn btn-outline col-span-2 px-2" : "btn btn-outline px-2"}>
            {t("View Details")}
          </a>
          {/* An imported listing nobody has claimed has nobody to write to (issue 34): its page offers a call. */}
          {business.unclaimed ? null : (
            <a data-discover="true" data-to={contact} href={href(contact, true)} className="btn btn-primary px-2">
              {t("Contact")}
            </a>
          )}
        </div>
        <SaveButton business={{ ...business, category, place: [business.lga, business.state].filter(Boolean).join(", "), image: business.imageSrcSet?.split(" ")[0] ?? business.imageSrc }} isSignedIn={isSignedIn} isSaved={isSaved} />
      </div>
    </article>
  );
}
