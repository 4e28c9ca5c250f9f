import { describe, expect, it } from "vitest";
import { createAdmin, createBusiness, createOwner, createPayment, createVisitor } from "../../../db/seed/factories";
import { renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import { refreshSiteStats } from "../../features/admin/refresh-site-stats.server";
import { SITE_OVERVIEW_TEXTS } from "../../features/admin/site-overview";
import { bufferListingEvents } from "../../features/analytics/internal/event-buffer.server";
import { flushListingEvents } from "../../features/analytics/record-listing-events.server";
import { getDb } from "../../lib/db.server";
import * as adminRoute from "./admin";

function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}

describe("the admin panel's Overview tab", () => {
  it("comes after Reports, and says the figures are not counted yet before the job's first run", async () => {
    const cookie = await sessionCookie((await createAdmin(getDb())).email);
    const shown = page(await renderRoute(adminRoute, "/admin?tab=overview", { cookie }));
    expect(shown.status).toBe(200);
    expect(shown.html).toMatch(/href="\/admin\?tab=reports"[^]*href="\/admin\?tab=overview"/);
    expect(shown.text).toContain(SITE_OVERVIEW_TEXTS.notYet);
    // The default tab is still Users.
    expect(page(await renderRoute(adminRoute, "/admin", { cookie })).html).toContain('id="users');
  });

  it("shows the totals of 7, 30 and 90 days, revenue in naira, when they were counted, and a chart per figure, without script", async () => {
    const admin = await createAdmin(getDb());
    const owner = await createOwner(getDb());
    await createBusiness(getDb(), { userId: owner.id });
    await createVisitor(getDb());
    await createPayment(getDb(), { userId: owner.id, purpose: "subscription", planId: "standard", amountKobo: 299_900 });
    await createPayment(getDb(), { userId: owner.id, purpose: "featured", planId: "basic", amountKobo: 150_000 });
    await createPayment(getDb(), { userId: owner.id, purpose: "subscription", planId: "premium", amountKobo: 799_900, status: "failed" });
    await refreshSiteStats();

    const shown = page(await renderRoute(adminRoute, "/admin?tab=overview", { cookie: await sessionCookie(admin.email) }));
    expect(shown.text).toContain("Last 7 days");
    expect(shown.text).toContain("Last 30 days");
    expect(shown.text).toContain("Last 90 days");
    expect(shown.text).toMatch(/Updated at \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \(Nigerian time\)/);
    // Two succeeded payments: ₦2,999 + ₦1,500; the failed one is not money.
    expect(shown.text).toMatch(/Payments\s*2\b/);
    expect(shown.text).toContain("₦4,499");
    expect(shown.text).not.toContain("₦12,498");
    // Every account made in this file's database signed up in the last 7 days: two admins, an owner, a visitor.
    expect(shown.text).toMatch(/Sign-ups\s*4\b/);
    // The 7 days before were counted (the first run filled 90 days): the change is said.
    expect(shown.text).toMatch(/\(\s*none in the 7 days before\s*\)/);
    for (const title of ["Sign-ups", "New listings", "Messages", "Payments", "Revenue (₦)"]) {
      expect(shown.html).toContain(`<figcaption class="text-sm font-semibold text-gray-800">${title}</figcaption>`);
      expect(shown.html).toMatch(new RegExp(`aria-label="${title.replace(/[()]/g, "\\$&")}: [^"]* over 90 days`));
    }
    expect(shown.html).not.toContain("<script src=");
  });

  it("names the listings whose views, appearances and taps were held back as a burst this week, and says so when none were", async () => {
    const cookie = await sessionCookie((await createAdmin(getDb())).email);
    const quiet = page(await renderRoute(adminRoute, "/admin?tab=overview", { cookie }));
    expect(quiet.text).toContain(SITE_OVERVIEW_TEXTS.heldTitle);
    expect(quiet.text).toContain(SITE_OVERVIEW_TEXTS.heldNone);
    const owner = await createOwner(getDb());
    const padded = await createBusiness(getDb(), { userId: owner.id, name: "Padded Views Salon" });
    bufferListingEvents([
      { businessId: padded.id, kind: "view", held: true, count: 7 },
      { businessId: padded.id, kind: "call", held: true, count: 2 },
      { businessId: padded.id, kind: "view", count: 3 },
    ]);
    await flushListingEvents();
    const shown = page(await renderRoute(adminRoute, "/admin?tab=overview", { cookie }));
    expect(shown.text).not.toContain(SITE_OVERVIEW_TEXTS.heldNone);
    expect(shown.html).toContain(`href="/businesses/${padded.id}"`);
    expect(shown.text).toMatch(/Padded Views Salon\s*7\s*0\s*2/);
  });
});
