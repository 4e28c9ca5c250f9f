import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { auditLog, businesses, kycSubmissions, profiles } from "../../../db/schema";
import { createAdmin, createBusiness, createOwner, createUser, createVisitor } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { fileFrom, jpegWithGps, largePng, pngImage, textAsPng } from "../../../tests/support/images";
import { refusal } from "../../../tests/support/refusals";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { getStorage } from "../../lib/storage.server";
import { getKycStatus } from "./get-kyc-status.server";
import { getKycDocumentLink, openKycDocument } from "./kyc-document-link.server";
import { KYC_TEXTS } from "./kyc.schemas";
import { approveKyc, rejectKyc } from "./review-kyc.server";
import { submitKyc } from "./submit-kyc.server";

async function newOwner() {
  const created = await createUser(getDb(), { role: "business", kycStatus: "none" });
  return { created, actor: await actorFor(created) };
}

async function validPng() {
  return fileFrom(await pngImage(), "id.png", "image/png");
}

/** What a refused submission tells the owner: the code, the toast's title and text, and the field at fault. */
async function refused(promise: Promise<unknown>) {
  const error = await refusal(promise);
  return { code: error.code, title: error.title, text: error.message, fields: error.fields };
}

function linkParams(link: string) {
  const url = new URL(link, "http://localhost");
  return { id: url.pathname.split("/").pop()!, params: url.searchParams };
}

describe("submitting KYC", () => {
  it("stores a pending submission, a private re-encoded document, and moves the profile to pending", async () => {
    const { actor } = await newOwner();
    const result = await submitKyc(actor, { fullName: "  Adaeze   Nwosu ", activePhoneNumber: "+234 8031234567", idImage: await validPng() });
    const [row] = await getDb().select().from(kycSubmissions).where(eq(kycSubmissions.userId, actor.id));
    expect(row!.id).toBe(result.submissionId);
    expect(row).toMatchObject({ status: "pending", fullName: "Adaeze Nwosu", idNumber: "+2348031234567" });
    expect(row!.idImageUrl).toMatch(new RegExp(`^${actor.id}/[0-9a-f-]{36}\\.webp$`));
    const stored = await getStorage().read("kyc-documents", row!.idImageUrl!);
    expect((await sharp(stored!).metadata()).format).toBe("webp");
    const [profile] = await getDb().select({ kyc: profiles.kycStatus }).from(profiles).where(eq(profiles.id, actor.id));
    expect(profile!.kyc).toBe("pending");
    expect(await getKycStatus(await actorFor(actor))).toMatchObject({ status: "pending", fullName: "Adaeze Nwosu", hasSubmission: true });
  });

  it("stores the phone in the one canonical form, however it was typed (issue 32: '+234 08031234567' was kept)", async () => {
    for (const typed of ["+234 08031234567", "08031234567", "0803-123-4567", "+234 (0)803 123 4567", "2348031234567"]) {
      const { actor } = await newOwner();
      await submitKyc(actor, { fullName: "Adaeze Nwosu", activePhoneNumber: typed, idImage: await validPng() });
      const [row] = await getDb().select({ phone: kycSubmissions.idNumber }).from(kycSubmissions).where(eq(kycSubmissions.userId, actor.id));
      expect([typed, row!.phone]).toEqual([typed, "+2348031234567"]);
    }
  });

  it("strips GPS and camera metadata from the document", async () => {
    const { actor } = await newOwner();
    const gps = await jpegWithGps();
    expect((await sharp(gps).metadata()).exif).toBeDefined();
    await submitKyc(actor, { fullName: "Bola Tinubu", activePhoneNumber: "08031234567", idImage: fileFrom(gps, "photo.jpg", "image/jpeg") });
    const [row] = await getDb().select({ key: kycSubmissions.idImageUrl }).from(kycSubmissions).where(eq(kycSubmissions.userId, actor.id));
    const stored = await getStorage().read("kyc-documents", row!.key!);
    const meta = await sharp(stored!).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored!.includes(Buffer.from("TestPhone"))).toBe(false);
  });

  it("refuses a text file named .png by its content", async () => {
    const { actor } = await newOwner();
    const result = await refused(submitKyc(actor, { fullName: "Ngozi Okonjo", activePhoneNumber: "08031234567", idImage: textAsPng() }));
    expect(result).toEqual({ code: "invalid", ...KYC_TEXTS.invalidType, fields: { idImage: KYC_TEXTS.invalidType.text } });
    expect(result.text).toBe("Please upload a JPEG, PNG, or WebP image.");
  });

  it("refuses an image over 5 MB", async () => {
    const { actor } = await newOwner();
    const big = await largePng(6 * 1024 * 1024);
    const result = await refused(submitKyc(actor, { fullName: "Ngozi Okonjo", activePhoneNumber: "08031234567", idImage: fileFrom(big, "id.png", "image/png") }));
    expect(result).toEqual({ code: "invalid", ...KYC_TEXTS.tooLarge, fields: { idImage: KYC_TEXTS.tooLarge.text } });
    expect(KYC_TEXTS.tooLarge.text).toBe("Please upload an image smaller than 5MB.");
  });

  it("checks the name, the number, missing fields and the session with the spec's texts", async () => {
    const { actor } = await newOwner();
    const image = await validPng();
    expect(await refused(submitKyc(actor, { fullName: "A", activePhoneNumber: "08031234567", idImage: image }))).toEqual({
      code: "invalid",
      title: "Invalid Name",
      text: "Please enter a valid full name.",
      fields: { fullName: "Please enter a valid full name." },
    });
    expect(await refused(submitKyc(actor, { fullName: "Ada Obi", activePhoneNumber: "1234", idImage: image }))).toEqual({
      code: "invalid",
      title: "Invalid ID Number",
      text: "Please enter a valid ID number.",
      fields: { activePhoneNumber: "Please enter a valid ID number." },
    });
    expect(await refused(submitKyc(actor, { fullName: "Ada Obi", activePhoneNumber: "08031234567", idImage: null }))).toMatchObject({
      code: "invalid",
      text: "Please fill in all fields and upload an ID image",
    });
    expect(await refused(submitKyc(null, { fullName: "Ada Obi", activePhoneNumber: "08031234567", idImage: image }))).toEqual({
      code: "unauthenticated",
      title: "Session Error",
      text: "Your session has expired. Please log in again.",
      fields: undefined,
    });
    expect(await getDb().select().from(kycSubmissions).where(eq(kycSubmissions.userId, actor.id))).toHaveLength(0);
  });

  it("refuses visitors, a second submission while one is pending, and allows resubmission after a rejection", async () => {
    const visitor = await actorFor(await createVisitor(getDb()));
    expect((await refused(submitKyc(visitor, { fullName: "Vee Visitor", activePhoneNumber: "08031234567", idImage: await validPng() }))).code).toBe("forbidden");
    expect(await getDb().select().from(kycSubmissions).where(eq(kycSubmissions.userId, visitor.id))).toHaveLength(0);

    const { actor } = await newOwner();
    const admin = await actorFor(await createAdmin(getDb()));
    const first = await submitKyc(actor, { fullName: "Ada Obi", activePhoneNumber: "08031234567", idImage: await validPng() });
    expect(await refused(submitKyc(actor, { fullName: "Ada Obi", activePhoneNumber: "08031234567", idImage: await validPng() }))).toEqual({
      code: "conflict",
      ...KYC_TEXTS.alreadyPending,
      fields: undefined,
    });
    await rejectKyc(admin, first.submissionId, "Blurry photo");
    expect(await getKycStatus(await actorFor(actor))).toMatchObject({ status: "rejected", rejectionReason: "Blurry photo" });
    const again = await submitKyc(actor, { fullName: "Ada Obi", activePhoneNumber: "08031234567", idImage: await validPng() });
    expect(again.submissionId).not.toBe(first.submissionId);
    expect(await getKycStatus(await actorFor(actor))).toMatchObject({ status: "pending" });
    const [profile] = await getDb().select({ kyc: profiles.kycStatus }).from(profiles).where(eq(profiles.id, actor.id));
    expect(profile!.kyc).toBe("pending");
  });
});

describe("reviewing KYC", () => {
  it("approves only pending submissions and approves the owner's pending listings with it", async () => {
    const { actor } = await newOwner();
    const admin = await actorFor(await createAdmin(getDb()));
    const pendingListing = await createBusiness(getDb(), { userId: actor.id, status: "pending" });
    const rejectedListing = await createBusiness(getDb(), { userId: actor.id, status: "rejected", rejectionReason: "Duplicate" });
    const submitted = await submitKyc(actor, { fullName: "Ada Obi", activePhoneNumber: "08031234567", idImage: await validPng() });
    expect(await approveKyc(admin, submitted.submissionId)).toEqual({ approvedListings: 1 });
    const rows = await getDb().select({ id: businesses.id, status: businesses.approvalStatus, approved: businesses.approved, approvedAt: businesses.approvedAt }).from(businesses).where(eq(businesses.userId, actor.id));
    expect(rows.find((r) => r.id === pendingListing.id)).toMatchObject({ status: "approved", approved: true });
    expect(rows.find((r) => r.id === pendingListing.id)!.approvedAt).toBeInstanceOf(Date);
    expect(rows.find((r) => r.id === rejectedListing.id)).toMatchObject({ status: "rejected", approved: false });
    const [sub] = await getDb().select().from(kycSubmissions).where(eq(kycSubmissions.id, submitted.submissionId));
    expect(sub).toMatchObject({ status: "approved", reviewedBy: admin.id });
    expect(sub!.reviewedAt).toBeInstanceOf(Date);
    const [profile] = await getDb().select({ kyc: profiles.kycStatus }).from(profiles).where(eq(profiles.id, actor.id));
    expect(profile!.kyc).toBe("approved");
    await expect(approveKyc(admin, submitted.submissionId)).rejects.toMatchObject({ code: "conflict" });
    await expect(rejectKyc(admin, submitted.submissionId, "late")).rejects.toMatchObject({ code: "conflict" });
    const audit = await getDb().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorId, admin.id));
    // The photo ID approved is the identity level without a provider (issue 35).
    expect(audit.map((a) => a.action).sort()).toEqual(["business.approve", "kyc.approve", "verification.identity.grant"]);
  });

  it("is refused to everyone but admins", async () => {
    const { actor } = await newOwner();
    const submitted = await submitKyc(actor, { fullName: "Ada Obi", activePhoneNumber: "08031234567", idImage: await validPng() });
    const visitor = await actorFor(await createVisitor(getDb()));
    const otherOwner = await actorFor(await createOwner(getDb()));
    for (const who of [null, visitor, otherOwner, actor]) {
      await expect(approveKyc(who, submitted.submissionId)).rejects.toBeInstanceOf(AppError);
      await expect(rejectKyc(who, submitted.submissionId, "no")).rejects.toBeInstanceOf(AppError);
    }
    const [sub] = await getDb().select({ status: kycSubmissions.status }).from(kycSubmissions).where(eq(kycSubmissions.id, submitted.submissionId));
    expect(sub!.status).toBe("pending");
  });
});

describe("KYC documents", () => {
  it("are readable only by their owner and admins, through a signed link, and every view is audited", async () => {
    const { actor } = await newOwner();
    const submitted = await submitKyc(actor, { fullName: "Ada Obi", activePhoneNumber: "08031234567", idImage: await validPng() });
    const admin = await actorFor(await createAdmin(getDb()));
    const stranger = await actorFor(await createOwner(getDb()));

    expect(await refusal(getKycDocumentLink(stranger, submitted.submissionId))).toMatchObject({ code: "not-found", message: KYC_TEXTS.unableToLoad });
    const ownerLink = await getKycDocumentLink(actor, submitted.submissionId);
    const adminLink = await getKycDocumentLink(admin, submitted.submissionId);
    expect(ownerLink).toMatch(/^\/kyc-documents\/[0-9a-f-]{36}\?expires=\d+&viewer=.+&sig=/);
    const expires = Number(new URL(ownerLink, "http://x").searchParams.get("expires"));
    expect(expires - Math.floor(Date.now() / 1000)).toBeGreaterThan(290);
    expect(expires - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(300);

    for (const [link, viewer] of [
      [ownerLink, actor],
      [adminLink, admin],
    ] as const) {
      const { id, params } = linkParams(link);
      const bytes = await openKycDocument(viewer, id, params);
      expect((await sharp(bytes).metadata()).format).toBe("webp");
    }
    const views = await getDb()
      .select({ actor: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.action, "kyc.document.view"), eq(auditLog.targetId, submitted.submissionId)));
    expect(views.map((v) => v.actor).sort()).toEqual([actor.id, admin.id].sort());

    // Tampered, re-targeted and expired links open nothing; nor does a good link without its viewer's session.
    expect(await refusal(openKycDocument(null, linkParams(ownerLink).id, linkParams(ownerLink).params))).toMatchObject({ code: "not-found" });
    expect(await refusal(openKycDocument(admin, linkParams(ownerLink).id, linkParams(ownerLink).params))).toMatchObject({ code: "not-found" });
    const { id, params } = linkParams(ownerLink);
    const forged = new URLSearchParams(params);
    forged.set("viewer", stranger.id);
    expect(await refusal(openKycDocument(stranger, id, forged))).toMatchObject({ code: "not-found", message: KYC_TEXTS.unableToLoad });
    const later = new URLSearchParams(params);
    later.set("expires", String(Number(params.get("expires")) + 10));
    expect(await refusal(openKycDocument(actor, id, later))).toMatchObject({ code: "not-found", message: KYC_TEXTS.unableToLoad });
    const other = await submitKyc((await newOwner()).actor, { fullName: "Other Person", activePhoneNumber: "08031234567", idImage: await validPng() });
    expect(await refusal(openKycDocument(actor, other.submissionId, params))).toMatchObject({ code: "not-found", message: KYC_TEXTS.unableToLoad });
  });
});
