import { describe, expect, it } from "vitest";
import { createBusiness, createOwner, createSubscription } from "../../../db/seed/factories";
import { hrefs, renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import { ANALYTICS_TIERS, watDay } from "../../features/analytics/analytics.schemas";
import { countedVisit } from "../../features/analytics/counting-visit.server";
import { bufferListingEvents } from "../../features/analytics/internal/event-buffer.server";
import { flushListingEvents, recordContactAction, recordListingView, recordSearchImpressions } from "../../features/analytics/record-listing-events.server";
import { getDb } from "../../lib/db.server";
import * as csvRoute from "./analytics-csv";
import * as analyticsRoute from "./analytics";
import * as dashboardRoute from "./dashboard";

const DAY_MS = 86_400_000;
const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}

async function ownerOn(plan: "free" | "standard" | "premium", names: string[] = ["Chinedu Auto Parts"]) {
  const owner = await createOwner(getDb());
  if (plan !== "free") await createSubscription(getDb(), { userId: owner.id, planId: plan });
  const listings = [];
  for (const name of names) listings.push(await createBusiness(getDb(), { userId: owner.id, name }));
  return { owner, listings, cookie: await sessionCookie(owner.email) };
}

/** Two views and a call today, one view 35 days ago (the previous 30 days), searches for 'brake pads'. */
async function someActivity(id: string) {
  recordListingView(id, null);
  recordListingView(id, null);
  recordContactAction(id, "call", null, countedVisit(new Request("http://localhost:3000/go", { headers: { "user-agent": BROWSER } }), "10.7.0.1", null)!);
  bufferListingEvents([{ businessId: id, kind: "view", at: new Date(Date.now() - 35 * DAY_MS) }]);
  const search = new Request("http://localhost:3000/businesses?q=brake+pads", { headers: { "user-agent": BROWSER } });
  recordSearchImpressions(countedVisit(search, "10.7.0.1", null), null, { businessIds: [id], words: "Brake pads" });
  await flushListingEvents();
}

describe("/dashboard/analytics", () => {
  it("Free: the last 7 days' totals, a GET form that works without JavaScript, and what each other plan unlocks", async () => {
    const { listings, cookie } = await ownerOn("free");
    await someActivity(listings[0]!.id);
    const shown = page(await renderRoute(analyticsRoute, "/dashboard/analytics", { cookie }));
    expect(shown.status).toBe(200);
    expect(shown.text).toContain("All your listings: the last 7 days");
    expect(shown.text).toContain("Your plan: Free");
    expect(shown.text).toMatch(/Page views 2 new \(none in the previous 7 days\)/);
    expect(shown.text).toMatch(/Contact actions 1 new/);
    expect(shown.html).toMatch(/<form[^>]*method="get"/);
    expect(shown.html).toContain('name="listing"');
    // The listing is a styled field; without JavaScript 'Show' sends it (the period it keeps).
    expect(shown.html).toMatch(/<select name="listing"[^>]*class="field"/);
    expect(shown.html).toMatch(/<button type="submit"[^>]*>Show<\/button>/);
    expect(shown.text).toContain("The figures change as soon as you choose.");
    expect(shown.html).toContain('<input type="hidden" name="days" value="7"/>');
    // The periods are choices: the one shown marked, the others links, a plan's own named (issue 32).
    expect(shown.html).toMatch(/<span class="sort-option" aria-current="true">7 days<\/span>/);
    expect(shown.html.replace(/&amp;/g, "&")).toContain('<a class="sort-option" href="/dashboard/analytics?listing=all&days=30" data-discover="true">30 days (Standard plan)</a>');
    expect(shown.text).toContain("90 days (Premium plan)");
    expect(shown.html).not.toContain("<svg");
    expect(shown.text).toContain("Daily charts come with the Standard plan.");
    expect(shown.text).toContain("Contacts by channel and reply times come with the Premium plan.");
    expect(shown.text).toContain("The search words that showed your listings come with the Premium plan.");
    expect(shown.text).toContain("CSV downloads come with the Premium plan.");
    expect(shown.text).not.toContain("brake pads");
    expect(shown.text).not.toContain("Download CSV");
    expect(hrefs(shown.html)).toContain("/pricing");
  });

  it("refuses 30 days to a Free owner on the server: the refusal with the plan and /pricing, and the 7 days it may read", async () => {
    const { listings, cookie } = await ownerOn("free");
    await someActivity(listings[0]!.id);
    const shown = page(await renderRoute(analyticsRoute, "/dashboard/analytics?days=30", { cookie }));
    expect(shown.status).toBe(403);
    expect(shown.text).toContain("Analytics for the last 30 days come with the Standard plan.");
    expect(shown.text).toContain("Showing the last 7 days instead.");
    expect(shown.text).toContain("All your listings: the last 7 days");
    // Not silently 30 days: the view 35 days ago is in neither figure, the previous period is 7 days.
    expect(shown.text).toMatch(/Page views 2 new \(none in the previous 7 days\)/);
    expect(hrefs(shown.html)).toContain("/pricing");
  });

  it("Standard: 30 days with four server-drawn charts and the change from the previous 30 days; 90 days refused", async () => {
    const { listings, cookie } = await ownerOn("standard");
    await someActivity(listings[0]!.id);
    const shown = page(await renderRoute(analyticsRoute, "/dashboard/analytics?days=30", { cookie }));
    expect(shown.status).toBe(200);
    expect(shown.text).toMatch(/Page views 2 \+100% vs previous 30 days/);
    expect(shown.html.match(/<svg/g)).toHaveLength(4);
    expect(shown.html).toContain('aria-label="Page views: 2 over 30 days');
    expect(shown.text).toContain("Contacts by channel and reply times come with the Premium plan.");
    expect(shown.text).not.toContain("Download CSV");
    const refused = page(await renderRoute(analyticsRoute, "/dashboard/analytics?days=90", { cookie }));
    expect(refused.status).toBe(403);
    expect(refused.text).toContain("Analytics for the last 90 days come with the Premium plan.");
    expect(refused.text).toContain("the last 30 days");
  });

  it("Premium: one listing's channels, messaging, top search words and a CSV download (an attachment nobody caches)", async () => {
    const { listings, cookie } = await ownerOn("premium", ["Chinedu Auto Parts", "<script>alert(1)</script> Spares"]);
    const id = listings[0]!.id;
    await someActivity(id);
    const path = `/dashboard/analytics?listing=${id}&days=90`;
    const shown = page(await renderRoute(analyticsRoute, path, { cookie }));
    expect(shown.status).toBe(200);
    expect(shown.text).toMatch(/Chinedu Auto Parts: the last 90 days \(\d+ \w+ to \d+ \w+, Lagos time\)\. Your plan: Premium\./);
    expect(shown.text).toMatch(/Calls 1 new/);
    expect(shown.text).toMatch(/Page views 3 new/);
    expect(shown.text).toContain("Answered No conversations yet");
    expect(shown.text).toContain("brake pads (1)");
    expect(shown.html).not.toContain("<script>alert(1)</script>");
    expect(shown.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Spares");
    expect(shown.html.match(/<svg/g)).toHaveLength(4);
    expect(hrefs(shown.html)).toContain(`/dashboard/analytics.csv?listing=${id}&days=90`);

    const response = (await csvRoute.loader({
      request: new Request(`http://localhost:3000/dashboard/analytics.csv?listing=${id}&days=7`, { headers: { cookie } }),
      params: {}, context: {}, unstable_pattern: "",
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="analytics-listing-.*\.csv"$/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toContain(`${watDay(new Date())},Chinedu Auto Parts,2,1,1,0,0,0,0,0,0,0\r\n`);
  });

  it("answers another owner's listing as not found", async () => {
    const { listings } = await ownerOn("premium");
    const other = await ownerOn("premium", []);
    await expect(renderRoute(analyticsRoute, `/dashboard/analytics?listing=${listings[0]!.id}`, { cookie: other.cookie })).rejects.toThrow(/"status":404/);
  });
});

describe("/dashboard links to the analytics", () => {
  it("has an Analytics link and a 'See analytics' link per listing", async () => {
    const { listings, cookie } = await ownerOn("standard", ["Ada Salon", "Ada Spa"]);
    const shown = page(await renderRoute(dashboardRoute, "/dashboard", { cookie }));
    const links = hrefs(shown.html);
    expect(links).toContain("/dashboard/analytics");
    for (const l of listings) expect(links).toContain(`/dashboard/analytics?listing=${l.id}`);
    expect(shown.text).toContain("See analytics");
    expect(ANALYTICS_TIERS.standard.periods).toContain(30);
  });
});
