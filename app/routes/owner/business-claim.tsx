import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/business-claim";
import { Alert, FailureAlert } from "~/components/ui/alert";
import { SmsCodeField } from "~/features/accounts/components/phone-sign-in";
import { requireUser } from "~/features/accounts/guards.server";
import { CLAIM_TEXTS } from "~/features/listings/claim.schemas";
import { claimListing, getClaimableListing, requestClaimCode } from "~/features/listings/claim-listing.server";
import { AppError, appErrorCode } from "~/lib/app-error";
import { describeError, failureData } from "~/lib/error-responses.server";

export const meta: Route.MetaFunction = () => [{ title: "Claim a business – Naija Directory" }, { name: "robots", content: "noindex" }];

/**
 * /business/claim/:id (issue 34): an owner claims an imported listing with a code sent to its phone. Signed out: to
 * /login and back. A visitor's account is told it needs a business account; a listing that cannot be claimed says so.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, ["business", "visitor", "admin"]);
  try {
    return { listing: await getClaimableListing(user, params.id), refusal: null };
  } catch (error) {
    const code = appErrorCode(error);
    if (code === "forbidden" || code === "not-found") return { listing: null, refusal: describeError(error).failure };
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, ["business", "visitor", "admin"]);
  const form = await request.formData();
  if (form.get("intent") === "send-code") {
    try {
      const sent = await requestClaimCode(user, { businessId: params.id }, { clientAddress: context.clientAddress });
      return { ok: true as const, sent };
    } catch (error) {
      return failureData(error, { fallback: CLAIM_TEXTS.failed, keep: { sent: null } });
    }
  }
  if (form.get("intent") === "claim") {
    try {
      const { businessId } = await claimListing(user, { businessId: params.id, code: String(form.get("code") ?? "").slice(0, 20) });
      throw redirect(`/business/edit/${businessId}?claimed=1`);
    } catch (error) {
      const phone = String(form.get("phone") ?? "");
      return failureData(error, { fallback: CLAIM_TEXTS.failed, keep: { sent: phone ? { phone, byCall: form.get("byCall") === "true" } : null } });
    }
  }
  return failureData(new AppError("invalid", CLAIM_TEXTS.failed), { keep: { sent: null } });
}

export default function BusinessClaim({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { listing, refusal } = loaderData;
  if (!listing) {
    return (
      <div className="page max-w-lg">
        <section className="card space-y-4 p-6">
          <h1 className="title">{CLAIM_TEXTS.prompt}</h1>
          <Alert tone="info">{refusal?.text ?? CLAIM_TEXTS.notClaimable}</Alert>
          <p className="flex flex-wrap gap-3 text-sm">
            <Link to="/register/business" className="link">
              Sign up as a business owner
            </Link>
            <Link to="/help" className="link">
              Help &amp; Support
            </Link>
          </p>
        </section>
      </div>
    );
  }
  const sent = actionData && "sent" in actionData ? actionData.sent : null;
  const failure = actionData && !actionData.ok ? actionData.failure : null;
  const place = [listing.lga, listing.state].filter(Boolean).join(", ");
  return (
    <div className="page max-w-lg">
      <section className="card space-y-4 p-6" aria-labelledby="claim-title">
        <div>
          <h1 id="claim-title" className="title">
            {CLAIM_TEXTS.title(listing.name)}
          </h1>
          <p className="text-sm text-gray-600">{[listing.category, place].filter(Boolean).join(" · ")}</p>
        </div>
        <p className="text-sm text-gray-700">{CLAIM_TEXTS.intro}</p>
        {failure && !failure.fields ? <FailureAlert failure={failure} /> : null}
        {!listing.phone ? (
          <Alert tone="info">{CLAIM_TEXTS.noPhone}</Alert>
        ) : (
          <>
            {sent ? <Alert tone="info">{sent.byCall ? CLAIM_TEXTS.sentCall(sent.phone) : CLAIM_TEXTS.sentSms(sent.phone)}</Alert> : null}
            {sent ? (
              <Form method="post" className="space-y-3" noValidate>
                <input type="hidden" name="intent" value="claim" />
                <input type="hidden" name="phone" value={sent.phone} />
                <input type="hidden" name="byCall" value={String(sent.byCall)} />
                <SmsCodeField error={failure?.fields?.code} autoFocus />
                <button type="submit" disabled={busy} className="btn btn-primary w-full">
                  {CLAIM_TEXTS.submit}
                </button>
              </Form>
            ) : null}
            <Form method="post">
              <input type="hidden" name="intent" value="send-code" />
              <button type="submit" disabled={busy} className={sent ? "btn btn-outline w-full" : "btn btn-primary w-full"}>
                {listing.byCall ? CLAIM_TEXTS.sendCall(listing.phone) : CLAIM_TEXTS.sendSms(listing.phone)}
              </button>
            </Form>
          </>
        )}
        <Link to={`/businesses/${listing.id}`} className="link text-sm">
          ← Back to the listing
        </Link>
      </section>
    </div>
  );
}
