/**
 * The owner's daily lead digest (issue 33): from 19:00 Nigerian time, each owner who had calls or WhatsApp taps on
 * their listings today and hears of things by text (they chose SMS or WhatsApp, or their account has no e-mail
 * address) is told once, summarised ('Today: 4 calls and 2 WhatsApp taps on Mama Cass Kitchen.'), as an account
 * notice (notifications/person-notices.server.ts: their channels, quiet hours and daily cap). Owners who hear by
 * e-mail only have the weekly summary. The owner's day is claimed (`lead_digests`) in the transaction that enqueues
 * the notice, in batches, from the day's listings with leads (a partial index): bounded work at any size.
 */
import { sql } from "drizzle-orm";
import { businesses, leadDigests, listingDailyStats, noticePreferences, user } from "../../../db/schema";
import { getDb, queryRows } from "../../lib/db.server";
import { tFor, type Translate } from "../../lib/i18n/i18n";
import { DEFAULT_LOCALE } from "../../lib/i18n/locales";
import { enqueueNotice } from "../notifications/person-notices.server";
import { watDay } from "./analytics.schemas";

/** From this hour (WAT) the day's digests go out. */
export const LEAD_DIGEST_HOUR = 19;
const BATCH = 200;
const MAX_BATCHES = 10;

/** The digest's line: what came in today, on which listing (or how many), in the language of the moment (`t`). */
export function leadLine(lead: { calls: number; whatsapp: number; listings: number; name: string }, t: Translate = tFor(DEFAULT_LOCALE)): string {
  const calls = lead.calls > 0 ? t("{{count}} calls", { count: lead.calls }) : null;
  const taps = lead.whatsapp > 0 ? t("{{count}} WhatsApp taps", { count: lead.whatsapp }) : null;
  const what = calls && taps ? t("{{calls}} and {{taps}}", { calls, taps }) : (calls ?? taps ?? "");
  const where = lead.listings === 1 ? lead.name.replace(/\s+/g, " ").trim() : t("your {{total}} listings", { total: lead.listings });
  return t("Today: {{what}} on {{where}}.", { what, where });
}

/** Enqueues today's digests not yet enqueued (from 19:00 WAT); returns how many owners were told. */
export async function sendLeadDigests(now: Date = new Date()): Promise<{ owners: number }> {
  if (new Date(now.getTime() + 3_600_000).getUTCHours() < LEAD_DIGEST_HOUR) return { owners: 0 };
  const today = watDay(now);
  let owners = 0;
  // Walked on by owner id within a run, so each batch reads only the owners after the last one.
  let after = "";
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const { told, last } = await getDb().transaction(async (tx) => {
      const leads = await queryRows<{ user_id: string; calls: number; whatsapp: number; listings: number; name: string }>(
        tx,
        sql`with leads as (
              select b.user_id, sum(s.calls)::int as calls, sum(s.whatsapp)::int as whatsapp, count(*)::int as listings, min(b.name) as name
              from ${listingDailyStats} s
                join ${businesses} b on b.id = s.business_id
                join ${user} u on u.id = b.user_id and u.deleted_at is null and not coalesce(u.banned, false)
                left join ${noticePreferences} np on np.user_id = b.user_id
              where s.day = ${today} and (s.calls > 0 or s.whatsapp > 0)
                and (np.channels && array['sms', 'whatsapp']::text[] or u.email like '%.invalid')
                and b.user_id > ${after}
                and not exists (select 1 from ${leadDigests} d where d.user_id = b.user_id and d.day = ${today})
              group by b.user_id
              order by b.user_id
              limit ${BATCH}
            ),
            claimed as (
              insert into ${leadDigests} (user_id, day) select user_id, ${today} from leads on conflict do nothing returning user_id
            )
            select l.* from leads l join claimed c on c.user_id = l.user_id`,
      );
      for (const lead of leads) {
        await enqueueNotice(tx, {
          userId: lead.user_id,
          // In the owner's language (issue 36).
          texts: (t) => {
            const line = leadLine(lead, t);
            return { line, detail: `${line} ${t("Your dashboard shows who reached you and how.")}`, subject: t("Today's calls and WhatsApp taps") };
          },
          path: "/dashboard/analytics",
        });
      }
      return { told: leads.length, last: leads.at(-1)?.user_id ?? null };
    });
    owners += told;
    if (told < BATCH || !last) break;
    after = last;
  }
  return { owners };
}
