import { sql } from "drizzle-orm";
import { getDb, queryRows } from "../../lib/db.server";
import { formatDate, formatNaira } from "../../lib/format";
import { FEATURED_PLANS } from "../../lib/reference";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../lib/i18n/locales";
import { renderIn, sentUrl } from "../../lib/i18n/sent-language.server";
import { REMINDER_BATCH, reminderDays, reminderEmail, sendReminderOnce } from "../../lib/renewal-reminders.server";

type Due = { id: string; name: string; ends_ms: number | string; user_id: string; email: string; owner_name: string | null; language: string | null };

/**
 * Renewal reminders for featured placements (scheduled, server/scheduler.ts): an e-mail to the owner 7 days
 * and 1 day before a listing's placement ends, with a link to renew it on /featured-plans (from the first
 * reminder on, a placement can be renewed: the new one starts where it ends). One per (listing, end, reminder),
 * sent once; placements without an end (set by an admin) are never reminded. Bounded: REMINDER_BATCH a run,
 * read by businesses_featured_until_idx.
 */
export async function sendFeaturedReminders(now: Date = new Date()): Promise<{ sent: number; failed: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await queryRows<Due>(
    getDb(),
    sql`select b.id, b.name, floor(extract(epoch from b.featured_until) * 1000)::float8 as ends_ms, b.user_id, u.email, u.name as owner_name,
        (select p.language from profiles p where p.id = b.user_id) as language
      from businesses b join "user" u on u.id = b.user_id
      where b.featured and b.featured_until > ${at} and b.featured_until <= ${at} + interval '7 days'
        and b.approval_status = 'approved' and u.deleted_at is null
        and not exists (select 1 from renewal_reminders r where r.kind = 'featured' and r.subject_id = b.id::text and r.ends_at = date_trunc('milliseconds', b.featured_until)
          and r.days_before = case when b.featured_until <= ${at} + interval '1 day' then 1 else 7 end)
      order by b.featured_until, b.id
      limit ${REMINDER_BATCH}`,
  );
  const cheapest = Math.min(...FEATURED_PLANS.map((p) => p.priceKobo));
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    const endsAt = new Date(Number(row.ends_ms));
    const days = reminderDays(endsAt, now);
    if (!days) continue;
    const business = row.name.replace(/\s+/g, " ").trim();
    // In the owner's language (issue 36: their choice, else English), the date and price its way, the link to its page.
    const language: Locale = isLocale(row.language) ? row.language : DEFAULT_LOCALE;
    try {
      const email = renderIn(language, (t) => {
        const name = row.owner_name?.trim();
        const vars = { business, date: formatDate(endsAt, "long"), days };
        const paragraphs = [
          name ? t("Hello {{name}},", { name }) : t("Hello there,"),
          days === 1
            ? t("The featured placement of {{business}} on Naija Directory ends tomorrow, on {{date}} (Nigerian time).", vars)
            : t("The featured placement of {{business}} on Naija Directory ends in {{days}} days, on {{date}} (Nigerian time).", vars),
          t("After that the listing stays online but is no longer shown first in search results and on the home page."),
          t("Renew now to keep it featured: from {{price}} for {{days}} days, starting when the current placement ends.", {
            price: formatNaira(cheapest),
            days: FEATURED_PLANS[0].periodDays,
          }),
        ];
        const subject = days === 1 ? t("Featured placement of {{business}} ends tomorrow", vars) : t("Featured placement of {{business}} ends in {{days}} days", vars);
        return reminderEmail(row.email, subject, paragraphs, {
          label: t("Renew the featured placement"),
          href: sentUrl(`/featured-plans?businessId=${row.id}`, language),
        });
      });
      if (await sendReminderOnce({ kind: "featured", subjectId: row.id, endsAt, daysBefore: days, userId: row.user_id }, email)) sent++;
    } catch {
      failed++;
    }
  }
  return { sent, failed };
}
