/**
 * The admin panel's Claims tab (issue 34): the claims waiting with the claimant's identity, the current owner of a
 * dispute, the note as text and the signed document link; Approve, and Reject that needs a reason; the imported places
 * linked to owners' listings with Unlink. Featured Management names an imported listing nobody claimed as such, not as
 * an orphan.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses, listingClaims } from "../../../db/schema";
import { createAdmin, createBusiness, createOwner } from "../../../db/seed/factories";
import { executableProblems } from "../../../tests/support/html-safety";
import { importedListing, pendingClaim } from "../../../tests/support/listing-claims";
import { renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import { CLAIM_DOCUMENT_LABELS, CLAIM_KIND_LABELS, CLAIM_REVIEW_TEXTS, unclaimedImportLabel } from "../../features/listings/claim.schemas";
import { getDb } from "../../lib/db.server";
import * as adminRoute from "./admin";

function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}
const claimStatus = async (id: string) => (await getDb().select({ status: listingClaims.status }).from(listingClaims).where(eq(listingClaims.id, id)))[0]?.status;

describe("the Claims tab", () => {
  it("shows each claim waiting with who sent it, the owner it would move the listing from, the note as text and the document's link", async () => {
    const holder = await createOwner(getDb(), { firstName: "Halima", lastName: "Holder" });
    const owned = await createBusiness(getDb(), { userId: holder.id, name: `Mama Put ${Date.now()}` });
    const claimant = await createOwner(getDb(), { firstName: "Chidi", lastName: "Claimant" });
    const note = `<img src=x onerror="alert(1)"> Mine since 2019 ${Date.now()}`;
    const { claimId } = await pendingClaim(owned.id, claimant, note);
    const unowned = await importedListing({ phone: null });
    const other = await pendingClaim(unowned.id);
    const cookie = await sessionCookie((await createAdmin(getDb())).email);

    const shown = page(await renderRoute(adminRoute, "/admin?tab=claims", { cookie }));
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(CLAIM_REVIEW_TEXTS.title);
    // The tab's badge counts the claims waiting.
    const tab = /<a[^>]*href="\/admin\?tab=claims"[^>]*>([\s\S]*?)<\/a>/.exec(shown.html)?.[1] ?? "";
    expect(tab.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim()).toBe("Claims 2 waiting");
    for (const text of [owned.name, CLAIM_KIND_LABELS.dispute, CLAIM_KIND_LABELS.document, "Chidi Claimant", claimant.email, `Verified · name on the ID: ${claimant.name}`, "Halima Holder", CLAIM_DOCUMENT_LABELS["utility-bill"]]) {
      expect(shown.text).toContain(text);
    }
    expect(shown.html).toContain(`href="/businesses/${owned.id}"`);
    // The note is text: escaped, never markup.
    expect(shown.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; Mine since 2019");
    expect(executableProblems(shown.html)).toEqual([]);
    expect(shown.html).toMatch(new RegExp(`href="/claim-documents/${claimId}\\?expires=\\d+&amp;viewer=[^&]+&amp;sig=[A-Za-z0-9_-]{43}"`));
    expect(shown.html).not.toContain("/claims/");
    expect(shown.html).toContain(`name="intent" value="approve-claim"/><input type="hidden" name="targetId" value="${claimId}"`);
    expect(shown.html).toContain('name="intent" value="reject-claim"');

    // Reject needs a reason: refused without one, the claim still waiting; with one, the claimant is told.
    const blank = page(await renderRoute(adminRoute, "/admin?tab=claims", { cookie, form: { intent: "reject-claim", targetId: claimId, reason: " " } }));
    expect(blank.status).toBe(400);
    expect(blank.text).toContain(CLAIM_REVIEW_TEXTS.reasonRequired);
    expect(await claimStatus(claimId)).toBe("pending");
    const rejected = page(await renderRoute(adminRoute, "/admin?tab=claims", { cookie, form: { intent: "reject-claim", targetId: claimId, reason: "The bill names someone else." } }));
    expect(rejected.status).toBe(200);
    expect(rejected.text).toContain(CLAIM_REVIEW_TEXTS.rejected);
    expect(rejected.text).not.toContain(owned.name);
    expect(await claimStatus(claimId)).toBe("rejected");

    const approved = page(await renderRoute(adminRoute, "/admin?tab=claims", { cookie, form: { intent: "approve-claim", targetId: other.claimId } }));
    expect(approved.text).toContain(CLAIM_REVIEW_TEXTS.approved);
    expect(approved.text).toContain(CLAIM_REVIEW_TEXTS.empty);
    expect((await getDb().select({ userId: businesses.userId }).from(businesses).where(eq(businesses.id, unowned.id)))[0]!.userId).toBe(other.claimant.id);
    // Decided already: said so.
    const again = page(await renderRoute(adminRoute, "/admin?tab=claims", { cookie, form: { intent: "approve-claim", targetId: other.claimId } }));
    expect(again.status).toBe(409);
    expect(again.text).toContain(CLAIM_REVIEW_TEXTS.notPending);
  });

  it("lists the imported places linked to owners' listings beside them, and Unlink makes one public again", async () => {
    const owner = await createOwner(getDb(), { firstName: "Ola", lastName: "Owner" });
    const listing = await createBusiness(getDb(), { userId: owner.id, name: `Ola Pharmacy ${Date.now()}` });
    const place = await importedListing({ name: `Ola Chemist ${Date.now()}` });
    await getDb().update(businesses).set({ coveredBy: listing.id, approved: false }).where(eq(businesses.id, place.id));
    const cookie = await sessionCookie((await createAdmin(getDb())).email);

    const shown = page(await renderRoute(adminRoute, "/admin?tab=claims", { cookie }));
    expect(shown.text).toContain(CLAIM_REVIEW_TEXTS.coveredTitle);
    expect(shown.text).toContain(place.name);
    expect(shown.text).toContain(`OpenStreetMap ${place.sourceId}`);
    expect(shown.text).toContain(listing.name);
    expect(shown.text).toContain("Owner: Ola Owner");
    expect(shown.html).toContain(`name="intent" value="unlink-covered-place"/><input type="hidden" name="targetId" value="${place.id}"`);

    const unlinked = page(await renderRoute(adminRoute, "/admin?tab=claims", { cookie, form: { intent: "unlink-covered-place", targetId: place.id } }));
    expect(unlinked.text).toContain(CLAIM_REVIEW_TEXTS.unlinked);
    expect(unlinked.text).toContain(CLAIM_REVIEW_TEXTS.coveredEmpty);
    expect((await getDb().select({ coveredBy: businesses.coveredBy, approved: businesses.approved }).from(businesses).where(eq(businesses.id, place.id)))[0]).toEqual({ coveredBy: null, approved: true });
  });

  it("Featured Management names an imported listing nobody claimed as such, with its source, and an orphan as an orphan", async () => {
    const place = await importedListing({ name: `Unclaimed Buka ${Date.now()}` });
    const cookie = await sessionCookie((await createAdmin(getDb())).email);
    const shown = page(await renderRoute(adminRoute, `/admin?tab=featured&q=${encodeURIComponent(place.name)}`, { cookie }));
    expect(shown.text).toContain(place.name);
    expect(shown.text).toContain(`Owner: ${unclaimedImportLabel("osm", place.sourceId)}`);
    expect(shown.text).toContain("Not yet claimed");
    expect(shown.text).not.toContain("Orphaned");
    expect(shown.html).toContain(`href="/businesses/${place.id}"`);

    const orphan = await createBusiness(getDb(), { userId: null, name: `Orphan Shop ${Date.now()}` });
    const orphanShown = page(await renderRoute(adminRoute, `/admin?tab=featured&q=${encodeURIComponent(orphan.name)}`, { cookie }));
    expect(orphanShown.text).toContain("Orphaned");
    expect(orphanShown.text).toContain("Unknown Owner");
  });
});
