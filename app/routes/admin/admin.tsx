import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import { CountBadge } from "~/components/ui/badge";
import { TabNav } from "~/components/ui/tabs";
import type { Route } from "./+types/admin";
import { ADMIN_SECURITY_PATH, needsAdminTwoFactor } from "~/features/accounts/access";
import { requireUser } from "~/features/accounts/guards.server";
import { runAdminAction } from "~/features/admin/admin-actions.server";
import { ADMIN_TABS, ADMIN_TEXTS, type AdminActionResult, type AdminTab } from "~/features/admin/admin.schemas";
import { ActionToast } from "~/features/admin/components/admin-ui";
import { BusinessApprovalsTab } from "~/features/admin/components/business-approvals-tab";
import { ClaimsTab } from "~/features/admin/components/claims-tab";
import { DeliveriesTab } from "~/features/admin/components/deliveries-tab";
import { FeaturedManagementTab } from "~/features/admin/components/featured-management-tab";
import { FeaturedRequestsTab, SubscriptionsTab } from "~/features/admin/components/featured-requests-tab";
import { FeedbackTab } from "~/features/admin/components/feedback-tab";
import { KycTab } from "~/features/admin/components/kyc-tab";
import { ReportsTab } from "~/features/admin/components/reports-tab";
import { SuggestionsTab } from "~/features/admin/components/suggestions-tab";
import { VerificationsTab } from "~/features/admin/components/verifications-tab";
import { NotificationsTab } from "~/features/admin/components/notifications-tab";
import { OverviewTab } from "~/features/admin/components/overview-tab";
import { PaymentsView, SubscriptionsViewNav } from "~/features/admin/components/payments-view";
import { UsersTab } from "~/features/admin/components/users-tab";
import { loadAdminTab } from "~/features/admin/load-admin-tab.server";
import { msg, t } from "~/lib/i18n/i18n";

export const meta: Route.MetaFunction = () => [{ title: t("Admin Dashboard – Naija Directory") }, { name: "robots", content: "noindex" }];

// The guard admits business users too (spec 02 §2); only admins get any data, and only with two-factor
// sign-in on: an admin without it is sent to set it up (the use cases refuse them too).
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, ["admin", "business"]);
  if (!user.isAdmin) return data({ denied: true as const }, { status: 403 });
  if (needsAdminTwoFactor(user)) throw redirect(ADMIN_SECURITY_PATH);
  const page = await loadAdminTab(user, new URL(request.url));
  return { denied: false as const, meId: user.id, ...page };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, ["admin", "business"]);
  const form = await request.formData();
  // Refused inside every use case too; answered here early so nothing is parsed for a non-admin.
  if (!user.isAdmin) {
    const result: AdminActionResult = {
      intent: String(form.get("intent") ?? ""),
      ok: false,
      title: t(ADMIN_TEXTS.accessDenied.title),
      text: t(ADMIN_TEXTS.accessDenied.text),
      at: Date.now(),
    };
    return data(result, { status: 403 });
  }
  if (needsAdminTwoFactor(user)) throw redirect(ADMIN_SECURITY_PATH);
  const { status, result } = await runAdminAction(user, form);
  return data(result, { status });
}

const BADGE_FOR: Partial<Record<AdminTab, "businesses" | "kyc" | "featuredRequests" | "feedback" | "reports" | "deliveries" | "claims" | "suggestions">> = {
  businesses: "businesses",
  kyc: "kyc",
  "featured-requests": "featuredRequests",
  feedback: "feedback",
  reports: "reports",
  deliveries: "deliveries",
  claims: "claims",
  suggestions: "suggestions",
};
/** What a tab's badge counts, read out after the number ('3 waiting'); Deliveries counts the failed ones. */
const BADGE_LABEL: Partial<Record<AdminTab, string>> = { deliveries: msg("failed") };

export default function AdminPage() {
  const loaderData = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (loaderData.denied) return <AccessDenied />;
  const { tab, counts, data: tabData, loadError, search, userFilter, meId } = loaderData;
  const error = loadError ?? undefined;
  return (
    <div className="page max-w-5xl pb-28">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">{t("Admin Dashboard")}</h1>
          <p className="text-sm text-gray-600">{t("Moderate users, listings, KYC, featured placements, notifications and feedback.")}</p>
        </div>
        <Link to="/admin/security" className="link text-sm">
          {t("Two-factor sign-in")}
        </Link>
      </div>
      <TabNav
        label={t("Admin sections")}
        current={tab}
        tabs={ADMIN_TABS.map((adminTab) => {
          const badgeKey = BADGE_FOR[adminTab.id];
          const badgeLabel = BADGE_LABEL[adminTab.id];
          return {
            id: adminTab.id,
            label: t(adminTab.label),
            href: adminTab.id === "users" ? "/admin" : `/admin?tab=${adminTab.id}`,
            badge: <CountBadge count={badgeKey && counts ? counts[badgeKey] : 0} label={badgeLabel ? t(badgeLabel) : t("waiting")} />,
          };
        })}
      />
      {tabData.tab === "users" ? (
        <UsersTab
          users={tabData.users}
          activity={tabData.activity}
          search={search}
          userFilter={userFilter}
          meId={meId}
          result={result}
          loadError={error}
        />
      ) : tabData.tab === "businesses" ? (
        <BusinessApprovalsTab businesses={tabData.businesses} changes={tabData.changes} duplicates={tabData.duplicates} result={result} loadError={error} />
      ) : tabData.tab === "kyc" ? (
        <KycTab submissions={tabData.submissions} result={result} loadError={error} />
      ) : tabData.tab === "featured-requests" ? (
        <FeaturedRequestsTab requests={tabData.requests} loadError={error} />
      ) : tabData.tab === "featured" ? (
        <FeaturedManagementTab businesses={tabData.businesses} search={search} result={result} loadError={error} />
      ) : tabData.tab === "subscriptions" ? (
        <>
          <SubscriptionsViewNav current={tabData.payments ? "payments" : "requests"} />
          {tabData.payments ? (
            <PaymentsView payments={tabData.payments.list} status={tabData.payments.status} search={tabData.payments.search} result={result} loadError={error} />
          ) : (
            <SubscriptionsTab requests={tabData.requests} loadError={error} />
          )}
        </>
      ) : tabData.tab === "notifications" ? (
        <NotificationsTab broadcasts={tabData.broadcasts} result={result} loadError={error} />
      ) : tabData.tab === "feedback" ? (
        <FeedbackTab entries={tabData.entries} loadError={error} />
      ) : tabData.tab === "reports" ? (
        <ReportsTab groups={tabData.groups} held={tabData.held} result={result} loadError={error} />
      ) : tabData.tab === "overview" ? (
        <OverviewTab overview={tabData.overview} loadError={error} />
      ) : tabData.tab === "deliveries" ? (
        <DeliveriesTab deliveries={tabData.deliveries} result={result} loadError={error} />
      ) : tabData.tab === "claims" ? (
        <ClaimsTab claims={tabData.claims} covered={tabData.covered} result={result} loadError={error} />
      ) : tabData.tab === "suggestions" ? (
        <SuggestionsTab suggestions={tabData.suggestions} result={result} loadError={error} />
      ) : tabData.tab === "verifications" ? (
        <VerificationsTab verifications={tabData.verifications} result={result} loadError={error} />
      ) : null}
      <ActionToast result={result} />
    </div>
  );
}

function AccessDenied() {
  return (
    <div className="page max-w-md py-16 text-center">
      <div className="card p-8" role="alert">
        <h1 className="text-2xl font-bold text-gray-900">{t(ADMIN_TEXTS.accessDenied.title)}</h1>
        <p className="mt-2 text-gray-700">{t(ADMIN_TEXTS.accessDenied.text)}</p>
        <Link to="/" className="btn btn-primary mt-6">
          {t("Go to Home")}
        </Link>
      </div>
    </div>
  );
}
