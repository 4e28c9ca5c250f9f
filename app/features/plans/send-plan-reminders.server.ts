import { sql } from "drizzle-orm";
import { getDb, queryRows } from "../../lib/db.server";
import { formatDate, formatNaira } from "../../lib/format";
import { PLANS } from "../../lib/reference";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../lib/i18n/locales";
import { renderIn, sentUrl } from "../../lib/i18n/sent-language.server";
import { REMINDER_BATCH, reminderDays, reminderEmail, sendReminderOnce } from "../../lib/renewal-reminders.server";
import { planById } from "./plan-benefits";

type Due = { user_id: string; plan_id: string; ends_ms: number | string; email: string; name: string | null; language: string | null };

/**
 * Renewal reminders for paid plans (scheduled, server/scheduler.ts): an e-mail 7 days and 1 day before the
 * plan in force ends, with a link to renew on /pricing. One per (account, end, reminder), sent once
 * (sendReminderOnce); a plan renewed in time has a later end and is not reminded of the earlier one; the Free
 * plan never ends. Bounded: REMINDER_BATCH a run, read by subscriptions_active_ends_idx.
 */
export async function sendPlanReminders(now: Date = new Date()): Promise<{ sent: number; failed: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await queryRows<Due>(
    getDb(),
    sql`select s.user_id, s.plan_id, floor(extract(epoch from s.ends_at) * 1000)::float8 as ends_ms, u.email, u.name,
        (select p.language from profiles p where p.id = s.user_id) as language
      from subscriptions s join "user" u on u.id = s.user_id
      where s.status = 'active' and s.plan_id <> 'free' and s.ends_at > ${at} and s.ends_at <= ${at} + interval '7 days'
        and u.deleted_at is null
        and not exists (select 1 from subscriptions later where later.user_id = s.user_id and later.status = 'active'
          and later.plan_id <> 'free' and later.ends_at > s.ends_at)
        and not exists (select 1 from renewal_reminders r where r.kind = 'subscription' and r.subject_id = s.user_id and r.ends_at = date_trunc('milliseconds', s.ends_at)
          and r.days_before = case when s.ends_at <= ${at} + interval '1 day' then 1 else 7 end)
      order by s.ends_at, s.user_id
      limit ${REMINDER_BATCH}`,
  );
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    const endsAt = new Date(Number(row.ends_ms));
    const days = reminderDays(endsAt, now);
    if (!days) continue;
    const plan = planById(row.plan_id);
    const premium = plan.id === "premium";
    // In the owner's language (issue 36: their choice, else English), the date and price its way, the link to its page.
    const language: Locale = isLocale(row.language) ? row.language : DEFAULT_LOCALE;
    try {
      const email = renderIn(language, (t) => {
        const name = row.name?.trim();
        const vars = { plan: plan.name, date: formatDate(endsAt, "long"), days };
        const paragraphs = [
          name ? t("Hello {{name}},", { name }) : t("Hello there,"),
          days === 1
            ? t("Your {{plan}} plan on Naija Directory ends tomorrow, on {{date}} (Nigerian time).", vars)
            : t("Your {{plan}} plan on Naija Directory ends in {{days}} days, on {{date}} (Nigerian time).", vars),
          t(
            "After that your account is on the Free plan: your listings stay online and you can keep editing them, but you can only add new listings within the Free plan's limit of {{limit}}.",
            { limit: PLANS[0].listingLimit },
          ) + (premium ? ` ${t("Your listings also stop being featured and lose their search priority.")}` : ""),
          t("Renew now to keep it: {{price}} for another {{days}} days, added to the end of your current plan.", { price: formatNaira(plan.priceKobo), days: plan.periodDays }),
        ];
        const subject = days === 1 ? t("Your {{plan}} plan ends tomorrow", vars) : t("Your {{plan}} plan ends in {{days}} days", vars);
        return reminderEmail(row.email, subject, paragraphs, {
          label: t("Renew your {{plan}} plan", vars),
          href: sentUrl(`/pricing?plan=${plan.id}`, language),
        });
      });
      if (await sendReminderOnce({ kind: "subscription", subjectId: row.user_id, endsAt, daysBefore: days, userId: row.user_id }, email)) sent++;
    } catch {
      failed++;
    }
  }
  return { sent, failed };
}
