import { Form, Link, useSearchParams } from "react-router";
import { ROLES } from "../../../lib/reference";
import type { ActivityEntry } from "../list-user-activity.server";
import type { AdminUserRow } from "../list-users.server";
import type { Paged } from "../../../lib/pagination";
import { ADMIN_TEXTS, ROLE_LABELS, USER_FILTER_OPTIONS } from "../admin.schemas";
import { shownEmail } from "../../accounts/phone.schemas";
import { ActionForm, kycStatusLabel, locationLabel, PagedList, personName, ReasonForm, resultFor, type AdminActionResult, useSubmitting } from "./admin-ui";
import { buttonClass } from "../../../components/ui/button";
import { fieldClass } from "../../../components/ui/field";
import { Badge } from "../../../components/ui/badge";
import { formatDate, formatDateTime } from "../../../lib/format";
import { displayPhone } from "../../../lib/phone";
import { msg, t } from "../../../lib/i18n/i18n";

type Activity = {
  user: { id: string; email: string | null; firstName: string | null; lastName: string | null } | null;
  entries: ActivityEntry[];
};

export function UsersTab({
  users,
  search,
  userFilter,
  activity,
  meId,
  result,
  loadError,
}: {
  users: Paged<AdminUserRow>;
  search: string;
  userFilter: string;
  activity: Activity | null;
  meId: string;
  result?: AdminActionResult;
  loadError?: string;
}) {
  return (
    <section aria-labelledby="users-title">
      <h2 id="users-title" className="sr-only">
        {t("Users")}
      </h2>
      <Form method="get" role="search" className="mb-4 flex flex-wrap gap-2">
        <input type="hidden" name="tab" value="users" />
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor="user-search" className="sr-only">
            {t("Search users by name or e-mail")}
          </label>
          <input
            id="user-search"
            name="q"
            type="search"
            defaultValue={search}
            placeholder={t("Search by name, e-mail or phone")}
            maxLength={100}
            className={`${fieldClass} mt-0`}
          />
        </div>
        <div>
          <label htmlFor="user-filter" className="sr-only">
            {t("Show")}
          </label>
          <select id="user-filter" name="show" defaultValue={userFilter} className={`${fieldClass} mt-0`}>
            {USER_FILTER_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {t(o.label)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass({ size: "sm" })}>
          <span className="i i-search" aria-hidden="true" />
          <span className="max-sm:sr-only">{t("Search")}</span>
        </button>
      </Form>
      {activity ? <ActivityPanel activity={activity} /> : null}
      <PagedList page={users} loadError={loadError} empty={search || userFilter ? t("No users match this search.") : t("No users yet.")} label={t("Users")}>
        {(u) => <UserCard key={u.id} user={u} isMe={u.id === meId} result={result} />}
      </PagedList>
    </section>
  );
}

function UserCard({ user: u, isMe, result }: { user: AdminUserRow; isMe: boolean; result?: AdminActionResult }) {
  const [params] = useSearchParams();
  const savingRole = useSubmitting("role", u.id);
  const suspending = useSubmitting("suspend", u.id);
  const unsuspending = useSubmitting("unsuspend", u.id);
  const name = personName(u.firstName, u.lastName);
  const activityHref = (() => {
    const next = new URLSearchParams(params);
    next.set("tab", "users");
    next.set("activity", u.id);
    return `?${next.toString()}#activity`;
  })();
  const storedRole = u.role === "user" ? "visitor" : u.role;
  const roleId = `role-${u.id}`;
  return (
    <li className="card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-gray-900">
            {name}
            {isMe ? <span className="ml-1 text-sm font-normal text-gray-500">{t("(you)")}</span> : null}
          </h3>
          <p className="break-all text-sm text-gray-700">
            {shownEmail(u.email?.trim()) ?? t(ADMIN_TEXTS.noEmail)}
            {u.phone ? ` · ${displayPhone(u.phone)}` : null}
          </p>
          <p className="text-sm text-gray-600">
            {t("{{location}} · Joined {{date}}", { location: locationLabel(u.state, u.country), date: formatDate(u.createdAt) })}
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          <Badge tone={storedRole}>{ROLE_LABELS[u.role] ? t(ROLE_LABELS[u.role]) : u.role}</Badge>
          {u.isListedAdmin && storedRole !== "admin" ? <Badge tone="admin">{t("Admin (admins list)")}</Badge> : null}
          {u.role === "business" ? <Badge tone={u.kycStatus}>{kycStatusLabel(u.kycStatus)}</Badge> : null}
          {u.hasTwoFactor ? <Badge tone="approved">{t("2FA on")}</Badge> : <Badge tone="neutral">{t("2FA off")}</Badge>}
          {u.isSuspended ? <Badge tone="suspended">{t("Suspended")}</Badge> : null}
        </div>
      </div>
      {u.isSuspended && u.banReason ? <p className="mt-2 text-sm text-red-800">{t("Suspension reason: {{reason}}", { reason: u.banReason })}</p> : null}
      <div className="mt-3 flex flex-wrap items-end gap-2 border-t border-gray-100 pt-3">
        <ActionForm intent="role" targetId={u.id} className="flex items-end gap-2">
          <div>
            <label htmlFor={roleId} className="block text-xs font-medium text-gray-600">
              {t("Role")}
            </label>
            <select id={roleId} name="role" defaultValue={storedRole} disabled={isMe} className={`${fieldClass} py-1.5 text-sm`}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(ROLE_LABELS[r])}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClass({ variant: "outline", size: "sm" })} disabled={isMe || savingRole}>
            {savingRole ? t("Saving…") : t("Update role")}
          </button>
        </ActionForm>
        <Link to={activityHref} className={buttonClass({ variant: "outline", size: "sm" })} preventScrollReset>
          {t("View Activity")}
        </Link>
        <button
          type="button"
          className={buttonClass({ variant: "outline", size: "sm" })}
          disabled
          title={t("Messaging users from the admin panel is not available yet")}
        >
          {t("Send Message")}
        </button>
        {isMe ? null : u.isSuspended ? (
          <ActionForm intent="unsuspend" targetId={u.id} confirm={t("Lift the suspension of {{name}}?", { name })}>
            <button type="submit" className={buttonClass({ variant: "outline", size: "sm" })} disabled={unsuspending}>
              {unsuspending ? t("Saving…") : t("Unsuspend")}
            </button>
          </ActionForm>
        ) : (
          <div className="has-[details[open]]:basis-full">
            <ReasonForm
              intent="suspend"
              targetId={u.id}
              summary={t("Suspend")}
              label={t("Reason for suspension")}
              submitLabel={t("Suspend user")}
              required={false}
              hint={t("They are signed out everywhere, cannot sign in, and their listings are hidden until you lift it.")}
              result={resultFor(result, "suspend", u.id)}
              busy={suspending}
            />
          </div>
        )}
      </div>
    </li>
  );
}

const ACTION_LABELS: Record<string, string> = {
  "user.role.change": msg("Role changed"),
  "user.suspend": msg("Suspended"),
  "user.unsuspend": msg("Suspension lifted"),
  "user.two_factor.enable": msg("Two-factor sign-in turned on"),
  "user.two_factor.disable": msg("Two-factor sign-in turned off"),
  "business.approve": msg("Business approved"),
  "business.reject": msg("Business rejected"),
  "business.unpublish": msg("Business unpublished"),
  "business.change.approve": msg("Business changes approved"),
  "business.change.reject": msg("Business changes rejected"),
  "business.feature": msg("Business featured"),
  "business.unfeature": msg("Business unfeatured"),
  "business.featured.expire": msg("Featured placement ended"),
  "business.delete_orphan": msg("Orphaned business removed"),
  "business.claim": msg("Business claimed"),
  "business.claim.move": msg("Business moved to another owner after a review"),
  "business.claim.approve": msg("Claim approved"),
  "business.claim.reject": msg("Claim rejected"),
  "business.claim.close": msg("Claim closed"),
  "business.claim.withdraw": msg("Claim withdrawn"),
  "business.claim.document.view": msg("Claim document viewed"),
  "business.unlink_covered": msg("Imported place unlinked from an owner's listing"),
  "kyc.approve": msg("KYC approved"),
  "kyc.reject": msg("KYC rejected"),
  "kyc.delete": msg("KYC submission deleted"),
  "kyc.document.view": msg("KYC document viewed"),
  "featured_request.approve": msg("Featured request approved"),
  "featured_request.reject": msg("Featured request rejected"),
  "notification.broadcast": msg("Notification sent"),
  "feedback.status": msg("Feedback status changed"),
  "feedback.delete": msg("Feedback deleted"),
  "delivery.retry": msg("Failed delivery retried"),
};

function describeChange(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const show = (v: unknown) => (v === null || v === undefined ? t("none") : typeof v === "object" ? JSON.stringify(v) : String(v));
  return keys
    .map((k) => {
      const has = (o: Record<string, unknown> | null) => o !== null && k in o;
      if (has(before) && has(after)) return `${k}: ${show(before![k])} → ${show(after![k])}`;
      if (has(after)) return `${k}: ${show(after![k])}`;
      return t("{{field}} was {{value}}", { field: k, value: show(before![k]) });
    })
    .join("; ");
}

function ActivityPanel({ activity }: { activity: Activity }) {
  const [params] = useSearchParams();
  const close = new URLSearchParams(params);
  close.delete("activity");
  const who = activity.user ? personName(activity.user.firstName, activity.user.lastName) : t(ADMIN_TEXTS.unknownUser);
  return (
    <section id="activity" aria-labelledby="activity-title" className="card mb-4 scroll-mt-20 p-4 ring-2 ring-brand-500/40">
      <div className="flex items-start justify-between gap-2">
        <div>
          <h3 id="activity-title" className="font-semibold">
            {t("Recent activity: {{who}}", { who })}
          </h3>
          {activity.user ? <p className="text-sm text-gray-600">{shownEmail(activity.user.email) ?? t(ADMIN_TEXTS.noEmail)}</p> : null}
        </div>
        <Link to={`?${close.toString()}`} className={buttonClass({ variant: "outline", size: "sm" })} preventScrollReset>
          {t("Close")}
        </Link>
      </div>
      {activity.entries.length === 0 ? (
        <p className="mt-3 text-sm text-gray-600">{t("No recorded activity yet.")}</p>
      ) : (
        <ol className="mt-3 divide-y divide-gray-100">
          {activity.entries.map((e) => (
            <li key={e.id} className="py-2 text-sm">
              <p>
                <span className="font-medium">{ACTION_LABELS[e.action] ? t(ACTION_LABELS[e.action]) : e.action}</span>{" "}
                <span className="text-gray-600">
                  {e.relation === "by" ? t("by this user on {{target}}", { target: e.targetType }) : e.actorEmail ? t("by {{email}}", { email: e.actorEmail }) : t("by the system")}
                </span>
              </p>
              <p className="text-xs text-gray-500">
                <time dateTime={new Date(e.createdAt).toISOString()}>{formatDateTime(e.createdAt)}</time>
                {e.targetId && e.relation === "by" ? <> · {e.targetId}</> : null}
              </p>
              {e.before || e.after ? <p className="mt-0.5 break-words text-xs text-gray-700">{describeChange(e.before, e.after)}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
