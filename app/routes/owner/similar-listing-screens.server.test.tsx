/**
 * Adding a listing that may exist already (issue 34): the importer's duplicate check, offered to the owner before
 * the listing is made — the same phone, or a similar name nearby — with the way to claim it, and a box to add it
 * anyway. Nothing is made until they confirm; what they typed is kept.
 */
import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { businesses } from "../../../db/schema";
import { createOwner, uniqueSuffix } from "../../../db/seed/factories";
import { pngImage } from "../../../tests/support/images";
import { renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import { SIMILAR_TEXTS } from "../../features/listings/listing.schemas";
import { getDb } from "../../lib/db.server";
import * as businessCreateRoute from "./business-create";

function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}

async function listingForm(fields: Record<string, string>): Promise<FormData> {
  const form = new FormData();
  const base = { description: "Drugs and advice.", address: "12 Allen Avenue", plotNumber: "", state: "Lagos", country: "Nigeria", websiteUrl: "", category: "Pharmacy store", products: "Drugs", lga: "Ikeja", landmark: "" };
  for (const [name, value] of Object.entries({ ...base, ...fields })) form.set(name, value);
  form.append("images", new File([new Uint8Array(await pngImage(400, 300))], "front.png", { type: "image/png" }));
  return form;
}

const ownedBy = async (ownerId: string) => getDb().select({ id: businesses.id }).from(businesses).where(eq(businesses.userId, ownerId));

describe("adding a listing that may be listed already", () => {
  it("shows the unclaimed listing with the same phone and the way to claim it, keeps the form, and makes nothing", async () => {
    const word = `Zsim${uniqueSuffix().replace(/\W/g, "")}`;
    const [imported] = await getDb()
      .insert(businesses)
      .values({ name: `${word} Chemist`, category: "Pharmacy store", state: "Lagos", lga: "Ikeja", phoneNumber: "+2348035550177", approved: true, approvalStatus: "approved", approvedAt: new Date(), source: "osm", sourceId: `node/${randomUUID()}` })
      .returning();
    const owner = await createOwner(getDb());
    const cookie = await sessionCookie(owner.email);
    const shown = page(await renderRoute(businessCreateRoute, "/business/create", { cookie, form: await listingForm({ name: "Another Name Entirely", phoneNumber: "0803 555 0177" }) }));
    expect(shown.status).toBe(409);
    expect(shown.text).toContain(SIMILAR_TEXTS.title);
    expect(shown.text).toContain(`${word} Chemist`);
    expect(shown.html).toContain(`href="/business/claim/${imported!.id}"`);
    expect(shown.text).toContain(SIMILAR_TEXTS.claim);
    expect(shown.text).toContain(SIMILAR_TEXTS.imagesAgain);
    expect(shown.html).toContain('name="notDuplicate"');
    // What was typed is kept.
    expect(shown.html).toMatch(/name="name"[^>]*value="Another Name Entirely"|value="Another Name Entirely"[^>]*name="name"/);
    expect(await ownedBy(owner.id)).toHaveLength(0);

    // Confirmed as a different business: it is added.
    const confirmed = await renderRoute(businessCreateRoute, "/business/create", { cookie, form: await listingForm({ name: "Another Name Entirely", phoneNumber: "0803 555 0177", notDuplicate: "1" }) });
    expect(confirmed).toMatchObject({ kind: "redirect" });
    expect(await ownedBy(owner.id)).toHaveLength(1);
  });

  it("names an owner's listing with a similar name in the same LGA as 'ask for a review', and lets a different name through at once", async () => {
    const word = `Zsame${uniqueSuffix().replace(/\W/g, "")}`;
    const first = await createOwner(getDb());
    const [theirs] = await getDb()
      .insert(businesses)
      .values({ userId: first.id, name: `${word} Pharmacy Ikeja`, category: "Pharmacy store", state: "Lagos", lga: "Ikeja", approved: true, approvalStatus: "approved", approvedAt: new Date() })
      .returning();
    const owner = await createOwner(getDb());
    const cookie = await sessionCookie(owner.email);
    const shown = page(await renderRoute(businessCreateRoute, "/business/create", { cookie, form: await listingForm({ name: `${word} Pharmacy, Ikeja`, phoneNumber: "0803 555 0166" }) }));
    expect(shown.text).toContain(SIMILAR_TEXTS.title);
    expect(shown.html).toContain(`href="/businesses/${theirs!.id}"`);
    expect(shown.text).toContain(SIMILAR_TEXTS.review);
    expect(shown.text).not.toContain(SIMILAR_TEXTS.unclaimed);

    // Nothing like it: no question, the listing is made.
    const other = await renderRoute(businessCreateRoute, "/business/create", { cookie, form: await listingForm({ name: `Quite Different Bakery ${word}`, phoneNumber: "0803 555 0155" }) });
    expect(other).toMatchObject({ kind: "redirect" });
    expect(await ownedBy(owner.id)).toHaveLength(1);
  });
});
