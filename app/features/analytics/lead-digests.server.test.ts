/**
 * The owners' daily lead digest (issue 33): from 19:00 WAT, one summarised notice per owner and day of the calls and
 * WhatsApp taps on their listings, for owners who hear by text; nothing before 19:00, nothing twice, nothing for
 * owners who chose e-mail only (they have the weekly summary).
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listingDailyStats, profiles } from "../../../db/schema";
import { createBusiness, createOwner } from "../../../db/seed/factories";
import { JOB_HANDLERS } from "../../../server/jobs";
import { actorFor } from "../../../tests/support/actors";
import { getDb, queryRows } from "../../lib/db.server";
import { listOutbox } from "../../lib/email.server";
import { runDueJobs } from "../../lib/jobs.server";
import { setNoticePreferences } from "../notifications/notice-preferences.server";
import { NOTICE_QUEUE } from "../notifications/person-notices.server";
import { watDay } from "./analytics.schemas";
import { leadLine, sendLeadDigests } from "./send-lead-digests.server";

/** An instant of today (in WAT) at `hour`:30 WAT. */
const todayAt = (hour: number) => {
  const wat = new Date(Date.now() + 3_600_000);
  return new Date(Date.UTC(wat.getUTCFullYear(), wat.getUTCMonth(), wat.getUTCDate(), hour, 30) - 3_600_000);
};
let numbers = 0;

/** A two-hour quiet window that holds neither 18:00–22:00 WAT nor the next three hours. */
function quietHoursAwayFromNow(): { quietFrom: string; quietUntil: string } {
  const hour = new Date(Date.now() + 3_600_000).getUTCHours();
  const from = [2, 10, 14].find((start) => [0, 1, 2, 3].every((ahead) => ![start, start + 1].includes((hour + ahead) % 24)))!;
  return { quietFrom: String(from), quietUntil: String(from + 2) };
}

async function ownerWithLeads(channels: string[], leads: { calls: number; whatsapp: number }[]) {
  const owner = await createOwner(getDb());
  numbers += 1;
  const phone = `+234905${String(Date.now() % 100_000).padStart(5, "0")}${String(numbers).padStart(2, "0")}`;
  await getDb().update(profiles).set({ phone, phoneVerifiedAt: new Date() }).where(eq(profiles.id, owner.id));
  // Quiet hours away from 19:00–21:00 WAT (the digest's evening) and from now (the notice job runs at the real
  // time): 02:00–04:00 WAT held the text when the test ran between 01:00 and 03:00 UTC.
  await setNoticePreferences(await actorFor(owner), { channels, ...quietHoursAwayFromNow(), dailyTextCap: "10" });
  const names: string[] = [];
  for (const lead of leads) {
    const business = await createBusiness(getDb(), { userId: owner.id, name: `Lead Kitchen ${randomUUID().slice(0, 5)}` });
    names.push(business.name);
    await getDb().insert(listingDailyStats).values({ businessId: business.id, day: watDay(todayAt(20)), ...lead });
  }
  return { owner, phone, names };
}

const noticesFor = async (userId: string) =>
  (await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from pgboss.job where name = ${NOTICE_QUEUE} and data->>'userId' = ${userId}`))[0]!.n;

describe("the daily lead digest", () => {
  it("from 19:00 WAT: one SMS per owner and day summarising today's calls and WhatsApp taps; never twice", async () => {
    const one = await ownerWithLeads(["sms"], [{ calls: 3, whatsapp: 1 }]);
    const two = await ownerWithLeads(["whatsapp", "email"], [{ calls: 1, whatsapp: 0 }, { calls: 0, whatsapp: 2 }]);
    const emailOnly = await ownerWithLeads(["email"], [{ calls: 5, whatsapp: 5 }]);

    expect(await sendLeadDigests(todayAt(18))).toEqual({ owners: 0 });
    expect(await noticesFor(one.owner.id)).toBe(0);

    expect((await sendLeadDigests(todayAt(19))).owners).toBeGreaterThanOrEqual(2);
    expect(await noticesFor(one.owner.id)).toBe(1);
    expect(await noticesFor(two.owner.id)).toBe(1);
    expect(await noticesFor(emailOnly.owner.id)).toBe(0);
    // The next run the same evening adds nothing for them.
    await sendLeadDigests(todayAt(21));
    expect(await noticesFor(one.owner.id)).toBe(1);

    await getDb().execute(sql`update pgboss.job set start_after = now() - interval '1 second' where name = ${NOTICE_QUEUE} and state = 'created'`);
    await runDueJobs(JOB_HANDLERS);
    const outbox = await listOutbox(1000);
    const sms = outbox.filter((m) => m.to === one.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain(`Today: 3 calls and 1 WhatsApp tap on ${one.names[0]}.`);
    expect(sms[0]!.text).toMatch(/\/dashboard\/analytics Stop these texts: /);
    const whatsapp = outbox.filter((m) => m.to === two.phone);
    expect(whatsapp.map((m) => m.channel)).toEqual(["whatsapp"]);
    expect(whatsapp[0]!.text).toContain("Today: 1 call and 2 WhatsApp taps on your 2 listings.");
    expect(outbox.some((m) => m.to === emailOnly.phone)).toBe(false);
  });

  it("says what came in, in plain words", () => {
    expect(leadLine({ calls: 1, whatsapp: 0, listings: 1, name: "Mama  Cass\\nKitchen" })).toBe("Today: 1 call on Mama Cass\\nKitchen.");
    expect(leadLine({ calls: 0, whatsapp: 4, listings: 3, name: "A" })).toBe("Today: 4 WhatsApp taps on your 3 listings.");
  });
});
