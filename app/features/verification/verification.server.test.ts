/**
 * Verification levels (issue 35, ADR 39), through the use cases with a real database and the local VerifyMe stand-in:
 * each level reached, shown dated on the listing's page and card, ended when what it rests on changes, revoked by an
 * admin, expired — the owner told each time, the audit kept — and the privacy rules (no NIN kept, the export and
 * account deletion include the rows).
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, businessRevisions, businesses, listingClaims, listingVerifications } from "../../../db/schema";
import { createAdmin, createBusiness, createOwner, createVisitor, DEFAULT_PASSWORD } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { fakeVerifyMe, type FakeVerifyMe } from "../../../tests/support/fake-verifyme";
import { fileFrom, pngImage } from "../../../tests/support/images";
import { importedListing, noticesFor } from "../../../tests/support/listing-claims";
import { deliveredMail } from "../../../tests/support/outbox";
import { refusal } from "../../../tests/support/refusals";
import { getDb, queryRows } from "../../lib/db.server";
import { getEnv, setEnv, type Env } from "../../lib/env.server";
import { resetRateLimitFamily } from "../../lib/rate-limit.server";
import { getPublicBusiness } from "../directory/get-public-business.server";
import { cardsFor } from "../directory/internal/public-business.server";
import { getKycStatus } from "../kyc/get-kyc-status.server";
import { approveKyc, rejectKyc } from "../kyc/review-kyc.server";
import { submitKyc } from "../kyc/submit-kyc.server";
import { claimListing, requestClaimCode } from "../listings/claim-listing.server";
import { changeVersion, ListingSchema } from "../listings/listing.schemas";
import { reviewClaim } from "../listings/review-claim.server";
import { reviewListingChange } from "../listings/review-listing-change.server";
import { updateListing } from "../listings/update-listing.server";
import { exportMyData } from "../privacy/export-my-data.server";
import { deleteMyAccount } from "../privacy/delete-my-account.server";
import { PRIVACY_TEXTS } from "../privacy/privacy.schemas";
import { expireVerifications } from "./expire-verifications.server";
import { getVerificationPage } from "./get-verification-page.server";
import { onListingDetailsChanged } from "./listing-changes.server";
import { listStandingVerifications, revokeVerification } from "./revoke-verification.server";
import { END_REASONS, VERIFICATION_TEXTS } from "./verification.schemas";
import { grantIdentityByDocument, verifyIdentity } from "./verify-identity.server";
import { confirmListingPhone, requestListingPhoneCode, verifyBusinessRegistration } from "./verify-listing.server";

let fake: FakeVerifyMe;
let configured: Env;
let counter = 0;
const address = () => `10.88.${++counter % 250}.${Math.floor(Math.random() * 250)}`;
const freshPhone = (prefix = "+234807") => `${prefix}${String((Date.now() * 7 + ++counter * 7919) % 10_000_000).padStart(7, "0")}`;
const vnin = () => `AB${String(Date.now() * 13 + ++counter).slice(-12).padStart(12, "0")}CD`;
const rc = () => String(1_000_000 + ((Date.now() + ++counter * 7907) % 8_000_000));

beforeAll(async () => {
  configured = getEnv();
  fake = await fakeVerifyMe();
  setEnv({ ...configured, IDENTITY_PROVIDER: "verifyme", VERIFYME_SECRET_KEY: fake.secretKey, VERIFYME_BASE_URL: fake.baseUrl });
});
afterEach(() => fake.behave("ok"));
afterAll(async () => {
  setEnv(configured);
  await fake.close();
});

async function ownerWithListing(options: { phone?: string | null; name?: string; first?: string; last?: string } = {}) {
  const user = await createOwner(getDb(), { firstName: options.first ?? "Adaeze", lastName: options.last ?? `Okafor${++counter}` });
  const listing = await createBusiness(getDb(), { userId: user.id, name: options.name ?? `Verified Shop ${Date.now()}-${counter}`, phoneNumber: options.phone === undefined ? freshPhone() : options.phone });
  return { owner: await actorFor(user), user, listing };
}

async function codeSentTo(phone: string, subject = ""): Promise<{ code: string; text: string }> {
  const sent = (await deliveredMail(500)).filter((m) => m.channel === "sms" && m.to === phone && m.subject === subject).at(-1);
  const code = /code is (\d{6})\./.exec(sent?.text ?? "")?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return { code, text: sent!.text };
}

async function noticesTo(userId: string): Promise<{ line: string; path: string }[]> {
  return (await noticesFor(userId)).map(({ line, path }) => ({ line, path }));
}

async function levelsOf(businessId: string): Promise<number> {
  const [row] = await getDb().select({ levels: businesses.verifiedLevels }).from(businesses).where(eq(businesses.id, businessId));
  return row!.levels;
}

describe("the phone level", () => {
  it("a code by SMS to the listing's number verifies it: dated on the page and the card, audited; a wrong code does not", async () => {
    const { owner, listing } = await ownerWithListing();
    expect(await requestListingPhoneCode(owner, { businessId: listing.id }, { clientAddress: address() })).toEqual({ phone: listing.phoneNumber, byCall: false });
    const { code, text } = await codeSentTo(listing.phoneNumber!);
    expect(text).toContain("verifies this number on a business listing");
    expect(await refusal(confirmListingPhone(owner, { businessId: listing.id, code: code === "000000" ? "111111" : "000000" }))).toMatchObject({ code: "invalid" });
    expect(await levelsOf(listing.id)).toBe(0);

    await confirmListingPhone(owner, { businessId: listing.id, code });
    expect(await levelsOf(listing.id)).toBe(1);
    const page = await getPublicBusiness(listing.id);
    expect(page.verifications).toEqual([expect.objectContaining({ level: "phone", label: expect.stringMatching(/^Phone verified · [A-Z][a-z]{2,3} \d{4}$/) })]);
    const [card] = await cardsFor([listing.id]);
    expect(card!.verified).toEqual({ level: "phone", label: page.verifications[0]!.label });
    const [audit] = await getDb().select().from(auditLog).where(and(eq(auditLog.targetId, listing.id), eq(auditLog.action, "verification.phone.grant")));
    expect(audit).toMatchObject({ actorId: owner.id, after: expect.objectContaining({ method: "sms-code" }) });
    // The code is spent.
    expect(await refusal(confirmListingPhone(owner, { businessId: listing.id, code }))).toMatchObject({ code: "invalid" });
  });

  it("a landline gets a call; nobody else's listing, no visitor, and no listing without a phone", async () => {
    const { owner, listing } = await ownerWithListing({ phone: freshPhone("+23412") });
    expect(await requestListingPhoneCode(owner, { businessId: listing.id }, { clientAddress: address() })).toEqual({ phone: listing.phoneNumber, byCall: true });
    await confirmListingPhone(owner, { businessId: listing.id, code: (await codeSentTo(listing.phoneNumber!, "Voice call")).code });
    const [row] = await getDb().select().from(listingVerifications).where(eq(listingVerifications.businessId, listing.id));
    expect(row).toMatchObject({ level: "phone", method: "voice-code", phone: listing.phoneNumber, endedAt: null });

    const other = await ownerWithListing();
    expect(await refusal(requestListingPhoneCode(other.owner, { businessId: listing.id }, { clientAddress: address() }))).toMatchObject({ code: "not-found", message: VERIFICATION_TEXTS.notYourListing });
    const visitor = await actorFor(await createVisitor(getDb()));
    expect(await refusal(requestListingPhoneCode(visitor, { businessId: listing.id }, { clientAddress: address() }))).toMatchObject({ code: "forbidden" });
    expect(await refusal(requestListingPhoneCode(null, { businessId: listing.id }, {}))).toMatchObject({ code: "unauthenticated" });
    const phoneless = await ownerWithListing({ phone: null });
    expect(await refusal(requestListingPhoneCode(phoneless.owner, { businessId: phoneless.listing.id }, { clientAddress: address() }))).toMatchObject({ code: "invalid", message: VERIFICATION_TEXTS.noListingPhone });
  });

  it("ends when the listing's number changes: the badge goes at once, the owner is told, the row is kept", async () => {
    const { owner, listing } = await ownerWithListing();
    await requestListingPhoneCode(owner, { businessId: listing.id }, { clientAddress: address() });
    await confirmListingPhone(owner, { businessId: listing.id, code: (await codeSentTo(listing.phoneNumber!)).code });
    // Unchanged: nothing ends.
    await getDb().transaction((tx) => onListingDetailsChanged(tx, { id: owner.id, email: owner.email }, listing.id, { phoneNumber: listing.phoneNumber, name: listing.name }, { phoneNumber: listing.phoneNumber, name: listing.name }));
    expect(await levelsOf(listing.id)).toBe(1);
    await getDb().transaction((tx) => onListingDetailsChanged(tx, { id: owner.id, email: owner.email }, listing.id, { phoneNumber: listing.phoneNumber, name: listing.name }, { phoneNumber: freshPhone() }));
    expect(await levelsOf(listing.id)).toBe(0);
    expect((await getPublicBusiness(listing.id)).verifications).toEqual([]);
    const [row] = await getDb().select().from(listingVerifications).where(eq(listingVerifications.businessId, listing.id));
    expect(row).toMatchObject({ endReason: END_REASONS.phoneChanged });
    expect(await noticesTo(owner.id)).toContainEqual({ line: expect.stringContaining(END_REASONS.phoneChanged), path: "/dashboard/verification" });
  });
});

describe("the identity level", () => {
  it("a virtual NIN whose record matches the KYC name: the badge on every listing of the owner; only the last 4 characters kept", async () => {
    const { owner, user, listing } = await ownerWithListing({ first: "Chinedu", last: `Eze${counter}` });
    const second = await createBusiness(getDb(), { userId: user.id });
    const id = vnin();
    fake.people.set(id, { firstName: "CHINEDU", middleName: "Obi", lastName: user.name.split(" ").at(-1)!.toUpperCase() });
    await verifyIdentity(owner, { vnin: id.toLowerCase().replace(/(.{4})/g, "$1 "), consent: true });
    expect(await levelsOf(listing.id)).toBe(2);
    expect(await levelsOf(second.id)).toBe(2);
    expect((await getPublicBusiness(second.id)).verifications).toEqual([expect.objectContaining({ level: "identity", label: expect.stringMatching(/^Identity verified · /) })]);
    const [row] = await getDb().select().from(listingVerifications).where(and(eq(listingVerifications.userId, user.id), eq(listingVerifications.level, "identity")));
    expect(row).toMatchObject({ method: "vnin", idLast4: id.slice(-4), provider: "verifyme", businessId: null });
    // The vNIN, the photo and the record's other details are nowhere: not in the row, not in the audit log.
    const kept = JSON.stringify([row, await getDb().select().from(auditLog).where(eq(auditLog.actorId, user.id))]);
    expect(kept).not.toContain(id);
    expect(kept).not.toContain(fake.photo.slice(0, 40));
    expect(kept).not.toContain("Obi");
    const page = await getVerificationPage(owner);
    expect(page.identity).toMatchObject({ level: "identity", detail: `Virtual NIN ending ${id.slice(-4)}` });
  });

  it("refuses a record with another name, an unknown vNIN, no consent and a 11-digit NIN; audits the refusals without the number", async () => {
    const { owner, listing } = await ownerWithListing({ first: "Bola", last: `Ade${counter}` });
    const id = vnin();
    fake.people.set(id, { firstName: "Tunde", lastName: "Bakare" });
    const mismatch = await refusal(verifyIdentity(owner, { vnin: id, consent: true }));
    expect(mismatch).toMatchObject({ code: "invalid", fields: { vnin: VERIFICATION_TEXTS.nameMismatch } });
    // The record's name is never told to whoever typed the virtual NIN.
    expect(JSON.stringify(mismatch)).not.toMatch(/Tunde|Bakare/);
    expect(await refusal(verifyIdentity(owner, { vnin: vnin(), consent: true }))).toMatchObject({ code: "invalid", fields: { vnin: VERIFICATION_TEXTS.vninNotFound } });
    expect(await refusal(verifyIdentity(owner, { vnin: id, consent: false }))).toMatchObject({ code: "invalid", fields: { consent: VERIFICATION_TEXTS.consentNeeded } });
    expect(await refusal(verifyIdentity(owner, { vnin: "12345678901", consent: true }))).toMatchObject({ code: "invalid", fields: { vnin: VERIFICATION_TEXTS.vninInvalid } });
    expect(await levelsOf(listing.id)).toBe(0);
    const audits = await getDb().select().from(auditLog).where(eq(auditLog.actorId, owner.id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(["verification.identity.mismatch", "verification.identity.not-found"]));
    expect(JSON.stringify(audits)).not.toContain(id);
  });

  it("an outage or a rate limit at the provider: 'try again later', nothing saved, the day's checks not used up", async () => {
    const { owner, listing } = await ownerWithListing({ first: "Musa", last: `Bello${counter}` });
    await resetRateLimitFamily(`vnin-lookup:${owner.id}`);
    const id = vnin();
    fake.people.set(id, { firstName: "Musa", lastName: `Bello${counter}` });
    for (const behaviour of ["down", "rate-limited"] as const) {
      fake.behave(behaviour, { times: 1 });
      expect(await refusal(verifyIdentity(owner, { vnin: id, consent: true }))).toMatchObject({ code: "unavailable", message: VERIFICATION_TEXTS.providerDown });
    }
    expect(await levelsOf(listing.id)).toBe(0);
    // Five checks a day still left: the two the provider could not answer were given back.
    for (let i = 0; i < 5; i++) await refusal(verifyIdentity(owner, { vnin: vnin(), consent: true }));
    expect(await refusal(verifyIdentity(owner, { vnin: id, consent: true }))).toMatchObject({ code: "rate-limited", message: VERIFICATION_TEXTS.tooManyLookups });
  });

  it("without a provider: refused with the way through KYC, and an admin's approval of the photo ID gives the level; a new KYC name ends it", async () => {
    setEnv(configured);
    try {
      const user = await createOwner(getDb(), { firstName: "Ngozi", lastName: `Nwosu${++counter}`, kycStatus: "pending" });
      const owner = await actorFor(user);
      const listing = await createBusiness(getDb(), { userId: user.id });
      expect(await refusal(verifyIdentity(owner, { vnin: vnin(), consent: true }))).toMatchObject({ code: "unavailable", message: VERIFICATION_TEXTS.noProvider });
      const [submission] = await queryRows<{ id: string }>(getDb(), sql`select id from kyc_submissions where user_id = ${user.id} and status = 'pending'`);
      const admin = await actorFor(await createAdmin(getDb()));
      await approveKyc(admin, submission!.id);
      expect(await levelsOf(listing.id)).toBe(2);
      const [row] = await getDb().select().from(listingVerifications).where(eq(listingVerifications.userId, user.id));
      expect(row).toMatchObject({ level: "identity", method: "document", fullName: user.name });
    } finally {
      setEnv({ ...configured, IDENTITY_PROVIDER: "verifyme", VERIFYME_SECRET_KEY: fake.secretKey, VERIFYME_BASE_URL: fake.baseUrl });
    }
  });
});

describe("the registered-business level", () => {
  it("a CAC number on the register: the registered name beside ours, in JSON-LD's legalName only then; ends when the listing is renamed", async () => {
    const { owner, listing } = await ownerWithListing({ name: `Mama Put Kitchen ${counter}` });
    const number = rc();
    fake.companies.set(number, { companyName: `MAMA PUT KITCHEN ${counter} LIMITED` });
    expect(await verifyBusinessRegistration(owner, { businessId: listing.id, rcNumber: `RC ${number}`, consent: true })).toEqual({
      registeredName: `MAMA PUT KITCHEN ${counter} LIMITED`, namesAgree: true,
    });
    expect(await levelsOf(listing.id)).toBe(4);
    expect((await getPublicBusiness(listing.id)).verifications).toEqual([
      expect.objectContaining({ level: "business", registeredName: `MAMA PUT KITCHEN ${counter} LIMITED`, label: expect.stringMatching(/^Registered business · /) }),
    ]);
    await getDb().transaction((tx) => onListingDetailsChanged(tx, null, listing.id, { phoneNumber: listing.phoneNumber, name: listing.name }, { name: "Another Name" }));
    expect(await levelsOf(listing.id)).toBe(0);
    expect(await noticesTo(owner.id)).toContainEqual({ line: expect.stringContaining(END_REASONS.nameChanged), path: "/dashboard/verification" });
  });

  it("refuses an inactive registration, an unknown number, a malformed one and another owner's listing", async () => {
    const { owner, listing } = await ownerWithListing();
    const inactive = rc();
    fake.companies.set(inactive, { companyName: "SLEEPY TRADERS LIMITED", status: "INACTIVE" });
    expect(await refusal(verifyBusinessRegistration(owner, { businessId: listing.id, rcNumber: inactive, consent: true }))).toMatchObject({ code: "invalid", fields: { rcNumber: VERIFICATION_TEXTS.rcInactive("SLEEPY TRADERS LIMITED") } });
    expect(await refusal(verifyBusinessRegistration(owner, { businessId: listing.id, rcNumber: rc(), consent: true }))).toMatchObject({ code: "invalid", fields: { rcNumber: VERIFICATION_TEXTS.rcNotFound } });
    expect(await refusal(verifyBusinessRegistration(owner, { businessId: listing.id, rcNumber: "RC-ABC", consent: true }))).toMatchObject({ code: "invalid", fields: { rcNumber: VERIFICATION_TEXTS.rcInvalid } });
    const other = await ownerWithListing();
    expect(await refusal(verifyBusinessRegistration(other.owner, { businessId: listing.id, rcNumber: inactive, consent: true }))).toMatchObject({ code: "not-found" });
    expect(await levelsOf(listing.id)).toBe(0);
  });
});

describe("revocation, expiry and privacy", () => {
  async function phoneVerified() {
    const made = await ownerWithListing();
    await requestListingPhoneCode(made.owner, { businessId: made.listing.id }, { clientAddress: address() });
    await confirmListingPhone(made.owner, { businessId: made.listing.id, code: (await codeSentTo(made.listing.phoneNumber!)).code });
    const [row] = await getDb().select().from(listingVerifications).where(eq(listingVerifications.businessId, made.listing.id));
    return { ...made, verificationId: row!.id };
  }

  it("an admin revokes with a reason the owner reads; only admins, only with a reason, once", async () => {
    const { owner, listing, verificationId } = await phoneVerified();
    const admin = await actorFor(await createAdmin(getDb()));
    expect((await listStandingVerifications(admin, { page: 1 })).rows.map((r) => r.id)).toContain(verificationId);
    expect(await refusal(revokeVerification(owner, { verificationId, reason: "mine" }))).toMatchObject({ code: "forbidden" });
    expect(await refusal(revokeVerification(admin, { verificationId, reason: "  " }))).toMatchObject({ code: "invalid", fields: { reason: VERIFICATION_TEXTS.revokeReasonNeeded } });
    await revokeVerification(admin, { verificationId, reason: "The number belongs to another shop." });
    expect(await levelsOf(listing.id)).toBe(0);
    const [row] = await getDb().select().from(listingVerifications).where(eq(listingVerifications.id, verificationId));
    expect(row).toMatchObject({ endedBy: admin.id, endReason: "Revoked by an admin: The number belongs to another shop." });
    expect(await noticesTo(owner.id)).toContainEqual({ line: expect.stringContaining("The number belongs to another shop."), path: "/dashboard/verification" });
    expect((await getVerificationPage(owner)).ended).toContainEqual(expect.objectContaining({ level: "phone", reason: row!.endReason }));
    expect(await refusal(revokeVerification(admin, { verificationId, reason: "again" }))).toMatchObject({ code: "conflict" });
    const audits = await getDb().select().from(auditLog).where(and(eq(auditLog.actorId, admin.id)));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(["verification.list.view", "verification.phone.end"]));
  });

  it("a level past its date stops showing at once; the sweep ends it and tells the owner", async () => {
    const { owner, listing, verificationId } = await phoneVerified();
    await getDb().update(listingVerifications).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(listingVerifications.id, verificationId));
    expect((await getPublicBusiness(listing.id)).verifications).toEqual([]);
    expect((await cardsFor([listing.id]))[0]!.verified).toBeNull();
    expect((await expireVerifications()).expired).toBeGreaterThanOrEqual(1);
    expect(await levelsOf(listing.id)).toBe(0);
    const [row] = await getDb().select().from(listingVerifications).where(eq(listingVerifications.id, verificationId));
    expect(row).toMatchObject({ endReason: END_REASONS.expired });
    expect(await noticesTo(owner.id)).toContainEqual({ line: expect.stringContaining(END_REASONS.expired), path: "/dashboard/verification" });
  });

  it("the data export lists the levels (never a NIN); deleting the account deletes them", async () => {
    const { owner, user } = await ownerWithListing({ first: "Kemi", last: `Ola${counter}` });
    const id = vnin();
    fake.people.set(id, { firstName: "Kemi", lastName: `Ola${counter}` });
    await verifyIdentity(owner, { vnin: id, consent: true });
    const exported = await exportMyData(owner);
    const text = JSON.stringify(exported);
    expect(text).toContain('"idLast4":"' + id.slice(-4) + '"');
    expect(text).not.toContain(id);
    expect(await getDb().select().from(listingVerifications).where(eq(listingVerifications.userId, user.id))).toHaveLength(1);
    await deleteMyAccount(owner, { password: DEFAULT_PASSWORD, confirmation: PRIVACY_TEXTS.confirmationWord });
    expect(await getDb().select().from(listingVerifications).where(eq(listingVerifications.userId, user.id))).toEqual([]);
  });
});

describe("what ends a level, through the use cases that change what it rests on", () => {
  it("a claim by the listing's phone verifies the phone; the listing shows its new owner's identity", async () => {
    const listing = await importedListing();
    const user = await createOwner(getDb(), { firstName: "Emeka", lastName: `Obi${++counter}` });
    const owner = await actorFor(user);
    await getDb().transaction((tx) => grantIdentityByDocument(tx, null, user.id, user.name));
    await requestClaimCode(owner, { businessId: listing.id }, { clientAddress: address() });
    const code = /code is (\d{6})\./.exec((await deliveredMail(500)).filter((m) => m.to === listing.phoneNumber).at(-1)?.text ?? "")![1]!;
    await claimListing(owner, { businessId: listing.id, code });
    expect(await levelsOf(listing.id)).toBe(1 | 2);
    const [row] = await getDb().select().from(listingVerifications).where(eq(listingVerifications.businessId, listing.id));
    expect(row).toMatchObject({ level: "phone", userId: user.id, phone: listing.phoneNumber, endedAt: null });
  });

  it("an approved change of the listing's number ends its phone level; the owner is told", async () => {
    const { owner, listing } = await ownerWithListing({ name: "Iya Basira Kitchen" });
    await requestListingPhoneCode(owner, { businessId: listing.id }, { clientAddress: address() });
    await confirmListingPhone(owner, { businessId: listing.id, code: (await codeSentTo(listing.phoneNumber!)).code });
    const parsed = ListingSchema.safeParse({
      name: "Iya Basira Kitchen", description: "Amala every day.", address: "12 Bode Thomas Street, Surulere", plotNumber: "", state: "Lagos",
      country: "Nigeria", category: "Eatery", phoneNumber: "0803 765 4321", websiteUrl: "", products: ["Amala"],
    });
    if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
    const photo = fileFrom(await pngImage(800, 600), "shop.png", "image/png");
    expect((await updateListing(owner, listing.id, parsed.data, { keep: [], added: [photo] })).status).toBe("sent-for-review");
    // Waiting for review: the number shown is still the one verified.
    expect(await levelsOf(listing.id)).toBe(1);
    const [revision] = await getDb().select({ updatedAt: businessRevisions.updatedAt }).from(businessRevisions).where(eq(businessRevisions.businessId, listing.id));
    const admin = await actorFor(await createAdmin(getDb()));
    await reviewListingChange(admin, { decision: "approve", businessId: listing.id, version: changeVersion(revision!.updatedAt) });
    expect(await levelsOf(listing.id)).toBe(0);
    expect(await noticesTo(owner.id)).toContainEqual({ line: expect.stringContaining(END_REASONS.phoneChanged), path: "/dashboard/verification" });
  });

  it("a listing moved to another owner by an approved dispute loses its former owner's levels and shows the new owner's identity", async () => {
    const { owner, listing } = await ownerWithListing();
    await requestListingPhoneCode(owner, { businessId: listing.id }, { clientAddress: address() });
    await confirmListingPhone(owner, { businessId: listing.id, code: (await codeSentTo(listing.phoneNumber!)).code });
    const claimant = await createOwner(getDb());
    await getDb().transaction((tx) => grantIdentityByDocument(tx, null, claimant.id, claimant.name));
    const [claim] = await getDb().insert(listingClaims).values({ businessId: listing.id, userId: claimant.id, kind: "dispute", documentKind: "lease", note: "Ours" }).returning();
    const admin = await actorFor(await createAdmin(getDb()));
    expect((await reviewClaim(admin, { claimId: claim!.id, decision: "approve" })).status).toBe("approved");
    expect(await levelsOf(listing.id)).toBe(2);
    const [phone] = await getDb().select().from(listingVerifications).where(eq(listingVerifications.businessId, listing.id));
    expect(phone).toMatchObject({ endReason: END_REASONS.ownerChanged });
    expect((await getPublicBusiness(listing.id)).verifications.map((b) => b.level)).toEqual(["identity"]);
  });

  it("an admin's rejection of the KYC whose name a virtual NIN matched ends that identity", async () => {
    const user = await createOwner(getDb(), { firstName: "Halima", lastName: `Sani${++counter}`, kycStatus: "pending" });
    const owner = await actorFor(user);
    const listing = await createBusiness(getDb(), { userId: user.id });
    const id = vnin();
    fake.people.set(id, { firstName: "Halima", lastName: `Sani${counter}` });
    await verifyIdentity(owner, { vnin: id, consent: true });
    expect(await levelsOf(listing.id)).toBe(2);
    const [submission] = await queryRows<{ id: string }>(getDb(), sql`select id from kyc_submissions where user_id = ${user.id} and status = 'pending'`);
    await rejectKyc(await actorFor(await createAdmin(getDb())), submission!.id, "The photo is not readable.");
    expect(await levelsOf(listing.id)).toBe(0);
    expect(await noticesTo(owner.id)).toContainEqual({ line: expect.stringContaining(END_REASONS.kycNameChanged), path: "/dashboard/verification" });
  });

  it("refuses a KYC name padded with names the record does not have; two checks at once leave one identity standing", async () => {
    const padded = await actorFor(await createOwner(getDb(), { firstName: "Ade Bola Chidi", lastName: `Dayo${++counter}` }));
    const id = vnin();
    fake.people.set(id, { firstName: "Ade", lastName: `Dayo${counter}` });
    expect(await refusal(verifyIdentity(padded, { vnin: id, consent: true }))).toMatchObject({ code: "invalid", fields: { vnin: VERIFICATION_TEXTS.nameMismatch } });

    const user = await createOwner(getDb(), { firstName: "Ngozi", lastName: `Eze${++counter}` });
    const owner = await actorFor(user);
    const twice = vnin();
    fake.people.set(twice, { firstName: "Ngozi", middleName: "Ada", lastName: `Eze${counter}` });
    await Promise.all([verifyIdentity(owner, { vnin: twice, consent: true }), verifyIdentity(owner, { vnin: twice, consent: true })]);
    const standing = await getDb().select().from(listingVerifications).where(and(eq(listingVerifications.userId, user.id), sql`ended_at is null`));
    expect(standing).toHaveLength(1);
  });
});

describe("renewing the identity level of a photo ID", () => {
  it("an owner whose approved photo ID's level ended sends their ID again (staying verified for listings); its approval renews the level", async () => {
    const user = await createOwner(getDb(), { firstName: "Tobi", lastName: `Ajayi${++counter}` });
    const owner = await actorFor(user);
    const listing = await createBusiness(getDb(), { userId: user.id });
    const document = async () => fileFrom(await pngImage(900, 600), "id.png", "image/png");
    await getDb().transaction((tx) => grantIdentityByDocument(tx, null, user.id, user.name));
    // Standing: nothing to renew.
    expect(await refusal(submitKyc(owner, { fullName: user.name, activePhoneNumber: "08031234567", idImage: await document() }))).toMatchObject({ code: "conflict" });
    expect((await getKycStatus(owner)).canRenew).toBe(false);

    const [standing] = await getDb().select({ id: listingVerifications.id }).from(listingVerifications).where(and(eq(listingVerifications.userId, user.id), sql`ended_at is null`));
    await revokeVerification(await actorFor(await createAdmin(getDb())), { verificationId: standing!.id, reason: "The photo was of someone else." });
    expect(await levelsOf(listing.id)).toBe(0);
    expect((await getKycStatus(owner)).canRenew).toBe(true);
    const { submissionId } = await submitKyc(owner, { fullName: user.name, activePhoneNumber: "08031234567", idImage: await document() });
    const [profile] = await queryRows<{ kyc_status: string }>(getDb(), sql`select kyc_status from profiles where id = ${user.id}`);
    expect(profile!.kyc_status).toBe("approved");
    await approveKyc(await actorFor(await createAdmin(getDb())), submissionId);
    expect(await levelsOf(listing.id)).toBe(2);
  });
});
