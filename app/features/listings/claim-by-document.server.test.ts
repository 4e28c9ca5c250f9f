/**
 * Claims sent for an admin's review (issue 34, ADR 38): by a document when the listing's phone cannot take a code, and a
 * second claimant's request for review of an owned listing. Every refusal leaves nothing stored; the document is kept
 * privately, re-encoded; withdrawing deletes it; a claim by code closes the claims still waiting; the claims go with the
 * account (and with a deleted listing), and the data export lists them without their documents.
 */
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, businesses, listingClaims } from "../../../db/schema";
import { createAdmin, createBusiness, createOwner, createVisitor, DEFAULT_PASSWORD } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { filesUnder } from "../../../tests/support/files";
import { fileFrom, largePng, pixelBombPng, textAsPng } from "../../../tests/support/images";
import { documentPhoto, importedListing, noticesFor, pendingClaim } from "../../../tests/support/listing-claims";
import { deliveredMail } from "../../../tests/support/outbox";
import { countOf, setCount } from "../../../tests/support/rate-limits";
import { refusal } from "../../../tests/support/refusals";
import { getDb } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { getStorage } from "../../lib/storage.server";
import { KYC_TEXTS } from "../kyc/kyc.schemas";
import { deleteMyAccount } from "../privacy/delete-my-account.server";
import { exportMyData } from "../privacy/export-my-data.server";
import { PRIVACY_TEXTS } from "../privacy/privacy.schemas";
import { purgeExpiredKycDocuments } from "../privacy/purge-expired-kyc-documents.server";
import { claimByDocument, claimLimitKey, getClaimPage } from "./claim-by-document.server";
import { claimListing, requestClaimCode } from "./claim-listing.server";
import { CLAIM_DOCUMENT_TEXTS, CLAIM_LIMITS, CLAIM_NOTICES, CLAIM_REVIEW_TEXTS, CLAIM_TEXTS } from "./claim.schemas";
import { deleteListing } from "./delete-listing.server";
import { withdrawClaim } from "./withdraw-claim.server";

const claimsOf = (businessId: string) => getDb().select().from(listingClaims).where(eq(listingClaims.businessId, businessId));
const storedClaimFiles = (userId: string) => filesUnder(path.join(getEnv().DATA_DIR, "uploads", "kyc-documents", userId, "claims"));
const read = (key: string) => getStorage().read("kyc-documents", key);

describe("a claim by document", () => {
  it("is sent by a verified owner for an unclaimed listing without a phone: kept privately, re-encoded, shown as waiting, and withdrawn", async () => {
    const listing = await importedListing({ phone: null });
    const owner = await createOwner(getDb());
    const actor = await actorFor(owner);
    expect(await getClaimPage(actor, listing.id)).toMatchObject({ mode: "claim", pending: null, kycApproved: true, lastRejection: null, listing: { id: listing.id, phone: null } });

    const photo = await documentPhoto("bill.png");
    expect(await claimByDocument(actor, { businessId: listing.id, documentKind: "utility-bill", note: "  I run this pharmacy\r\nsince 2019.  ", document: photo })).toMatchObject({ kind: "document" });
    const [claim] = await claimsOf(listing.id);
    expect(claim).toMatchObject({ userId: owner.id, kind: "document", documentKind: "utility-bill", note: "I run this pharmacy\nsince 2019.", status: "pending", decidedAt: null });
    // Under the claimant's own folder of the private bucket, as WebP (re-encoded: not the bytes sent), never in the public one.
    expect(claim!.documentKey).toMatch(new RegExp(`^${owner.id}/claims/[0-9a-f-]{36}\\.webp$`));
    const stored = await read(claim!.documentKey!);
    expect(stored!.subarray(8, 12).toString("latin1")).toBe("WEBP");
    expect(stored!.equals(Buffer.from(await photo.arrayBuffer()))).toBe(false);
    expect(await getStorage().read("business-images", claim!.documentKey!)).toBeNull();
    expect(await countOf(claimLimitKey(owner.id))).toBe(1);

    const page = await getClaimPage(actor, listing.id);
    expect(page.pending).toMatchObject({ id: claim!.id, kind: "document", documentKind: "utility-bill" });
    expect(CLAIM_DOCUMENT_TEXTS.pending(page.pending!.createdAt)).toMatch(/^We are reviewing your claim, sent \d{1,2} [A-Z][a-z]{2} \d{4}\.$/);

    // One pending claim per owner and listing.
    expect(await refusal(claimByDocument(actor, { businessId: listing.id, documentKind: "lease", note: "Again", document: await documentPhoto() }))).toMatchObject({
      code: "conflict", message: CLAIM_DOCUMENT_TEXTS.alreadyPending,
    });
    expect(await claimsOf(listing.id)).toHaveLength(1);

    // Only its claimant withdraws it; then its document is gone at once, and a new claim may be sent.
    const stranger = await actorFor(await createOwner(getDb()));
    expect(await refusal(withdrawClaim(stranger, { claimId: claim!.id }))).toMatchObject({ code: "not-found", message: CLAIM_DOCUMENT_TEXTS.notYours });
    expect(await refusal(withdrawClaim(null, { claimId: claim!.id }))).toMatchObject({ code: "unauthenticated" });
    expect(await withdrawClaim(actor, { claimId: claim!.id })).toEqual({ businessId: listing.id });
    const [withdrawn] = await claimsOf(listing.id);
    expect(withdrawn).toMatchObject({ status: "withdrawn", documentKey: null, decidedBy: owner.id });
    expect(withdrawn!.documentPurgedAt).toBeInstanceOf(Date);
    expect(await read(claim!.documentKey!)).toBeNull();
    const [audit] = await getDb().select().from(auditLog).where(and(eq(auditLog.targetId, claim!.id), eq(auditLog.action, "business.claim.withdraw")));
    expect(audit).toMatchObject({ actorId: owner.id, after: { status: "withdrawn" } });
    expect(await refusal(withdrawClaim(actor, { claimId: claim!.id }))).toMatchObject({ code: "not-found" });
    expect((await getClaimPage(actor, listing.id)).pending).toBeNull();
    await claimByDocument(actor, { businessId: listing.id, documentKind: "cac-certificate", note: "With the right papers", document: await documentPhoto() });
    expect((await getClaimPage(actor, listing.id)).pending).toMatchObject({ documentKind: "cac-certificate" });
  });

  it("refuses anyone signed out, a visitor's or admin's account, an owner whose identity is not verified, their own listing and a hidden one", async () => {
    const listing = await importedListing();
    const input = async () => ({ businessId: listing.id, documentKind: "lease", note: "My shop", document: await documentPhoto() });
    expect(await refusal(claimByDocument(null, await input()))).toMatchObject({ code: "unauthenticated" });
    expect(await refusal(getClaimPage(null, listing.id))).toMatchObject({ code: "unauthenticated" });
    const visitor = await actorFor(await createVisitor(getDb()));
    expect(await refusal(claimByDocument(visitor, await input()))).toMatchObject({ code: "forbidden", message: CLAIM_TEXTS.businessAccountNeeded });
    expect(await refusal(getClaimPage(visitor, listing.id))).toMatchObject({ code: "forbidden", message: CLAIM_TEXTS.businessAccountNeeded });

    for (const kycStatus of ["none", "pending", "rejected"] as const) {
      const unverified = await createOwner(getDb(), { kycStatus });
      const actor = await actorFor(unverified);
      expect((await getClaimPage(actor, listing.id)).kycApproved).toBe(false);
      const refused = await refusal(claimByDocument(actor, await input()));
      expect(refused).toMatchObject({ code: "forbidden", message: CLAIM_DOCUMENT_TEXTS.kycNeeded.text, reason: "kyc", link: { href: "/kyc-verification" } });
      expect(await storedClaimFiles(unverified.id)).toEqual([]);
      expect(await countOf(claimLimitKey(unverified.id))).toBe(0);
    }
    expect(await claimsOf(listing.id)).toEqual([]);

    // Their own listing: it is theirs already, said with the way to their dashboard.
    const owner = await createOwner(getDb());
    const own = await createBusiness(getDb(), { userId: owner.id });
    const ownerActor = await actorFor(owner);
    expect(await refusal(getClaimPage(ownerActor, own.id))).toMatchObject({ code: "conflict", message: CLAIM_TEXTS.alreadyYours.text, link: { href: "/dashboard" } });
    expect(await refusal(claimByDocument(ownerActor, { ...(await input()), businessId: own.id }))).toMatchObject({ code: "conflict" });
    // Hidden (gone from its source), pending, or no listing at all.
    const gone = await importedListing();
    await getDb().update(businesses).set({ approved: false, sourceGoneAt: new Date() }).where(eq(businesses.id, gone.id));
    const pendingListing = await createBusiness(getDb(), { userId: (await createOwner(getDb())).id, status: "pending" });
    for (const id of [gone.id, pendingListing.id, "not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      expect(await refusal(claimByDocument(ownerActor, { ...(await input()), businessId: id }))).toMatchObject({ code: "not-found", message: CLAIM_TEXTS.notClaimable });
    }
    expect(await storedClaimFiles(owner.id)).toEqual([]);
  });

  it("checks the fields and the file by its content and size: wrong bytes, too big, too many pixels; nothing stored, nothing counted", async () => {
    const listing = await importedListing({ phone: null });
    const owner = await createOwner(getDb());
    const actor = await actorFor(owner);
    const send = (fields: Partial<{ documentKind: string; note: string; document: File | null }>) =>
      refusal(claimByDocument(actor, { businessId: listing.id, documentKind: "lease", note: "Mine", document: null, ...fields }));

    expect(await send({ documentKind: "passport", note: "   ", document: null })).toMatchObject({
      code: "invalid",
      fields: { documentKind: CLAIM_DOCUMENT_TEXTS.documentKindRequired, note: CLAIM_DOCUMENT_TEXTS.noteRequired, document: CLAIM_DOCUMENT_TEXTS.documentRequired },
    });
    expect(await send({ note: "x".repeat(1001), document: await documentPhoto() })).toMatchObject({ code: "invalid", fields: { note: CLAIM_DOCUMENT_TEXTS.noteTooLong(1000) } });
    // A text file named and typed as a PNG: refused by its bytes.
    expect(await send({ document: textAsPng() })).toMatchObject({ code: "invalid", fields: { document: KYC_TEXTS.invalidType.text } });
    // A PDF: not an image KYC accepts, so not here either.
    expect(await send({ document: new File(["%PDF-1.7\n1 0 obj\n<<>>\nendobj\n"], "cac.pdf", { type: "application/pdf" }) })).toMatchObject({
      code: "invalid", fields: { document: KYC_TEXTS.invalidType.text },
    });
    expect(await send({ document: fileFrom(await largePng(5 * 1024 * 1024 + 1), "big.png", "image/png") })).toMatchObject({ code: "invalid", fields: { document: KYC_TEXTS.tooLarge.text } });
    expect(await send({ document: fileFrom(pixelBombPng(), "bomb.png", "image/png") })).toMatchObject({ code: "invalid", fields: { document: KYC_TEXTS.imageTooLarge.text } });
    expect(await claimsOf(listing.id)).toEqual([]);
    expect(await storedClaimFiles(owner.id)).toEqual([]);
    // A refused file is not a claim sent: the day's count is untouched.
    expect(await countOf(claimLimitKey(owner.id))).toBe(0);
  });

  it(`allows ${CLAIM_LIMITS.perDay} claims per owner a day`, async () => {
    const owner = await createOwner(getDb());
    const actor = await actorFor(owner);
    const first = await importedListing({ phone: null });
    await claimByDocument(actor, { businessId: first.id, documentKind: "lease", note: "Mine", document: await documentPhoto() });
    await setCount(claimLimitKey(owner.id), CLAIM_LIMITS.perDay);
    const next = await importedListing({ phone: null });
    expect(await refusal(claimByDocument(actor, { businessId: next.id, documentKind: "lease", note: "Mine too", document: await documentPhoto() }))).toMatchObject({
      code: "rate-limited", message: CLAIM_DOCUMENT_TEXTS.rateLimited,
    });
    expect(await claimsOf(next.id)).toEqual([]);
    expect(await storedClaimFiles(owner.id)).toHaveLength(1);
    // Another owner is not held by this one's count.
    await pendingClaim(next.id);
    expect(await claimsOf(next.id)).toHaveLength(1);
  });

  it("a second claimant of an owned listing asks for a review: a dispute, never a code, and the owner sees it is theirs", async () => {
    const holder = await createOwner(getDb());
    const owned = await createBusiness(getDb(), { userId: holder.id, phoneNumber: "+2348031234000" });
    const claimant = await createOwner(getDb());
    const actor = await actorFor(claimant);
    expect(await getClaimPage(actor, owned.id)).toMatchObject({ mode: "dispute", listing: { id: owned.id, phone: null, byCall: false }, pending: null });
    expect(await claimByDocument(actor, { businessId: owned.id, documentKind: "cac-certificate", note: "The CAC certificate is in my name.", document: await documentPhoto() })).toMatchObject({ kind: "dispute" });
    expect((await claimsOf(owned.id))[0]).toMatchObject({ kind: "dispute", userId: claimant.id, status: "pending" });
    // The owner is told at once, in the claim's transaction; who filed it is not said.
    const told = await noticesFor(holder.id);
    expect(told).toEqual([{ line: CLAIM_NOTICES.disputed(owned.name).line, path: "/dashboard", subject: CLAIM_NOTICES.disputed(owned.name).subject }]);
    expect(JSON.stringify(told)).not.toContain(claimant.email);
    expect(await noticesFor(claimant.id)).toEqual([]);
    expect(await refusal(getClaimPage(await actorFor(holder), owned.id))).toMatchObject({ code: "conflict" });
    // A code goes only to an unclaimed listing's phone.
    expect(await refusal(requestClaimCode(actor, { businessId: owned.id }, { clientAddress: "10.66.1.1" }))).toMatchObject({ code: "not-found" });
    // A suspended owner's listing is hidden: nothing to claim.
    await getDb().update(businesses).set({ ownerSuspended: true }).where(eq(businesses.id, owned.id));
    expect(await refusal(getClaimPage(await actorFor(await createOwner(getDb())), owned.id))).toMatchObject({ code: "not-found" });
  });

  it("a claim by code closes the claims still waiting: the claimer's own withdrawn, everybody else's closed and told", async () => {
    const listing = await importedListing();
    const first = await pendingClaim(listing.id);
    const second = await pendingClaim(listing.id);
    const firstActor = await actorFor(first.claimant);
    await requestClaimCode(firstActor, { businessId: listing.id }, { clientAddress: "10.66.2.2" });
    const text = (await deliveredMail(500)).find((m) => m.channel === "sms" && m.to === listing.phoneNumber)?.text ?? "";
    await claimListing(firstActor, { businessId: listing.id, code: /code is (\d{6})\./.exec(text)![1]! });

    const claims = await claimsOf(listing.id);
    const own = claims.find((c) => c.id === first.claimId)!;
    const other = claims.find((c) => c.id === second.claimId)!;
    expect(own).toMatchObject({ status: "withdrawn", documentKey: null });
    expect(other).toMatchObject({ status: "rejected", reason: CLAIM_REVIEW_TEXTS.claimedByCode });
    expect(other.documentKey).not.toBeNull();
    expect(await storedClaimFiles(first.claimant.id)).toEqual([]);
    expect(await noticesFor(second.claimant.id)).toEqual([expect.objectContaining({ line: expect.stringContaining(CLAIM_REVIEW_TEXTS.claimedByCode), path: `/business/claim/${listing.id}` })]);
    // The one closed may now ask for a review of the new owner's claim.
    expect((await getClaimPage(await actorFor(second.claimant), listing.id)).mode).toBe("dispute");
  });
});

describe("claims and the claimant's rights (NDPA 2023)", () => {
  it("the data export lists a person's claims without their documents; deleting the account deletes the claims and the files", async () => {
    const claimant = await createOwner(getDb());
    const listing = await importedListing({ phone: null });
    const { claimId } = await pendingClaim(listing.id, claimant, "Line one\nLine two");
    const [claim] = await getDb().select().from(listingClaims).where(eq(listingClaims.id, claimId));
    const actor = await actorFor(claimant);

    const exported = (await exportMyData(actor)).data;
    expect(exported.listingClaims).toEqual([
      expect.objectContaining({ businessName: listing.name, kind: "document", documentKind: "utility-bill", note: "Line one\nLine two", status: "pending", hasDocument: true, documentDeletedAt: null }),
    ]);
    const json = JSON.stringify(exported);
    expect(json).not.toContain(claim!.documentKey!);
    expect(json).not.toContain("/claims/");

    await deleteMyAccount(actor, { password: DEFAULT_PASSWORD, confirmation: PRIVACY_TEXTS.confirmationWord });
    expect(await getDb().select().from(listingClaims).where(eq(listingClaims.userId, claimant.id))).toEqual([]);
    expect(await read(claim!.documentKey!)).toBeNull();
  });

  it("a decided claim's document is deleted KYC_RETENTION_DAYS after the decision by the KYC purge; a waiting one's is kept", async () => {
    const now = new Date();
    const days = getEnv().KYC_RETENTION_DAYS;
    const admin = await createAdmin(getDb());
    const made = async (status: "pending" | "approved" | "rejected", decidedDaysAgo: number | null) => {
      const { claimId } = await pendingClaim((await importedListing({ phone: null })).id);
      if (decidedDaysAgo !== null) {
        await getDb()
          .update(listingClaims)
          .set({ status, decidedBy: admin.id, decidedAt: new Date(now.getTime() - decidedDaysAgo * 86_400_000), reason: status === "rejected" ? "No" : null })
          .where(eq(listingClaims.id, claimId));
      }
      return (await getDb().select().from(listingClaims).where(eq(listingClaims.id, claimId)))[0]!;
    };
    const old = await made("rejected", days + 1);
    const oldApproved = await made("approved", days + 30);
    const recent = await made("rejected", days - 1);
    const waiting = await made("pending", null);
    await purgeExpiredKycDocuments(now);
    for (const gone of [old, oldApproved]) {
      const [row] = await getDb().select().from(listingClaims).where(eq(listingClaims.id, gone.id));
      expect(row).toMatchObject({ documentKey: null, status: gone.status, decidedBy: admin.id, documentPurgedAt: now });
      expect(await read(gone.documentKey!)).toBeNull();
      const [audit] = await getDb().select().from(auditLog).where(and(eq(auditLog.targetId, gone.id), eq(auditLog.action, "business.claim.document.purge")));
      expect(audit).toMatchObject({ actorId: null, after: { retentionDays: days } });
    }
    for (const kept of [recent, waiting]) {
      expect((await getDb().select().from(listingClaims).where(eq(listingClaims.id, kept.id)))[0]).toMatchObject({ documentKey: kept.documentKey, documentPurgedAt: null });
      expect(await read(kept.documentKey!)).not.toBeNull();
    }
  });

  it("a listing deleted by its owner takes the claims of it, and their documents, with it", async () => {
    const holder = await createOwner(getDb());
    const owned = await createBusiness(getDb(), { userId: holder.id });
    const { claimant, claimId } = await pendingClaim(owned.id);
    const [claim] = await getDb().select().from(listingClaims).where(eq(listingClaims.id, claimId));
    await deleteListing(await actorFor(holder), owned.id);
    expect(await claimsOf(owned.id)).toEqual([]);
    expect(await read(claim!.documentKey!)).toBeNull();
    expect(await storedClaimFiles(claimant.id)).toEqual([]);
  });
});
