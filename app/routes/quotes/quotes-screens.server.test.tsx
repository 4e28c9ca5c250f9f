import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses, quoteRecipients, quoteRequests } from "../../../db/schema";
import { createBusiness, createOwner, createVisitor } from "../../../db/seed/factories";
import { QUOTE_TEXTS } from "../../features/quotes/quote.schemas";
import { getDb } from "../../lib/db.server";
import { hrefs, renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import * as dashboardRoute from "../owner/dashboard";
import * as businessesRoute from "../public/businesses";
import * as categoriesRoute from "../public/categories";
import * as landingRoute from "../public/landing";
import * as quoteNewRoute from "./quote-new";
import * as quoteRoute from "./quote";
import * as quotesRoute from "./quotes";

const TEXT = "Need a plumber in Ikeja: leaking kitchen pipe, this week";

function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}

/** Two owners' plumbers in Ekiti (no other public plumber there), and a visitor with a verified number. */
async function twoPlumbers() {
  await getDb().update(businesses).set({ approved: false, approvalStatus: "pending" }).where(sql`category = 'Plumber' and state = 'Ekiti'`);
  const owners = await Promise.all([createOwner(getDb()), createOwner(getDb())]);
  const listings = await Promise.all(
    owners.map((owner, i) => createBusiness(getDb(), { userId: owner.id, category: "Plumber", state: "Ekiti", lga: "Ado Ekiti", name: `Ekiti Pipes <b>${i}</b>` })),
  );
  const visitor = await createVisitor(getDb());
  const phone = `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  await getDb().execute(sql`update profiles set phone = ${phone}, phone_verified_at = now() where id = ${visitor.id}`);
  return { owners, listings, visitor, phone, cookie: await sessionCookie(visitor.email) };
}

describe("/quotes/new", () => {
  it("sends anonymous visitors to log in and back with what they chose", async () => {
    const path = "/quotes/new?category=Plumber&state=Ekiti";
    expect(await renderRoute(quoteNewRoute, path)).toMatchObject({ kind: "redirect", location: `/login?redirectTo=${encodeURIComponent(path)}` });
  });

  it("opens prefilled from the link, and a sent request lands on the list with how many businesses got it", async () => {
    const { cookie, visitor } = await twoPlumbers();
    const shown = page(await renderRoute(quoteNewRoute, "/quotes/new?category=plumber&state=ekiti&lga=Ado%20Ekiti", { cookie }));
    expect(shown.text).toContain("Request a quote");
    expect(shown.html).toMatch(/<option value="Plumber" selected=""/);
    expect(shown.html).toMatch(/<option value="Ekiti" selected=""/);
    expect(shown.html).toMatch(/<option value="Ado Ekiti" selected=""/);
    expect(shown.html).toMatch(/name="sharePhone" value="1"(?![^>]*checked)/);
    const sent = await renderRoute(quoteNewRoute, "/quotes/new", { cookie, form: { description: TEXT, category: "Plumber", state: "Ekiti", lga: "Ado Ekiti", timing: "asap" } });
    expect(sent).toMatchObject({ kind: "redirect", location: "/quotes?sent=2" });
    const list = page(await renderRoute(quotesRoute, "/quotes?sent=2", { cookie }));
    expect(list.text).toContain("Your request was sent to 2 businesses. You will be told when they answer.");
    expect(list.text).toContain("Plumber · Ado Ekiti, Ekiti");
    expect(list.text).toContain("0 of 2 answered");
    const [stored] = await getDb().select().from(quoteRequests).where(eq(quoteRequests.requesterId, visitor.id));
    expect(stored).toMatchObject({ description: TEXT, timing: "asap", sharePhone: false });
  });

  it("keeps what was typed when it is refused: too short, and no business to ask", async () => {
    const { cookie } = await twoPlumbers();
    const short = page(await renderRoute(quoteNewRoute, "/quotes/new", { cookie, form: { description: "Pipe", category: "Plumber", state: "Ekiti" } }));
    expect(short.status).toBe(400);
    expect(short.text).toContain(QUOTE_TEXTS.textLength);
    expect(short.text).toContain("Pipe");
    const none = page(await renderRoute(quoteNewRoute, "/quotes/new", { cookie, form: { description: `${TEXT} (Yobe)`, category: "Cinema", state: "Yobe" } }));
    expect(none.status).toBe(404);
    expect(none.text).toContain(QUOTE_TEXTS.noMatch.title);
    expect(none.text).toContain(`${TEXT} (Yobe)`);
    expect(none.html).toMatch(/<option value="Cinema" selected=""/);
  });
});

describe("/quotes/{id}", () => {
  async function sentRequest(sharePhone: boolean) {
    const world = await twoPlumbers();
    await renderRoute(quoteNewRoute, "/quotes/new", {
      cookie: world.cookie, form: { description: TEXT, category: "Plumber", state: "Ekiti", lga: "Ado Ekiti", ...(sharePhone ? { sharePhone: "1" } : {}) },
    });
    const [request] = await getDb().select().from(quoteRequests).where(eq(quoteRequests.requesterId, world.visitor.id));
    const recipients = await getDb().select().from(quoteRecipients).where(eq(quoteRecipients.requestId, request!.id));
    const ownerCookies = await Promise.all(world.owners.map((o) => sessionCookie(o.email)));
    const recipientOf = (i: number) => recipients.find((r) => r.businessId === world.listings[i]!.id)!.id;
    return { ...world, requestId: request!.id, ownerCookies, recipientOf };
  }

  it("an owner sees the request (the phone only when shared) and sends a price; the visitor compares, accepts, and is offered a review", async () => {
    const w = await sentRequest(false);
    const path = `/quotes/${w.requestId}`;
    const ownerPage = page(await renderRoute(quoteRoute, path, { cookie: w.ownerCookies[0], pattern: "quotes/:id" }));
    expect(ownerPage.text).toContain("Quote request for your business");
    expect(ownerPage.text).toContain(TEXT);
    expect(ownerPage.text).toContain("The visitor did not share their phone number");
    expect(ownerPage.text).not.toContain(w.phone);
    expect(ownerPage.text).toContain("Send quote");
    // Only its own business's row.
    expect(ownerPage.html).toContain("Ekiti Pipes &lt;b&gt;0&lt;/b&gt;");
    expect(ownerPage.html).not.toContain("Ekiti Pipes &lt;b&gt;1&lt;/b&gt;");

    const bad = page(await renderRoute(quoteRoute, path, { cookie: w.ownerCookies[0], pattern: "quotes/:id", form: { intent: "answer", recipientId: w.recipientOf(0), price: "abc", message: "Parts included" } }));
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(QUOTE_TEXTS.priceInvalid);
    expect(bad.text).toContain("Parts included");
    for (const [i, price] of [[0, "15,000"], [1, "12000"]] as const) {
      const answered = await renderRoute(quoteRoute, path, { cookie: w.ownerCookies[i], pattern: "quotes/:id", form: { intent: "answer", recipientId: w.recipientOf(i), price, message: `Quote ${i}` } });
      expect(answered).toMatchObject({ kind: "redirect", location: `${path}?done=answered` });
    }

    const compare = page(await renderRoute(quoteRoute, path, { cookie: w.cookie, pattern: "quotes/:id" }));
    expect(compare.text).toContain("₦15,000");
    expect(compare.text).toContain("₦12,000");
    expect(compare.text).toMatch(/Answered after \d+ minute/);
    expect(hrefs(compare.html)).toContain(`/businesses/${w.listings[0]!.id}`);
    expect(hrefs(compare.html).some((h) => h.startsWith("/messages?businessId="))).toBe(true);
    // The accept form carries the price shown, accepted only while the quote still stands at it.
    expect(compare.html).toMatch(/name="priceKobo" value="1200000"/);
    const accepted = await renderRoute(quoteRoute, path, { cookie: w.cookie, pattern: "quotes/:id", form: { intent: "accept", recipientId: w.recipientOf(1), priceKobo: "1200000" } });
    expect(accepted).toMatchObject({ kind: "redirect", location: `${path}?done=accepted` });
    const after = page(await renderRoute(quoteRoute, `${path}?done=accepted`, { cookie: w.cookie, pattern: "quotes/:id" }));
    expect(after.text).toContain(QUOTE_TEXTS.accepted);
    expect(hrefs(after.html)).toContain(`/businesses/${w.listings[1]!.id}#reviews`);
    expect(after.text).not.toContain("Cancel this request");
    const other = page(await renderRoute(quoteRoute, path, { cookie: w.ownerCookies[0], pattern: "quotes/:id" }));
    expect(other.text).toContain("Closed: the visitor chose another business");
    expect(other.text).not.toContain("Update quote");
  });

  it("shows the visitor's phone to the chosen owners when they chose to share it; others read 'not found'", async () => {
    const w = await sentRequest(true);
    const path = `/quotes/${w.requestId}`;
    expect(page(await renderRoute(quoteRoute, path, { cookie: w.ownerCookies[1], pattern: "quotes/:id" })).text).toContain(w.phone);
    const stranger = page(await renderRoute(quoteRoute, path, { cookie: await sessionCookie((await createVisitor(getDb())).email), pattern: "quotes/:id" }));
    expect(stranger.status).toBe(404);
    expect(stranger.text).toContain(QUOTE_TEXTS.notFound);
    expect(stranger.text).not.toContain(TEXT);
  });

  it("the owner's dashboard lists the request as new, linking to it; the visitor may cancel", async () => {
    const w = await sentRequest(false);
    const dashboard = page(await renderRoute(dashboardRoute, "/dashboard", { cookie: w.ownerCookies[0] }));
    expect(dashboard.text).toContain("Quote requests");
    expect(dashboard.text).toContain("1 waiting for your price");
    expect(hrefs(dashboard.html)).toContain(`/quotes/${w.requestId}`);
    const cancelled = await renderRoute(quoteRoute, `/quotes/${w.requestId}`, { cookie: w.cookie, pattern: "quotes/:id", form: { intent: "cancel" } });
    expect(cancelled).toMatchObject({ kind: "redirect", location: `/quotes/${w.requestId}?done=cancelled` });
    const list = page(await renderRoute(quotesRoute, "/quotes", { cookie: w.cookie }));
    expect(list.text).toContain("Cancelled");
  });
});

describe("the 'Request a quote' links", () => {
  it("results, landing and category pages link to the form with their category and place, as a plain link", async () => {
    const results = page(await renderRoute(businessesRoute, "/businesses?category=Plumber&region=Lagos&lga=Ikeja"));
    expect(hrefs(results.html)).toContain("/quotes/new?category=Plumber&state=Lagos&lga=Ikeja");
    await createBusiness(getDb(), { userId: (await createOwner(getDb())).id, category: "Plumber", state: "Lagos" });
    const landing = page(await renderRoute(landingRoute, "/categories/plumber", { pattern: "categories/:category" }));
    expect(hrefs(landing.html)).toContain("/quotes/new?category=Plumber");
    const categories = page(await renderRoute(categoriesRoute, "/categories"));
    expect(hrefs(categories.html)).toContain("/quotes/new");
  });
});
