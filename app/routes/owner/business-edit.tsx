import { Link, redirect, useActionData } from "react-router";
import type { Route } from "./+types/business-edit";
import { requireUser } from "~/features/accounts/guards.server";
import { Alert } from "~/components/ui/alert";
import { ListingForm } from "~/features/listings/components/listing-form";
import { getOwnListing, type OwnListing } from "~/features/listings/get-own-listing.server";
import { readListingForm } from "~/features/listings/listing-form-data.server";
import { LISTING_TEXTS } from "~/features/listings/listing.schemas";
import { updateListing } from "~/features/listings/update-listing.server";
import { OpeningHoursForm } from "~/features/listings/components/opening-hours-form";
import { getListingHours } from "~/features/listings/get-listing-hours.server";
import { addBusinessClosure } from "~/features/listings/add-business-closure.server";
import { removeBusinessClosure } from "~/features/listings/remove-business-closure.server";
import { setOpeningHours } from "~/features/listings/set-opening-hours.server";
import type { SessionUser } from "~/features/accounts/session-user";
import { hoursFormValues, OPENING_HOURS_TEXTS, parseHoursForm, watDate } from "~/lib/opening-hours";
import { appErrorCode } from "~/lib/app-error";
import { failureData, refusalData, throwRouteError } from "~/lib/error-responses.server";
import { formText } from "~/lib/form-fields";

export const meta: Route.MetaFunction = () => [{ title: "Edit Business – Naija Directory" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, ["business"]);
  try {
    const notice = new URL(request.url).searchParams.get("hours");
    return {
      listing: await getOwnListing(user, params.id),
      hours: await getListingHours(user, params.id),
      today: watDate(new Date()),
      hoursNotice: notice && notice in HOURS_NOTICES ? HOURS_NOTICES[notice as keyof typeof HOURS_NOTICES] : null,
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
  // The opening hours' own forms (ADR 21): they apply at once, never waiting for review.
  const hoursAnswer = await hoursAction(user, params.id, formData);
  if (hoursAnswer) return hoursAnswer;
  const form = readListingForm(formData, "edit");
  const keep = { typed: form.typed };
  if (!form.ok) {
    return refusalData("invalid", { title: LISTING_TEXTS.updateFailed.title, text: LISTING_TEXTS.correctFields }, { fields: form.fields, keep });
  }
  let saved;
  try {
    saved = await updateListing(user, params.id, form.input, { keep: form.keep, added: form.images });
  } catch (error) {
    if (appErrorCode(error) === "not-found") throw redirect("/dashboard?notice=not-found");
    return failureData(error, { fallback: LISTING_TEXTS.updateFailed, keep });
  }
  throw redirect(saved.status === "sent-for-review" ? "/dashboard?notice=sent-for-review" : "/dashboard?notice=updated");
}

/** The notices after an hours form succeeded (?hours=…). */
const HOURS_NOTICES = {
  saved: OPENING_HOURS_TEXTS.saved.text,
  "closure-added": OPENING_HOURS_TEXTS.closureAdded.text,
  "closure-removed": OPENING_HOURS_TEXTS.closureRemoved.text,
} as const;

/**
 * The hours section's intents: save-hours, add-closure, remove-closure (null: the listing form itself). Success
 * goes back to the section with its notice; a refusal keeps what was typed.
 */
async function hoursAction(user: SessionUser, businessId: string, form: FormData) {
  const intent = form.get("intent");
  const text = (name: string) => formText(form, name);
  const back = (notice: keyof typeof HOURS_NOTICES) => redirect(`/business/edit/${businessId}?hours=${notice}#opening-hours`);
  if (intent === "save-hours") {
    const parsed = parseHoursForm(form);
    const keep = { hours: { form: "hours" as const, typed: parsed.typed } };
    if (!parsed.ok) return refusalData("invalid", OPENING_HOURS_TEXTS.failed, { fields: parsed.fields, keep });
    try {
      await setOpeningHours(user, businessId, parsed.hours);
    } catch (error) {
      if (appErrorCode(error) === "not-found") throw redirect("/dashboard?notice=not-found");
      return failureData(error, { fallback: OPENING_HOURS_TEXTS.failed, keep });
    }
    return back("saved");
  }
  if (intent === "add-closure") {
    const typed = { date: text("date").slice(0, 10), note: text("note").slice(0, 200) };
    try {
      await addBusinessClosure(user, businessId, typed);
    } catch (error) {
      if (appErrorCode(error) === "not-found") throw redirect("/dashboard?notice=not-found");
      return failureData(error, { fallback: OPENING_HOURS_TEXTS.failedClosure, keep: { hours: { form: "closure" as const, typed } } });
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

export default function BusinessEdit({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const { listing, hours, today, hoursNotice } = loaderData;
  const listingAnswer = actionData && !("hours" in actionData) ? actionData : undefined;
  const hoursState = actionData && "hours" in actionData ? actionData.hours : null;
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-8">
      <Link to="/dashboard" className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to Dashboard
      </Link>
      <h1 className="text-2xl font-bold text-gray-900">Edit Business</h1>
      <ReviewNotice review={listing.review} />
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
        <ListingForm
          mode="edit"
          action={`/business/edit/${listing.id}`}
          defaults={listingAnswer?.typed ?? listing}
          existingImages={listing.images}
          failure={listingAnswer?.failure}
        />
      </div>
      <OpeningHoursForm
        action={`/business/edit/${listing.id}`}
        values={hoursState?.form === "hours" ? hoursState.typed : hoursFormValues(hours.hours)}
        closures={hours.closures}
        today={today}
        state={hoursState && actionData && "failure" in actionData ? { ...hoursState, failure: actionData.failure } : null}
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
        <strong className="block">{LISTING_TEXTS.changeWaiting}</strong>
        {LISTING_TEXTS.changeWaitingHint}
      </Alert>
    );
  }
  return (
    <>
      {review.rejectionReason ? (
        <Alert tone="error">
          <strong className="block">{LISTING_TEXTS.changeRejected}</strong>
          Reason: {review.rejectionReason}
        </Alert>
      ) : null}
      <Alert tone="info">{LISTING_TEXTS.reviewedEditHint}</Alert>
    </>
  );
}
