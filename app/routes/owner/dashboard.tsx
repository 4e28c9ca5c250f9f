import { useState } from "react";
import { data, Form, Link, useFetcher, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/dashboard";
import { FormMessage } from "~/features/accounts/components/form-field";
import { requireUser } from "~/features/accounts/guards.server";
import { greetingName } from "~/features/accounts/session-user";
import { getKycStatus } from "~/features/kyc/get-kyc-status.server";
import { KycCard } from "~/features/kyc/kyc-card";
import { ListingForm } from "~/features/listings/components/listing-form";
import { deleteListing } from "~/features/listings/delete-listing.server";
import { listOwnListings } from "~/features/listings/list-own-listings.server";
import { FEATURE_TEXTS, LISTING_TEXTS } from "~/features/listings/listing.schemas";
import { requestFeature } from "~/features/listings/request-feature.server";
import { currentPlanFor } from "~/features/listings/listing.policy.server";
import { CurrentPlanCard } from "~/features/plans/components/current-plan-card";
import { PaymentNotice } from "~/features/plans/components/payment-notice";
import { IMAGE_WIDTHS, PLACEHOLDER_IMAGE, imageUrl } from "~/lib/image-url";
import { LIMITS } from "~/lib/reference";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard – Naija Directory" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, ["business"]);
  const kyc = await getKycStatus(user);
  const listings = kyc.status === "approved" ? await listOwnListings(user) : [];
  const current = await currentPlanFor(user.id);
  const plan = { id: current.plan.id, name: current.plan.name, listingLimit: current.plan.listingLimit, endsAt: current.endsAt };
  return { name: greetingName(user), kyc, listings, plan };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, ["business"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const businessId = String(form.get("businessId") ?? "");
  if (intent === "delete") {
    const result = await deleteListing(user, businessId);
    if (!result.ok) return data({ intent, businessId, error: LISTING_TEXTS.deleteFailed.title, text: LISTING_TEXTS.deleteFailed.text }, { status: 400 });
    return { intent, businessId, ok: true, text: LISTING_TEXTS.deleted.text };
  }
  if (intent === "feature") {
    const result = await requestFeature(user, businessId);
    if (!result.ok) return data({ intent, businessId, error: result.message, text: "" }, { status: 400 });
    return { intent, businessId, ok: true, text: FEATURE_TEXTS.submitted };
  }
  return data({ intent, businessId, error: "Error", text: "Unknown action" }, { status: 400 });
}

const NOTICES: Record<string, { tone: "success" | "error"; title: string; text: string }> = {
  created: { tone: "success", ...LISTING_TEXTS.created },
  "created-without-images": { tone: "error", ...LISTING_TEXTS.createdWithoutImages },
  updated: { tone: "success", ...LISTING_TEXTS.updated },
  "not-found": { tone: "error", ...LISTING_TEXTS.notFound },
};

const STATUS_LABEL: Record<string, { label: string; tone: string }> = {
  approved: { label: "Approved", tone: "bg-green-100 text-green-800" },
  pending: { label: "Pending", tone: "bg-amber-100 text-amber-800" },
};

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { name, kyc, listings, plan } = loaderData;
  const [params] = useSearchParams();
  const notice = NOTICES[params.get("notice") ?? ""];
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Business Dashboard</h1>
        <p className="text-gray-600">Welcome, {name}</p>
      </div>
      {notice ? (
        <FormMessage tone={notice.tone}>
          <strong className="block">{notice.title}</strong>
          {notice.text}
        </FormMessage>
      ) : null}
      <PaymentNotice />
      <KycCard kyc={kyc} />
      <CurrentPlanCard plan={plan} listingCount={kyc.status === "approved" ? listings.length : null} />
      {kyc.status === "approved" ? (
        listings.length === 0 ? (
          <section aria-labelledby="create-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
            <h2 id="create-title" className="mb-4 text-lg font-semibold">
              Create your first business listing
            </h2>
            <ListingForm mode="create" action="/business/create" defaults={{}} />
          </section>
        ) : (
          <section aria-labelledby="listings-title" className="space-y-3">
            <div className="flex items-center justify-between">
              <h2 id="listings-title" className="text-lg font-semibold">
                Your Businesses
              </h2>
              {listings.length < plan.listingLimit ? (
                <Link to="/business/create" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
                  Add Business
                </Link>
              ) : null}
            </div>
            <ul className="space-y-4">
              {listings.map((b) => (
                <ListingCard key={b.id} listing={b} />
              ))}
            </ul>
          </section>
        )
      ) : null}
    </div>
  );
}

type Listing = Awaited<ReturnType<typeof loader>>["listings"][number];

function ListingCard({ listing: b }: { listing: Listing }) {
  const status = STATUS_LABEL[b.approvalStatus] ?? { label: "Rejected", tone: "bg-red-100 text-red-800" };
  const shown = b.products.slice(0, LIMITS.dashboardCardProductsShown);
  const feature = useFetcher<typeof action>();
  const navigation = useNavigation();
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const featureResult = feature.data;
  const requesting = feature.state !== "idle";
  const deleting = navigation.formData?.get("intent") === "delete" && navigation.formData?.get("businessId") === b.id;
  const alreadyPending = b.hasPendingFeatureRequest || (featureResult && "ok" in featureResult && featureResult.ok);
  return (
    <li className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
      <div className="flex gap-4 p-4">
        <img
          src={imageUrl(b.mainImage, IMAGE_WIDTHS.thumb, b.updatedAt)}
          alt=""
          width={96}
          height={72}
          className="h-18 w-24 shrink-0 rounded-lg object-cover"
          onError={(e) => {
            e.currentTarget.src = PLACEHOLDER_IMAGE;
          }}
        />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-3">
            <h3 className="truncate font-semibold">
              {b.approvalStatus === "approved" ? (
                <Link to={`/businesses/${b.id}`} className="hover:underline">
                  {b.name}
                </Link>
              ) : (
                b.name
              )}
            </h3>
            <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${status.tone}`}>{status.label}</span>
          </div>
          <p className="text-sm text-gray-600">{[b.category, b.state].filter(Boolean).join(" · ")}</p>
          {b.featured ? <p className="text-xs font-semibold text-amber-700">Featured</p> : null}
          {status.label === "Rejected" ? <p className="mt-1 text-sm text-red-700">Reason: {b.rejectionReason?.trim() || "Not specified"}</p> : null}
          {shown.length > 0 ? (
            <p className="mt-1 text-sm text-gray-700">
              {shown.join(", ")}
              {b.products.length > shown.length ? ` +${b.products.length - shown.length} more` : ""}
            </p>
          ) : null}
        </div>
      </div>
      {featureResult ? (
        <p role="status" className={`px-4 pb-2 text-sm ${"ok" in featureResult ? "text-green-700" : "text-red-700"}`}>
          {"ok" in featureResult ? featureResult.text : featureResult.error}
        </p>
      ) : null}
      {deleteError ? (
        <p role="alert" className="px-4 pb-2 text-sm text-red-700">
          {deleteError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 border-t border-gray-100 bg-gray-50 px-4 py-3">
        <Link to={`/business/edit/${b.id}`} className="rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-gray-100">
          Edit
        </Link>
        <Form
          method="post"
          onSubmit={(e) => {
            if (!window.confirm(LISTING_TEXTS.deleteConfirm)) e.preventDefault();
            else setDeleteError(null);
          }}
        >
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="businessId" value={b.id} />
          <button type="submit" disabled={deleting} className="rounded-lg border border-red-200 bg-white px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50">
            {deleting ? "Deleting…" : "Delete"}
          </button>
        </Form>
        {b.approvalStatus === "approved" ? (
          <feature.Form method="post">
            <input type="hidden" name="intent" value="feature" />
            <input type="hidden" name="businessId" value={b.id} />
            <button
              type="submit"
              disabled={b.featured || requesting || Boolean(alreadyPending)}
              className="rounded-lg bg-amber-500 px-3 py-1.5 text-sm font-semibold text-white hover:bg-amber-600 disabled:cursor-not-allowed disabled:opacity-50"
            >
              {b.featured ? "Featured" : alreadyPending ? "Feature requested" : requesting ? "Requesting…" : "Request Featured"}
            </button>
          </feature.Form>
        ) : null}
      </div>
    </li>
  );
}
