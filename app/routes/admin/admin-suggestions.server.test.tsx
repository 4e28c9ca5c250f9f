/**
 * The admin's Suggestions tab (issue 34) as an admin sees it: the badge, each suggestion with its suggester, a change's
 * current values beside the suggested ones, a missing business's possible duplicates, and Approve / Reject with their
 * toasts; a business owner is refused, and an admin without two-factor sign-in is sent to set it up.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses, listingSuggestions } from "../../../db/schema";
import { createAdmin, createBusiness, createOwner, createVisitor } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { hrefs, renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import { suggestListingChange } from "../../features/suggestions/suggest-listing-change.server";
import { suggestMissingBusiness } from "../../features/suggestions/suggest-missing-business.server";
import { SUGGESTION_TEXTS } from "../../features/suggestions/suggestion.schemas";
import { getDb } from "../../lib/db.server";
import * as adminRoute from "./admin";

function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}
const word = () => Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
const status = async (id: string) => (await getDb().select({ status: listingSuggestions.status }).from(listingSuggestions).where(eq(listingSuggestions.id, id)))[0]?.status;

async function missingSuggestion(name: string, extra: { note?: string } = {}) {
  const visitor = await createVisitor(getDb(), { firstName: "Amaka", lastName: "Obi" });
  const sent = await suggestMissingBusiness(await actorFor(visitor), { name, category: "Bakery", state: "Kaduna", lga: "Kaduna North", address: "3 Ahmadu Bello Way", phone: "0803 765 4321", note: extra.note, notDuplicate: true });
  if (sent.status !== "sent") throw new Error("sent");
  return { visitor, id: sent.suggestionId };
}

describe("/admin?tab=suggestions", () => {
  it("shows what waits with its badge: the suggester, a missing business's fields and possible duplicates, a change beside the listing's values; text never as HTML", async () => {
    const admin = await createAdmin(getDb());
    const twin = await createBusiness(getDb(), { userId: (await createOwner(getDb())).id, name: `Kaduna ${word()} Bread`, state: "Kaduna", lga: "Kaduna North", phoneNumber: null });
    const missing = await missingSuggestion(twin.name, { note: "<script>alert('note')</script>" });
    const owner = await createOwner(getDb());
    const owned = await createBusiness(getDb(), { userId: owner.id, name: `Owned ${word()}`, address: "1 Old Street" });
    const change = await suggestListingChange(await actorFor(await createVisitor(getDb())), { businessId: owned.id, kind: "edit", fields: ["address"], address: "2 <b>New</b> Street" });
    const cookie = await sessionCookie(admin.email);
    const shown = page(await renderRoute(adminRoute, "/admin?tab=suggestions", { cookie }));
    const waiting = (await getDb().select({ id: listingSuggestions.id }).from(listingSuggestions).where(eq(listingSuggestions.status, "pending"))).length;
    expect(shown.text).toContain(`Suggestions ${waiting} waiting`);
    expect(shown.text).toContain(SUGGESTION_TEXTS.tabTitle);

    // One suggestion's card: its HTML up to the next card, its <!-- --> separators left out.
    const card = (id: string) => {
      const start = shown.html.indexOf(`data-suggestion="${id}"`);
      expect(start).toBeGreaterThan(0);
      const next = shown.html.indexOf("data-suggestion=", start + 1);
      return shown.html.slice(start, next < 0 ? undefined : next).replace(/<!-- -->/g, "");
    };
    const missingCard = card(missing.id);
    expect(missingCard).toContain("Missing business");
    expect(missingCard).toContain("By Amaka Obi · 0 approved, 0 not used before");
    for (const value of ["Bakery", "Kaduna North", "3 Ahmadu Bello Way", "0803 765 4321", SUGGESTION_TEXTS.possibleDuplicates, "Approve: add the listing"]) expect(missingCard).toContain(value);
    expect(hrefs(missingCard)).toContain(`/businesses/${twin.id}`);
    expect(missingCard).toContain("similar name");
    expect(missingCard).toContain("&lt;script&gt;alert(&#x27;note&#x27;)&lt;/script&gt;");
    expect(shown.html).not.toContain("<script>alert('note')");

    const changeCard = card(change.suggestionId);
    expect(changeCard).toContain("Something is wrong");
    expect(changeCard).toContain("This listing has an owner");
    expect(changeCard).toContain("1 Old Street");
    expect(changeCard).toContain("2 &lt;b&gt;New&lt;/b&gt; Street");
    expect(changeCard).toContain("Approve: send to the owner");
    expect(changeCard).toContain("Reject");
  });

  it("Approve adds the listing and says so; Reject without a reason keeps the form open with its message; with one, says so", async () => {
    const admin = await createAdmin(getDb());
    const cookie = await sessionCookie(admin.email);
    const added = await missingSuggestion(`Approved ${word()} Bakery`);
    const approved = page(await renderRoute(adminRoute, "/admin?tab=suggestions", { cookie, form: { intent: "suggestion-approve", targetId: added.id } }));
    expect(approved.status).toBe(200);
    expect(approved.text).toContain("Listing added");
    expect(await status(added.id)).toBe("approved");
    const [listing] = await getDb().select({ source: businesses.source, userId: businesses.userId }).from(businesses).where(eq(businesses.sourceId, added.id));
    expect(listing).toEqual({ source: "suggestion", userId: null });

    const rejected = await missingSuggestion(`Rejected ${word()} Bakery`);
    const blank = page(await renderRoute(adminRoute, "/admin?tab=suggestions", { cookie, form: { intent: "suggestion-reject", targetId: rejected.id, reason: "  " } }));
    expect(blank.status).toBe(400);
    expect(blank.text).toContain(SUGGESTION_TEXTS.rejectReasonRequired);
    expect(blank.html).toMatch(/<details[^>]*open=""/);
    expect(await status(rejected.id)).toBe("pending");
    const done = page(await renderRoute(adminRoute, "/admin?tab=suggestions", { cookie, form: { intent: "suggestion-reject", targetId: rejected.id, reason: "Not a real bakery." } }));
    expect(done.text).toContain(SUGGESTION_TEXTS.rejected);
    expect(await status(rejected.id)).toBe("rejected");
    // Decided already: the toast says so.
    const twice = page(await renderRoute(adminRoute, "/admin?tab=suggestions", { cookie, form: { intent: "suggestion-approve", targetId: rejected.id } }));
    expect(twice.status).toBe(409);
    expect(twice.text).toContain(SUGGESTION_TEXTS.alreadyDecided);
  });

  it("refuses a business owner (Access Denied) and sends an admin without two-factor to set it up, deciding nothing", async () => {
    const pending = await missingSuggestion(`Guarded ${word()}`);
    const owner = await createOwner(getDb());
    const ownerCookie = await sessionCookie(owner.email);
    const denied = page(await renderRoute(adminRoute, "/admin?tab=suggestions", { cookie: ownerCookie }));
    expect(denied.status).toBe(403);
    expect(denied.text).not.toContain(pending.id);
    expect(page(await renderRoute(adminRoute, "/admin?tab=suggestions", { cookie: ownerCookie, form: { intent: "suggestion-approve", targetId: pending.id } })).status).toBe(403);
    const noTwoFactor = await createAdmin(getDb(), { twoFactor: false });
    const sent = await renderRoute(adminRoute, "/admin?tab=suggestions", { cookie: await sessionCookie(noTwoFactor.email), form: { intent: "suggestion-approve", targetId: pending.id } });
    expect(sent).toMatchObject({ kind: "redirect", location: "/admin/security" });
    expect(await status(pending.id)).toBe("pending");
  });
});
