/**
 * A person's suggestions (issue 34) and their NDPA rights: the data export lists each with what was suggested, the
 * note and what became of it; deleting the account withdraws those still waiting and takes the note off decided ones,
 * whose decision (and the listing added from one) stays.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses, listingSuggestions } from "../../../db/schema";
import { createAdmin, createBusiness, createOwner, createVisitor, DEFAULT_PASSWORD } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { getDb } from "../../lib/db.server";
import { decideSuggestion } from "../suggestions/decide-suggestion.server";
import { suggestListingChange } from "../suggestions/suggest-listing-change.server";
import { suggestMissingBusiness } from "../suggestions/suggest-missing-business.server";
import { deleteMyAccount } from "./delete-my-account.server";
import { exportMyData } from "./export-my-data.server";
import { PRIVACY_TEXTS } from "./privacy.schemas";

const word = () => Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

async function suggestionsOfVisitor() {
  const visitor = await createVisitor(getDb());
  const me = await actorFor(visitor);
  const name = `Kiosk ${word()}`;
  const added = await suggestMissingBusiness(me, { name, category: "Grocery store", state: "Delta", lga: "Warri South", note: "By the roundabout, ask for Efe.", notDuplicate: true });
  if (added.status !== "sent") throw new Error("sent");
  const listing = await createBusiness(getDb(), { userId: (await createOwner(getDb())).id, name: `Shop ${word()}` });
  const waiting = await suggestListingChange(me, { businessId: listing.id, kind: "closed", note: "My cousin works next door." });
  const approvedListing = await decideSuggestion(await actorFor(await createAdmin(getDb())), { decision: "approve", suggestionId: added.suggestionId });
  if (approvedListing.status !== "approved") throw new Error("approved");
  return { visitor, me, name, listing, addedId: added.suggestionId, waitingId: waiting.suggestionId, createdId: approvedListing.businessId! };
}

describe("a person's suggestions", () => {
  it("are in their data export: the business, what they suggested, their note, and the outcome", async () => {
    const { me, name, listing } = await suggestionsOfVisitor();
    const { suggestions } = (await exportMyData(me)).data;
    expect(suggestions).toEqual([
      expect.objectContaining({ kind: "missing", businessName: name, suggested: expect.objectContaining({ name, lga: "Warri South" }), note: "By the roundabout, ask for Efe.", status: "approved", outcome: "added", decidedAt: expect.any(String) }),
      expect.objectContaining({ kind: "closed", businessName: listing.name, note: "My cousin works next door.", status: "pending", outcome: null, decidedAt: null }),
    ]);
    // Nothing of the admin who decided.
    expect(JSON.stringify(suggestions)).not.toMatch(/decidedBy|@example/);
  });

  it("go with the account: waiting ones are withdrawn, decided ones lose the note and keep the decision and the listing added", async () => {
    const { visitor, me, addedId, waitingId, createdId } = await suggestionsOfVisitor();
    await deleteMyAccount(me, { password: DEFAULT_PASSWORD, confirmation: PRIVACY_TEXTS.confirmationWord });
    const left = await getDb().select().from(listingSuggestions).where(eq(listingSuggestions.userId, visitor.id));
    expect(left.map((s) => s.id)).toEqual([addedId]);
    expect(left[0]).toMatchObject({ note: null, status: "approved", outcome: "added", createdBusinessId: createdId });
    expect(left.find((s) => s.id === waitingId)).toBeUndefined();
    expect((await getDb().select({ approved: businesses.approved }).from(businesses).where(eq(businesses.id, createdId)))[0]?.approved).toBe(true);
  });
});
