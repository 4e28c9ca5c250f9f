import { Form, Link, useActionData, useFetcher, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/dashboard";
import { buttonClass, ButtonLink } from "~/components/ui/button";
import { Alert } from "~/components/ui/alert";
import { Card } from "~/components/ui/card";
import { requireUser } from "~/features/accounts/guards.server";
import { effectiveRole } from "~/features/accounts/access";
import { getSessionUser } from "~/features/accounts/session.server";
import type { SessionUser } from "~/features/accounts/session-user";
import { listSavedBusinesses } from "~/features/directory/list-saved-businesses.server";
import { listConversations } from "~/features/messaging/list-conversations.server";
import { countUnreadMessages } from "~/features/messaging/count-unread-messages.server";
import { listReviewsAwaitingReply } from "~/features/reviews/list-reviews-awaiting-reply.server";
import { greetingName } from "~/features/accounts/session-user";
import { getKycStatus } from "~/features/kyc/get-kyc-status.server";
import { KycCard } from "~/features/kyc/kyc-card";
import { ListingForm } from "~/features/listings/components/listing-form";
import { deleteListing } from "~/features/listings/delete-listing.server";
import { listOwnListings } from "~/features/listings/list-own-listings.server";
import { LISTING_TEXTS } from "~/features/listings/listing.schemas";
import { featureRefusal, hasPlacementAt, hasPriorityAt, isFeaturedAt, placementBlocksNewOne } from "~/features/featured/featured.policy";
import { FEATURE_TEXTS } from "~/features/featured/featured.schemas";
import { requestFeature } from "~/features/featured/request-feature.server";
import { getCurrentPlan } from "~/features/plans/current-plan.server";
import { CurrentPlanCard } from "~/features/plans/components/current-plan-card";
import { PaymentNotice } from "~/features/payments/components/payment-notice";
import { listOwnRefunds, type OwnRefund } from "~/features/payments/refund-payment.server";
import { formatDate } from "~/lib/format";
import { IMAGE_WIDTHS, PLACEHOLDER_IMAGE, imageUrl } from "~/lib/image-url";
import { hoursFormValues } from "~/lib/opening-hours";
import { failureData, refusalData } from "~/lib/error-responses.server";
import { LIMITS, RENEWAL_REMINDER_DAYS, categoryName } from "~/lib/reference";
import { msg, t } from "~/lib/i18n/i18n";
import { ReceivedQuoteRequests } from "~/features/quotes/components/received-quote-requests";
import { listReceivedQuoteRequests } from "~/features/quotes/list-received-quote-requests.server";

const RENEWAL_WINDOW_MS = RENEWAL_REMINDER_DAYS[0] * 86_400_000;

export const meta: Route.MetaFunction = () => [{ title: t("Dashboard – Naija Directory") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  // A visitor's 'Panel' (the bottom navigation's /dashboard, spec 01 §2) is what they come back for: their saved
  // businesses and conversations (issue 32; it used to send them home).
  const viewer = await getSessionUser(request);
  if (viewer && effectiveRole(viewer) === "visitor") return { kind: "visitor" as const, ...(await visitorPanel(viewer)) };
  const user = await requireUser(request, ["business"]);
  const kyc = await getKycStatus(user);
  // Listings wait for identity verification (spec 01 §2), except those the owner claimed by proving they hold the
  // listing's phone (issue 34): they already are theirs, and shown.
  const own = (await listOwnListings(user)).filter((listing) => kyc.status === "approved" || listing.claimedAt !== null);
  // The same rule the feature request is checked by, to show the button's state (hiding is a convenience).
  const now = Date.now();
  const listings = own.map((listing) => {
    const featuredNow = isFeaturedAt(listing);
    const blocks = placementBlocksNewOne(listing);
    const state = { userId: user.id, approvalStatus: listing.approvalStatus, featuredNow: blocks, hasPendingRequest: listing.hasPendingFeatureRequest };
    return {
      ...listing,
      featuredNow,
      // Why it is featured and until when (ADR 16): its own placement, and/or the owner's Premium plan.
      placementUntil: hasPlacementAt(listing) ? listing.featuredUntil : null,
      placementHasNoEnd: hasPlacementAt(listing) && listing.featuredUntil === null,
      premiumUntil: hasPriorityAt(listing) ? listing.premiumUntil : null,
      featureRefusal: featureRefusal(user, state),
      // The owner's choice when featuring ends (ADR 16): a listing whose featured status ends within 7 days,
      // with nothing to carry it on, is offered a placement that starts where it ends.
      featuredEndsSoon: featuredEndsSoon(listing, now),
    };
  });
  const [plan, refunds, unreadMessages, awaitingReply] = await Promise.all([
    getCurrentPlan(user),
    listOwnRefunds(user),
    countUnreadMessages(user),
    listReviewsAwaitingReply(user),
  ]);
  const attention = needsYouNow({ unreadMessages, awaitingReply, listings, kycStatus: kyc.status });
  const premiumEndsSoon = listings.some((l) => l.premiumUntil && new Date(l.premiumUntil).getTime() - now <= RENEWAL_WINDOW_MS);
  const premiumUntil = listings.find((l) => l.premiumUntil)?.premiumUntil ?? null;
  // Quote requests the owner's listings received (issue 37).
  const quoteRequests = await listReceivedQuoteRequests(user);
  return { kind: "owner" as const, name: greetingName(user), kyc, listings, plan, refunds, premiumEndsSoon, premiumUntil, attention, quoteRequests };
}

type AttentionItem = { key: string; text: string; href: string | null; link: string | null };

/**
 * 'Needs you now' (issue 32): what the owner should do (unread messages, reviews to answer, a listing or a change
 * that was not approved) and what waits on us (approvals of a listing, a change, featured placement, identity).
 */
function needsYouNow(input: {
  unreadMessages: number;
  awaitingReply: { businessId: string; businessName: string; reviews: number }[];
  listings: { id: string; name: string; approvalStatus: string; changePending: boolean; changeRejectionReason: string | null; hasPendingFeatureRequest: boolean }[];
  kycStatus: string;
}): { actions: AttentionItem[]; waiting: AttentionItem[] } {
  const actions: AttentionItem[] = [];
  const waiting: AttentionItem[] = [];
  if (input.unreadMessages > 0) {
    actions.push({ key: "messages", text: t("{{count}} unread messages", { count: input.unreadMessages }), href: "/messages", link: t("Read and answer") });
  }
  for (const r of input.awaitingReply) {
    actions.push({
      key: `reviews-${r.businessId}`,
      text: t("{{count}} new reviews of {{name}} without your reply", { count: r.reviews, name: r.businessName }),
      href: `/businesses/${r.businessId}#reviews`,
      link: t("Reply"),
    });
  }
  for (const l of input.listings) {
    // A rejected listing stays rejected (spec 02: pending → approved or rejected); its card below says why.
    if (l.approvalStatus === "rejected") actions.push({ key: `rejected-${l.id}`, text: t("{{name}} was not approved: the reason is on its card below", { name: l.name }), href: null, link: null });
    else if (l.changeRejectionReason) {
      actions.push({
        key: `change-${l.id}`,
        text: t("Your change to {{name}} was not approved: the reason is on its card below; an edit sends a new one", { name: l.name }),
        href: `/business/edit/${l.id}`,
        link: t("Edit"),
      });
    }
    if (l.approvalStatus === "pending") waiting.push({ key: `pending-${l.id}`, text: t("{{name}} is waiting for approval before it is shown", { name: l.name }), href: null, link: null });
    if (l.changePending) waiting.push({ key: `change-pending-${l.id}`, text: t("Your change to {{name}} is waiting for approval", { name: l.name }), href: null, link: null });
    if (l.hasPendingFeatureRequest) {
      waiting.push({ key: `featured-${l.id}`, text: t("Your featured request for {{name}} is waiting for the admin's decision", { name: l.name }), href: null, link: null });
    }
  }
  if (input.kycStatus === "pending") waiting.push({ key: "kyc", text: t("Your identity verification is waiting for review"), href: null, link: null });
  return { actions, waiting };
}

/** The visitor's panel: the newest saved businesses and conversations, a few of each, with the way to all. */
async function visitorPanel(viewer: SessionUser) {
  const [saved, conversations] = await Promise.all([listSavedBusinesses(viewer, { page: 1 }), listConversations(viewer)]);
  return {
    name: greetingName(viewer),
    saved: saved.rows.slice(0, VISITOR_PANEL_ITEMS).map((s) => ({ id: s.businessId, name: s.name, listed: s.card !== null })),
    savedTotal: saved.total,
    conversations: conversations.slice(0, VISITOR_PANEL_ITEMS).map((c) => ({ key: c.key, name: c.businessName, last: c.lastMessage, unread: c.unreadCount, href: c.href })),
    conversationsTotal: conversations.length,
  };
}

const VISITOR_PANEL_ITEMS = 5;

function VisitorPanel({ data }: { data: Awaited<ReturnType<typeof visitorPanel>> }) {
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold text-gray-900">{t("Hello, {{name}}", { name: data.name })}</h1>
      <p className="flex flex-wrap gap-3">
        <Link to="/quotes/new" className={buttonClass({ size: "sm" })}>
          {t("Request a quote")}
        </Link>
        <Link to="/quotes" className={buttonClass({ variant: "outline", size: "sm" })}>
          {t("My quote requests")}
        </Link>
      </p>
      <section aria-labelledby="panel-saved" className="card p-4">
        <h2 id="panel-saved" className="text-lg font-semibold">
          {t("Saved businesses")}
        </h2>
        {data.saved.length === 0 ? (
          <p className="mt-2 text-sm text-gray-700">
            {t("Nothing saved yet. Tap Save on a business to keep it here, and to read it even without data.")}
          </p>
        ) : (
          <ul className="mt-2 divide-y divide-gray-100">
            {data.saved.map((s) => (
              <li key={s.id} className="py-2">
                <Link to={`/businesses/${s.id}`} className="link flex min-h-11 items-center">
                  {s.name}
                </Link>
                {!s.listed && <span className="text-xs text-gray-600">{t("No longer listed")}</span>}
              </li>
            ))}
          </ul>
        )}
        <Link to="/saved" className={`${buttonClass({ variant: "outline", full: true })} mt-3`}>
          {data.savedTotal > 0 ? t("All saved businesses ({{total}})", { total: data.savedTotal }) : t("Saved businesses")}
        </Link>
      </section>
      <section aria-labelledby="panel-conversations" className="card p-4">
        <h2 id="panel-conversations" className="text-lg font-semibold">
          {t("Your conversations")}
        </h2>
        {data.conversations.length === 0 ? (
          <p className="mt-2 text-sm text-gray-700">{t("No conversations yet. Message a business from its page.")}</p>
        ) : (
          <ul className="mt-2 divide-y divide-gray-100">
            {data.conversations.map((c) => (
              <li key={c.key} className="py-2">
                {c.href ? (
                  <Link to={c.href} className="link flex min-h-11 items-center gap-2">
                    {c.name}
                    {c.unread > 0 && <span className="badge">{t("{{count}} new", { count: c.unread })}</span>}
                  </Link>
                ) : (
                  <span className="font-semibold">{c.name}</span>
                )}
                <p className="truncate text-sm text-gray-600">{c.last}</p>
              </li>
            ))}
          </ul>
        )}
        <Link to="/messages" className={`${buttonClass({ variant: "outline", full: true })} mt-3`}>
          {t("All messages")}
        </Link>
      </section>
      <Link to="/businesses" className={buttonClass({ full: true })}>
        {t("Find businesses")}
      </Link>
    </div>
  );
}

/** When a listing stops being featured, if that is within the renewal window and no end-less placement keeps it. */
function featuredEndsSoon(listing: { featured: boolean; featuredUntil: Date | null; premiumUntil: Date | null }, now: number): Date | null {
  const at = new Date(now);
  const ends = [hasPlacementAt(listing, at) ? listing.featuredUntil : null, hasPriorityAt(listing, at) ? listing.premiumUntil : null];
  if (hasPlacementAt(listing, at) && listing.featuredUntil === null) return null;
  const last = Math.max(...ends.map((d) => (d ? d.getTime() : 0)));
  return last > now && last - now <= RENEWAL_WINDOW_MS ? new Date(last) : null;
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, ["business"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const businessId = String(form.get("businessId") ?? "");
  const keep = { intent, businessId };
  try {
    if (intent === "delete") {
      await deleteListing(user, businessId);
      return { ...keep, ok: true as const, text: t(LISTING_TEXTS.deleted.text) };
    }
    if (intent === "feature") {
      await requestFeature(user, businessId);
      return { ...keep, ok: true as const, text: t(FEATURE_TEXTS.submitted) };
    }
  } catch (error) {
    return failureData(error, { fallback: intent === "delete" ? LISTING_TEXTS.deleteFailed : FEATURE_TEXTS.error, keep });
  }
  return refusalData("invalid", msg("Unknown action"), { keep });
}

const NOTICES: Record<string, { tone: "success" | "error"; title: string; text: string }> = {
  created: { tone: "success", ...LISTING_TEXTS.created },
  "created-without-images": { tone: "error", ...LISTING_TEXTS.createdWithoutImages },
  updated: { tone: "success", ...LISTING_TEXTS.updated },
  "sent-for-review": { tone: "success", ...LISTING_TEXTS.sentForReview },
  "not-found": { tone: "error", ...LISTING_TEXTS.notFound },
};

const STATUS_LABEL: Record<string, { label: string; tone: string }> = {
  approved: { label: msg("Approved"), tone: "bg-green-100 text-green-800" },
  pending: { label: msg("Pending"), tone: "bg-amber-100 text-amber-800" },
};

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "visitor") return <VisitorPanel data={loaderData} />;
  return <OwnerDashboard data={loaderData} />;
}

function OwnerDashboard({ data }: { data: Extract<Route.ComponentProps["loaderData"], { kind: "owner" }> }) {
  const { name, kyc, listings, plan, refunds, premiumEndsSoon, premiumUntil } = data;
  const [params] = useSearchParams();
  const notice = NOTICES[params.get("notice") ?? ""];
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">{t("Business Dashboard")}</h1>
          <p className="text-gray-600">{t("Welcome, {{name}}", { name })}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/dashboard/analytics" className="btn btn-outline btn-sm">
            {t("Analytics")}
          </Link>
          <Link to="/dashboard/payments" className="btn btn-outline btn-sm">
            {t("Payments and receipts")}
          </Link>
        </div>
      </div>
      {notice ? (
        <Alert tone={notice.tone}>
          <strong className="block">{t(notice.title)}</strong>
          {t(notice.text)}
        </Alert>
      ) : null}
      <PaymentNotice />
      <NeedsYouNow attention={data.attention} />
      <ReceivedQuoteRequests data={data.quoteRequests} />
      <KycCard kyc={kyc} />
      <CurrentPlanCard plan={plan} listingCount={kyc.status === "approved" || listings.length > 0 ? listings.length : null} />
      {premiumUntil ? (
        <Alert tone={premiumEndsSoon ? "error" : "success"}>
          {premiumEndsSoon
            ? t(
                'Your Premium plan ends on {{date}}. Your listings stay online, but from then on they are no longer featured and lose search priority. Renew the plan, or choose which listing stays featured with "Keep featured" below.',
                { date: formatDate(premiumUntil, "long") },
              )
            : t("Your Premium plan features all your approved listings, with search priority, until {{date}}.", { date: formatDate(premiumUntil, "long") })}
        </Alert>
      ) : null}
      <RefundList refunds={refunds} />
      {kyc.status === "approved" || listings.length > 0 ? (
        listings.length === 0 ? (
          <Card title={t("Create your first business listing")} className="p-6">
            <ListingForm mode="create" action="/business/create" defaults={{}} hours={hoursFormValues(null)} />
          </Card>
        ) : (
          <section aria-labelledby="listings-title" className="space-y-3">
            <div className="flex items-center justify-between">
              <h2 id="listings-title" className="text-lg font-semibold">
                {t("Your Businesses")}
              </h2>
              {/* Always there (spec 01 §2): at the plan's limit it leads to the explanation and the way to /pricing. */}
              <ButtonLink to="/business/create">{t("Add Business")}</ButtonLink>
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

type Listing = Extract<Awaited<ReturnType<typeof loader>>, { kind: "owner" }>["listings"][number];

function NeedsYouNow({ attention }: { attention: { actions: AttentionItem[]; waiting: AttentionItem[] } }) {
  const { actions, waiting } = attention;
  return (
    <section aria-labelledby="attention-title" className="card p-5">
      <h2 id="attention-title" className="text-lg font-semibold">
        {t("Needs you now")}
      </h2>
      {actions.length === 0 ? (
        <p className="mt-1 text-sm text-gray-700">{t("Nothing needs you right now.")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-gray-100">
          {actions.map((item) => (
            <li key={item.key} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm">
              <span className="min-w-0 break-words font-medium text-gray-900">{item.text}</span>
              {item.href ? (
                <Link to={item.href} className="btn btn-outline btn-sm">
                  {item.link}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {waiting.length > 0 ? (
        <>
          <h3 className="mt-3 text-sm font-semibold text-gray-600">{t("Waiting for us")}</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-gray-700">
            {waiting.map((item) => (
              <li key={item.key}>{item.text}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** Payments owed back or given back (a rejected paid featured request), with the reason the owner was told. */
function RefundList({ refunds }: { refunds: OwnRefund[] }) {
  if (refunds.length === 0) return null;
  return (
    <section aria-labelledby="refunds-title" className="card p-5">
      <h2 id="refunds-title" className="text-lg font-semibold">
        {t("Refunds")}
      </h2>
      <ul className="mt-2 space-y-2 text-sm">
        {refunds.map((r) => {
          const facts = { amount: r.amountLabel, what: r.what, business: r.businessName ? ` (${r.businessName})` : "", reference: r.reference };
          return (
            <li key={r.reference}>
              <strong>{r.statusLabel}</strong>:{" "}
              {r.refundedAt
                ? t("{{amount}} for {{what}}{{business}}, reference {{reference}}, refunded on {{date}}.", { ...facts, date: formatDate(r.refundedAt) })
                : t("{{amount}} for {{what}}{{business}}, reference {{reference}}.", facts)}
              {r.reason ? ` ${t("Reason: {{reason}}", { reason: r.reason })}` : ""}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function ListingCard({ listing: b }: { listing: Listing }) {
  const status = STATUS_LABEL[b.approvalStatus] ?? { label: msg("Rejected"), tone: "bg-red-100 text-red-800" };
  const shown = b.products.slice(0, LIMITS.dashboardCardProductsShown);
  const feature = useFetcher<typeof action>();
  const navigation = useNavigation();
  const actionResult = useActionData<typeof action>();
  const deleteFailure = actionResult && !actionResult.ok && actionResult.intent === "delete" && actionResult.businessId === b.id ? actionResult.failure : null;
  const featureResult = feature.data;
  const requesting = feature.state !== "idle";
  const deleting = navigation.formData?.get("intent") === "delete" && navigation.formData?.get("businessId") === b.id;
  const alreadyPending = b.hasPendingFeatureRequest || Boolean(featureResult?.ok);
  const featureBlocked = b.featureRefusal !== null || Boolean(featureResult?.ok);
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
            {/* The whole name, wrapped: two 'Bakare…' listings must be told apart (issue 32). */}
            <h3 className="min-w-0 font-semibold break-words">
              {b.approvalStatus === "approved" ? (
                <Link to={`/businesses/${b.id}`} className="py-1 hover:underline">
                  {b.name}
                </Link>
              ) : (
                b.name
              )}
            </h3>
            <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${status.tone}`}>{t(status.label)}</span>
          </div>
          <p className="text-sm text-gray-600">{[b.category && categoryName(b.category), b.state].filter(Boolean).join(" · ")}</p>
          {b.featuredNow ? (
            <p className="text-xs font-semibold text-amber-700">
              {t("Featured")}
              {b.placementHasNoEnd ? "" : b.placementUntil ? ` ${t("until {{date}}", { date: formatDate(b.placementUntil) })}` : ""}
              {b.premiumUntil ? ` · ${t("Premium plan until {{date}}", { date: formatDate(b.premiumUntil) })}` : ""}
            </p>
          ) : null}
          {b.featuredEndsSoon && b.featureRefusal === null ? (
            <p className="mt-1 text-sm text-amber-900">
              {t("Stops being featured on {{date}}.", { date: formatDate(b.featuredEndsSoon, "long") })}{" "}
              <Link to={`/featured-plans?businessId=${encodeURIComponent(b.id)}`} className="font-semibold underline">
                {t("Keep featured")}
              </Link>
            </p>
          ) : null}
          {status.label === "Rejected" ? (
            <p className="mt-1 text-sm text-red-700">{t("Reason: {{reason}}", { reason: b.rejectionReason?.trim() || t("Not specified") })}</p>
          ) : null}
          {b.changePending ? <p className="mt-1 text-sm font-medium text-amber-800">{t(LISTING_TEXTS.changeWaiting)}</p> : null}
          {b.changeRejectionReason ? (
            <p className="mt-1 text-sm text-red-700">
              {t(LISTING_TEXTS.changeRejected)} {t("Reason: {{reason}}", { reason: b.changeRejectionReason })}
            </p>
          ) : null}
          {shown.length > 0 ? (
            <p className="mt-1 text-sm text-gray-700">
              {shown.join(", ")}
              {b.products.length > shown.length ? ` ${t("+{{count}} more", { count: b.products.length - shown.length })}` : ""}
            </p>
          ) : null}
        </div>
      </div>
      {featureResult ? (
        <p role={featureResult.ok ? "status" : "alert"} className={`px-4 pb-2 text-sm ${featureResult.ok ? "text-green-700" : "text-red-700"}`}>
          {featureResult.ok ? featureResult.text : featureResult.failure.text}
        </p>
      ) : null}
      {deleteFailure ? (
        <p role="alert" className="px-4 pb-2 text-sm text-red-700">
          <strong>{deleteFailure.title}</strong> {deleteFailure.text}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 border-t border-gray-100 bg-gray-50 px-4 py-3">
        <ButtonLink to={`/business/edit/${b.id}`} variant="outline" size="sm">
          {t("Edit")}
        </ButtonLink>
        <ButtonLink to={`/business/prices/${b.id}`} variant="outline" size="sm">
          {t("Price list")}
        </ButtonLink>
        <ButtonLink to={`/dashboard/analytics?listing=${encodeURIComponent(b.id)}`} variant="outline" size="sm">
          {t("See analytics")}
        </ButtonLink>
        {/* The listing's offers (issue 37). */}
        <ButtonLink to={`/business/offers/${b.id}`} variant="outline" size="sm">
          {t("Offers")}
        </ButtonLink>
        {b.approvalStatus === "approved" ? (
          <feature.Form method="post">
            <input type="hidden" name="intent" value="feature" />
            <input type="hidden" name="businessId" value={b.id} />
            <button
              type="submit"
              disabled={featureBlocked || requesting}
              className={buttonClass({ variant: "warning", size: "sm" })}
            >
              {/* Featured by a placement that a new one cannot follow yet; a Premium listing, or a placement ending within 7 days, may ask for one (ADR 16). */}
              {b.featureRefusal === FEATURE_TEXTS.alreadyFeatured
                ? t("Featured")
                : alreadyPending
                  ? t("Feature requested")
                  : requesting
                    ? t("Requesting…")
                    : t("Request Featured")}
            </button>
          </feature.Form>
        ) : null}
        {/* Delete stands apart from Edit, at the far end (issue 32). */}
        <Form
          className="ml-auto"
          method="post"
          onSubmit={(e) => {
            if (!window.confirm(t(LISTING_TEXTS.deleteConfirm))) e.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="businessId" value={b.id} />
          <button type="submit" disabled={deleting} className={buttonClass({ variant: "danger", size: "sm" })}>
            {deleting ? t("Deleting…") : t("Delete")}
          </button>
        </Form>
      </div>
    </li>
  );
}
