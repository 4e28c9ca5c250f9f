import { and, asc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import {
  businesses, businessImages, businessMessages, businessOffers, conversationBlocks, emailPreferences, featuredRequests, feedback, kycSubmissions, listingClaims, listingPriceItems, listingVerifications, notifications, payments, profiles, savedBusinesses,
  reports, reviewHelpfulVotes, reviews, session, subscriptions, user, weeklySummaries, listingSuggestions, quoteRecipients, quoteRequests,
} from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { t } from "../../lib/i18n/i18n";
import { imageUrl, IMAGE_WIDTHS } from "../../lib/image-url";
import type { SessionUser } from "../accounts/session-user";
import { PRIVACY_TEXTS } from "./privacy.schemas";

/** What a conversation partner sees of a person (as the chat shows them): first and last name, else 'Visitor'. */
function partnerName(row: { firstName: string | null; lastName: string | null } | undefined): string {
  return [row?.firstName?.trim(), row?.lastName?.trim()].filter(Boolean).join(" ") || "Visitor";
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/**
 * Everything we hold about the signed-in person, as one JSON document (NDPA 2023, right of access): account,
 * profile, sessions, listings (with their price lists), conversations, notifications, KYC submissions and decisions, payments,
 * subscriptions, feedback, the reviews they wrote (and the businesses' replies to them), their replies to reviews
 * of their listings, their 'Helpful' votes, their reports, their suggestions, their claims of listings (without the documents) and the blocks they set. Never a secret (password hash, session token, TOTP secret or backup codes,
 * storage keys) and nothing of other people beyond what the person already sees: in a conversation, the
 * other side's name and the messages exchanged; no other person's id, e-mail or reviewer identity.
 */
export async function exportMyData(actor: SessionUser | null) {
  if (!actor) throw new AppError("unauthenticated", PRIVACY_TEXTS.signInRequired);
  const db = getDb();
  const me = actor.id;

  const [account] = await db
    .select({
      email: user.email,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
      twoFactorEnabled: user.twoFactorEnabled,
      suspended: user.banned,
      suspensionReason: user.banReason,
    })
    .from(user)
    .where(eq(user.id, me))
    .limit(1);
  if (!account) throw new AppError("unauthenticated", PRIVACY_TEXTS.signInRequired);
  const [profile] = await db
    .select({
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      country: profiles.country,
      state: profiles.state,
      category: profiles.category,
      phone: profiles.phone,
      phoneVerifiedAt: profiles.phoneVerifiedAt,
      role: profiles.role,
      kycStatus: profiles.kycStatus,
      createdAt: profiles.createdAt,
      updatedAt: profiles.updatedAt,
    })
    .from(profiles)
    .where(eq(profiles.id, me))
    .limit(1);
  const sessions = await db
    .select({ createdAt: session.createdAt, expiresAt: session.expiresAt, ipAddress: session.ipAddress, userAgent: session.userAgent })
    .from(session)
    .where(eq(session.userId, me))
    .orderBy(asc(session.createdAt));

  const listings = await db
    .select({
      id: businesses.id,
      name: businesses.name,
      description: businesses.description,
      category: businesses.category,
      address: businesses.address,
      plotNumber: businesses.plotNumber,
      state: businesses.state,
      lga: businesses.lga,
      landmark: businesses.landmark,
      country: businesses.country,
      phoneNumber: businesses.phoneNumber,
      websiteUrl: businesses.websiteUrl,
      socialMediaLinks: businesses.socialMediaLinks,
      products: businesses.products,
      approvalStatus: businesses.approvalStatus,
      approvedAt: businesses.approvedAt,
      rejectedAt: businesses.rejectedAt,
      rejectionReason: businesses.rejectionReason,
      featured: businesses.featured,
      featuredUntil: businesses.featuredUntil,
      viewCount: businesses.viewCount,
      createdAt: businesses.createdAt,
      updatedAt: businesses.updatedAt,
    })
    .from(businesses)
    .where(eq(businesses.userId, me))
    .orderBy(asc(businesses.createdAt), asc(businesses.id));
  const listingIds = listings.map((l) => l.id);
  // E-mail choices (issue 18): whether the weekly summary is wanted (no row: yes) and when one was sent.
  const [preference] = await db.select({ weeklySummary: emailPreferences.weeklySummary, updatedAt: emailPreferences.updatedAt })
    .from(emailPreferences).where(eq(emailPreferences.userId, me)).limit(1);
  const summariesSent = await db.select({ weekStart: weeklySummaries.weekStart, sentAt: weeklySummaries.sentAt })
    .from(weeklySummaries).where(eq(weeklySummaries.userId, me)).orderBy(asc(weeklySummaries.weekStart));
  const images = listingIds.length
    ? await db
        .select({ businessId: businessImages.businessId, key: businessImages.imageUrl, position: businessImages.position, width: businessImages.width, height: businessImages.height, createdAt: businessImages.createdAt })
        .from(businessImages)
        .where(inArray(businessImages.businessId, listingIds))
        .orderBy(asc(businessImages.position))
    : [];
  // Their listings' price lists (issue 37): every item's details as the owner gave them.
  const priceItems = listingIds.length
    ? await db
        .select({
          businessId: listingPriceItems.businessId, name: listingPriceItems.name, group: listingPriceItems.groupName, priceKobo: listingPriceItems.priceKobo,
          priceKind: listingPriceItems.priceKind, description: listingPriceItems.description, descriptionWaitingForReview: listingPriceItems.pendingDescription,
          photoKey: listingPriceItems.imageKey, photoAt: listingPriceItems.imageAt, updatedAt: listingPriceItems.updatedAt,
        })
        .from(listingPriceItems)
        .where(inArray(listingPriceItems.businessId, listingIds))
        .orderBy(asc(listingPriceItems.name))
    : [];
  // Their listings' offers (issue 37), in every state, with the admins' reasons.
  const offers = listingIds.length
    ? await db
        .select({
          businessId: businessOffers.businessId, title: businessOffers.title, text: businessOffers.body, code: businessOffers.code,
          photoKey: businessOffers.imageKey, startsOn: businessOffers.startsOn, endsOn: businessOffers.endsOn, status: businessOffers.status,
          reason: businessOffers.reason, createdAt: businessOffers.createdAt, updatedAt: businessOffers.updatedAt,
        })
        .from(businessOffers)
        .where(inArray(businessOffers.businessId, listingIds))
        .orderBy(asc(businessOffers.startsOn))
    : [];
  const requests = listingIds.length
    ? await db
        .select({
          businessId: featuredRequests.businessId,
          tier: featuredRequests.pricingTier,
          status: featuredRequests.status,
          startDate: featuredRequests.startDate,
          endDate: featuredRequests.endDate,
          paymentReference: featuredRequests.paymentReference,
          createdAt: featuredRequests.createdAt,
        })
        .from(featuredRequests)
        .where(inArray(featuredRequests.businessId, listingIds))
        .orderBy(asc(featuredRequests.createdAt))
    : [];

  // Every message of a conversation the person is in: as its visitor, as the owner of its listing, or as the
  // sender or recipient of a message (an owner's conversations about a listing they have since deleted).
  const messages = await db
    .select({
      businessId: businessMessages.businessId,
      businessName: businesses.name,
      businessOwnerId: businesses.userId,
      visitorId: businessMessages.visitorId,
      senderId: businessMessages.senderId,
      text: businessMessages.message,
      readStatus: businessMessages.readStatus,
      createdAt: businessMessages.createdAt,
    })
    .from(businessMessages)
    .leftJoin(businesses, eq(businesses.id, businessMessages.businessId))
    .where(
      or(
        eq(businessMessages.visitorId, me),
        eq(businessMessages.senderId, me),
        eq(businessMessages.recipientId, me),
        eq(businesses.userId, me),
      ),
    )
    .orderBy(asc(businessMessages.createdAt), asc(businessMessages.id));
  const visitorIds = [...new Set(messages.filter((m) => m.visitorId !== me).map((m) => m.visitorId))];
  const visitorNames = new Map<string, string>();
  if (visitorIds.length) {
    const rows = await db.select({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName }).from(profiles).where(inArray(profiles.id, visitorIds));
    for (const row of rows) visitorNames.set(row.id, partnerName(row));
  }
  type Conversation = {
    businessName: string;
    myRole: "visitor" | "owner";
    counterpartName: string;
    messages: { sentByMe: boolean; text: string; read: boolean; sentAt: string }[];
  };
  const conversations = new Map<string, Conversation>();
  for (const m of messages) {
    const key = `${m.businessId ?? "none"}:${m.visitorId}`;
    let conversation = conversations.get(key);
    if (!conversation) {
      const businessName = m.businessName ?? t("Unknown Business");
      const myRole = m.visitorId === me ? "visitor" : "owner";
      conversation = {
        businessName,
        myRole,
        counterpartName: myRole === "visitor" ? businessName : (visitorNames.get(m.visitorId) ?? t("Visitor")),
        messages: [],
      };
      conversations.set(key, conversation);
    }
    conversation.messages.push({ sentByMe: m.senderId === me, text: m.text, read: m.readStatus, sentAt: m.createdAt.toISOString() });
  }

  const myNotifications = await db
    .select({ kind: notifications.kind, title: notifications.title, body: notifications.body, priority: notifications.priority, readAt: notifications.readAt, createdAt: notifications.createdAt })
    .from(notifications)
    .where(eq(notifications.userId, me))
    .orderBy(asc(notifications.createdAt));
  const kyc = await db
    .select({
      fullName: kycSubmissions.fullName,
      idNumber: kycSubmissions.idNumber,
      status: kycSubmissions.status,
      submittedAt: kycSubmissions.submittedAt,
      reviewedAt: kycSubmissions.reviewedAt,
      rejectionReason: kycSubmissions.rejectionReason,
      hasDocument: sql<boolean>`${kycSubmissions.idImageUrl} is not null`,
      documentPurgedAt: kycSubmissions.documentPurgedAt,
    })
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, me))
    .orderBy(asc(kycSubmissions.submittedAt));
  const myPayments = await db
    .select({
      reference: payments.reference,
      purpose: payments.purpose,
      planId: payments.planId,
      businessId: payments.businessId,
      amountKobo: payments.amountKobo,
      currency: payments.currency,
      provider: payments.provider,
      status: payments.status,
      failureReason: payments.failureReason,
      createdAt: payments.createdAt,
      confirmedAt: payments.confirmedAt,
      refundStatus: payments.refundStatus,
      refundReason: payments.refundReason,
      refundedAt: payments.refundedAt,
    })
    .from(payments)
    .where(eq(payments.userId, me))
    .orderBy(asc(payments.createdAt));
  const mySubscriptions = await db
    .select({ planId: subscriptions.planId, status: subscriptions.status, startsAt: subscriptions.startsAt, endsAt: subscriptions.endsAt, createdAt: subscriptions.createdAt })
    .from(subscriptions)
    .where(eq(subscriptions.userId, me))
    .orderBy(asc(subscriptions.startsAt));
  const myFeedback = await db
    .select({ message: feedback.message, status: feedback.status, createdAt: feedback.createdAt })
    .from(feedback)
    .where(eq(feedback.userId, me))
    .orderBy(asc(feedback.createdAt));

  const mySaved = await db
    .select({ businessName: businesses.name, savedAt: savedBusinesses.createdAt })
    .from(savedBusinesses)
    .innerJoin(businesses, eq(businesses.id, savedBusinesses.businessId))
    .where(eq(savedBusinesses.userId, me))
    .orderBy(asc(savedBusinesses.createdAt));

  const myReviews = await db
    .select({
      businessName: businesses.name, stars: reviews.stars, text: reviews.body, status: reviews.status, helpfulVotes: reviews.helpfulCount,
      businessReply: reviews.reply, createdAt: reviews.createdAt, updatedAt: reviews.updatedAt,
    })
    .from(reviews)
    .innerJoin(businesses, eq(businesses.id, reviews.businessId))
    .where(eq(reviews.authorId, me))
    .orderBy(asc(reviews.createdAt));
  // Replies the person wrote as an owner: their words and the business; the review itself is another person's.
  const myReplies = listingIds.length
    ? await db
        .select({ businessName: businesses.name, reply: reviews.reply, repliedAt: reviews.repliedAt, updatedAt: reviews.replyUpdatedAt })
        .from(reviews)
        .innerJoin(businesses, eq(businesses.id, reviews.businessId))
        .where(and(inArray(reviews.businessId, listingIds), isNotNull(reviews.reply)))
        .orderBy(asc(reviews.repliedAt))
    : [];
  const myVotes = await db
    .select({ businessName: businesses.name, votedAt: reviewHelpfulVotes.createdAt })
    .from(reviewHelpfulVotes)
    .innerJoin(reviews, eq(reviews.id, reviewHelpfulVotes.reviewId))
    .innerJoin(businesses, eq(businesses.id, reviews.businessId))
    .where(eq(reviewHelpfulVotes.userId, me))
    .orderBy(asc(reviewHelpfulVotes.createdAt));
  const myReports = await db
    .select({ kind: reports.itemKind, itemId: reports.itemId, reason: reports.reason, details: reports.details, status: reports.status, outcome: reports.outcome, createdAt: reports.createdAt, decidedAt: reports.decidedAt })
    .from(reports)
    .where(eq(reports.reporterId, me))
    .orderBy(asc(reports.createdAt));
  // Claims of listings the person sent for review (issue 34): what they wrote and chose, never the document's bytes or key.
  const myClaims = await db
    .select({
      businessName: businesses.name, kind: listingClaims.kind, documentKind: listingClaims.documentKind, note: listingClaims.note, status: listingClaims.status,
      reason: listingClaims.reason, hasDocument: sql<boolean>`${listingClaims.documentKey} is not null`, documentPurgedAt: listingClaims.documentPurgedAt,
      createdAt: listingClaims.createdAt, decidedAt: listingClaims.decidedAt,
    })
    .from(listingClaims)
    .innerJoin(businesses, eq(businesses.id, listingClaims.businessId))
    .where(eq(listingClaims.userId, me))
    .orderBy(asc(listingClaims.createdAt));
  // Verification levels (issue 35): what was checked and how, the provider's reference, the virtual NIN's last 4
  // characters (the rest was never kept), and whether each stands, expired or ended and why.
  const myVerifications = await db
    .select({
      level: listingVerifications.level, method: listingVerifications.method, businessName: businesses.name, phone: listingVerifications.phone,
      fullName: listingVerifications.fullName, idLast4: listingVerifications.idLast4, rcNumber: listingVerifications.rcNumber,
      registeredName: listingVerifications.registeredName, companyType: listingVerifications.companyType, provider: listingVerifications.provider,
      providerReference: listingVerifications.providerReference, matchResult: listingVerifications.matchResult, verifiedAt: listingVerifications.verifiedAt,
      expiresAt: listingVerifications.expiresAt, endedAt: listingVerifications.endedAt, endReason: listingVerifications.endReason,
    })
    .from(listingVerifications)
    .leftJoin(businesses, eq(businesses.id, listingVerifications.businessId))
    .where(eq(listingVerifications.userId, me))
    .orderBy(asc(listingVerifications.verifiedAt));
  // Suggestions the person sent (issue 34): what they suggested, their note, and what became of it.
  const mySuggestions = await db
    .select({
      kind: listingSuggestions.kind,
      businessName: businesses.name,
      suggested: listingSuggestions.payload,
      note: listingSuggestions.note,
      status: listingSuggestions.status,
      outcome: listingSuggestions.outcome,
      reason: listingSuggestions.reason,
      createdAt: listingSuggestions.createdAt,
      decidedAt: listingSuggestions.decidedAt,
    })
    .from(listingSuggestions)
    .leftJoin(businesses, eq(businesses.id, sql`coalesce(${listingSuggestions.businessId}, ${listingSuggestions.createdBusinessId})`))
    .where(eq(listingSuggestions.userId, me))
    .orderBy(asc(listingSuggestions.createdAt));
  // Quote requests the person sent (issue 37), each with the businesses it went to and their answers.
  const myQuoteRequests = await db
    .select({
      id: quoteRequests.id, description: quoteRequests.description, category: quoteRequests.category, state: quoteRequests.state,
      lga: quoteRequests.lga, timing: quoteRequests.timing, sharePhone: quoteRequests.sharePhone, status: quoteRequests.status,
      createdAt: quoteRequests.createdAt, closedAt: quoteRequests.closedAt,
    })
    .from(quoteRequests)
    .where(eq(quoteRequests.requesterId, me))
    .orderBy(asc(quoteRequests.createdAt));
  const myQuoteAnswers = myQuoteRequests.length === 0 ? [] : await db
    .select({ requestId: quoteRecipients.requestId, businessName: businesses.name, status: quoteRecipients.status, priceKobo: quoteRecipients.priceKobo, answer: quoteRecipients.answer, answeredAt: quoteRecipients.answeredAt })
    .from(quoteRecipients)
    .innerJoin(businesses, eq(businesses.id, quoteRecipients.businessId))
    .where(inArray(quoteRecipients.requestId, myQuoteRequests.map((q) => q.id)));
  // Blocks the person set: in a conversation as its visitor, or as the owner of its listing.
  const myBlocks = await db
    .select({ businessName: businesses.name, blockedBy: conversationBlocks.blockedBy, createdAt: conversationBlocks.createdAt })
    .from(conversationBlocks)
    .innerJoin(businesses, eq(businesses.id, conversationBlocks.businessId))
    .where(eq(conversationBlocks.blockerId, me))
    .orderBy(asc(conversationBlocks.createdAt));

  const exportedAt = new Date();
  const data = {
    about: t(
      "Everything Naija Directory holds about your account, exported at your request (Nigeria Data Protection Act 2023). Passwords, session tokens and two-factor secrets are never included. See /privacy for what we keep and why.",
    ),
    exportedAt: exportedAt.toISOString(),
    account: {
      id: me,
      email: account.email,
      emailVerified: account.emailVerified,
      isAdmin: actor.isAdmin,
      twoFactorEnabled: Boolean(account.twoFactorEnabled),
      suspended: Boolean(account.suspended),
      suspensionReason: account.suspensionReason,
      createdAt: iso(account.createdAt),
      updatedAt: iso(account.updatedAt),
    },
    profile: profile
      ? { ...profile, createdAt: iso(profile.createdAt), updatedAt: iso(profile.updatedAt) }
      : null,
    sessions: sessions.map((s) => ({ ...s, createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt) })),
    listings: listings.map((l) => ({
      ...l,
      approvedAt: iso(l.approvedAt),
      rejectedAt: iso(l.rejectedAt),
      featuredUntil: iso(l.featuredUntil),
      createdAt: iso(l.createdAt),
      updatedAt: iso(l.updatedAt),
      images: images
        .filter((i) => i.businessId === l.id)
        .map((i) => ({ position: i.position, url: imageUrl(i.key, IMAGE_WIDTHS.detail), width: i.width, height: i.height, addedAt: iso(i.createdAt) })),
      priceList: priceItems
        .filter((i) => i.businessId === l.id)
        .map(({ businessId: _b, photoKey, photoAt, ...i }) => ({
          ...i, photoUrl: photoKey && photoAt ? imageUrl(photoKey, IMAGE_WIDTHS.detail, photoAt) : null, updatedAt: iso(i.updatedAt),
        })),
      offers: offers
        .filter((o) => o.businessId === l.id)
        .map(({ businessId: _b, photoKey, ...o }) => ({
          ...o, photoUrl: photoKey ? imageUrl(photoKey, IMAGE_WIDTHS.detail) : null, createdAt: iso(o.createdAt), updatedAt: iso(o.updatedAt),
        })),
      featuredRequests: requests
        .filter((r) => r.businessId === l.id)
        .map(({ businessId: _b, ...r }) => ({ ...r, startDate: iso(r.startDate), endDate: iso(r.endDate), createdAt: iso(r.createdAt) })),
    })),
    conversations: [...conversations.values()],
    notifications: myNotifications.map((n) => ({ ...n, readAt: iso(n.readAt), createdAt: iso(n.createdAt) })),
    kycSubmissions: kyc.map(({ documentPurgedAt, ...k }) => ({
      ...k,
      hasDocument: Boolean(k.hasDocument),
      submittedAt: iso(k.submittedAt),
      reviewedAt: iso(k.reviewedAt),
      documentDeletedAt: iso(documentPurgedAt),
    })),
    payments: myPayments.map((p) => ({ ...p, createdAt: iso(p.createdAt), confirmedAt: iso(p.confirmedAt), refundedAt: iso(p.refundedAt) })),
    subscriptions: mySubscriptions.map((s) => ({ ...s, startsAt: iso(s.startsAt), endsAt: iso(s.endsAt), createdAt: iso(s.createdAt) })),
    feedback: myFeedback.map((f) => ({ ...f, createdAt: iso(f.createdAt) })),
    savedBusinesses: mySaved.map((s) => ({ businessName: s.businessName, savedAt: iso(s.savedAt) })),
    reviews: myReviews.map((r) => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) })),
    repliesToReviews: myReplies.map((r) => ({ ...r, repliedAt: iso(r.repliedAt), updatedAt: iso(r.updatedAt) })),
    helpfulVotes: myVotes.map((v) => ({ businessName: v.businessName, votedAt: iso(v.votedAt) })),
    reports: myReports.map((r) => ({ ...r, createdAt: iso(r.createdAt), decidedAt: iso(r.decidedAt) })),
    suggestions: mySuggestions.map((s) => ({ ...s, createdAt: iso(s.createdAt), decidedAt: iso(s.decidedAt) })),
    quoteRequests: myQuoteRequests.map(({ id, ...q }) => ({
      ...q, createdAt: iso(q.createdAt), closedAt: iso(q.closedAt),
      answers: myQuoteAnswers.filter((a) => a.requestId === id).map(({ requestId: _r, ...a }) => ({ ...a, answeredAt: iso(a.answeredAt) })),
    })),
    verifications: myVerifications.map((v) => ({ ...v, verifiedAt: iso(v.verifiedAt), expiresAt: iso(v.expiresAt), endedAt: iso(v.endedAt) })),
    listingClaims: myClaims.map(({ documentPurgedAt, ...c }) => ({
      ...c,
      hasDocument: Boolean(c.hasDocument),
      createdAt: iso(c.createdAt),
      decidedAt: iso(c.decidedAt),
      documentDeletedAt: iso(documentPurgedAt),
    })),
    emailPreferences: {
      weeklySummary: preference?.weeklySummary ?? true,
      changedAt: iso(preference?.updatedAt ?? null),
      weeklySummariesSent: summariesSent.map((w) => ({ weekStarting: w.weekStart, sentAt: iso(w.sentAt) })),
    },
    blocks: myBlocks.map((b) => ({
      // Who was blocked, as the person saw them: the business they wrote to, or 'a visitor' of their listing.
      blocked: b.blockedBy === "visitor" ? b.businessName : `A visitor of ${b.businessName}`,
      createdAt: iso(b.createdAt),
    })),
  };
  return { fileName: `naija-directory-data-${exportedAt.toISOString().slice(0, 10)}.json`, data };
}

export type PrivacyExport = Awaited<ReturnType<typeof exportMyData>>["data"];
