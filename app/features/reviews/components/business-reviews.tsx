import type { BusinessReviews as Data, ReviewView } from "../review.schemas";
import { SortChoice } from "../../../components/ui/sort-choice";
import { currentLocale, t } from "../../../lib/i18n/i18n";
import { localizePath } from "../../../lib/i18n/locales";

/** What a failed review form sends back: the message, per-field messages and what was typed. */
export type ReviewFormState = {
  text: string;
  fields?: Record<string, string>;
  intent: string;
  reviewId?: string;
  stars?: string;
  body?: string;
  reply?: string;
};

const stars = (n: number) => "★★★★★".slice(0, n) + "☆☆☆☆☆".slice(n);

/**
 * A business page's reviews: the rating summary, the viewer's own review form, and one page of reviews with
 * their replies. Plain POST forms and links, so it works without JavaScript; the data comes from the loader.
 */
export function BusinessReviews({ data, form, loginHref, signedIn }: { data: Data; form: ReviewFormState | null; loginHref: string; signedIn: boolean }) {
  const { summary, mine, viewerIsOwner, reviews, sort } = data;
  const mineForm = form?.intent === "save-review" ? form : null;
  const link = (params: string) => `?${params}#reviews`;
  // A refusal shows beside its form; one without a form on this page (signed out, the owner reviewing) on top.
  const inPlace = form && ((form.intent === "save-review" && signedIn && !viewerIsOwner) || (form.intent === "reply" && viewerIsOwner));
  return (
    <section id="reviews" className="mt-8">
      <h2 className="title">{t("Reviews")}</h2>
      {form && !inPlace && <p role="alert" className="mt-2 text-sm text-red-700">{form.text}</p>}
      {summary.average ? (
        <div className="mt-2 flex flex-wrap items-center gap-6">
          <p>
            <span className="text-3xl font-bold">{summary.average}</span> <span className="text-amber-500">★</span>{" "}
            <span className="text-gray-600">{t("{{count}} reviews", { count: summary.count })}</span>
          </p>
          <ul className="text-sm text-gray-700">
            {summary.breakdown.map((n, i) => (
              <li key={i}>
                {t("{{stars}} star: {{total}}", { stars: 5 - i, total: n })}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="mt-2 text-gray-600">{t("No reviews yet.")}</p>
      )}

      {!signedIn && (
        <a href={localizePath(currentLocale(), loginHref)} className="link mt-3 inline-block">
          {t("Log in to write a review")}
        </a>
      )}
      {signedIn && !viewerIsOwner && <ReviewForm mine={mine} form={mineForm} moderationNote={data.moderationNote} />}
      {mine && (
        <form method="post" className="mt-2">
          <input type="hidden" name="intent" value="delete-review" />
          <input type="hidden" name="reviewId" value={mine.id} />
          <button className="btn btn-danger btn-sm">{t("Delete my review")}</button>
        </form>
      )}

      {summary.count > 0 && (
        <div className="mt-4">
          <SortChoice
            options={[
              { label: t("Newest"), href: link("reviews=newest"), current: sort === "newest" },
              { label: t("Most helpful"), href: link("reviews=helpful"), current: sort === "helpful" },
            ]}
          />
        </div>
      )}
      <ul className="mt-3 space-y-4">
        {reviews.rows.map((review) => (
          <Review key={review.id} review={review} form={form?.reviewId === review.id ? form : null} signedIn={signedIn} owner={viewerIsOwner} />
        ))}
      </ul>
      {(reviews.page > 1 || reviews.hasNext) && (
        <nav className="mt-4 flex gap-4 text-sm" aria-label={t("Review pages")}>
          {reviews.page > 1 && <a className="link" href={link(`reviews=${sort}&rpage=${reviews.page - 1}`)}>{t("Previous")}</a>}
          {reviews.hasNext && <a className="link" href={link(`reviews=${sort}&rpage=${reviews.page + 1}`)}>{t("Next")}</a>}
        </nav>
      )}
    </section>
  );
}

function Review({ review, form, signedIn, owner }: { review: ReviewView; form: ReviewFormState | null; signedIn: boolean; owner: boolean }) {
  return (
    <li className="card p-4" id={`review-${review.id}`}>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-amber-500" aria-label={t("{{stars}} out of 5 stars", { stars: review.stars })}>{stars(review.stars)}</span>
        <strong>{review.authorName}</strong>
        {review.verifiedContact && <span className="chip text-xs">{t("Verified contact")}</span>}
        <span className="text-gray-500">{review.date}</span>
      </p>
      <p className="mt-2 whitespace-pre-line text-gray-800">{review.body}</p>
      {review.reply && (
        <div className="mt-3 border-l-4 border-brand-200 pl-3 text-sm">
          <p className="font-semibold">{t("Response from the owner")}</p>
          <p className="whitespace-pre-line text-gray-700">{review.reply}</p>
        </div>
      )}
      <div className="mt-2 flex items-center gap-3 text-sm text-gray-600">
        <span>{t("{{helpful}} found this helpful", { helpful: review.helpfulCount })}</span>
        {!review.mine && (
          <a href={localizePath(currentLocale(), `/report?kind=review&id=${review.id}`)} className="link" rel="nofollow">
            {t("Report")}
          </a>
        )}
        {signedIn && !review.mine && !review.votedHelpful && (
          <form method="post">
            <input type="hidden" name="intent" value="helpful" />
            <input type="hidden" name="reviewId" value={review.id} />
            <button className="btn btn-outline btn-sm">{t("Helpful")}</button>
          </form>
        )}
      </div>
      {owner && (
        <form method="post" className="mt-3 space-y-2">
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="reviewId" value={review.id} />
          <label className="block text-sm font-medium">
            {review.reply ? t("Edit your public reply") : t("Reply publicly")}
            <textarea name="reply" rows={2} maxLength={2000} required className="field mt-1" defaultValue={form?.reply ?? review.reply ?? ""} />
          </label>
          {form && <p role="alert" className="text-sm text-red-700">{form.text}</p>}
          <button className="btn btn-outline btn-sm">{review.reply ? t("Update reply") : t("Post reply")}</button>
        </form>
      )}
    </li>
  );
}

/**
 * The viewer's review: a rating chosen by tapping one of five stars (radio buttons: arrow keys move between them;
 * none is chosen until the viewer chooses, issue 32) and the text. `noValidate`: a missing field gets our message
 * beside it (the server's, with what was typed kept), not the browser's bubble.
 */
function ReviewForm({ mine, form, moderationNote }: { mine: Data["mine"]; form: ReviewFormState | null; moderationNote: string }) {
  const chosen = Number(form?.stars ?? mine?.stars ?? 0);
  const starsError = form?.fields?.stars;
  const bodyError = form?.fields?.body ?? (form && !form.fields ? form.text : undefined);
  return (
    <form method="post" noValidate className="card mt-4 space-y-3 p-4">
      <input type="hidden" name="intent" value="save-review" />
      <h3 className="font-semibold">{mine ? t("Your review") : t("Write a review")}</h3>
      {!mine && <p className="text-sm text-gray-700">{moderationNote}</p>}
      {mine?.status === "held" && <p className="text-sm text-amber-700">{t("Your review will appear once a moderator has checked it.")}</p>}
      {mine?.status === "hidden" && <p className="text-sm text-red-700">{t("Your review was hidden by a moderator.")}</p>}
      <fieldset aria-describedby={starsError ? "review-stars-error" : undefined}>
        <legend className="text-sm font-medium">{t("Rating")}</legend>
        <div className="star-rating mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="star-choice">
              <input type="radio" name="stars" value={n} defaultChecked={chosen === n} className="star-input" aria-invalid={starsError ? true : undefined} />
              <span aria-hidden="true">★</span>
              <span className="sr-only">{t("{{count}} stars", { count: n })}</span>
            </label>
          ))}
        </div>
        {starsError && (
          <p id="review-stars-error" className="mt-1 text-sm text-red-700">
            {starsError}
          </p>
        )}
      </fieldset>
      <label className="block text-sm font-medium">
        {t("Review")}
        <textarea
          name="body"
          rows={4}
          maxLength={2000}
          className="field mt-1"
          defaultValue={form?.body ?? mine?.body ?? ""}
          aria-invalid={bodyError ? true : undefined}
          aria-describedby={bodyError ? "review-body-error" : undefined}
        />
      </label>
      {bodyError && (
        <p id="review-body-error" className="text-sm text-red-700">
          {bodyError}
        </p>
      )}
      {form && <p role="alert" className="sr-only">{Object.values(form.fields ?? {}).join(" ") || form.text}</p>}
      <button className="btn btn-primary">{mine ? t("Update review") : t("Post review")}</button>
    </form>
  );
}
