import type { BusinessReviews as Data, ReviewView } from "../review.schemas";

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
 * their replies. Plain POST forms and links, so it works without JavaScript; every text comes from the loader.
 */
export function BusinessReviews({ data, form, loginHref, signedIn }: { data: Data; form: ReviewFormState | null; loginHref: string; signedIn: boolean }) {
  const { summary, mine, viewerIsOwner, reviews, sort } = data;
  const mineForm = form?.intent === "save-review" ? form : null;
  const link = (params: string) => `?${params}#reviews`;
  // A refusal shows beside its form; one without a form on this page (signed out, the owner reviewing) on top.
  const inPlace = form && ((form.intent === "save-review" && signedIn && !viewerIsOwner) || (form.intent === "reply" && viewerIsOwner));
  return (
    <section id="reviews" className="mt-8">
      <h2 className="title">Reviews</h2>
      {form && !inPlace && <p role="alert" className="mt-2 text-sm text-red-700">{form.text}</p>}
      {summary.average ? (
        <div className="mt-2 flex flex-wrap items-center gap-6">
          <p>
            <span className="text-3xl font-bold">{summary.average}</span> <span className="text-amber-500">★</span>{" "}
            <span className="text-gray-600">{summary.count} {summary.count === 1 ? "review" : "reviews"}</span>
          </p>
          <ul className="text-sm text-gray-700">
            {summary.breakdown.map((n, i) => (
              <li key={i}>
                {5 - i} star: {n}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="mt-2 text-gray-600">No reviews yet.</p>
      )}

      {!signedIn && (
        <a href={loginHref} className="link mt-3 inline-block">
          Log in to write a review
        </a>
      )}
      {signedIn && !viewerIsOwner && (
        <form method="post" className="card mt-4 space-y-3 p-4">
          <input type="hidden" name="intent" value="save-review" />
          <h3 className="font-semibold">{mine ? "Your review" : "Write a review"}</h3>
          {mine?.status === "held" && <p className="text-sm text-amber-700">Your review will appear once a moderator has checked it.</p>}
          {mine?.status === "hidden" && <p className="text-sm text-red-700">Your review was hidden by a moderator.</p>}
          <label className="block text-sm font-medium">
            Rating
            <select name="stars" className="field mt-1" defaultValue={mineForm?.stars ?? mine?.stars ?? 5}>
              {[5, 4, 3, 2, 1].map((n) => (
                <option key={n} value={n}>
                  {stars(n)} {n}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm font-medium">
            Review
            <textarea name="body" rows={4} maxLength={2000} required className="field mt-1" defaultValue={mineForm?.body ?? mine?.body ?? ""} />
          </label>
          {mineForm && <p role="alert" className="text-sm text-red-700">{mineForm.text}</p>}
          <button className="btn btn-primary">{mine ? "Update review" : "Post review"}</button>
        </form>
      )}
      {mine && (
        <form method="post" className="mt-2">
          <input type="hidden" name="intent" value="delete-review" />
          <input type="hidden" name="reviewId" value={mine.id} />
          <button className="btn btn-danger btn-sm">Delete my review</button>
        </form>
      )}

      {summary.count > 0 && (
        <p className="mt-4 flex gap-3 text-sm">
          Sort:
          <a href={link("reviews=newest")} aria-current={sort === "newest" ? "true" : undefined} className="link">Newest</a>
          <a href={link("reviews=helpful")} aria-current={sort === "helpful" ? "true" : undefined} className="link">Most helpful</a>
        </p>
      )}
      <ul className="mt-3 space-y-4">
        {reviews.rows.map((review) => (
          <Review key={review.id} review={review} form={form?.reviewId === review.id ? form : null} signedIn={signedIn} owner={viewerIsOwner} />
        ))}
      </ul>
      {(reviews.page > 1 || reviews.hasNext) && (
        <nav className="mt-4 flex gap-4 text-sm" aria-label="Review pages">
          {reviews.page > 1 && <a className="link" href={link(`reviews=${sort}&rpage=${reviews.page - 1}`)}>Previous</a>}
          {reviews.hasNext && <a className="link" href={link(`reviews=${sort}&rpage=${reviews.page + 1}`)}>Next</a>}
        </nav>
      )}
    </section>
  );
}

function Review({ review, form, signedIn, owner }: { review: ReviewView; form: ReviewFormState | null; signedIn: boolean; owner: boolean }) {
  return (
    <li className="card p-4" id={`review-${review.id}`}>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-amber-500" aria-label={`${review.stars} out of 5 stars`}>{stars(review.stars)}</span>
        <strong>{review.authorName}</strong>
        {review.verifiedContact && <span className="chip text-xs">Verified contact</span>}
        <span className="text-gray-500">{review.date}</span>
      </p>
      <p className="mt-2 whitespace-pre-line text-gray-800">{review.body}</p>
      {review.reply && (
        <div className="mt-3 border-l-4 border-brand-200 pl-3 text-sm">
          <p className="font-semibold">Response from the owner</p>
          <p className="whitespace-pre-line text-gray-700">{review.reply}</p>
        </div>
      )}
      <div className="mt-2 flex items-center gap-3 text-sm text-gray-600">
        <span>{review.helpfulCount} found this helpful</span>
        {!review.mine && (
          <a href={`/report?kind=review&id=${review.id}`} className="link" rel="nofollow">
            Report
          </a>
        )}
        {signedIn && !review.mine && !review.votedHelpful && (
          <form method="post">
            <input type="hidden" name="intent" value="helpful" />
            <input type="hidden" name="reviewId" value={review.id} />
            <button className="btn btn-outline btn-sm">Helpful</button>
          </form>
        )}
      </div>
      {owner && (
        <form method="post" className="mt-3 space-y-2">
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="reviewId" value={review.id} />
          <label className="block text-sm font-medium">
            {review.reply ? "Edit your public reply" : "Reply publicly"}
            <textarea name="reply" rows={2} maxLength={2000} required className="field mt-1" defaultValue={form?.reply ?? review.reply ?? ""} />
          </label>
          {form && <p role="alert" className="text-sm text-red-700">{form.text}</p>}
          <button className="btn btn-outline btn-sm">{review.reply ? "Update reply" : "Post reply"}</button>
        </form>
      )}
    </li>
  );
}
