import { Link, redirect, useActionData } from "react-router";
import type { Route } from "./+types/business-edit";
import { requireUser } from "~/features/accounts/guards.server";
import { Alert } from "~/components/ui/alert";
import { ListingForm } from "~/features/listings/components/listing-form";
import { getOwnListing, type OwnListing } from "~/features/listings/get-own-listing.server";
import { readListingForm } from "~/features/listings/listing-form-data.server";
import { LISTING_TEXTS } from "~/features/listings/listing.schemas";
import { updateListing } from "~/features/listings/update-listing.server";
import { appErrorCode } from "~/lib/app-error";
import { failureData, refusalData, throwRouteError } from "~/lib/error-responses.server";

export const meta: Route.MetaFunction = () => [{ title: "Edit Business – Naija Directory" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, ["business"]);
  try {
    return { listing: await getOwnListing(user, params.id) };
  } catch (error) {
    // Another owner's listing, or none: back to the dashboard with the spec's toast.
    if (appErrorCode(error) === "not-found") throw redirect("/dashboard?notice=not-found");
    throwRouteError(error);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, ["business"]);
  const form = readListingForm(await request.formData(), "edit");
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

export default function BusinessEdit({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const { listing } = loaderData;
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
          defaults={actionData?.typed ?? listing}
          existingImages={listing.images}
          failure={actionData?.failure}
        />
      </div>
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
