import { data, Link, redirect, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import { currentLocale, t } from "~/lib/i18n/i18n";
import { localizePath, routePath } from "~/lib/i18n/locales";
import { categoryName } from "~/lib/reference";
import type { Route } from "./+types/business-detail";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { SafeImage } from "~/components/safe-image";
import { SpecialOffers } from "~/features/offers/components/special-offers";
import { excerpt, seoMeta } from "~/components/seo";
import { ShareButton } from "~/components/share-button";
import { SITE_NAME } from "~/components/site";
import { loginUrlFor } from "~/features/accounts/access";
import { businessJsonLd } from "~/features/directory/business-json-ld";
import { businessPath, contactHref, goHref, telHref, websiteHref, whatsappHref } from "~/features/directory/business-links";
import { getReplyTime } from "~/features/analytics/get-reply-time.server";
import { getPublicBusiness } from "~/features/directory/get-public-business.server";
import { breadcrumbJsonLd, businessTrail, jsonLdList } from "~/features/directory/landing-pages";
import { OpenStatus } from "~/features/directory/components/open-status";
import { PriceList } from "~/features/directory/components/price-list";
import { SaveButton } from "~/features/directory/components/save-button";
import { defaultShareImage, pageUrl, publicUrl } from "~/features/directory/public-url.server";
import { recordBusinessView } from "~/features/directory/record-business-view.server";
import { countedVisit } from "~/features/analytics/counting-visit.server";
import { notePageCounts } from "~/lib/request-context.server";
import { formatNumber } from "~/lib/format";
import { SHARE_IMAGE } from "~/lib/image-url";
import type { loader as rootLoader } from "~/root";
import { DIRECTORY_TEXTS } from "~/features/directory/types";
import { DataCredits } from "~/features/directory/components/data-credits";
import { CLAIM_DOCUMENT_TEXTS, CLAIM_TEXTS } from "~/features/listings/claim.schemas";
import { appErrorCode } from "~/lib/app-error";
import { failureData, statusOf, throwRouteError } from "~/lib/error-responses.server";
import { optionalUser } from "~/features/accounts/guards.server";
import { BusinessReviews, type ReviewFormState } from "~/features/reviews/components/business-reviews";
import { deleteReview } from "~/features/reviews/delete-review.server";
import { listBusinessReviews } from "~/features/reviews/list-business-reviews.server";
import { markReviewHelpful } from "~/features/reviews/mark-review-helpful.server";
import { replyToReview } from "~/features/reviews/reply-to-review.server";
import { REVIEW_LIMITS } from "~/features/reviews/review.schemas";
import { saveReview } from "~/features/reviews/save-review.server";
import { READER_PAGE } from "~/components/reader-page";
import { formText } from "~/lib/form-fields";
import { savedAmong } from "~/features/directory/saved-among.server";
import { displayPhone } from "../../lib/phone";

const NOT_FOUND = DIRECTORY_TEXTS.businessNotFound;
const GALLERY_SHOWN = 3;

/** A translated sentence with one part shown in its own element ('Closed <time>25 Dec</time>'): the text before and after it. */
function around(text: string): [string, string] {
  const [before = "", after = ""] = text.split("\u0001");
  return [before, after];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  let business;
  try {
    business = await getPublicBusiness(params.id);
  } catch (error) {
    // The page itself says so (with a way back to the list), at the refusal's status.
    if (appErrorCode(error) !== "not-found") throwRouteError(error);
    return data({ business: null, meta: [{ title: `${t(NOT_FOUND)} | ${SITE_NAME}` }, { name: "robots", content: "noindex" }] }, { status: statusOf(error) });
  }
  const url = new URL(request.url);
  const user = await optionalUser(request);
  const reviews = await listBusinessReviews(user, { businessId: business.id, sort: url.searchParams.get("reviews"), page: url.searchParams.get("rpage") });
  // Paging or sorting the reviews is the same visit.
  const isVisit = !url.searchParams.has("reviews") && !url.searchParams.has("rpage");
  if (isVisit) notePageCounts({ view: business.id });
  const visit = isVisit ? countedVisit(request, context.clientAddress, user) : null;
  if (visit) business.viewCount = (await recordBusinessView(business.id, user, visit)) ?? business.viewCount;
  const replyTime = await getReplyTime(business.id);
  // Whether the signed-in viewer saved it (their own saves only; nothing read for anonymous visitors).
  const isSaved = (await savedAmong(user, [business.id])).length > 0;
  const canonical = pageUrl(businessPath(business.id));
  // 'Eatery in Lagos', 'Eatery', 'in Lagos' (a category name and a state keep their spelling).
  const place = business.category && business.state
    ? t("{{category}} in {{state}}", { category: categoryName(business.category), state: business.state })
    : (business.category && categoryName(business.category)) || (business.state ? t("in {{state}}", { state: business.state }) : "");
  const images = business.images.map((image) => publicUrl(image.src));
  // Nigeria › state › category › the business, each step its landing page (issue 17).
  const trail = businessTrail({ ...business, path: businessPath(business.id) });
  return {
    business,
    canonical,
    trail,
    replyTime: replyTime?.text ?? null,
    isSaved,
    // Links are made here, so the page needs no code to check them.
    links: {
      contact: contactHref(business),
      contactAfterLogin: loginUrlFor(contactHref(business)),
      // Call, WhatsApp, website and 'Open in maps' go through /go/… (issue 18): our server counts the contact
      // action and redirects to the tel:, wa.me, website or maps address (no tiles or scripts on this page).
      tel: telHref(business.phoneNumber) && goHref(business.id, "call"),
      whatsapp: whatsappHref(business.phoneNumber) && goHref(business.id, "whatsapp"),
      website: websiteHref(business.websiteUrl) && goHref(business.id, "website"),
      maps: business.latitude !== null && business.longitude !== null ? goHref(business.id, "directions") : null,
    },
    // Rendered in the document head by the root layout, with the CSP nonce: [LocalBusiness, BreadcrumbList].
    jsonLd: jsonLdList(
      businessJsonLd(business, canonical, images, { summary: reviews.summary, reviews: reviews.reviews.rows.slice(0, REVIEW_LIMITS.jsonLdReviews) }),
      breadcrumbJsonLd(trail, publicUrl),
    ),
    reviews,
    signedIn: Boolean(user),
    reviewLogin: loginUrlFor(`${businessPath(business.id)}#reviews`),
    meta: seoMeta(
      {
        title: place ? `${business.name} – ${place}` : business.name,
        description: excerpt(business.description || `${business.name}${place ? `, ${place}` : ""}, ${business.country}.`),
        canonical,
        // WhatsApp and most sites preview only JPEG or PNG: the first image's 1200×630 JPEG.
        image: business.images[0]
          ? { url: publicUrl(business.images[0].shareSrc), ...SHARE_IMAGE, alt: business.name }
          : defaultShareImage(),
      },
      "business.business",
    ),
  };
}

/**
 * The reviews' plain POST forms (intents): write or edit one's review, delete it, reply as the owner, mark one
 * helpful. Success goes back to the page's reviews; a refusal shows its text beside the form, keeping what was typed.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await optionalUser(request);
  const form = await request.formData();
  const field = (name: string) => formText(form, name);
  const intent = field("intent");
  const reviewId = field("reviewId");
  const back = `${routePath(new URL(request.url))}#reviews`;
  try {
    if (intent === "save-review") await saveReview(user, { businessId: params.id, stars: field("stars"), body: field("body") });
    else if (intent === "delete-review") await deleteReview(user, { reviewId });
    else if (intent === "reply") await replyToReview(user, { reviewId, reply: field("reply") });
    else if (intent === "helpful") await markReviewHelpful(user, { reviewId });
    else return data({ reviewForm: null }, { status: 400 });
  } catch (error) {
    const failed = failureData(error, { keep: {} });
    const failure = failed.data.failure;
    const reviewForm: ReviewFormState = {
      text: failure.text, fields: failure.fields, intent, reviewId: reviewId || undefined, stars: field("stars"), body: field("body"), reply: field("reply"),
    };
    return data({ reviewForm }, { status: failed.init?.status ?? 400 });
  }
  return redirect(back);
}

// A view is counted per visit, not per revalidation: the loader re-runs only for another business.
export function shouldRevalidate({ currentParams, nextParams, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentParams.id !== nextParams.id && defaultShouldRevalidate;
}

// Anonymous visitors read this page without the React app (ADR 29).
export const handle = READER_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function BusinessDetail({ loaderData, actionData }: Route.ComponentProps) {
  const isSignedIn = !!useRouteLoaderData<typeof rootLoader>("root")?.user;
  if (!loaderData.business) {
    return (
      <div className="page py-16 text-center">
        <h1 className="title">{t(NOT_FOUND)}</h1>
        <Link to="/businesses" className="btn btn-primary mt-6">
          {t("Browse businesses")}
        </Link>
      </div>
    );
  }
  const { business, canonical, links, reviews, signedIn, reviewLogin, trail, replyTime, isSaved } = loaderData;
  const [main, ...gallery] = business.images;
  const address = [business.plotNumber, business.address].filter(Boolean).join(", ");
  const hiddenImages = gallery.length - GALLERY_SHOWN;
  const locale = currentLocale();
  const [closedBefore, closedAfter] = around(t("Closed {{date}}", { date: "\u0001" }));

  return (
    <article className="page max-w-4xl">
      <Breadcrumbs trail={trail} />
      <div className="relative overflow-hidden rounded-2xl bg-gray-100">
        <SafeImage
          src={main?.src}
          srcSet={main && `${main.thumbSrc} 640w, ${main.src} 1200w`}
          sizes="(min-width: 896px) 864px, 100vw"
          alt={business.name}
          width={main?.width ?? 1200}
          height={main?.height ?? 900}
          fetchPriority="high"
          className="aspect-4/3 max-h-[60vh]"
        />
        {business.featured && <span className="tag-featured">{t("Featured")}</span>}
      </div>

      <h1 className="mt-4 text-2xl font-bold md:text-3xl">{business.name}</h1>
      {business.category && <p className="font-medium text-brand-700">{categoryName(business.category)}</p>}
      {/* The verification levels standing, each dated (issue 35, ADR 39); what each means is on /verification. */}
      {business.verifications.length > 0 ? (
        <ul className="mt-2 flex flex-wrap items-center gap-2" aria-label={t("Verification")}>
          {business.verifications.map((badge) => (
            <li key={badge.level}>
              <a href={localizePath(locale, `/verification#${badge.level}`)} className="badge-verified">
                {badge.label}
              </a>
              {badge.registeredName ? <span className="ml-1 text-xs text-gray-700">{t("Registered as {{name}}", { name: badge.registeredName })}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {business.unclaimed ? (
        <p className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <strong className="block">{t(DIRECTORY_TEXTS.unclaimed)}</strong>
          {t(DIRECTORY_TEXTS.unclaimedNote)}{" "}
          <Link to={`/business/claim/${business.id}`} className="link font-semibold" rel="nofollow">
            {t(CLAIM_TEXTS.prompt)}
          </Link>
        </p>
      ) : null}
      <p className="mt-2 flex flex-wrap gap-x-4 text-sm text-gray-600">
        <span className="flex items-center gap-1">
          <span className="i i-pin h-4 w-4" />
          {[business.lga, business.state, business.country].filter(Boolean).join(", ")}
        </span>
        <span className="flex items-center gap-1">
          <span className="i i-eye h-4 w-4" />
          {/* Two texts, not a {{count}} plural: the number is shown formatted ('1,204'). */}
          {business.viewCount === 1
            ? t("{{views}} view", { views: formatNumber(business.viewCount) })
            : t("{{views}} views", { views: formatNumber(business.viewCount) })}
        </span>
        {replyTime && (
          <span className="flex items-center gap-1">
            <span className="i i-message h-4 w-4" />
            {replyTime}
          </span>
        )}
      </p>

      <div className="mt-5 grid grid-cols-2 gap-2 sm:flex">
        {/* Nobody to write to until an owner claims an imported listing (issue 34): calls and WhatsApp still work. */}
        {business.unclaimed ? null : (
          <Link to={isSignedIn ? links.contact : links.contactAfterLogin} className="btn btn-primary col-span-2 py-3">
            <span className="i i-message" />
            {t("Contact Business")}
          </Link>
        )}
        {links.whatsapp && (
          <a href={links.whatsapp} target="_blank" rel="noopener noreferrer nofollow" className="btn bg-[#25D366] px-2 py-3 text-gray-950">
            <span className="i i-message" />
            WhatsApp
          </a>
        )}
        {links.tel && (
          <a href={links.tel} rel="nofollow" className="btn btn-outline px-2 py-3">
            <span className="i i-phone" />
            {t("Call")}
          </a>
        )}
        <ShareButton title={business.name} url={canonical} />
        <SaveButton business={{ ...business, place: [business.lga, business.state].filter(Boolean).join(", "), image: main?.thumbSrc ?? null }} isSignedIn={signedIn} isSaved={isSaved} keepWhenSaved />
      </div>

      {business.hours && (
        <section className="mt-8" aria-labelledby="hours-title">
          <h2 id="hours-title" className="title">
            {t("Opening Hours")}
          </h2>
          <div className="mt-2">
            <OpenStatus key={business.id} timeline={business.hours.timeline} />
            <p className="text-sm text-gray-700">{business.hours.today}</p>
          </div>
          <table className="mt-3 w-full max-w-md text-sm">
            <caption className="sr-only">{t("Opening hours each day (Nigerian time)")}</caption>
            <tbody>
              {business.hours.week.map((row) => (
                <tr key={row.day} className={row.isToday ? "font-semibold" : undefined} aria-current={row.isToday ? "date" : undefined}>
                  <th scope="row" className="py-1 pr-4 text-left font-medium">
                    {row.day}
                  </th>
                  <td className="py-1">{row.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {business.hours.closures.length > 0 && (
            <ul className="mt-3 text-sm text-gray-700" aria-label={t("Closed days ahead")}>
              {business.hours.closures.map((closure) => (
                <li key={closure.date}>
                  {closedBefore}<time dateTime={closure.date}>{closure.label}</time>{closedAfter}
                  {closure.note ? ` · ${closure.note}` : ""}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <SpecialOffers offers={business.offers} />

      {business.description && (
        <section className="mt-8">
          <h2 className="title">{t("About")}</h2>
          <p className="mt-2 whitespace-pre-line text-gray-700">{business.description}</p>
        </section>
      )}

      {business.products.length > 0 && (
        <section className="mt-8">
          <h2 className="title">{t("Products and Services")}</h2>
          {business.priceList ? (
            <PriceList groups={business.priceList} />
          ) : (
            <ul className="mt-3 flex flex-wrap gap-2 text-sm">
              {business.products.map((product) => (
                <li key={product} className="chip py-1">
                  {product}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <section className="mt-8">
        <h2 className="title">{t("Contact Information")}</h2>
        <ul className="mt-3 space-y-3 text-gray-700">
          {address && (
            <li className="flex gap-2">
              <span className="i i-pin" />
              <span className="sr-only">{t("Address:")}</span>
              <span>
                {address}
                {business.landmark && <span className="block text-gray-600">{business.landmark}</span>}
              </span>
            </li>
          )}
          {business.landmark && !address && (
            <li className="flex gap-2">
              <span className="i i-pin" />
              <span className="sr-only">{t("Landmark:")}</span>
              {business.landmark}
            </li>
          )}
          {links.maps && (
            <li className="flex gap-2">
              <span className="i i-pin" />
              <a href={links.maps} target="_blank" rel="noopener nofollow" className="link">
                {t("Open in maps")}
              </a>
            </li>
          )}
          {business.phoneNumber && (
            <li className="flex gap-2">
              <span className="i i-phone" />
              <span className="sr-only">{t("Phone:")}</span>
              {links.tel ? <a href={links.tel} rel="nofollow" className="link">{displayPhone(business.phoneNumber)}</a> : displayPhone(business.phoneNumber)}
            </li>
          )}
          {links.website && (
            <li className="flex gap-2">
              <span className="i i-globe" />
              <span className="sr-only">{t("Website:")}</span>
              <a href={links.website} target="_blank" rel="noopener nofollow ugc" className="link break-all">
                {business.websiteUrl}
              </a>
            </li>
          )}
        </ul>
      </section>

      {gallery.length > 0 && (
        <section className="mt-8">
          <h2 className="title">{t("Gallery")}</h2>
          <ul className="mt-3 grid grid-cols-3 gap-2">
            {gallery.slice(0, GALLERY_SHOWN).map((image, i) => (
              <li key={image.src} className="relative overflow-hidden rounded-lg">
                <a href={image.src}>
                  <SafeImage src={image.thumbSrc} alt={t("{{name}}, photo {{number}}", { name: business.name, number: i + 2 })} width={640} height={480} loading="lazy" className="aspect-square" inLink />
                  {i === GALLERY_SHOWN - 1 && hiddenImages > 0 && (
                    <span className="absolute inset-0 flex items-center justify-center bg-black/50 font-bold text-white">{t("+{{hidden}} more", { hidden: hiddenImages })}</span>
                  )}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      <BusinessReviews data={reviews} form={actionData?.reviewForm ?? null} loginHref={reviewLogin} signedIn={signedIn} />
      {/* Plain links (no script on the reader page): each page asks signed-out visitors to log in and come back. */}
      <p className="mt-8 flex flex-wrap gap-x-5 gap-y-2 text-sm">
        <a href={localizePath(locale, `/report?kind=listing&id=${business.id}`)} className="link text-gray-600" rel="nofollow">
          {t("Report this listing")}
        </a>
        {/* A second claimant of an owned listing asks for a review (issue 34); an unclaimed one says 'Claim it' above. */}
        {business.unclaimed ? null : (
          <a href={localizePath(locale, `/business/claim/${business.id}`)} className="link text-gray-600" rel="nofollow">
            {t(CLAIM_DOCUMENT_TEXTS.ownedPrompt)}
          </a>
        )}
        <a href={localizePath(locale, `/suggest/${business.id}`)} className="link text-gray-600" rel="nofollow">
          {t("Suggest an edit")}
        </a>
      </p>
      <DataCredits osm={business.osm} overture={business.overture} className="mt-2 text-xs text-gray-600" />
    </article>
  );
}
