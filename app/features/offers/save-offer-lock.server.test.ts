/**
 * saveOffer reads the offer it changes inside its transaction, locked (issue 37): an admin's take-down landing between
 * the owner's opening of the save and its write is seen, so a dates-only edit of an offer just taken down sends it back
 * to review instead of writing 'approved' beside the admin's reason (the reason CHECK, a 500).
 */
import { describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { businessOffers } from "../../../db/schema";
import { createAdmin, createBusiness, createOffer, createOwner } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { getDb } from "../../lib/db.server";
import { addDays, offerVersion } from "./offer.schemas";
import { takeDownOffer } from "./review-offer.server";
import { saveOffer } from "./save-offer.server";

// Runs between saveOffer's first look and its transaction (it asks for the plan there), as a racing request would.
const between = vi.hoisted(() => ({ run: null as null | (() => Promise<void>) }));
vi.mock("../plans/current-plan.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("../plans/current-plan.server")>();
  return {
    ...original,
    currentPlanFor: async (...args: Parameters<typeof original.currentPlanFor>) => {
      const run = between.run;
      between.run = null;
      if (run) await run();
      return original.currentPlanFor(...args);
    },
  };
});

describe("a dates-only edit racing an admin's take-down", () => {
  it("sees the take-down (the row is read locked in the transaction): the offer goes back to review, no CHECK failure", async () => {
    const owner = await createOwner(getDb());
    const listing = await createBusiness(getDb(), { userId: owner.id });
    const offer = await createOffer(getDb(), { businessId: listing.id, title: "Weekend special" });
    const admin = await actorFor(await createAdmin(getDb()));
    between.run = () => takeDownOffer(admin, { offerId: offer.id, reason: "Misleading price.", version: offerVersion(offer.updatedAt) });
    // One more day, the words unchanged: on an approved offer this applies at once, without review.
    const values = { title: offer.title, text: offer.body, code: "", startsOn: offer.startsOn, endsOn: addDays(offer.endsOn, 1) };
    const saved = await saveOffer(await actorFor(owner), { businessId: listing.id, offerId: offer.id, values, photo: null });
    expect(between.run).toBeNull();
    expect(saved).toEqual({ offerId: offer.id, status: "pending" });
    const [row] = await getDb().select().from(businessOffers).where(eq(businessOffers.id, offer.id));
    expect(row).toMatchObject({ status: "pending", reason: null });
  });
});
