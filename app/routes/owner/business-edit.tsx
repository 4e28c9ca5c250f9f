import { Link, redirect, useActionData } from "react-router";
import type { Route } from "./+types/business-edit";
import { requireUser } from "~/features/accounts/guards.server";
import { Alert } from "~/components/ui/alert";
import { CLAIM_TEXTS } from "~/features/listings/claim.schemas";
import { ListingForm } from "~/features/listings/components/listing-form";
import { getOwnListing, type OwnListing } from "~/features/listings/get-own-listing.server";
import { copiedHoursForm, copyDayOf, readListingForm } from "~/features/listings/listing-form-data.server";
import { LISTING_TEXTS } from "~/features/listings/listing.schemas";
import { PRICE_LIST_TEXTS } from "~/features/listings/price-list.schemas";
import { updateListing } from "~/features/listings/update-listing.server";
import { ClosedDaysForm } from "~/features/listings/components/opening-hours-form";
import { getListingHours } from "~/features/listings/get-listing-hours.server";
import { addBusinessClosure } from "~/features/listings/add-business-closure.server";
import { removeBusinessClosure } from "~/features/listings/remove-business-closure.server";
import type { SessionUser } from "~/features/accounts/session-user";
import { hoursFieldNames, hoursFormValues, OPENING_HOURS_TEXTS, parseHoursForm, watDate } from "~/lib/opening-hours";
import { appErrorCode } from "~/lib/app-error";
import { failureData, refusalData, throwRouteError } from "~/lib/error-responses.server";
import { formText } from "~/lib/form-fields";
import { t } from "~/lib/i18n/i18n";

export const meta: Route.MetaFunction = () => [{ title: t("Edit Business – Naija Directory") }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, ["business"]);
  try {
    const notice = new URL(request.url).searchParams.get("hours");
    return {
      listing: await getOwnListing(user, params.id),
      hours: await getListingHours(user, params.id),
      today: watDate(new Date()),
      hoursNotice: notice && notice in HOURS_NOTICES ? t(HOURS_NOTICES[notice as keyof typeof HOURS_NOTICES]) : null,
      // Just claimed from /business/claim/:id (issue 34).
      claimed: new URL(request.url).searchParams.get("claimed") === "1",
    };
  } catch (error) {
    // Another owner's listing, or none: back to the dashboard with the spec's toast.
    if (appErrorCode(error) === "not-found") throw redirect("/dashboard?notice=not-found");
    throwRouteError(error);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, ["business"]);
  const formData = await request.formData();
  // 'Copy to Mon–Fri' without JavaScript: the form back as typed, the day copied, nothing saved (issue 32).
  const intent = copyDayOf(formData) ? "copy-hours" : formData.get("intent");
  if (intent === "copy-hours") return { ...copiedHoursForm(formData, "edit"), ok: true as const, failure: undefined };
  // The closed days' own forms (ADR 21): a list, each added or removed at once, never waiting for review.
  const closureAnswer = await closureAction(user, params.id, formData);
  if (closureAnswer) return closureAnswer;

  // The one save (issue 32): the details and the weekly hours, checked together, every problem shown at once,
  // then written in one transaction (updateListing): both apply, or neither.
  const form = readListingForm(formData, "edit");
  // A post without the hours' fields (an older page) leaves the hours as they are.
  const hoursSent = formData.has(hoursFieldNames("mon").mode);
  const hours = hoursSent ? parseHoursForm(formData) : null;
  const keep = { typed: form.typed, hours: hours?.typed, keepImages: form.keep, hoursNotice: null };
  if (!form.ok || hours?.ok === false) {
    const fields = { ...(form.ok ? {} : form.fields), ...(hours?.ok === false ? hours.fields : {}) };
    return refusalData("invalid", { title: LISTING_TEXTS.updateFailed.title, text: LISTING_TEXTS.correctFields }, { fields, keep });
  }
  let saved;
  try {
    saved = await updateListing(user, params.id, form.input, { keep: form.keep, added: form.images }, hours?.ok ? { hours: hours.hours } : {});
  } catch (error) {
    if (appErrorCode(error) === "not-found") throw redirect("/dashboard?notice=not-found");
    return failureData(error, { fallback: LISTING_TEXTS.updateFailed, keep });
  }
  // The spec's return to the dashboard; its notice says what waits for review and what shows now.
  throw redirect(saved.status === "sent-for-review" ? "/dashboard?notice=sent-for-review" : "/dashboard?notice=updated");
}

/** The notices after a closed day was added or removed (?hours=…). */
const HOURS_NOTICES = {
  "closure-added": OPENING_HOURS_TEXTS.closureAdded.text,
  "closure-removed": OPENING_HOURS_TEXTS.closureRemoved.text,
} as const;

/**
 * The closed days' intents: add-closure, remove-closure (null: the listing form itself). Success goes back to
 * the list with its notice; a refusal keeps what was typed.
 */
async function closureAction(user: SessionUser, businessId: string, form: FormData) {
  const intent = form.get("intent");
  const text = (name: string) => formText(form, name);
  const back = (notice: keyof typeof HOURS_NOTICES) => redirect(`/business/edit/${businessId}?hours=${notice}#closed-days`);
  if (intent === "add-closure") {
    const typed = { date: text("date").slice(0, 10), note: text("note").slice(0, 200) };
    try {
      await addBusinessClosure(user, businessId, typed);
    } catch (error) {
      if (appErrorCode(error) === "not-found") throw redirect("/dashboard?notice=not-found");
      return failureData(error, { fallback: OPENING_HOURS_TEXTS.failedClosure, keep: { closure: typed } });
    }
    return back("closure-added");
  }
  if (intent === "remove-closure") {
    try {
      await removeBusinessClosure(user, businessId, text("date"));
    } catch (error) {
      if (appErrorCode(error) === "not-found") throw redirect("/dashboard?notice=not-found");
      throw error;
    }
    return back("closure-removed");
  }
  return null;
}

/** The kept images in the order the form sent them (a returned form keeps a removal or a reorder), else all. */
function shownImages(images: OwnListing["images"], keep: string[] | undefined) {
  if (!keep) return images;
  return keep.map((id) => images.find((image) => image.id === id)).filter((image): image is OwnListing["images"][number] => Boolean(image));
}

export default function BusinessEdit({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const { listing, hours, today, hoursNotice, claimed } = loaderData;
  const closureAnswer = actionData && "closure" in actionData ? actionData : undefined;
  const listingAnswer = actionData && !("closure" in actionData) ? actionData : undefined;
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-8">
      <Link to="/dashboard" className="text-sm font-medium text-brand-700 hover:underline">
        ← {t("Back to Dashboard")}
      </Link>
      <h1 className="text-2xl font-bold text-gray-900">{t("Edit Business")}</h1>
      <p>
        <Link to={`/business/prices/${listing.id}`} className="link">
          {t(PRICE_LIST_TEXTS.title)}
        </Link>
      </p>
      {claimed ? <Alert tone="success">{CLAIM_TEXTS.claimed(listing.name)}</Alert> : null}
      <ReviewNotice review={listing.review} />
      <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
        <ListingForm
          mode="edit"
          action={`/business/edit/${listing.id}`}
          defaults={listingAnswer?.typed ?? listing}
          existingImages={shownImages(listing.images, listingAnswer?.keepImages)}
          failure={listingAnswer?.failure}
          hours={listingAnswer?.hours ?? hoursFormValues(hours.hours)}
          hoursNotice={listingAnswer?.hoursNotice}
        />
      </div>
      <ClosedDaysForm
        action={`/business/edit/${listing.id}`}
        closures={hours.closures}
        today={today}
        state={closureAnswer && closureAnswer.failure ? { failure: closureAnswer.failure, typed: closureAnswer.closure } : null}
        notice={hoursNotice}
      />
    </div>
  );
}

/** On an approved listing: what waits for review, why the last change was refused, or which edits are reviewed. */
function ReviewNotice({ review }: { review: OwnListing["review"] }) {
  if (!review.required) return null;
  if (review.pendingSince) {
    return (
      <Alert tone="warning">
        <strong className="block">{t(LISTING_TEXTS.changeWaiting)}</strong>
        {t(LISTING_TEXTS.changeWaitingHint)}
      </Alert>
    );
  }
  return (
    <>
      {review.rejectionReason ? (
        <Alert tone="error">
          <strong className="block">{t(LISTING_TEXTS.changeRejected)}</strong>
          {t("Reason: {{reason}}", { reason: review.rejectionReason })}
        </Alert>
      ) : null}
      <Alert tone="info">{t(LISTING_TEXTS.reviewedEditHint)}</Alert>
    </>
  );
}
