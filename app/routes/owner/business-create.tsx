import { data, Link, redirect, useActionData } from "react-router";
import type { Route } from "./+types/business-create";
import { requireUser } from "~/features/accounts/guards.server";
import { getKycStatus } from "~/features/kyc/get-kyc-status.server";
import { ListingForm } from "~/features/listings/components/listing-form";
import { KycRequiredCard } from "~/features/listings/components/kyc-required-card";
import { createListing } from "~/features/listings/create-listing.server";
import { readListingForm } from "~/features/listings/listing-form-data.server";
import { LISTING_TEXTS } from "~/features/listings/listing.schemas";

export const meta: Route.MetaFunction = () => [{ title: "Add Business – Naija Directory" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, ["business"]);
  const kyc = await getKycStatus(user);
  return { kycStatus: kyc.status, hasSubmission: kyc.hasSubmission };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, ["business"]);
  const form = readListingForm(await request.formData());
  if (!form.ok) {
    return data(
      { failure: { ...LISTING_TEXTS.createFailed, text: "Please correct the highlighted fields.", fields: form.fields }, typed: form.typed },
      { status: 400 },
    );
  }
  const result = await createListing(user, form.input, form.images);
  if (!result.ok) {
    const fields = result.failure.field ? { [result.failure.field]: result.failure.text } : {};
    return data({ failure: { ...result.failure, fields }, typed: form.typed }, { status: 400 });
  }
  throw redirect(`/dashboard?notice=${result.imagesSaved ? "created" : "created-without-images"}`);
}

export default function BusinessCreate({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-8">
      <Link to="/dashboard" className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to Dashboard
      </Link>
      <h1 className="text-2xl font-bold text-gray-900">Add Business</h1>
      {loaderData.kycStatus === "approved" ? (
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
          <ListingForm mode="create" action="/business/create" defaults={actionData?.typed ?? {}} failure={actionData?.failure} />
        </div>
      ) : (
        <KycRequiredCard status={loaderData.kycStatus} hasSubmission={loaderData.hasSubmission} />
      )}
    </div>
  );
}
