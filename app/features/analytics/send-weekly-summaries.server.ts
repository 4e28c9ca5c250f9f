import { sql } from "drizzle-orm";
import { weeklySummaries } from "../../../db/schema";
import { getDb, queryRows } from "../../lib/db.server";
import { enqueueEmail, type OutgoingEmail } from "../../lib/email.server";
import { logger } from "../../lib/logger.server";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../lib/i18n/locales";
import { renderIn, sentUrl } from "../../lib/i18n/sent-language.server";
import { escapeHtml } from "../../lib/renewal-reminders.server";
import { daysBefore } from "./analytics.schemas";
import { unsubscribeToken } from "./unsubscribe-token.server";
import { summaryWeekDue, weekEnd, weeklySummaryParts, type WeeklyListingFigures, type WeeklySummaryContent } from "./weekly-summary";

/** Summaries e-mailed per run at most; the rest go next run. */
export const WEEKLY_SUMMARY_BATCH = 200;
/**
 * Owners looked at per run at most (most have no activity in a week); the walk goes on from there next run.
 * Measured on PostgreSQL 15 with 1,000,000 listings of 300,000 owners: ~9 ms per SCAN_CHUNK of 500 owners.
 */
export const WEEKLY_SUMMARY_SCAN = 50_000;
/**
 * A run stops sending after this long, under the job's 5-minute interval, so two runs (in two processes) never
 * walk the owners at once and one cannot move the cursor past an owner the other gave back.
 */
export const WEEKLY_SUMMARY_TIME_BUDGET_MS = 4 * 60_000;
/** Owners read per query while walking. */
const SCAN_CHUNK = 500;
/** Listings an e-mail shows at most (the busiest); the dashboard has them all. */
export const WEEKLY_SUMMARY_MAX_LISTINGS = 20;
type Owner = { user_id: string; email: string; name: string | null; due: boolean; language: string | null };
type FigureRow = {
  user_id: string;
  name: string;
  views: number; impressions: number; contacts: number; conversations: number; messages: number;
  p_views: number; p_impressions: number; p_contacts: number; p_conversations: number; p_messages: number;
};

export type WeeklySummaryRun = { week: string; sent: number; failed: number; scanned: number; finished: boolean };

/**
 * The weekly summary e-mail (issue 18; scheduled, server/scheduler.ts). From Monday 08:00 WAT, for the week
 * (Monday–Sunday, WAT) that just ended, each owner who had any activity on a listing that week (views, search
 * appearances, contact actions, conversations or messages in listing_daily_stats), who has not unsubscribed
 * (email_preferences) and whose account is neither deleted nor suspended, gets one e-mail with each listing's
 * figures and the change from the week before, a link to /dashboard/analytics and a one-click unsubscribe.
 *
 * Bounded: owners are walked in user id order (businesses_user_id_idx) from where the last run stopped
 * (weekly_summary_progress), WEEKLY_SUMMARY_SCAN owners and WEEKLY_SUMMARY_BATCH e-mails a run at most; each
 * owner's activity is read by listing_daily_stats' key (listing, day). Each e-mail is sent once across
 * processes and retries: the (owner, week) row of weekly_summaries is claimed (INSERT … ON CONFLICT DO NOTHING) and
 * the e-mail enqueued in the same transaction (ADR 34); the queue sends it, tried again while the mail server is
 * down, given up at once when it refuses the address for good (a 5xx reply).
 */
export async function sendWeeklySummaries(
  now: Date = new Date(),
  limits: { batch: number; scan: number; chunk: number } = { batch: WEEKLY_SUMMARY_BATCH, scan: WEEKLY_SUMMARY_SCAN, chunk: SCAN_CHUNK },
): Promise<WeeklySummaryRun> {
  const db = getDb();
  const week = summaryWeekDue(now);
  const last = weekEnd(week);
  const previous = daysBefore(week, 7);
  await queryRows(db, sql`insert into weekly_summary_progress (week_start) values (${week}) on conflict do nothing returning week_start`);
  const [progress] = await queryRows<{ after_user_id: string; finished: boolean }>(
    db,
    sql`select after_user_id, finished_at is not null as finished from weekly_summary_progress where week_start = ${week}`,
  );
  const run: WeeklySummaryRun = { week, sent: 0, failed: 0, scanned: 0, finished: Boolean(progress?.finished) };
  if (!progress || progress.finished) return run;

  let cursor = progress.after_user_id;
  let stop = false;
  const started = Date.now();
  while (!stop && run.scanned < limits.scan && run.sent < limits.batch) {
    const owners = await queryRows<Owner>(
      db,
      sql`with owners as (
            select distinct b.user_id from businesses b where b.user_id > ${cursor} order by b.user_id limit ${limits.chunk}
          )
          select o.user_id, u.email, u.name, (select p.language from profiles p where p.id = o.user_id) as language,
            (u.deleted_at is null and not coalesce(u.banned, false)
              and coalesce((select p.weekly_summary from email_preferences p where p.user_id = o.user_id), true)
              and not exists (select 1 from weekly_summaries w where w.user_id = o.user_id and w.week_start = ${week})
              and exists (select 1 from businesses l join listing_daily_stats s on s.business_id = l.id and s.day between ${week} and ${last}
                where l.user_id = o.user_id
                  and (s.views > 0 or s.impressions > 0 or s.calls > 0 or s.whatsapp > 0 or s.website > 0 or s.directions > 0
                    or s.conversations > 0 or s.messages > 0))) as due
          from owners o join "user" u on u.id = o.user_id
          order by o.user_id`,
    );
    const due = owners.filter((o) => o.due);
    const figures = due.length > 0 ? await readFigures(due.map((o) => o.user_id), week, previous, last) : new Map<string, FigureRow[]>();
    for (const owner of owners) {
      if (run.sent >= limits.batch || run.scanned >= limits.scan || Date.now() - started > WEEKLY_SUMMARY_TIME_BUDGET_MS) {
        stop = true;
        break;
      }
      if (owner.due) {
        const email = summaryEmail(owner, week, figures.get(owner.user_id) ?? []);
        try {
          if (await sendSummaryOnce(owner.user_id, week, email)) run.sent++;
        } catch (error) {
          // The database refused the claim: the cursor stays before this owner, and the next run tries again. (A mail
          // server that is down or refuses an address is the queue's business: sendEmail, ADR 34.)
          run.failed++;
          logger.warn({ err: error, week }, "a weekly summary could not be enqueued; the next run tries again");
          stop = true;
          break;
        }
      }
      cursor = owner.user_id;
      run.scanned++;
    }
    if (!stop && owners.length < limits.chunk) {
      run.finished = true;
      break;
    }
  }
  await queryRows(
    db,
    sql`update weekly_summary_progress set after_user_id = ${cursor}, updated_at = now(),
          finished_at = ${run.finished ? sql`now()` : sql`null`}
        where week_start = ${week} and finished_at is null returning week_start`,
  );
  return run;
}

/** Each listing's figures for the week and the week before, for the owners due (one query, by the stats' key). */
async function readFigures(userIds: string[], week: string, previous: string, last: string): Promise<Map<string, FigureRow[]>> {
  const rows = await queryRows<FigureRow>(
    getDb(),
    sql`select * from (select l.user_id, l.id, l.name,
          coalesce(sum(s.views) filter (where s.day >= ${week}), 0)::int as views,
          coalesce(sum(s.impressions) filter (where s.day >= ${week}), 0)::int as impressions,
          coalesce(sum(s.calls + s.whatsapp + s.website + s.directions) filter (where s.day >= ${week}), 0)::int as contacts,
          coalesce(sum(s.conversations) filter (where s.day >= ${week}), 0)::int as conversations,
          coalesce(sum(s.messages) filter (where s.day >= ${week}), 0)::int as messages,
          coalesce(sum(s.views) filter (where s.day < ${week}), 0)::int as p_views,
          coalesce(sum(s.impressions) filter (where s.day < ${week}), 0)::int as p_impressions,
          coalesce(sum(s.calls + s.whatsapp + s.website + s.directions) filter (where s.day < ${week}), 0)::int as p_contacts,
          coalesce(sum(s.conversations) filter (where s.day < ${week}), 0)::int as p_conversations,
          coalesce(sum(s.messages) filter (where s.day < ${week}), 0)::int as p_messages
        from businesses l join listing_daily_stats s on s.business_id = l.id and s.day between ${previous} and ${last}
        where l.user_id in (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)})
        group by l.user_id, l.id, l.name) f
        order by user_id, views + impressions + contacts + conversations + messages desc, name, id`,
  );
  const byOwner = new Map<string, FigureRow[]>();
  for (const row of rows) {
    const list = byOwner.get(row.user_id) ?? [];
    list.push(row);
    byOwner.set(row.user_id, list);
  }
  return byOwner;
}

function summaryEmail(owner: Owner, week: string, rows: FigureRow[]): OutgoingEmail {
  const active = rows.filter((r) => Number(r.views) + Number(r.impressions) + Number(r.contacts) + Number(r.conversations) + Number(r.messages) > 0);
  const listings: WeeklyListingFigures[] = active.slice(0, WEEKLY_SUMMARY_MAX_LISTINGS).map((r) => ({
    name: r.name,
    views: Number(r.views),
    impressions: Number(r.impressions),
    contacts: Number(r.contacts),
    conversations: Number(r.conversations),
    messages: Number(r.messages),
    previous: {
      views: Number(r.p_views),
      impressions: Number(r.p_impressions),
      contacts: Number(r.p_contacts),
      conversations: Number(r.p_conversations),
      messages: Number(r.p_messages),
    },
  }));
  // In the owner's language (issue 36: their choice, else English), the links to its pages.
  const language: Locale = isLocale(owner.language) ? owner.language : DEFAULT_LOCALE;
  const unsubscribeUrl = sentUrl(`/unsubscribe?token=${unsubscribeToken(owner.user_id)}`, language);
  return renderIn(language, () =>
    weeklySummaryEmail(owner.email, {
      ownerName: owner.name,
      weekStart: week,
      listings,
      moreListings: active.length - listings.length,
      dashboardUrl: sentUrl("/dashboard/analytics", language),
      unsubscribeUrl,
    }),
  );
}

/**
 * The e-mail: plain text, and HTML with every piece of text escaped (listing names are typed by owners). In the
 * language of the moment: summaryEmail runs it in the owner's.
 */
export function weeklySummaryEmail(to: string, content: WeeklySummaryContent): OutgoingEmail {
  const parts = weeklySummaryParts(content);
  const text = [
    parts.greeting,
    parts.intro,
    ...parts.listings.map((l) => [l.name, ...l.lines.map((line) => `- ${line}`)].join("\n")),
    ...(parts.more ? [parts.more] : []),
    `${parts.dashboardLabel}: ${content.dashboardUrl}`,
    `${parts.unsubscribeNote} ${parts.unsubscribeLine(content.unsubscribeUrl)}`,
  ].join("\n\n");
  const html = [
    `<p>${escapeHtml(parts.greeting)}</p>`,
    `<p>${escapeHtml(parts.intro)}</p>`,
    ...parts.listings.map((l) => `<h2>${escapeHtml(l.name)}</h2><ul>${l.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`),
    ...(parts.more ? [`<p>${escapeHtml(parts.more)}</p>`] : []),
    `<p><a href="${escapeHtml(content.dashboardUrl)}">${escapeHtml(parts.dashboardLabel)}</a></p>`,
    `<p>${escapeHtml(parts.unsubscribeNote)} <a href="${escapeHtml(content.unsubscribeUrl)}">${escapeHtml(parts.unsubscribeLabel)}</a></p>`,
  ].join("");
  return {
    to,
    subject: parts.subject,
    text: `${text}\n`,
    html,
    headers: {
      // RFC 2369 and RFC 8058: mail clients offer 'Unsubscribe' and POST 'List-Unsubscribe=One-Click' to the URL.
      "List-Unsubscribe": `<${content.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/**
 * Sends one owner's summary for a week at most once (renewal-reminders.server.ts' sendReminderOnce, the house
 * pattern): the (owner, week) row is claimed and the e-mail enqueued in one transaction (ADR 34); only the claimer
 * enqueues, and the queue sends it, retried while SMTP fails.
 */
async function sendSummaryOnce(userId: string, week: string, email: OutgoingEmail): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const claimed = await tx.insert(weeklySummaries).values({ userId, weekStart: week }).onConflictDoNothing().returning({ userId: weeklySummaries.userId });
    if (claimed.length === 0) return false;
    await enqueueEmail(tx, email);
    return true;
  });
}
