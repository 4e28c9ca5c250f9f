import { useState } from "react";
import { Form } from "react-router";
import { NOTIFICATION_AUDIENCES, NOTIFICATION_PRIORITIES } from "../../../lib/reference";
import type { AdminBroadcast } from "../list-broadcasts.server";
import type { Paged } from "../../../lib/pagination";
import { ADMIN_TEXTS, AUDIENCE_LABELS } from "../admin.schemas";
import { EmptyState, LoadError, Pager, useSubmitting, type AdminActionResult } from "./admin-ui";
import { buttonClass } from "../../../components/ui/button";
import { Required, SelectField, TextAreaField, TextField } from "../../../components/ui/field";
import { Badge } from "../../../components/ui/badge";
import { Card } from "../../../components/ui/card";
import { formatDateTime } from "../../../lib/format";
import { msg, t } from "../../../lib/i18n/i18n";

const PRIORITY_LABELS: Record<string, string> = { low: msg("Low"), medium: msg("Medium"), high: msg("High") };
/** A broadcast's priority on its badge ('High priority'). */
const PRIORITY_BADGES: Record<string, string> = { low: msg("Low priority"), medium: msg("Medium priority"), high: msg("High priority") };

export function NotificationsTab({
  broadcasts,
  result,
  loadError,
}: {
  broadcasts: Paged<AdminBroadcast>;
  result?: AdminActionResult;
  loadError?: string;
}) {
  const sending = useSubmitting("notify");
  const [clientError, setClientError] = useState<string | null>(null);
  const mine = result?.intent === "notify" ? result : undefined;
  // After a send the form starts empty; after a failure it keeps everything that was typed.
  const values = mine && !mine.ok ? (mine.values ?? {}) : {};
  const formKey = mine?.ok ? `sent-${mine.at}` : "draft";
  const error = clientError ?? (mine && !mine.ok ? (mine.fieldError ?? null) : null);
  return (
    <div className="space-y-6">
      <Card title={t("Send a notification")} className="p-4">
        <p className="-mt-2 mb-3 text-sm text-gray-600">{t("It appears in each recipient's bell and on their Notifications page.")}</p>
        <Form
          key={formKey}
          method="post"
          preventScrollReset
          noValidate
          className="space-y-3"
          onSubmit={(event) => {
            const form = new FormData(event.currentTarget);
            if (!String(form.get("title") ?? "").trim() || !String(form.get("message") ?? "").trim()) {
              event.preventDefault();
              setClientError(t(ADMIN_TEXTS.fillRequired));
            } else setClientError(null);
          }}
        >
          <input type="hidden" name="intent" value="notify" />
          {error ? (
            <p id="notify-error" role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          ) : null}
          <TextField
            label={<Required>{t("Title")}</Required>}
            name="title"
            required
            maxLength={120}
            defaultValue={values.title ?? ""}
            aria-describedby={error ? "notify-error" : undefined}
          />
          <TextAreaField
            label={<Required>{t("Message")}</Required>}
            name="message"
            required
            rows={4}
            maxLength={2000}
            defaultValue={values.message ?? ""}
            aria-describedby={error ? "notify-error" : undefined}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label={t("Target audience")}
              name="targetAudience"
              defaultValue={values.targetAudience ?? "all"}
              options={NOTIFICATION_AUDIENCES.map((a) => ({ value: a, label: t(AUDIENCE_LABELS[a]) }))}
            />
            <SelectField
              label={t("Priority")}
              name="priority"
              defaultValue={values.priority ?? "medium"}
              options={NOTIFICATION_PRIORITIES.map((p) => ({ value: p, label: t(PRIORITY_LABELS[p]) }))}
            />
          </div>
          <button type="submit" className={buttonClass({ size: "sm" })} disabled={sending}>
            {sending ? t("Sending…") : t("Send Notification")}
          </button>
        </Form>
      </Card>

      <section aria-labelledby="recent-title">
        <h2 id="recent-title" className="mb-3 text-lg font-semibold">
          {t("Recent notifications")}
        </h2>
        {loadError ? <LoadError text={loadError} /> : null}
        {broadcasts.rows.length === 0 ? (
          <EmptyState>{t("No notifications sent yet.")}</EmptyState>
        ) : (
          <ul className="space-y-3">
            {broadcasts.rows.map((b) => (
              <li key={b.id} className="card p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="font-semibold">{b.title}</h3>
                  <div className="flex flex-wrap gap-1">
                    <Badge tone="neutral">{Object.hasOwn(AUDIENCE_LABELS, b.targetAudience) ? t(AUDIENCE_LABELS[b.targetAudience as keyof typeof AUDIENCE_LABELS]) : b.targetAudience}</Badge>
                    <Badge tone={b.priority}>{PRIORITY_BADGES[b.priority] ? t(PRIORITY_BADGES[b.priority]) : t("{{priority}} priority", { priority: b.priority })}</Badge>
                  </div>
                </div>
                <p className="mt-1 whitespace-pre-line text-sm text-gray-800">{b.message}</p>
                <p className="mt-2 text-xs text-gray-600">
                  {t("Sent to {{count}} users", { count: b.recipientCount })} · {formatDateTime(b.createdAt)}
                  {b.sentByEmail ? <> · {t("by {{email}}", { email: b.sentByEmail })}</> : null}
                </p>
              </li>
            ))}
          </ul>
        )}
        <Pager page={broadcasts.page} hasNext={broadcasts.hasNext} label={t("Recent notifications")} />
      </section>
    </div>
  );
}
