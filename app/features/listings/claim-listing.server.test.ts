/**
 * Claiming an imported listing by a code sent to its own phone (issue 34): the code goes to the listing's number (by
 * SMS, or read out by a call to a landline), the code back makes the listing the owner's — audited, within their
 * plan, keeping its history — and every refused path leaves it unclaimed.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, businesses } from "../../../db/schema";
import { createBusiness, createOwner, createVisitor } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { deliveredMail } from "../../../tests/support/outbox";
import { refusal } from "../../../tests/support/refusals";
import { getDb } from "../../lib/db.server";
import { PHONE_TEXTS } from "../accounts/phone.schemas";
import { getPublicBusiness } from "../directory/get-public-business.server";
import { CLAIM_TEXTS } from "./claim.schemas";
import { claimListing, getClaimableListing, requestClaimCode } from "./claim-listing.server";

let counter = 0;
const address = () => `10.77.${++counter % 250}.${Math.floor(Math.random() * 250)}`;
const freshPhone = (prefix = "+234806") => `${prefix}${String((Date.now() * 7 + ++counter * 7919) % 10_000_000).padStart(7, "0")}`;

async function imported(phone: string | null, name = `Imported ${Date.now()}-${counter}`) {
  const [row] = await getDb()
    .insert(businesses)
    .values({ name, category: "Pharmacy store", state: "Lagos", lga: "Ikeja", phoneNumber: phone, approved: true, approvalStatus: "approved", approvedAt: new Date(), source: "osm", sourceId: `node/${Date.now()}${++counter}` })
    .returning();
  return row!;
}

async function codeSentTo(phone: string, subject = ""): Promise<string> {
  const sent = (await deliveredMail(500)).find((m) => m.channel === "sms" && m.to === phone && m.subject === subject);
  const code = /code is (\d{6})\./.exec(sent?.text ?? "")?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

describe("claiming an imported listing", () => {
  it("a code by SMS to the listing's own mobile makes it the owner's: audited, out of the unclaimed, its history kept", async () => {
    const phone = freshPhone();
    const listing = await imported(phone);
    await getDb().update(businesses).set({ viewCount: 41 }).where(eq(businesses.id, listing.id));
    const owner = await actorFor(await createOwner(getDb()));
    expect(await getClaimableListing(owner, listing.id)).toMatchObject({ id: listing.id, phone, byCall: false });
    expect(await requestClaimCode(owner, { businessId: listing.id }, { clientAddress: address() })).toEqual({ phone, byCall: false });
    const code = await codeSentTo(phone);
    expect(await refusal(claimListing(owner, { businessId: listing.id, code: code === "000000" ? "111111" : "000000" }))).toMatchObject({ fields: { code: PHONE_TEXTS.wrongCode } });
    expect(await claimListing(owner, { businessId: listing.id, code })).toEqual({ businessId: listing.id });

    const [after] = await getDb().select().from(businesses).where(eq(businesses.id, listing.id));
    expect(after).toMatchObject({ userId: owner.id, source: "osm", viewCount: 41, approved: true });
    expect(after!.claimedAt).toBeInstanceOf(Date);
    expect(await getPublicBusiness(listing.id)).toMatchObject({ unclaimed: false, osm: true });
    const [audit] = await getDb().select().from(auditLog).where(and(eq(auditLog.targetId, listing.id), eq(auditLog.action, "business.claim")));
    expect(audit).toMatchObject({ actorId: owner.id, after: { userId: owner.id, proof: "SMS code to the listing's phone" } });
    // Claimed: nobody else may claim it, and the code is spent.
    const other = await actorFor(await createOwner(getDb()));
    expect(await refusal(getClaimableListing(other, listing.id))).toMatchObject({ code: "not-found", message: CLAIM_TEXTS.notClaimable });
    expect(await refusal(claimListing(owner, { businessId: listing.id, code }))).toMatchObject({ code: "not-found" });
  });

  it("a landline gets a call that reads the code out", async () => {
    const phone = freshPhone("+23412");
    const listing = await imported(phone);
    const owner = await actorFor(await createOwner(getDb()));
    expect(await requestClaimCode(owner, { businessId: listing.id }, { clientAddress: address() })).toEqual({ phone, byCall: true });
    const code = await codeSentTo(phone, "Voice call");
    await claimListing(owner, { businessId: listing.id, code });
    const [audit] = await getDb().select().from(auditLog).where(and(eq(auditLog.targetId, listing.id), eq(auditLog.action, "business.claim")));
    expect(audit!.after).toMatchObject({ proof: "voice code to the listing's phone" });
  });

  it("refuses a visitor's account, an owner's listing, a listing without a phone, and an owner whose plan is full", async () => {
    const listing = await imported(freshPhone());
    const visitor = await actorFor(await createVisitor(getDb()));
    expect(await refusal(getClaimableListing(visitor, listing.id))).toMatchObject({ code: "forbidden", message: CLAIM_TEXTS.businessAccountNeeded });
    expect(await refusal(requestClaimCode(visitor, { businessId: listing.id }, { clientAddress: address() }))).toMatchObject({ code: "forbidden" });
    expect(await refusal(getClaimableListing(null, listing.id))).toMatchObject({ code: "unauthenticated" });

    const someone = await createOwner(getDb());
    const owned = await createBusiness(getDb(), { userId: someone.id, phoneNumber: freshPhone() });
    const owner = await actorFor(await createOwner(getDb()));
    expect(await refusal(requestClaimCode(owner, { businessId: owned.id }, { clientAddress: address() }))).toMatchObject({ code: "not-found" });
    expect(await refusal(getClaimableListing(owner, "not-a-uuid"))).toMatchObject({ code: "not-found" });

    const silent = await imported(null);
    expect(await refusal(requestClaimCode(owner, { businessId: silent.id }, { clientAddress: address() }))).toMatchObject({ code: "invalid", message: CLAIM_TEXTS.noPhone });

    // The free plan's listings all in use: the code is right, the claim is refused, the listing stays unclaimed.
    const full = await createOwner(getDb());
    for (let i = 0; i < 3; i++) await createBusiness(getDb(), { userId: full.id });
    const fullActor = await actorFor(full);
    const phone = freshPhone();
    const wanted = await imported(phone);
    await requestClaimCode(fullActor, { businessId: wanted.id }, { clientAddress: address() });
    expect(await refusal(claimListing(fullActor, { businessId: wanted.id, code: await codeSentTo(phone) }))).toMatchObject({ code: "conflict", message: CLAIM_TEXTS.limitReached });
    const [still] = await getDb().select({ userId: businesses.userId }).from(businesses).where(eq(businesses.id, wanted.id));
    expect(still!.userId).toBeNull();
  });

  it("a code for one listing's number claims no other listing, and a second claimant after the first gets nothing", async () => {
    const first = await imported(freshPhone());
    const second = await imported(freshPhone());
    const owner = await actorFor(await createOwner(getDb()));
    const rival = await actorFor(await createOwner(getDb()));
    await requestClaimCode(owner, { businessId: first.id }, { clientAddress: address() });
    await requestClaimCode(rival, { businessId: first.id }, { clientAddress: address() });
    const codes = (await deliveredMail(500)).filter((m) => m.to === first.phoneNumber).map((m) => /code is (\d{6})\./.exec(m.text)![1]!);
    // The owner's code (the older one) does not open the second listing.
    expect(await refusal(claimListing(owner, { businessId: second.id, code: codes[1]! }))).toMatchObject({ code: "invalid" });
    await claimListing(owner, { businessId: first.id, code: codes[1]! });
    expect(await refusal(claimListing(rival, { businessId: first.id, code: codes[0]! }))).toMatchObject({ code: "not-found" });
  });
});
