/**
 * An imported listing nobody has claimed, as a visitor sees it (issue 34): labelled 'Not yet claimed by the owner', a
 * call but no 'Contact Business' (nobody would read it), and OpenStreetMap's contributors credited (ODbL) on its page
 * and on a results page that shows it. An owner's listing shows none of this.
 */
import { describe, expect, it } from "vitest";
import { businesses } from "../../../db/schema";
import { randomUUID } from "node:crypto";
import { createBusiness, createOwner, createVisitor, uniqueSuffix } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import { getDb } from "~/lib/db.server";
import { DIRECTORY_TEXTS, OSM_CREDIT } from "~/features/directory/types";
import { MESSAGE_TEXTS } from "~/features/messaging/message.schemas";
import { sendMessage } from "~/features/messaging/send-message.server";
import * as messagesRoute from "../messages/messages";
import * as detail from "./business-detail";
import * as results from "./businesses";

const page = (r: Rendered) => {
  if (r.kind !== "page") throw new Error(`expected a page, got a redirect to ${r.location}`);
  return r;
};

describe("an imported, unclaimed listing", () => {
  it("is labelled, offers a call but no messages, and credits OpenStreetMap; an owner's listing does not", async () => {
    const word = `Zimport${uniqueSuffix().replace(/\W/g, "")}`;
    const [imported] = await getDb()
      .insert(businesses)
      .values({ name: `${word} Chemist`, category: "Pharmacy store", state: "Lagos", lga: "Ikeja", phoneNumber: "+2348035550199", approved: true, approvalStatus: "approved", approvedAt: new Date(), source: "osm", sourceId: `node/${Date.now()}` })
      .returning();
    const shown = page(await renderRoute(detail, `/businesses/${imported!.id}`, { pattern: "businesses/:id" }));
    expect(shown.text).toContain(DIRECTORY_TEXTS.unclaimed);
    expect(shown.text).toContain(DIRECTORY_TEXTS.unclaimedNote);
    expect(shown.text).not.toContain("Contact Business");
    expect(shown.html).toContain(`href="/go/${imported!.id}/call"`);
    expect(shown.html).toContain(`href="${OSM_CREDIT.href}"`);
    expect(shown.text).toContain(OSM_CREDIT.text);

    const found = page(await renderRoute(results, `/businesses?q=${word}`, { pattern: "businesses" }));
    expect(found.text).toContain(`${word} Chemist`);
    expect(found.text).toContain(OSM_CREDIT.text);
    // Its card: labelled, and no 'Contact' (nobody would read it).
    expect(found.text).toContain(DIRECTORY_TEXTS.unclaimed);
    expect(found.html).not.toContain(`businessId%3D${imported!.id}`);

    const owner = await createOwner(getDb());
    const own = await createBusiness(getDb(), { userId: owner.id, name: `${word} Own Shop` });
    const owned = page(await renderRoute(detail, `/businesses/${own.id}`, { pattern: "businesses/:id" }));
    expect(owned.text).toContain("Contact Business");
    expect(owned.text).not.toContain(DIRECTORY_TEXTS.unclaimed);
    expect(owned.text).not.toContain(OSM_CREDIT.text);
    const ownResults = page(await renderRoute(results, `/businesses?q=${word}+Own`, { pattern: "businesses" }));
    expect(ownResults.text).not.toContain(OSM_CREDIT.text);
  });

  it("answers /messages for it with where to reach the business instead (and the claim for a business account), and refuses a message", async () => {
    const [imported] = await getDb()
      .insert(businesses)
      .values({ name: `Unowned Buka ${uniqueSuffix()}`, category: "Restaurant", state: "Lagos", lga: "Ikeja", approved: true, approvalStatus: "approved", approvedAt: new Date(), source: "osm", sourceId: `node/${randomUUID()}` })
      .returning();
    const visitor = await createVisitor(getDb());
    const owner = await createOwner(getDb());
    const [visitorCookie, ownerCookie] = await Promise.all([sessionCookie(visitor.email), sessionCookie(owner.email)]);
    const asked = await renderRoute(messagesRoute, `/messages?businessId=${imported!.id}`, { cookie: visitorCookie });
    const shown = page(asked);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(MESSAGE_TEXTS.unclaimedTitle(imported!.name));
    expect(shown.text).toContain(MESSAGE_TEXTS.unclaimed);
    expect(shown.html).toContain(`href="/businesses/${imported!.id}"`);
    expect(shown.text).not.toContain(MESSAGE_TEXTS.businessNotFound);
    expect(shown.html).not.toContain(`/business/claim/${imported!.id}`);
    expect(shown.html).not.toContain("<textarea");
    const toOwner = page(await renderRoute(messagesRoute, `/messages?businessId=${imported!.id}`, { cookie: ownerCookie }));
    expect(toOwner.html).toContain(`href="/business/claim/${imported!.id}"`);
    // Nobody would read it: a message is refused, and nothing is stored.
    await expect(sendMessage(await actorFor(visitor), { businessId: imported!.id, message: "Are you open today?", idempotencyKey: randomUUID() })).rejects.toMatchObject({ code: "not-found" });
  });
});
