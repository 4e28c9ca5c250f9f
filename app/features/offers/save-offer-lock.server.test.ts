/**
 * saveOffer decides on the offer as its transaction reads it, locked (issue 37): a dates-only edit of an offer an admin
 * has taken down sends it back to review instead of writing 'approved' beside the admin's reason (the reason CHECK, a
 * 500). The race itself (the take-down landing between the save's first look and its write) needs two connections; the
 * embedded database has one, so this checks the decision on the row as the transaction reads it.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { businessOffers } from "../../../db/schema";
import { createAdmin, createBusiness, createOffer, createOwner } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { getDb } from "../../lib/db.server";
import { addDays, offerVersion } from "./offer.schemas";
import { takeDownOffer } from "./review-offer.server";
import { saveOffer } from "./save-offer.server";

describe("a dates-only edit of an offer an admin took down", () => {
  it("sends it back to review, with no CHECK failure", async () => {
    const owner = await createOwner(getDb());
    const listing = await createBusiness(getDb(), { userId: owner.id });
    const offer = await createOffer(getDb(), { businessId: listing.id, title: "Weekend special" });
    const admin = await actorFor(await createAdmin(getDb()));
    await takeDownOffer(admin, { offerId: offer.id, reason: "Misleading price.", version: offerVersion(offer.updatedAt) });
    // One more day, the words unchanged: on an approved offer this would apply at once, without review.
    const values = { title: offer.title, text: offer.body, code: "", startsOn: offer.startsOn, endsOn: addDays(offer.endsOn, 1) };
    const saved = await saveOffer(await actorFor(owner), { businessId: listing.id, offerId: offer.id, values, photo: null });
    expect(saved).toEqual({ offerId: offer.id, status: "pending" });
    const [row] = await getDb().select().from(businessOffers).where(eq(businessOffers.id, offer.id));
    expect(row).toMatchObject({ status: "pending", reason: null });
  });
});
