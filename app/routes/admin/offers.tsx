import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/offers";
import { Alert, FailureAlert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { TextAreaField } from "~/components/ui/field";
import { SafeImage } from "~/components/safe-image";
import { ADMIN_SECURITY_PATH, needsAdminTwoFactor } from "~/features/accounts/access";
import { requireUser } from "~/features/accounts/guards.server";
import { ADMIN_TEXTS, parsePage } from "~/features/admin/admin.schemas";
import { Pager } from "~/features/admin/components/admin-ui";
import { listOffersForReview, type AdminOffer } from "~/features/offers/list-offers-for-review.server";
import { OFFER_LIMITS, OFFER_TEXTS } from "~/features/offers/offer.schemas";
import { reviewOffer, takeDownOffer } from "~/features/offers/review-offer.server";
import { failureData, refusalData } from "~/lib/error-responses.server";
import { formText } from "~/lib/form-fields";
import { formatDate } from "~/lib/format";
import { t } from "~/lib/i18n/i18n";

export const meta: Route.MetaFunction = () => [{ title: t("Offers – Admin – Naija Directory") }, { name: "robots", content: "noindex" }];

/**
 * /admin/offers (issue 37): offers waiting for review, oldest first (?page=), with Approve and Reject (a reason the
 * owner reads); the offers running now (?running=), each with Take down. Linked from Business Approvals. The guard
 * admits admins and business owners (as /admin); only admins with two-factor sign-in get anything.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, ["admin", "business"]);
  if (!user.isAdmin) return data({ denied: true as const }, { status: 403 });
  if (needsAdminTwoFactor(user)) throw redirect(ADMIN_SECURITY_PATH);
  const url = new URL(request.url);
  const lists = await listOffersForReview(user, { page: parsePage(url.searchParams.get("page")), runningPage: parsePage(url.searchParams.get("running")) });
  return { denied: false as const, ...lists, done: url.searchParams.get("done") };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, ["admin", "business"]);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const offerId = formText(form, "offerId").slice(0, 64);
  const reason = formText(form, "reason").slice(0, 2 * OFFER_LIMITS.reasonMax);
  // The version of the offer the admin saw: a decision on an offer changed since is refused.
  const version = formText(form, "version").slice(0, 40);
  const keep = { intent, offerId, reason };
  // Refused inside every use case too; answered here early so nothing is done for a non-admin.
  if (!user.isAdmin) return refusalData("forbidden", ADMIN_TEXTS.accessDenied, { keep });
  if (needsAdminTwoFactor(user)) throw redirect(ADMIN_SECURITY_PATH);
  try {
    if (intent === "approve" || intent === "reject") {
      await reviewOffer(user, { offerId, decision: intent, reason, version });
      throw redirect(`/admin/offers?done=${intent === "approve" ? "approved" : "rejected"}`);
    }
    if (intent === "take-down") {
      await takeDownOffer(user, { offerId, reason, version });
      throw redirect("/admin/offers?done=removed");
    }
  } catch (error) {
    return failureData(error, { fallback: OFFER_TEXTS.actionFailed, keep });
  }
  return refusalData("invalid", OFFER_TEXTS.actionFailed, { keep });
}

const DONE: Record<string, string> = { approved: OFFER_TEXTS.approved, rejected: OFFER_TEXTS.rejected, removed: OFFER_TEXTS.takenDown };

export default function AdminOffers({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.denied) {
    return (
      <div className="page max-w-md py-16 text-center">
        <div className="card p-8" role="alert">
          <h1 className="text-2xl font-bold text-gray-900">{t(ADMIN_TEXTS.accessDenied.title)}</h1>
          <p className="mt-2 text-gray-700">{t(ADMIN_TEXTS.accessDenied.text)}</p>
        </div>
      </div>
    );
  }
  const { pending, running, done } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : null;
  return (
    <div className="page max-w-5xl space-y-6 pb-28">
      <div>
        <Link to="/admin?tab=businesses" className="link text-sm">
          {t("Back to Business Approvals")}
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-gray-900">{t(OFFER_TEXTS.adminTitle)}</h1>
        <p className="text-sm text-gray-600">{t(OFFER_TEXTS.adminIntro)}</p>
      </div>
      {done && DONE[done] && !failure ? <Alert tone="success">{t(DONE[done])}</Alert> : null}
      {failure && !failure.failure.fields ? <FailureAlert failure={failure.failure} /> : null}
      <section aria-labelledby="pending-offers" className="space-y-3">
        <h2 id="pending-offers" className="text-lg font-semibold">
          {t(OFFER_TEXTS.adminLink)}
        </h2>
        {pending.rows.length === 0 ? <p className="text-gray-600">{t(OFFER_TEXTS.adminEmpty)}</p> : null}
        <ul className="space-y-3">
          {pending.rows.map((offer) => (
            <OfferRow key={offer.id} offer={offer} failure={failure?.offerId === offer.id ? failure : null}>
              <Form method="post">
                <input type="hidden" name="offerId" value={offer.id} />
                <input type="hidden" name="version" value={offer.version} />
                <button type="submit" name="intent" value="approve" className={buttonClass({ size: "sm" })}>
                  {t(OFFER_TEXTS.approve)}
                </button>
              </Form>
              <ReasonForm offerId={offer.id} version={offer.version} intent="reject" label={t(OFFER_TEXTS.reject)} failure={failure?.offerId === offer.id && failure.intent === "reject" ? failure : null} />
            </OfferRow>
          ))}
        </ul>
        <Pager page={pending.page} hasNext={pending.hasNext} label={t(OFFER_TEXTS.adminLink)} />
      </section>
      <section aria-labelledby="running-offers" className="space-y-3">
        <h2 id="running-offers" className="text-lg font-semibold">
          {t(OFFER_TEXTS.liveTitle)}
        </h2>
        {running.rows.length === 0 ? <p className="text-gray-600">{t(OFFER_TEXTS.liveEmpty)}</p> : null}
        <ul className="space-y-3">
          {running.rows.map((offer) => (
            <OfferRow key={offer.id} offer={offer} failure={null}>
              <ReasonForm offerId={offer.id} version={offer.version} intent="take-down" label={t(OFFER_TEXTS.takeDown)} failure={failure?.offerId === offer.id && failure.intent === "take-down" ? failure : null} />
            </OfferRow>
          ))}
        </ul>
        <Pager page={running.page} hasNext={running.hasNext} label={t(OFFER_TEXTS.liveTitle)} param="running" />
      </section>
    </div>
  );
}

const dayOf = (date: string) => new Date(`${date}T12:00:00+01:00`);

function OfferRow({ offer, failure, children }: { offer: AdminOffer; failure: { failure: { title: string; text: string } } | null; children: React.ReactNode }) {
  return (
    <li className="card flex flex-col gap-3 p-4 sm:flex-row">
      {offer.photo ? (
        <a href={offer.photo.src} className="shrink-0">
          <SafeImage src={offer.photo.src} alt={t("Photo of the offer {{title}}", { title: offer.title })} width={640} height={480} loading="lazy" className="aspect-4/3 w-full rounded-lg sm:w-40" inLink />
        </a>
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="text-sm text-gray-600">
          <Link to={`/businesses/${offer.businessId}`} className="link">
            {offer.businessName}
          </Link>
        </p>
        <h3 className="font-semibold">{offer.title}</h3>
        <p className="mt-1 whitespace-pre-line break-words text-sm text-gray-700">{offer.text}</p>
        <p className="mt-1 text-sm text-gray-700">
          {t("{{start}} to {{end}}", { start: formatDate(dayOf(offer.startsOn)), end: formatDate(dayOf(offer.endsOn)) })}
          {offer.code ? ` · ${t("Code: {{code}}", { code: offer.code })}` : ""}
        </p>
        {failure ? <p role="alert" className="mt-1 text-sm text-red-700">{failure.failure.text}</p> : null}
        <div className="mt-3 flex flex-wrap items-start gap-2">{children}</div>
      </div>
    </li>
  );
}

function ReasonForm({
  offerId,
  version,
  intent,
  label,
  failure,
}: {
  offerId: string;
  version: string;
  intent: string;
  label: string;
  failure: { reason: string; failure: { fields?: Record<string, string> } } | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("offerId") === offerId && navigation.formData?.get("intent") === intent;
  return (
    <details className="flex-1" open={failure ? true : undefined}>
      <summary className={buttonClass({ variant: "outline", size: "sm" })}>{label}</summary>
      <Form method="post" className="mt-2 space-y-2">
        <input type="hidden" name="offerId" value={offerId} />
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="version" value={version} />
        <TextAreaField label={t(OFFER_TEXTS.reason)} name="reason" rows={2} maxLength={OFFER_LIMITS.reasonMax} defaultValue={failure?.reason ?? ""} error={failure?.failure.fields?.reason} required />
        <button type="submit" className={buttonClass({ variant: "danger", size: "sm" })} disabled={busy}>
          {busy ? t("Saving…") : label}
        </button>
      </Form>
    </details>
  );
}
