import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  account, admins, auditLog, businessImages, businesses, businessMessages, conversationBlocks, emailPreferences, featuredRequests, kycSubmissions, listingPriceItems,
  notifications, payments, profiles, reports, reviewHelpfulVotes, reviews, session, subscriptions, twoFactor, user, weeklySummaries,
} from "../../../db/schema";
import {
  createOffer,
  addBusinessImage, createAdmin, createBusiness, createFeaturedRequest, createFeedback, createKycSubmission, createMessage, createOwner,
  createPayment, createReview, createSubscription, createVisitor, DEFAULT_PASSWORD, uniqueEmail,
} from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { pngImage } from "../../../tests/support/images";
import { refusal } from "../../../tests/support/refusals";
import { BASE_URL, sessionCookie } from "../../../tests/support/screen-harness";
import { recordAudit } from "../../lib/audit.server";
import { getDb, queryRows } from "../../lib/db.server";
import { EMAIL_QUEUE, enqueueEmail } from "../../lib/email.server";
import { deliveredMail } from "../../../tests/support/outbox";
import { getEnv, setEnv } from "../../lib/env.server";
import { getStorage } from "../../lib/storage.server";
import { confirmIdentity } from "../accounts/confirm-identity.server";
import { PASSWORD_CONFIRM_FAILURES } from "../accounts/password-confirmation.server";
import { registerUser } from "../accounts/register-user.server";
import { getSessionUser } from "../accounts/session.server";
import { listKycSubmissions } from "../kyc/list-kyc-submissions.server";
import { signIn } from "../accounts/sign-in.server";
import { listConversations } from "../messaging/list-conversations.server";
import { openConversation } from "../messaging/open-conversation.server";
import { sendMessage } from "../messaging/send-message.server";
import { deleteMyAccount } from "./delete-my-account.server";
import { exportMyData } from "./export-my-data.server";
import { DELETED_USER_NAME, PRIVACY_TEXTS } from "./privacy.schemas";
import { purgeExpiredKycDocuments } from "./purge-expired-kyc-documents.server";

const DAY = 86_400_000;
const CONFIRM = PRIVACY_TEXTS.confirmationWord;

async function storedFile(bucket: "business-images" | "kyc-documents", key: string) {
  await getStorage().put(bucket, key, await pngImage(40, 30), "image/webp");
  return key;
}

async function fileExists(bucket: "business-images" | "kyc-documents", key: string) {
  return (await getStorage().read(bucket, key)) !== null;
}

/** A business owner with a listing (two stored images), a decided KYC with its document, a payment, a conversation. */
async function ownerWithEverything() {
  const db = getDb();
  const owner = await createOwner(db, { firstName: "Ngozi", lastName: "Eze", kycStatus: "none" });
  await db.update(profiles).set({ kycStatus: "approved" }).where(eq(profiles.id, owner.id));
  const admin = await createAdmin(db, { firstName: "Reviewing", lastName: "Admin" });
  const listing = await createBusiness(db, { userId: owner.id, name: "Ngozi's Kitchen", phoneNumber: "+2348035550101" });
  const imageKeys = [await storedFile("business-images", `${listing.id}/1_1.webp`), await storedFile("business-images", `${listing.id}/1_2.webp`)];
  for (const [i, key] of imageKeys.entries()) await addBusinessImage(db, { businessId: listing.id, imageUrl: key, position: i + 1 });
  await createFeaturedRequest(db, { businessId: listing.id, requestedBy: owner.id });
  const kycKey = await storedFile("kyc-documents", `${owner.id}/${randomUUID()}.webp`);
  const kyc = await createKycSubmission(db, {
    userId: owner.id, fullName: "Ngozi Adaeze Eze", idNumber: "NIN-12345678", idImageUrl: kycKey, status: "approved",
    reviewedBy: admin.id, submittedAt: new Date(Date.now() - 3 * DAY), updateProfile: false,
  });
  const payment = await createPayment(db, { userId: owner.id, purpose: "subscription", planId: "standard", reference: `ref_${randomUUID()}` });
  await createSubscription(db, { userId: owner.id, planId: "standard", paymentId: payment.id });
  const visitor = await createVisitor(db, { firstName: "Tolu", lastName: "Adebayo" });
  // A minute apart: two inserts can share a millisecond, and then 'the last message' would be a coin toss.
  await createMessage(db, { businessId: listing.id, senderId: visitor.id, message: "Do you deliver to Yaba?", createdAt: new Date(Date.now() - 60_000) });
  await createMessage(db, { businessId: listing.id, senderId: owner.id, visitorId: visitor.id, senderType: "business", message: "Yes, every day." });
  await db.insert(listingPriceItems).values({ businessId: listing.id, name: "Jollof rice", groupName: "Rice", priceKobo: 250_000, priceKind: "exact", pendingDescription: "With plantain" });
  await createOffer(db, { businessId: listing.id, title: "Jollof Friday", body: "Two plates for one.", code: "JOLLOF2", status: "rejected", reason: "Say the price" });
  return { owner, admin, listing, imageKeys, kyc, kycKey, payment, visitor };
}

describe("exporting one's data", () => {
  it("gives the signed-in user their own profile, listings, conversations, KYC decisions and payments", async () => {
    const { owner, listing, payment, visitor } = await ownerWithEverything();
    const exported = await exportMyData(await actorFor(owner));
    expect(exported.fileName).toMatch(/^naija-directory-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = exported.data;
    expect(data.account).toMatchObject({ id: owner.id, email: owner.email });
    expect(data.profile).toMatchObject({ firstName: "Ngozi", lastName: "Eze", role: "business", kycStatus: "approved" });
    expect(data.listings).toHaveLength(1);
    expect(data.listings[0]).toMatchObject({ id: listing.id, name: "Ngozi's Kitchen", phoneNumber: "+2348035550101" });
    expect(data.listings[0]!.images.map((i) => i.position)).toEqual([1, 2]);
    expect(data.listings[0]!.featuredRequests).toHaveLength(1);
    // The price list the owner gave (issue 37).
    expect(data.listings[0]!.priceList).toEqual([
      expect.objectContaining({ name: "Jollof rice", group: "Rice", priceKobo: 250_000, priceKind: "exact", description: null, descriptionWaitingForReview: "With plantain", photoUrl: null }),
    ]);
    // Their offers, with the admin's reason (issue 37).
    expect(data.listings[0]!.offers).toEqual([
      expect.objectContaining({ title: "Jollof Friday", text: "Two plates for one.", code: "JOLLOF2", status: "rejected", reason: "Say the price", photoUrl: null }),
    ]);
    expect(data.kycSubmissions).toEqual([
      expect.objectContaining({ fullName: "Ngozi Adaeze Eze", idNumber: "NIN-12345678", status: "approved", hasDocument: true, documentDeletedAt: null }),
    ]);
    expect(data.payments).toEqual([expect.objectContaining({ reference: payment.reference, amountKobo: payment.amountKobo, status: "succeeded" })]);
    expect(data.subscriptions).toEqual([expect.objectContaining({ planId: "standard" })]);
    // The weekly summary is wanted until the owner says otherwise; the export says what they chose and what was sent.
    expect(data.emailPreferences).toEqual({ weeklySummary: true, changedAt: null, weeklySummariesSent: [] });
    await getDb().insert(emailPreferences).values({ userId: owner.id, weeklySummary: false });
    await getDb().insert(weeklySummaries).values({ userId: owner.id, weekStart: "2026-11-16" });
    expect((await exportMyData(await actorFor(owner))).data.emailPreferences).toMatchObject({
      weeklySummary: false, weeklySummariesSent: [{ weekStarting: "2026-11-16", sentAt: expect.any(String) }],
    });
    expect(data.conversations).toHaveLength(1);
    expect(data.conversations[0]).toMatchObject({ businessName: "Ngozi's Kitchen", counterpartName: "Tolu Adebayo", myRole: "owner" });
    expect(data.conversations[0]!.messages.map((m) => [m.sentByMe, m.text])).toEqual([
      [false, "Do you deliver to Yaba?"],
      [true, "Yes, every day."],
    ]);
    // The visitor's own export holds the same conversation from their side.
    const theirs = (await exportMyData(await actorFor(visitor))).data;
    expect(theirs.conversations[0]).toMatchObject({ businessName: "Ngozi's Kitchen", myRole: "visitor" });
    expect(theirs.conversations[0]!.messages.map((m) => m.sentByMe)).toEqual([true, false]);
  });

  it("holds no secrets and nothing of other users beyond names and the messages exchanged", async () => {
    const { owner, admin, visitor } = await ownerWithEverything();
    const db = getDb();
    await db.insert(twoFactor).values({ id: randomUUID(), userId: owner.id, secret: "TOTP-SECRET-DO-NOT-EXPORT", backupCodes: "BACKUP-CODES-DO-NOT-EXPORT" });
    await sessionCookie(owner.email);
    const [{ token }] = await db.select({ token: session.token }).from(session).where(eq(session.userId, owner.id)).limit(1);
    const [{ hash }] = await db.select({ hash: account.password }).from(account).where(eq(account.userId, owner.id));
    // Someone else's conversation with the same listing, someone else's listing, payment and feedback.
    const stranger = await createVisitor(db, { firstName: "Private", lastName: "Stranger" });
    await createMessage(db, { businessId: (await createBusiness(db, { userId: owner.id, name: "Second Shop" })).id, senderId: stranger.id, message: "Stranger's question" });
    const otherOwner = await createOwner(db, { firstName: "Other", lastName: "Owner" });
    await createBusiness(db, { userId: otherOwner.id, name: "Someone Else's Shop" });
    await createPayment(db, { userId: otherOwner.id, purpose: "subscription", planId: "premium", reference: "ref_someone_else" });
    await createFeedback(db, { userId: stranger.id, message: "Stranger's feedback" });
    await createMessage(db, { businessId: (await createBusiness(db, { userId: otherOwner.id })).id, senderId: visitor.id, message: "Visitor to another shop" });

    const asText = JSON.stringify((await exportMyData(await actorFor(owner))).data);
    for (const secret of [hash!, token, "TOTP-SECRET-DO-NOT-EXPORT", "BACKUP-CODES-DO-NOT-EXPORT", getEnv().AUTH_SECRET]) {
      expect(asText).not.toContain(secret);
    }
    for (const foreign of [visitor.email, admin.email, stranger.email, otherOwner.email, admin.id, "Someone Else's Shop", "ref_someone_else", "Stranger's feedback", "Visitor to another shop"]) {
      expect(asText).not.toContain(foreign);
    }
    // Conversations about the owner's own listings are the owner's to read, with the counterpart's name only.
    expect(asText).toContain("Stranger's question");
    expect(asText).toContain("Private Stranger");
    expect(asText).not.toContain(stranger.id);
  });

  it("is refused to anyone not signed in", async () => {
    expect(await refusal(exportMyData(null))).toMatchObject({ code: "unauthenticated" });
  });
});

describe("deleting one's account", () => {
  it("refuses a wrong password or a wrong confirmation, changing nothing", async () => {
    const { owner, listing } = await ownerWithEverything();
    const actor = await actorFor(owner);
    const wrongPassword = await refusal(deleteMyAccount(actor, { password: "not-my-password", confirmation: CONFIRM }));
    expect(wrongPassword).toMatchObject({ code: "invalid", fields: { password: PRIVACY_TEXTS.wrongPassword } });
    const wrongWord = await refusal(deleteMyAccount(actor, { password: DEFAULT_PASSWORD, confirmation: "delete it" }));
    expect(wrongWord).toMatchObject({ code: "invalid", fields: { confirmation: PRIVACY_TEXTS.confirmationMismatch } });
    expect(await refusal(deleteMyAccount(null, { password: DEFAULT_PASSWORD, confirmation: CONFIRM }))).toMatchObject({ code: "unauthenticated" });
    const [row] = await getDb().select({ email: user.email, deletedAt: user.deletedAt }).from(user).where(eq(user.id, owner.id));
    expect(row).toEqual({ email: owner.email, deletedAt: null });
    expect(await getDb().select({ id: businesses.id }).from(businesses).where(eq(businesses.id, listing.id))).toHaveLength(1);
  });

  it("stops guessing the password after 10 wrong tries", async () => {
    const visitor = await createVisitor(getDb());
    const actor = await actorFor(visitor);
    for (let i = 0; i < 10; i++) await refusal(deleteMyAccount(actor, { password: `wrong-${i}`, confirmation: CONFIRM }));
    expect(await refusal(deleteMyAccount(actor, { password: DEFAULT_PASSWORD, confirmation: CONFIRM }))).toMatchObject({ code: "rate-limited" });
  });

  it("counts wrong passwords here and at 'confirm it is you' as one allowance: 10 in all, not 10 through each", async () => {
    const actor = await actorFor(await createVisitor(getDb()));
    for (let i = 0; i < 5; i++) {
      expect(await refusal(confirmIdentity(actor, { password: `wrong-a${i}` }))).toMatchObject({ code: "invalid" });
      expect(await refusal(deleteMyAccount(actor, { password: `wrong-b${i}`, confirmation: CONFIRM }))).toMatchObject({ code: "invalid" });
    }
    expect(await refusal(deleteMyAccount(actor, { password: DEFAULT_PASSWORD, confirmation: CONFIRM }))).toMatchObject({ code: "rate-limited" });
    expect(await refusal(confirmIdentity(actor, { password: DEFAULT_PASSWORD }))).toMatchObject({ code: "rate-limited" });
    // Guesses sent at once are each counted before they are checked: no more than the allowance is ever checked.
    const other = await actorFor(await createVisitor(getDb()));
    const outcomes = await Promise.all(Array.from({ length: 14 }, (_, i) => refusal(deleteMyAccount(other, { password: `wrong-c${i}`, confirmation: CONFIRM }))));
    expect(outcomes.filter((o) => o.code === "invalid")).toHaveLength(PASSWORD_CONFIRM_FAILURES.limit);
    expect(outcomes.filter((o) => o.code === "rate-limited")).toHaveLength(14 - PASSWORD_CONFIRM_FAILURES.limit);
  });

  it("ends every session, removes listings and files, keeps messages, payments and the audit trail, and frees the e-mail", async () => {
    const { owner, admin, listing, imageKeys, kyc, kycKey, payment, visitor } = await ownerWithEverything();
    const db = getDb();
    const pendingKey = await storedFile("kyc-documents", `${owner.id}/${randomUUID()}.webp`);
    const pending = await createKycSubmission(db, { userId: owner.id, idImageUrl: pendingKey, status: "pending", updateProfile: false });
    // The owner also wrote to another business as a visitor.
    const otherOwner = await createOwner(db, { firstName: "Bisi", lastName: "Shop" });
    const otherListing = await createBusiness(db, { userId: otherOwner.id, name: "Bisi's Shop" });
    await createMessage(db, { businessId: otherListing.id, senderId: owner.id, message: "Is the blue fabric in stock?" });
    await db.insert(twoFactor).values({ id: randomUUID(), userId: owner.id, secret: "s", backupCodes: "b" });
    await recordAudit(db, { id: owner.id, email: owner.email }, { action: "business.create", targetType: "business", targetId: listing.id });
    const cookies = [await sessionCookie(owner.email), await sessionCookie(owner.email)];
    const sessionsBefore = await db.select().from(session).where(eq(session.userId, owner.id));
    const auditBefore = await db.select({ id: auditLog.id }).from(auditLog);

    // A verified phone number (issue 33).
    await db.update(profiles).set({ phone: `+234809${String(Date.now()).slice(-7)}`, phoneVerifiedAt: new Date() }).where(eq(profiles.id, owner.id));
    // An e-mail to them waits on the queue (a reset link asked for a moment ago), one was sent, one failed for good.
    const jobsTo = async () =>
      queryRows<{ state: string }>(db, sql`select state::text from pgboss.job where name = ${EMAIL_QUEUE} and data->>'to' = ${owner.email}`);
    for (let i = 0; i < 3; i++) await db.transaction((tx) => enqueueEmail(tx, { to: owner.email, subject: `Reset ${i}`, text: "link", html: "link" }));
    await db.execute(sql`update pgboss.job set state = 'completed' where name = ${EMAIL_QUEUE} and data->>'subject' = 'Reset 1' and data->>'to' = ${owner.email}`);
    await db.execute(sql`update pgboss.job set state = 'failed' where name = ${EMAIL_QUEUE} and data->>'subject' = 'Reset 2' and data->>'to' = ${owner.email}`);
    expect((await jobsTo()).map((j) => j.state).sort()).toEqual(["completed", "created", "failed"]);

    const result = await deleteMyAccount(await actorFor(owner), { password: DEFAULT_PASSWORD, confirmation: ` ${CONFIRM.toLowerCase()} ` });
    expect(result).toMatchObject({ listingsRemoved: 1, sessionsEnded: 2 });
    // None of those e-mails goes out or stays.
    expect(await jobsTo()).toEqual([]);
    expect((await deliveredMail(10_000)).filter((m) => m.to === owner.email)).toEqual([]);

    // Sessions: none left, and the old cookies are signed out.
    expect(await db.select({ id: session.id }).from(session).where(eq(session.userId, owner.id))).toEqual([]);
    for (const cookie of cookies) expect(await getSessionUser(new Request(`${BASE_URL}/profile`, { headers: { cookie } }))).toBeNull();
    // Even a session row that came back (a restored backup, a race) signs nobody in as a deleted account.
    await db.insert(session).values(sessionsBefore[0]!);
    expect(await getSessionUser(new Request(`${BASE_URL}/profile`, { headers: { cookie: cookies[0]! } }))).toBeNull();
    expect(await db.select({ id: session.id }).from(session).where(eq(session.userId, owner.id))).toEqual([]);
    // Credentials and second factor are gone; the account row stays, anonymised.
    expect(await db.select({ id: account.id }).from(account).where(eq(account.userId, owner.id))).toEqual([]);
    expect(await db.select({ id: twoFactor.id }).from(twoFactor).where(eq(twoFactor.userId, owner.id))).toEqual([]);
    const [gone] = await db.select().from(user).where(eq(user.id, owner.id));
    expect(gone!.deletedAt).toBeInstanceOf(Date);
    expect(gone!.name).toBe(DELETED_USER_NAME);
    expect(gone!.email).not.toContain(owner.email.split("@")[0]);
    expect(gone!.email).toMatch(/@deleted\.invalid$/);
    expect(gone!.metadata).toEqual({});
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, owner.id));
    expect(profile).toMatchObject({ firstName: DELETED_USER_NAME, lastName: null, country: null, state: null, category: null, phone: null, phoneVerifiedAt: null });

    // Listings, their images (rows and files), their featured requests.
    expect(await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.userId, owner.id))).toEqual([]);
    expect(await db.select({ id: businessImages.id }).from(businessImages).where(eq(businessImages.businessId, listing.id))).toEqual([]);
    expect(await db.select({ id: featuredRequests.id }).from(featuredRequests).where(eq(featuredRequests.businessId, listing.id))).toEqual([]);
    for (const key of imageKeys) expect(await fileExists("business-images", key)).toBe(false);

    // KYC: the documents are deleted; the decided submission keeps its decision and reviewer, the pending one goes.
    expect(await fileExists("kyc-documents", kycKey)).toBe(false);
    expect(await fileExists("kyc-documents", pendingKey)).toBe(false);
    const kycRows = await db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, owner.id));
    expect(kycRows.map((r) => r.id)).toEqual([kyc.id]);
    expect(kycRows[0]).toMatchObject({ status: "approved", reviewedBy: admin.id, idImageUrl: null, fullName: DELETED_USER_NAME });
    expect(kycRows[0]!.idNumber).not.toBe("NIN-12345678");
    expect(kycRows[0]!.documentPurgedAt).toBeInstanceOf(Date);
    expect(await db.select().from(kycSubmissions).where(eq(kycSubmissions.id, pending.id))).toEqual([]);
    // The admin KYC list says why the document is gone.
    const adminActor = await actorFor(admin);
    let listed;
    for (let page = 1; !listed && page <= 20; page++) listed = (await listKycSubmissions(adminActor, { page })).rows.find((r) => r.id === kyc.id);
    expect(listed).toMatchObject({ documentUrl: null, firstName: DELETED_USER_NAME, documentDeletedNote: expect.stringMatching(/^Document deleted on .+ \(the account was deleted\)$/) });

    // Payments and subscriptions are kept (the law keeps financial records), still linked to the account.
    const [kept] = await db.select().from(payments).where(eq(payments.id, payment.id));
    expect(kept).toMatchObject({ userId: owner.id, reference: payment.reference, status: "succeeded" });
    expect(await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, owner.id))).toHaveLength(1);

    // The audit log keeps every row and gains the deletion.
    const auditAfter = await db.select({ id: auditLog.id, action: auditLog.action, actorId: auditLog.actorId }).from(auditLog);
    expect(auditAfter.map((a) => a.id)).toEqual(expect.arrayContaining(auditBefore.map((a) => a.id)));
    expect(auditAfter.filter((a) => a.action === "account.delete")).toEqual([expect.objectContaining({ actorId: owner.id })]);

    // Messages stay; the other side reads them under 'Deleted user'.
    const bisi = await actorFor(otherOwner);
    const [conversation] = await listConversations(bisi, { businessId: otherListing.id });
    expect(conversation).toMatchObject({ visitorName: DELETED_USER_NAME, lastMessage: "Is the blue fabric in stock?" });
    const chat = await openConversation(bisi, { businessId: otherListing.id, visitorId: owner.id });
    expect(chat).toMatchObject({ kind: "chat", visitor: { name: DELETED_USER_NAME } });
    if (chat.kind === "chat") expect(chat.messages.map((m) => m.text)).toEqual(["Is the blue fabric in stock?"]);
    // The visitor's messages to the deleted listing stay in their list (the listing reads as 'Unknown Business').
    const visitorSide = await listConversations(await actorFor(visitor));
    expect(visitorSide.map((c) => c.lastMessage)).toContain("Yes, every day.");
    expect(await db.select({ id: businessMessages.id }).from(businessMessages).where(eq(businessMessages.visitorId, visitor.id))).toHaveLength(2);

    // Nobody can sign in as the deleted account, and the e-mail can register again.
    const login = new Request(`${BASE_URL}/login`, { method: "POST", headers: { origin: BASE_URL } });
    expect(await refusal(signIn({ email: owner.email, password: DEFAULT_PASSWORD }, { request: login, clientAddress: "10.7.0.1" }))).toMatchObject({ code: "unauthenticated" });
    await registerUser(
      { accountType: "visitor", firstName: "Ngozi", lastName: "Again", email: owner.email, password: "Another-Passw0rd!", confirmPassword: "Another-Passw0rd!", country: "Nigeria", state: "Lagos" },
      { request: login, clientAddress: "10.7.0.2" },
    );
    const again = await db.select({ id: user.id }).from(user).where(eq(user.email, owner.email));
    expect(again).toHaveLength(1);
    expect(again[0]!.id).not.toBe(owner.id);
  });

  it("keeps the last admin: an admin may leave only while another admin remains", async () => {
    const db = getDb();
    // Every other admin (from other tests in this file) is demoted, so this one is the last.
    const lastAdmin = await createAdmin(db, { email: uniqueEmail("last-admin") });
    const others = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, "admin"));
    for (const other of others) if (other.id !== lastAdmin.id) await db.update(profiles).set({ role: "visitor" }).where(eq(profiles.id, other.id));
    await db.delete(admins);
    const refused = await refusal(deleteMyAccount(await actorFor(lastAdmin), { password: DEFAULT_PASSWORD, confirmation: CONFIRM }));
    expect(refused).toMatchObject({ code: "conflict", message: PRIVACY_TEXTS.lastAdmin.text });

    // With a second admin (listed by e-mail), the first may go, and its admins entry goes with it.
    const second = await createVisitor(db);
    await db.insert(admins).values({ email: second.email });
    await db.insert(admins).values({ email: lastAdmin.email });
    await deleteMyAccount(await actorFor(lastAdmin), { password: DEFAULT_PASSWORD, confirmation: CONFIRM });
    expect(await db.select({ email: admins.email }).from(admins)).toEqual([{ email: second.email }]);
    // Now the second is the last one.
    expect(await refusal(deleteMyAccount(await actorFor(second), { password: DEFAULT_PASSWORD, confirmation: CONFIRM }))).toMatchObject({ code: "conflict" });
  });

  it("removes the person's notifications and unlinks their feedback", async () => {
    const db = getDb();
    const { owner, visitor, listing } = await ownerWithEverything();
    const note = await createMessage(db, { businessId: listing.id, senderId: visitor.id, message: "Hello again" });
    await db.insert(notifications).values({ userId: visitor.id, kind: "message", messageId: note.id, title: "New message", body: "Hello again" });
    const said = await createFeedback(db, { userId: visitor.id, message: "Please add dark mode" });
    const { savedBusinesses } = await import("../../../db/schema");
    await db.insert(savedBusinesses).values({ userId: visitor.id, businessId: listing.id });
    const exported = await exportMyData(await actorFor(visitor));
    expect(exported.data.savedBusinesses).toEqual([{ businessName: listing.name, savedAt: expect.any(String) }]);
    await deleteMyAccount(await actorFor(visitor), { password: DEFAULT_PASSWORD, confirmation: CONFIRM });
    expect(await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, visitor.id))).toEqual([]);
    // Saved businesses (issue 20) are the person's own list: gone with the account.
    expect(await db.select().from(savedBusinesses).where(eq(savedBusinesses.userId, visitor.id))).toEqual([]);
    const { feedback } = await import("../../../db/schema");
    expect(await db.select({ userId: feedback.userId, message: feedback.message }).from(feedback).where(eq(feedback.id, said.id))).toEqual([
      { userId: null, message: "Please add dark mode" },
    ]);
    // The owner still reads the conversation, now under 'Deleted user', but has nobody to reply to.
    const ownerActor = await actorFor(owner);
    const [conversation] = await listConversations(ownerActor, { businessId: listing.id });
    expect(conversation).toMatchObject({ visitorName: DELETED_USER_NAME, lastMessage: "Hello again" });
    expect(await openConversation(ownerActor, { businessId: listing.id, visitorId: visitor.id })).toMatchObject({ kind: "chat", canReply: false });
    const reply = { businessId: listing.id, visitorId: visitor.id, message: "Are you still there?", idempotencyKey: randomUUID() };
    expect(await refusal(sendMessage(ownerActor, reply))).toMatchObject({ code: "not-found" });
    expect(await db.select({ id: businessMessages.id }).from(businessMessages).where(eq(businessMessages.message, "Are you still there?"))).toEqual([]);
  });
});

describe("reviews, votes, reports and blocks", () => {
  /** The visitor reviewed the listing (the owner replied), voted another review helpful, reported it, and blocked the business. */
  async function visitorWhoReviewed() {
    const db = getDb();
    const { owner, visitor, listing } = await ownerWithEverything();
    const other = await createVisitor(db, { firstName: "Other", lastName: "Reviewer" });
    const mine = await createReview(db, { businessId: listing.id, authorId: visitor.id, stars: 5, body: "Great jollof and quick delivery.", reply: "Thank you, Tolu!" });
    const theirs = await createReview(db, { businessId: listing.id, authorId: other.id, stars: 3, body: "Average food, slow on Sundays." });
    await db.insert(reviewHelpfulVotes).values({ reviewId: theirs.id, userId: visitor.id });
    await db.update(reviews).set({ helpfulCount: 1 }).where(eq(reviews.id, theirs.id));
    await db.insert(reports).values([
      { reporterId: visitor.id, itemKind: "review", itemId: theirs.id, reason: "fake", details: "Written by a rival" },
      { reporterId: visitor.id, itemKind: "listing", itemId: listing.id, reason: "other", details: "Old report", status: "dismissed", outcome: "dismissed", decidedAt: new Date() },
    ]);
    await db.insert(conversationBlocks).values({ businessId: listing.id, visitorId: visitor.id, blockedBy: "visitor", blockerId: visitor.id });
    return { owner, visitor, other, listing, mine, theirs };
  }

  it("exports the reviews one wrote, one's replies as an owner, votes, reports and blocks, without other people's identities", async () => {
    const { owner, visitor, other, listing } = await visitorWhoReviewed();
    const { data } = await exportMyData(await actorFor(visitor));
    expect(data.reviews).toEqual([expect.objectContaining({ businessName: listing.name, stars: 5, text: "Great jollof and quick delivery.", status: "published", businessReply: "Thank you, Tolu!" })]);
    expect(data.helpfulVotes).toEqual([expect.objectContaining({ businessName: listing.name })]);
    expect(data.reports.map((r) => [r.kind, r.reason, r.details, r.status])).toEqual([
      ["review", "fake", "Written by a rival", "open"],
      ["listing", "other", "Old report", "dismissed"],
    ]);
    expect(data.blocks).toEqual([expect.objectContaining({ blocked: listing.name })]);
    const ownerExport = await exportMyData(await actorFor(owner));
    expect(ownerExport.data.repliesToReviews).toEqual([expect.objectContaining({ businessName: listing.name, reply: "Thank you, Tolu!" })]);
    expect(ownerExport.data.reviews).toEqual([]);
    const text = JSON.stringify(ownerExport.data);
    expect(text).not.toContain(other.id);
    expect(text).not.toContain(visitor.id);
  });

  it("deleting the account removes its reviews (the rating follows) and votes, withdraws open reports, blanks decided ones and lifts its blocks", async () => {
    const db = getDb();
    const { visitor, listing, mine, theirs } = await visitorWhoReviewed();
    const result = await deleteMyAccount(await actorFor(visitor), { password: DEFAULT_PASSWORD, confirmation: CONFIRM });
    expect(result.reviewsRemoved).toBe(1);
    expect(await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, mine.id))).toEqual([]);
    const [rating] = await db.select({ count: businesses.reviewCount, sum: businesses.reviewStarSum, s5: businesses.reviewStars5 }).from(businesses).where(eq(businesses.id, listing.id));
    expect(rating).toEqual({ count: 1, sum: 3, s5: 0 });
    expect(await db.select({ helpful: reviews.helpfulCount }).from(reviews).where(eq(reviews.id, theirs.id))).toEqual([{ helpful: 0 }]);
    expect(await db.select().from(reviewHelpfulVotes).where(eq(reviewHelpfulVotes.userId, visitor.id))).toEqual([]);
    expect(await db.select({ status: reports.status, details: reports.details }).from(reports).where(eq(reports.reporterId, visitor.id))).toEqual([
      { status: "dismissed", details: null },
    ]);
    expect(await db.select().from(conversationBlocks).where(eq(conversationBlocks.visitorId, visitor.id))).toEqual([]);
  });
});

describe("KYC document retention", () => {
  // Read once the file's settings exist (tests/setup/database.ts), so the file also runs alone.
  let original: ReturnType<typeof getEnv>;
  beforeAll(() => {
    original = getEnv();
  });
  afterEach(() => setEnv(original));

  it("deletes the documents of submissions decided more than KYC_RETENTION_DAYS ago, keeping the decision", async () => {
    const db = getDb();
    const now = new Date();
    const admin = await createAdmin(db);
    async function submission(status: "pending" | "approved" | "rejected", reviewedDaysAgo: number | null) {
      const owner = await createOwner(db, { kycStatus: "none" });
      const key = await storedFile("kyc-documents", `${owner.id}/${randomUUID()}.webp`);
      const row = await createKycSubmission(db, {
        userId: owner.id, idImageUrl: key, status, reviewedBy: status === "pending" ? null : admin.id,
        submittedAt: new Date(now.getTime() - 200 * DAY),
        reviewedAt: reviewedDaysAgo === null ? null : new Date(now.getTime() - reviewedDaysAgo * DAY),
      });
      return { row, key };
    }
    const oldApproved = await submission("approved", 91);
    const oldRejected = await submission("rejected", 120);
    const recent = await submission("approved", 89);
    const waiting = await submission("pending", null);

    const result = await purgeExpiredKycDocuments(now);
    expect(result.purged).toBeGreaterThanOrEqual(2);
    for (const old of [oldApproved, oldRejected]) {
      expect(await fileExists("kyc-documents", old.key)).toBe(false);
      const [row] = await db.select().from(kycSubmissions).where(eq(kycSubmissions.id, old.row.id));
      expect(row).toMatchObject({ idImageUrl: null, status: old.row.status, reviewedBy: admin.id, fullName: old.row.fullName });
      expect(row!.reviewedAt).toEqual(old.row.reviewedAt);
      expect(row!.documentPurgedAt).toEqual(now);
    }
    for (const kept of [recent, waiting]) {
      expect(await fileExists("kyc-documents", kept.key)).toBe(true);
      const [row] = await db.select().from(kycSubmissions).where(eq(kycSubmissions.id, kept.row.id));
      expect(row).toMatchObject({ idImageUrl: kept.key, documentPurgedAt: null });
    }
    const audit = await db.select({ targetId: auditLog.targetId, actorId: auditLog.actorId }).from(auditLog).where(eq(auditLog.action, "kyc.document.purge"));
    expect(audit.map((a) => a.targetId)).toEqual(expect.arrayContaining([oldApproved.row.id, oldRejected.row.id]));
    expect(audit.every((a) => a.actorId === null)).toBe(true);
    // Idempotent: a second run finds nothing more of these.
    await purgeExpiredKycDocuments(now);
    expect(await fileExists("kyc-documents", recent.key)).toBe(true);

    // The retention period is configurable: at 30 days the 89-day-old decision goes too.
    setEnv({ ...original, KYC_RETENTION_DAYS: 30 });
    await purgeExpiredKycDocuments(now);
    expect(await fileExists("kyc-documents", recent.key)).toBe(false);
    expect(await fileExists("kyc-documents", waiting.key)).toBe(true);
  });

  it("works in bounded batches", async () => {
    const db = getDb();
    const now = new Date();
    for (let i = 0; i < 3; i++) {
      const owner = await createOwner(db, { kycStatus: "none" });
      const key = await storedFile("kyc-documents", `${owner.id}/${randomUUID()}.webp`);
      await createKycSubmission(db, { userId: owner.id, idImageUrl: key, status: "rejected", reviewedAt: new Date(now.getTime() - 365 * DAY) });
    }
    expect((await purgeExpiredKycDocuments(now, { batchSize: 2 })).purged).toBe(2);
    expect((await purgeExpiredKycDocuments(now, { batchSize: 2 })).purged).toBeGreaterThanOrEqual(1);
    expect((await purgeExpiredKycDocuments(now, { batchSize: 2 })).purged).toBe(0);
  });
});
