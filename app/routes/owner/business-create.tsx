import { Link, redirect, useActionData } from "react-router";
import type { Route } from "./+types/business-create";
import { requireUser } from "~/features/accounts/guards.server";
import { findSimilarListings } from "~/features/directory/similar-listings.server";
import { getKycStatus } from "~/features/kyc/get-kyc-status.server";
import { ListingForm } from "~/features/listings/components/listing-form";
import { KycRequiredCard } from "~/features/listings/components/kyc-required-card";
import { ListingLimitCard } from "~/features/listings/components/listing-limit-card";
import { SimilarListingsNotice } from "~/features/listings/components/similar-listings-notice";
import { getListingAllowance } from "~/features/listings/get-listing-allowance.server";
import { createListing } from "~/features/listings/create-listing.server";
import { copiedHoursForm, copyDayOf, readListingForm } from "~/features/listings/listing-form-data.server";
import { LISTING_TEXTS, SIMILAR_TEXTS } from "~/features/listings/listing.schemas";
import { failureData, refusalData } from "~/lib/error-responses.server";
import { hoursFormValues, parseHoursForm } from "~/lib/opening-hours";
import { t } from "~/lib/i18n/i18n";

export const meta: Route.MetaFunction = () => [{ title: t("Add Business – Naija Directory") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, ["business"]);
  const kyc = await getKycStatus(user);
  const allowance = kyc.status === "approved" ? await getListingAllowance(user) : null;
  return { kycStatus: kyc.status, hasSubmission: kyc.hasSubmission, allowance };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, ["business"]);
  const formData = await request.formData();
  // 'Copy to Mon–Fri' without JavaScript: the form back as typed, the day copied, nothing created (issue 32).
  const intent = copyDayOf(formData) ? "copy-hours" : formData.get("intent");
  if (intent === "copy-hours") return { ...copiedHoursForm(formData, "create"), ok: true as const, failure: undefined };
  const form = readListingForm(formData, "create");
  // The weekly hours' fields inside the same form (ADR 21); createListing checks them again and saves them.
  const hours = parseHoursForm(formData);
  const keep = { typed: form.typed, hours: hours.typed };
  if (!form.ok || !hours.ok) {
    const fields = { ...(form.ok ? {} : form.fields), ...(hours.ok ? {} : hours.fields) };
    return refusalData("invalid", { title: LISTING_TEXTS.createFailed.title, text: LISTING_TEXTS.correctFields }, { fields, keep });
  }
  // A business that may be listed already (the same phone, or a similar name nearby): asked once, before adding it.
  if (formData.get("notDuplicate") !== "1") {
    const similar = await findSimilarListings({
      name: form.input.name,
      phone: form.input.phoneNumber,
      latitude: form.input.latitude,
      longitude: form.input.longitude,
      state: form.input.state,
      lga: form.input.lga,
    });
    if (similar.length > 0) {
      return refusalData("conflict", { title: SIMILAR_TEXTS.title, text: SIMILAR_TEXTS.text }, { keep: { ...keep, similar, imagesDropped: form.images.length > 0 } });
    }
  }
  try {
    const created = await createListing(user, form.input, form.images, hours.hours);
    throw redirect(`/dashboard?notice=${created.imagesSaved ? "created" : "created-without-images"}`);
  } catch (error) {
    return failureData(error, { fallback: LISTING_TEXTS.createFailed, keep });
  }
}

export default function BusinessCreate({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-8">
      <Link to="/dashboard" className="text-sm font-medium text-brand-700 hover:underline">
        ← {t("Back to Dashboard")}
      </Link>
      <h1 className="text-2xl font-bold text-gray-900">{t("Add Business")}</h1>
      {loaderData.kycStatus !== "approved" ? (
        <KycRequiredCard status={loaderData.kycStatus} hasSubmission={loaderData.hasSubmission} />
      ) : loaderData.allowance && !loaderData.allowance.hasRoom && !actionData ? (
        <ListingLimitCard owned={loaderData.allowance.owned} limit={loaderData.allowance.limit} />
      ) : (
        <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
          <ListingForm
            mode="create"
            action="/business/create"
            defaults={actionData?.typed ?? {}}
            failure={actionData && "similar" in actionData ? undefined : actionData?.failure}
            hours={actionData?.hours ?? hoursFormValues(null)}
            hoursNotice={actionData && "hoursNotice" in actionData ? actionData.hoursNotice : null}
            beforeFields={
              actionData && "similar" in actionData && "imagesDropped" in actionData ? (
                <SimilarListingsNotice listings={actionData.similar} imagesDropped={actionData.imagesDropped} />
              ) : null
            }
          />
        </div>
      )}
    </div>
  );
}
