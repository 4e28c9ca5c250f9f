import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { renewalReminders } from "../../../db/schema";
import { createBusiness, createOwner, createSubscription } from "../../../db/seed/factories";
import { createScheduler, defaultJobs } from "../../../server/scheduler";
import { getDb } from "../../lib/db.server";
import { deliveredMail } from "../../../tests/support/outbox";
import { formatDate } from "../../lib/format";
import { reminderDays } from "../../lib/renewal-reminders.server";
import { sendFeaturedReminders } from "../featured/send-featured-reminders.server";
import { sendPlanReminders } from "./send-plan-reminders.server";

const DAY = 86_400_000;
const HOUR = 3_600_000;

async function mailTo(email: string) {
  return (await deliveredMail(10_000)).filter((m) => m.to === email);
}

describe("reminderDays", () => {
  it("is 7 within a week of the end, 1 within a day, none before, none after", () => {
    const now = new Date("2026-12-01T12:00:00Z");
    const at = (ms: number) => reminderDays(new Date(now.getTime() + ms), now);
    expect([at(8 * DAY), at(7 * DAY), at(2 * DAY), at(DAY), at(HOUR), at(0), at(-HOUR)]).toEqual([null, 7, 7, 1, 1, null, null]);
  });
});

describe("renewal reminders for paid plans", () => {
  it("e-mails 7 days and 1 day before the plan ends, once each, with the price, the date in Lagos and a link to renew", async () => {
    const owner = await createOwner(getDb(), { firstName: "Chioma" });
    const endsAt = new Date(Date.now() + 6 * DAY);
    await createSubscription(getDb(), { userId: owner.id, planId: "premium", startsAt: new Date(Date.now() - 24 * DAY), endsAt });

    await sendPlanReminders(new Date());
    await sendPlanReminders(new Date());
    let mail = await mailTo(owner.email);
    expect(mail.map((m) => m.subject)).toEqual(["Your Premium plan ends in 7 days"]);
    expect(mail[0]!.text).toContain("Hello Chioma");
    expect(mail[0]!.text).toContain(formatDate(endsAt, "long"));
    expect(mail[0]!.text).toContain("₦9,999");
    expect(mail[0]!.text).toContain("stop being featured");
    expect(mail[0]!.text).toMatch(/https?:\/\/[^\s]+\/pricing\?plan=premium/);
    expect(mail[0]!.html).toContain('href="');

    // Five and a half days later: the day-before reminder, once.
    const later = new Date(endsAt.getTime() - 12 * HOUR);
    await sendPlanReminders(later);
    await sendPlanReminders(later);
    mail = await mailTo(owner.email);
    expect(mail.map((m) => m.subject).sort()).toEqual(["Your Premium plan ends in 7 days", "Your Premium plan ends tomorrow"]);
    // After the end, nothing more.
    await sendPlanReminders(new Date(endsAt.getTime() + HOUR));
    expect(await mailTo(owner.email)).toHaveLength(2);
  });

  it("sends nothing for the Free plan, a plan far from its end, or a plan already renewed", async () => {
    const free = await createOwner(getDb());
    const far = await createOwner(getDb());
    await createSubscription(getDb(), { userId: far.id, planId: "standard" });
    const renewed = await createOwner(getDb());
    await createSubscription(getDb(), { userId: renewed.id, planId: "standard", startsAt: new Date(Date.now() - 25 * DAY) });
    await createSubscription(getDb(), { userId: renewed.id, planId: "standard", endsAt: new Date(Date.now() + 35 * DAY) });
    await sendPlanReminders(new Date());
    for (const owner of [free, far, renewed]) expect(await mailTo(owner.email)).toEqual([]);
  });

  it("is sent once when two schedulers (two processes) run the job at once, and when the use case runs twice at once", async () => {
    const owner = await createOwner(getDb());
    await createSubscription(getDb(), { userId: owner.id, planId: "standard", startsAt: new Date(Date.now() - 28 * DAY) });
    const job = defaultJobs().filter((j) => j.name === "renewal-reminders");
    expect(job).toHaveLength(1);
    const a = createScheduler({ jobs: job, intervalMs: 1000, ranBy: "1@a" });
    const b = createScheduler({ jobs: job, intervalMs: 1000, ranBy: "2@b" });
    const at = new Date();
    const outcomes = (await Promise.all([a.tick(at), b.tick(at)])).flat();
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    await Promise.all([sendPlanReminders(), sendPlanReminders(), sendPlanReminders()]);
    const mail = await mailTo(owner.email);
    expect(mail.map((m) => m.subject)).toEqual(["Your Standard plan ends in 7 days"]);
    expect(mail[0]!.text).toContain("₦2,999");
    const claims = await getDb().select().from(renewalReminders).where(eq(renewalReminders.userId, owner.id));
    expect(claims).toEqual([expect.objectContaining({ kind: "subscription", subjectId: owner.id, daysBefore: 7 })]);
  });
});

describe("renewal reminders for featured placements", () => {
  it("e-mails the owner 7 days and 1 day before a placement ends, once each, with a link to renew it; never for one without an end", async () => {
    const owner = await createOwner(getDb());
    const endsAt = new Date(Date.now() + 3 * DAY);
    const listing = await createBusiness(getDb(), { userId: owner.id, name: "Iya Basira <Kitchen>", featured: true, featuredUntil: endsAt });
    await createBusiness(getDb(), { userId: owner.id, featured: true, featuredUntil: null });
    await createBusiness(getDb(), { userId: owner.id, featured: true, featuredUntil: new Date(Date.now() + 20 * DAY) });
    await Promise.all([sendFeaturedReminders(), sendFeaturedReminders()]);
    let mail = await mailTo(owner.email);
    expect(mail.map((m) => m.subject)).toEqual(["Featured placement of Iya Basira <Kitchen> ends in 7 days"]);
    expect(mail[0]!.text).toContain(`/featured-plans?businessId=${listing.id}`);
    expect(mail[0]!.text).toContain("₦9,999");
    expect(mail[0]!.html).toContain("Iya Basira &lt;Kitchen&gt;");
    expect(mail[0]!.html).not.toContain("<Kitchen>");
    await sendFeaturedReminders(new Date(endsAt.getTime() - 2 * HOUR));
    await sendFeaturedReminders(new Date(endsAt.getTime() - HOUR));
    mail = await mailTo(owner.email);
    expect(mail.map((m) => m.subject).sort()).toEqual([
      "Featured placement of Iya Basira <Kitchen> ends in 7 days",
      "Featured placement of Iya Basira <Kitchen> ends tomorrow",
    ]);
  });
});
