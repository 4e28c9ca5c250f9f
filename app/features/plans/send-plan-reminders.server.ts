import { sql } from "drizzle-orm";
import { getDb, queryRows } from "../../lib/db.server";
import { formatDate, formatNaira } from "../../lib/format";
import { PLANS } from "../../lib/reference";
import { REMINDER_BATCH, reminderDays, reminderEmail, sendReminderOnce, siteLink, whenText } from "../../lib/renewal-reminders.server";
import { planById } from "./plan-benefits";

type Due = { user_id: string; plan_id: string; ends_ms: number | string; email: string; name: string | null };

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
    sql`select s.user_id, s.plan_id, floor(extract(epoch from s.ends_at) * 1000)::float8 as ends_ms, u.email, u.name
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
    const paragraphs = [
      `Hello ${row.name?.trim() || "there"},`,
      `Your ${plan.name} plan on Naija Directory ends ${whenText(days)}, on ${formatDate(endsAt, "long")} (Nigerian time).`,
      `After that your account is on the Free plan: your listings stay online and you can keep editing them, but you can only add new listings within the Free plan's limit of ${PLANS[0].listingLimit}.` +
        (premium ? " Your listings also stop being featured and lose their search priority." : ""),
      `Renew now to keep it: ${formatNaira(plan.priceKobo)} for another ${plan.periodDays} days, added to the end of your current plan.`,
    ];
    try {
      const email = reminderEmail(row.email, `Your ${plan.name} plan ends ${whenText(days)}`, paragraphs, {
        label: `Renew your ${plan.name} plan`,
        href: siteLink(`/pricing?plan=${plan.id}`),
      });
      if (await sendReminderOnce({ kind: "subscription", subjectId: row.user_id, endsAt, daysBefore: days, userId: row.user_id }, email)) sent++;
    } catch {
      failed++;
    }
  }
  return { sent, failed };
}
