import { appErrorCode } from "../../lib/app-error";
import { describeError } from "../../lib/error-responses.server";
import { logger } from "../../lib/logger.server";
import { t } from "../../lib/i18n/i18n";
import type { SessionUser } from "../accounts/session-user";
import {
  ADMIN_TEXTS, CHANGES_PAGE_PARAM, COVERED_PAGE_PARAM, DELIVERY_TEXTS, HELD_PAGE_PARAM, parseAdminTab, parsePage, parseSearch, parseSubscriptionsView, parseUserFilter, type AdminTab, type UserFilterValue,
} from "./admin.schemas";
import { countPendingWork, type PendingWork } from "./count-pending-work.server";
import { getSiteOverview } from "./get-site-overview.server";
import { listFailedDeliveries, type FailedDeliveries } from "./list-failed-deliveries.server";
import type { SiteOverview } from "./site-overview";
import { listApprovedBusinesses } from "../featured/list-approved-businesses.server";
import { listBroadcasts } from "./list-broadcasts.server";
import { listFeaturedRequests, type AdminFeaturedRequest } from "../featured/list-featured-requests.server";
import { listFeedback } from "../feedback/list-feedback.server";
import { listKycSubmissions } from "../kyc/list-kyc-submissions.server";
import { CLAIM_REVIEW_TEXTS } from "../listings/claim.schemas";
import { listPendingClaims, type AdminClaimRow } from "../listings/list-claims.server";
import { listCoveredPlaces, type AdminCoveredPlace } from "../listings/list-covered-places.server";
import { listPendingBusinesses } from "../listings/list-pending-businesses.server";
import { listPendingChanges } from "../listings/list-pending-changes.server";
import { listUserActivity } from "./list-user-activity.server";
import { listUsers } from "./list-users.server";
import { listPayments, parsePaymentStatus, type AdminPayment } from "../payments/list-payments.server";
import type { Paged } from "../../lib/pagination";
import { listReports } from "../reports/list-reports.server";
import { findPossibleDuplicates } from "../reports/find-possible-duplicates.server";
import { REPORT_TEXTS } from "../reports/report.schemas";
import { listHeldReviews, type HeldReview } from "../reviews/list-held-reviews.server";
import { listPendingSuggestions, type PendingSuggestion } from "../suggestions/list-pending-suggestions.server";
import { SUGGESTION_TEXTS } from "../suggestions/suggestion.schemas";
import { listStandingVerifications, type AdminVerificationRow } from "../verification/revoke-verification.server";
import { VERIFICATION_TEXTS } from "../verification/verification.schemas";

const LOAD_ERRORS: Record<AdminTab, string> = {
  users: ADMIN_TEXTS.anError,
  businesses: ADMIN_TEXTS.pendingLoadFailed,
  kyc: ADMIN_TEXTS.anError,
  "featured-requests": ADMIN_TEXTS.featuredRequestsLoadFailed,
  featured: ADMIN_TEXTS.businessesLoadFailed,
  subscriptions: ADMIN_TEXTS.subscriptionsLoadFailed,
  notifications: ADMIN_TEXTS.anError,
  feedback: ADMIN_TEXTS.feedbackLoadFailed,
  reports: REPORT_TEXTS.loadFailed,
  overview: ADMIN_TEXTS.anError,
  deliveries: DELIVERY_TEXTS.loadFailed,
  claims: CLAIM_REVIEW_TEXTS.loadFailed,
  suggestions: SUGGESTION_TEXTS.loadFailed,
  verifications: VERIFICATION_TEXTS.loadFailed,
};

const empty = <T>(page: number): Paged<T> => ({ rows: [], page, hasNext: false });

/** The Subscriptions tab's payments view (?view=payments): its page of payments and the filters it shows. */
export type PaymentsViewData = { list: Paged<AdminPayment>; status: string; search: string };
type PaymentsQuery = { view: "requests" | "payments"; status: ReturnType<typeof parsePaymentStatus> };

async function loadTab(
  actor: SessionUser,
  tab: AdminTab,
  page: number,
  search: string,
  activityId: string | null,
  userFilter: UserFilterValue | undefined,
  changesPage: number,
  paymentsQuery: PaymentsQuery,
) {
  switch (tab) {
    case "users": {
      const [users, activity] = await Promise.all([
        listUsers(actor, { page, search, filter: userFilter }),
        activityId ? listUserActivity(actor, activityId) : Promise.resolve(null),
      ]);
      return { tab, users, activity } as const;
    }
    case "businesses": {
      const [businesses, changes] = await Promise.all([listPendingBusinesses(actor, { page }), listPendingChanges(actor, { page: changesPage })]);
      // 'Possible duplicate of …' (issue 16): for the page of pending listings shown only.
      const duplicates = await findPossibleDuplicates(actor, businesses.rows);
      return { tab, businesses, changes, duplicates } as const;
    }
    case "kyc":
      return { tab, submissions: await listKycSubmissions(actor, { page }) } as const;
    case "featured-requests":
      return { tab, requests: await listFeaturedRequests(actor, { page }) } as const;
    case "subscriptions": {
      if (paymentsQuery.view === "requests") return { tab, requests: await listFeaturedRequests(actor, { page }), payments: null } as const;
      const list = await listPayments(actor, { page, status: paymentsQuery.status, search });
      const payments: PaymentsViewData = { list, status: paymentsQuery.status ?? "", search };
      return { tab, requests: empty<AdminFeaturedRequest>(page), payments } as const;
    }
    case "featured":
      return { tab, businesses: await listApprovedBusinesses(actor, { page, search }) } as const;
    case "notifications":
      return { tab, broadcasts: await listBroadcasts(actor, { page }) } as const;
    case "feedback":
      return { tab, entries: await listFeedback(actor, { page }) } as const;
    case "reports": {
      // Reviews held for approval are paged apart from the reports, by ?held= (changesPage carries it here).
      const [groups, held] = await Promise.all([listReports(actor, { page }), listHeldReviews(actor, { page: changesPage })]);
      return { tab, groups, held } as const;
    }
    case "overview":
      return { tab, overview: (await getSiteOverview(actor)) as SiteOverview | null } as const;
    case "deliveries":
      return { tab, deliveries: await listFailedDeliveries(actor, { page }) } as const;
    case "claims": {
      // The importer's links are paged apart from the claims, by ?covered= (changesPage carries it here).
      const [claims, covered] = await Promise.all([listPendingClaims(actor, { page }), listCoveredPlaces(actor, { page: changesPage })]);
      return { tab, claims, covered } as const;
    }
    case "suggestions":
      return { tab, suggestions: await listPendingSuggestions(actor, { page }) } as const;
    case "verifications":
      return { tab, verifications: await listStandingVerifications(actor, { page }) } as const;
  }
}

function emptyTab(tab: AdminTab, page: number, changesPage: number, paymentsQuery: PaymentsQuery, search: string): Awaited<ReturnType<typeof loadTab>> {
  switch (tab) {
    case "users":
      return { tab, users: empty(page), activity: null };
    case "businesses":
      return { tab, businesses: empty(page), changes: empty(changesPage), duplicates: {} };
    case "kyc":
      return { tab, submissions: empty(page) };
    case "featured-requests":
      return { tab, requests: empty(page) };
    case "subscriptions":
      return {
        tab,
        requests: empty(page),
        payments: paymentsQuery.view === "payments" ? { list: empty(page), status: paymentsQuery.status ?? "", search } : null,
      };
    case "featured":
      return { tab, businesses: empty(page) };
    case "notifications":
      return { tab, broadcasts: empty(page) };
    case "feedback":
      return { tab, entries: empty(page) };
    case "reports":
      return { tab, groups: empty(page), held: empty<HeldReview>(changesPage) };
    case "overview":
      return { tab, overview: null };
    case "deliveries":
      return { tab, deliveries: { list: empty(page), counts: [] } satisfies FailedDeliveries };
    case "claims":
      return { tab, claims: empty<AdminClaimRow>(page), covered: empty<AdminCoveredPlace>(changesPage) };
    case "suggestions":
      return { tab, suggestions: empty<PendingSuggestion>(page) };
    case "verifications":
      return { tab, verifications: empty<AdminVerificationRow>(page) };
  }
}

export type AdminTabData = Awaited<ReturnType<typeof loadTab>>;

/**
 * Everything the admin page shows for a URL: the tab (?tab=), its page (?page=), search (?q=) and,
 * on the Users tab, one user's activity (?activity=). A failed read is logged and the list stays
 * empty with the spec's error text, as the spec describes.
 */
export async function loadAdminTab(actor: SessionUser, url: URL): Promise<{
  tab: AdminTab;
  page: number;
  search: string;
  userFilter: UserFilterValue | "";
  counts: PendingWork | null;
  data: AdminTabData;
  loadError: string | null;
}> {
  const tab = parseAdminTab(url.searchParams.get("tab"));
  const page = parsePage(url.searchParams.get("page"));
  const search = parseSearch(url.searchParams.get("q"));
  const activityId = url.searchParams.get("activity")?.trim().slice(0, 64) || null;
  const userFilter = parseUserFilter(url.searchParams.get("show"));
  // Business Approvals pages its two lists apart: pending listings by ?page=, changes to approved ones by ?changes=.
  const changesPage = parsePage(url.searchParams.get(tab === "reports" ? HELD_PAGE_PARAM : tab === "claims" ? COVERED_PAGE_PARAM : CHANGES_PAGE_PARAM));
  // Subscriptions shows the featured subscription requests, or every payment (?view=payments&status=&q=).
  const paymentsQuery: PaymentsQuery = { view: parseSubscriptionsView(url.searchParams.get("view")), status: parsePaymentStatus(url.searchParams.get("status")) };
  const [counts, loaded] = await Promise.all([
    countPendingWork(actor).catch((error: unknown) => {
      logger.error({ err: error }, "admin counts failed");
      return null;
    }),
    loadTab(actor, tab, page, search, activityId, userFilter, changesPage, paymentsQuery).then(
      (data) => ({ data, loadError: null }),
      (error: unknown) => {
        const code = appErrorCode(error);
        if (code === "forbidden" || code === "unauthenticated") throw error;
        // A failed read: logged with the request id, the list stays empty with the spec's error text.
        const { failure } = describeError(error, LOAD_ERRORS[tab]);
        return { data: emptyTab(tab, page, changesPage, paymentsQuery, search), loadError: failure.errorId ? t("{{text}} (Error ID: {{errorId}})", { text: failure.text, errorId: failure.errorId }) : failure.text };
      },
    ),
  ]);
  return { tab, page, search, userFilter: userFilter ?? "", counts, ...loaded };
}
