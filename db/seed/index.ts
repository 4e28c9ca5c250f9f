/**
 * Demo data for a new database (server start-up when DEMO_SEED is not false outside production,
 * and `npm run cli -- seed`). Everything comes from one fixed seed (db/seed/data.ts), is written
 * with the same factories the tests use (db/seed/factories.ts), and all rows go in one transaction.
 * Images are drawn locally while the rows are inserted; if anything fails, the files written so
 * far are removed and the transaction rolls back.
 */
import { availableParallelism } from "node:os";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { listingPriceItems, listingVerifications, payments, reports, reviewHelpfulVotes, reviews, savedBusinesses } from "../schema";
import { getDb, type Db } from "../../app/lib/db.server";
import { scatterAround } from "../../app/lib/geo";
import { featuredMonthsForTier, type Region } from "../../app/lib/reference";
import { getStorage, type Storage } from "../../app/lib/storage.server";
import { buildDemoPlan, DEMO_OFFERS, DEMO_PRICE_LISTS, DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD, DEMO_SEED_VALUE, Rng, type BusinessPlan, DEMO_REPLIES_TO_PRAISE, DEMO_REPLY_TO_COMPLAINT, DEMO_REVIEWS } from "./data";
import {
  addBusinessImage, createBusiness, createOffer, createFeaturedRequest, createFeedback, createKycSubmission, createMessage, createReview,
  createPayment, createSubscription, createUser, passwordHashFor,
} from "./factories";
import { listingsWithAnalytics, seedListingAnalytics } from "./analytics";
import { typicalHours } from "./opening-hours";
import { addDays } from "../../app/features/offers/offer.schemas";
import { watDate } from "../../app/lib/opening-hours";
import { businessImageKey, mapLimit, renderBusinessImage, renderKycDocument, type RenderedImage } from "./images";

export type SeedOptions = {
  /** Default: the process's database (getDb()). */
  db?: Db;
  /** Default: the process's file storage (getStorage()). */
  storage?: Storage;
  /** The moment the data is relative to (created_at values spread over the ~90 days before it). */
  now?: Date;
  /** Default DEMO_SEED_VALUE: the same seed gives the same content. */
  seed?: number;
};

const addMonths = (date: Date, months: number) => {
  const d = new Date(date);
  d.setMonth(d.getMonth() + months);
  return d;
};
const latest = (...dates: (Date | null | undefined)[]) =>
  new Date(Math.max(...dates.filter((d): d is Date => d instanceof Date).map((d) => d.getTime())));

/** Fills a new database with the demo data and returns how many of each thing it created. */
export async function seedDemoData(options: SeedOptions = {}): Promise<Record<string, number>> {
  const db = options.db ?? getDb();
  const storage = options.storage ?? getStorage();
  const now = (options.now ?? new Date()).getTime();
  const at = (agoMs: number) => new Date(now - agoMs);
  const plan = buildDemoPlan(options.seed ?? DEMO_SEED_VALUE);

  // Drawing runs on sharp's threads while the rows are inserted here; results are awaited later.
  const concurrency = Math.max(2, Math.min(4, availableParallelism()));
  const imageJobs = plan.businesses.flatMap((b) => Array.from({ length: b.imageCount }, (_, i) => ({ b, position: i + 1 })));
  const rendering = mapLimit(imageJobs, concurrency, ({ b, position }) =>
    renderBusinessImage({ name: b.name, category: b.category, city: b.city, state: b.state, products: b.products, seed: b.imageSeed }, position),
  );
  const kycRendering = rendering.then(() =>
    mapLimit(plan.kyc, concurrency, (k) => renderKycDocument({ fullName: k.fullName, idNumber: k.idNumber, seed: k.imageSeed })),
  );
  // Avoid unhandled rejections if the transaction fails before these are awaited.
  rendering.catch(() => undefined);
  kycRendering.catch(() => undefined);
  const passwordHash = await passwordHashFor(DEMO_PASSWORD);

  const writtenImages: string[] = [];
  const writtenKyc: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      // --- Accounts -----------------------------------------------------------------------
      const userIds = new Map<string, string>();
      for (const p of plan.people) {
        const created = await createUser(tx, {
          email: p.email, passwordHash, role: p.role, firstName: p.firstName, lastName: p.lastName, country: "Nigeria",
          state: p.state === "FCT" ? "FCT - Abuja" : p.state, category: p.category, kycStatus: p.kycStatus,
          emailVerified: true, createdAt: at(p.agoMs), ...(p.role === "admin" ? { totpSecret: DEMO_ADMIN_TOTP_SECRET } : {}),
        });
        userIds.set(p.key, created.id);
      }
      const id = (key: string) => {
        const value = userIds.get(key);
        if (!value) throw new Error(`demo plan refers to unknown account ${key}`);
        return value;
      };
      const adminId = id("admin@example.com");

      // --- KYC submissions (documents are written once drawn) -------------------------------
      const kycKeys: string[] = [];
      for (const k of plan.kyc) {
        const userId = id(k.userKey);
        const submittedAt = at(k.submittedAgoMs);
        const key = `${userId}/${submittedAt.getTime()}_id.webp`;
        kycKeys.push(key);
        await createKycSubmission(tx, {
          userId, fullName: k.fullName, idNumber: k.idNumber, idImageUrl: key, status: k.status, submittedAt,
          reviewedAt: k.reviewedAgoMs === null ? null : at(k.reviewedAgoMs), reviewedBy: k.status === "pending" ? null : adminId,
          rejectionReason: k.rejectionReason, updateProfile: false,
        });
      }

      // --- Listings -----------------------------------------------------------------------
      const businessIds = new Map<string, string>();
      const businessCreated = new Map<string, Date>();
      const planByKey = new Map<string, BusinessPlan>(plan.businesses.map((b) => [b.key, b]));
      for (const b of plan.businesses) {
        const createdAt = at(b.agoMs);
        const reviewedAt = b.reviewedAgoMs === null ? null : at(b.reviewedAgoMs);
        const featuredStart = b.featured ? at(b.featured.startAgoMs) : null;
        const row = await createBusiness(tx, {
          userId: id(b.ownerKey), name: b.name, description: b.description, address: b.address, plotNumber: b.plotNumber,
          state: b.state, lga: b.lga, landmark: b.landmark, country: "Nigeria", phoneNumber: b.phoneNumber, websiteUrl: b.websiteUrl, products: b.products,
          category: b.category, status: b.status, rejectionReason: b.rejectionReason,
          approvedAt: b.status === "approved" ? reviewedAt : null, rejectedAt: b.status === "rejected" ? reviewedAt : null,
          featured: Boolean(b.featured),
          featuredUntil: b.featured && featuredStart ? addMonths(featuredStart, featuredMonthsForTier(b.featured.tier)) : null,
          featuredManagedBy: b.featured ? adminId : null, featuredManagedAt: featuredStart,
          viewCount: b.viewCount, createdAt, updatedAt: latest(createdAt, reviewedAt, featuredStart),
          // Opening hours (ADR 21): from the category, picked by the listing's own seed (the plan's random sequence is untouched).
          openingHours: typicalHours(b.category, b.imageSeed),
          // Within 12 km of the state's capital (ADR 23), from the listing's own seed: the same on every run.
          ...demoLocation(b.state, b.imageSeed),
        });
        businessIds.set(b.key, row.id);
        businessCreated.set(b.key, createdAt);
      }
      const businessId = (key: string) => {
        const value = businessIds.get(key);
        if (!value) throw new Error(`demo plan refers to unknown listing ${key}`);
        return value;
      };

      // --- Verification levels (issue 35, ADR 39): each level on some listings --------------------
      // Every owner whose photo ID an admin approved has the identity level by document (as approveKyc gives it), from
      // that day; one approved listing in three has its phone verified; owner@example.com's first listing and one in
      // seven of the others are registered businesses. Dated after the listing was made; standing for their months.
      const verifiedRows: (typeof listingVerifications.$inferInsert)[] = [];
      for (const k of plan.kyc) {
        if (k.status !== "approved" || k.reviewedAgoMs === null) continue;
        const verifiedAt = at(k.reviewedAgoMs);
        verifiedRows.push({ level: "identity", method: "document", userId: id(k.userKey), fullName: k.fullName, verifiedAt, expiresAt: addMonths(verifiedAt, 24) });
      }
      const approvedListings = plan.businesses.filter((b) => b.status === "approved");
      const demoOwnerKey = plan.people.find((p) => p.email === "owner@example.com")?.key;
      const demoOwnersFirst = approvedListings.find((b) => b.ownerKey === demoOwnerKey)?.key;
      approvedListings.forEach((b, i) => {
        const verifiedAt = new Date(Math.min(now - 3_600_000, businessCreated.get(b.key)!.getTime() + ((i % 5) + 1) * 86_400_000));
        const base = { userId: id(b.ownerKey), businessId: businessId(b.key), verifiedAt, expiresAt: addMonths(verifiedAt, 12) };
        const isDemoOwnersFirst = b.key === demoOwnersFirst;
        if (b.phoneNumber && (i % 3 === 0 || isDemoOwnersFirst)) verifiedRows.push({ ...base, level: "phone", method: "sms-code", phone: b.phoneNumber });
        if (isDemoOwnersFirst || i % 7 === 3) {
          verifiedRows.push({ ...base, level: "business", method: "cac-lookup", rcNumber: String(1_000_000 + ((i * 7_919) % 8_000_000)), registeredName: `${b.name.toUpperCase()} LIMITED`, companyType: "PRIVATE_COMPANY_LIMITED_BY_SHARES", provider: "verifyme" });
        }
      });
      if (verifiedRows.length > 0) await tx.insert(listingVerifications).values(verifiedRows);
      // The bits search's 'Verified' filter reads (written as the use cases write them: app/features/verification).
      await tx.execute(sql`update businesses b set verified_levels = coalesce((
        select bit_or(case v.level when 'phone' then 1 when 'identity' then 2 else 4 end)::smallint from listing_verifications v
        where v.ended_at is null and v.expires_at > now() and (v.business_id = b.id or (v.level = 'identity' and v.business_id is null and v.user_id = b.user_id))), 0)`);

      // --- Featured requests (each paid through the demo provider) --------------------------
      let paymentCount = 0;
      for (const r of plan.featuredRequests) {
        const b = planByKey.get(r.businessKey)!;
        const ownerId = id(b.ownerKey);
        const createdAt = at(r.agoMs);
        const payment = await createPayment(tx, {
          userId: ownerId, purpose: "featured", planId: r.tier, businessId: businessId(b.key), reference: r.paymentReference,
          createdAt: new Date(createdAt.getTime() - 60_000),
        });
        paymentCount++;
        if (r.status === "rejected") {
          // A rejected paid request gives its money back (ADR 16): refunded through the demo provider.
          const decided = new Date(Math.min(now, createdAt.getTime() + 86_400_000));
          await tx
            .update(payments)
            .set({ refundStatus: "refunded", refundReason: "The photos did not show the business.", refundRequestedAt: decided, refundedAt: decided })
            .where(eq(payments.id, payment.id));
        }
        const startDate = r.startAgoMs === null ? null : at(r.startAgoMs);
        await createFeaturedRequest(tx, {
          businessId: businessId(b.key), requestedBy: ownerId, pricingTier: r.tier, status: r.status, startDate,
          endDate: startDate ? addMonths(startDate, featuredMonthsForTier(r.tier)) : null,
          paymentReference: r.paymentReference, reviewedBy: r.status === "pending" ? null : adminId, createdAt,
          updatedAt: r.status === "pending" ? createdAt : (startDate ?? new Date(Math.min(now, createdAt.getTime() + 86_400_000))),
        });
      }

      // --- Subscriptions for owners with more than one listing -----------------------------
      for (const s of plan.subscriptions) {
        const userId = id(s.userKey);
        const startsAt = at(s.startAgoMs);
        const payment = await createPayment(tx, {
          userId, purpose: "subscription", planId: s.planId, reference: s.paymentReference, createdAt: new Date(startsAt.getTime() - 60_000),
        });
        paymentCount++;
        await createSubscription(tx, { userId, planId: s.planId, startsAt, paymentId: payment.id });
      }

      // --- Offers (issue 37): three listings of other owners have a current, approved offer (the home carousel's) ---
      const offerListings = approvedListings.filter((b) => b.ownerKey !== demoOwnerKey).slice(0, DEMO_OFFERS.length);
      for (const [i, b] of offerListings.entries()) {
        const offer = DEMO_OFFERS[i]!;
        const startsOn = watDate(new Date(now - offer.startedDaysAgo * 86_400_000));
        await createOffer(tx, { businessId: businessId(b.key), ...offer.texts, startsOn, endsOn: addDays(startsOn, offer.days - 1), createdAt: new Date(now - (offer.startedDaysAgo + 1) * 86_400_000) });
      }

      // --- Conversations --------------------------------------------------------------------
      let messageCount = 0;
      for (const c of plan.conversations) {
        const b = planByKey.get(c.businessKey)!;
        const ownerId = id(b.ownerKey);
        const visitorId = id(c.visitorKey);
        for (const m of c.messages) {
          const fromVisitor = m.from === "visitor";
          await createMessage(tx, {
            businessId: businessId(b.key), senderId: fromVisitor ? visitorId : ownerId, recipientId: fromVisitor ? ownerId : visitorId,
            visitorId, message: m.text, senderType: fromVisitor ? "visitor" : "business", readStatus: m.read, createdAt: at(m.agoMs),
          });
          messageCount++;
        }
      }

      // --- Reviews: on two listings in three (the others show no rating), a few owner replies ----
      const reviewers = plan.people.filter((p) => p.role === "visitor");
      let reviewCount = 0;
      if (reviewers.length > 0) {
        const approvedPlans = plan.businesses.filter((b) => b.status === "approved");
        for (const [i, b] of approvedPlans.entries()) {
          if (i % 3 === 2) continue;
          const many = 1 + ((i * 7) % 5);
          const authors = new Set<string>();
          const written: string[] = [];
          for (let j = 0; j < Math.min(many, reviewers.length); j++) {
            const author = reviewers[(i + j * 3) % reviewers.length]!;
            if (authors.has(author.key)) continue;
            authors.add(author.key);
            const n = i * 5 + j;
            const createdAt = new Date(Math.max(businessCreated.get(b.key)!.getTime() + 3_600_000, now - ((n % 40) + 1) * 86_400_000));
            const { stars, body } = DEMO_REVIEWS[n % DEMO_REVIEWS.length]!;
            const reply = stars >= 4 ? DEMO_REPLIES_TO_PRAISE[i % DEMO_REPLIES_TO_PRAISE.length]! : DEMO_REPLY_TO_COMPLAINT;
            const review = await createReview(tx, {
              businessId: businessId(b.key), authorId: id(author.key), stars,
              body, createdAt: new Date(Math.min(createdAt.getTime(), now - 3_600_000)),
              reply: j === 0 && i % 4 === 0 ? reply : null,
            });
            written.push(review.id);
            reviewCount++;
            // The second reviewer found the first review helpful.
            if (written.length === 2) {
              await tx.insert(reviewHelpfulVotes).values({ reviewId: written[0]!, userId: id(author.key) });
              await tx.update(reviews).set({ helpfulCount: sql`${reviews.helpfulCount} + 1` }).where(eq(reviews.id, written[0]!));
            }
          }
        }
      }

      // --- Price lists (issue 37): two fixed listings' products with groups, prices and descriptions (approved) ---
      const priceRows = Object.entries(DEMO_PRICE_LISTS).flatMap(([key, items]) => {
        const listing = planByKey.get(key);
        if (!listing) return [];
        return items
          .filter((item) => listing.products.includes(item.name))
          .map((item) => ({ businessId: businessId(key), name: item.name, groupName: item.group, priceKobo: item.kobo, priceKind: item.kind, description: item.description }));
      });
      if (priceRows.length > 0) await tx.insert(listingPriceItems).values(priceRows);

      // --- Analytics (issue 18): 90 days of figures for the demo owner's listings and a few others ---
      const analytics = await seedListingAnalytics(tx, {
        listings: listingsWithAnalytics(plan.businesses, "owner@example.com").map((b) => ({ ...b, id: businessId(b.key) })),
        now, seed: options.seed ?? DEMO_SEED_VALUE,
      });

      // --- Feedback -------------------------------------------------------------------------
      for (const f of plan.feedback) {
        const createdAt = at(f.agoMs);
        await createFeedback(tx, {
          userId: id(f.userKey), message: f.message, status: f.status, createdAt,
          updatedAt: f.status === "new" ? createdAt : new Date(Math.min(now, createdAt.getTime() + 86_400_000)),
        });
      }

      // --- One reported review waiting in the admin's Reports tab (issue 16), by a visitor other than the demo one
      // and other than the review's author ---
      const reporter = plan.people.filter((p) => p.role === "visitor")[1];
      if (reporter) {
        const [reported] = await tx
          .select({ id: reviews.id })
          .from(reviews)
          .where(and(eq(reviews.status, "published"), ne(reviews.authorId, id(reporter.key))))
          .orderBy(desc(reviews.createdAt), reviews.id)
          .limit(1);
        if (reported) {
          await tx.insert(reports).values({
            reporterId: id(reporter.key), itemKind: "review", itemId: reported.id, reason: "fake",
            details: "This reads like the owner wrote it: the same words are on three other listings.", createdAt: at(5 * 3_600_000),
          });
        }
      }

      // --- The demo visitor's saved businesses (issue 20): the approved listings they wrote to, and a few more ---
      const demoVisitor = plan.people.find((p) => p.email === "visitor@example.com");
      if (demoVisitor) {
        const written = new Set(plan.conversations.filter((c) => c.visitorKey === demoVisitor.key).map((c) => c.businessKey));
        const approved = plan.businesses.filter((b) => b.status === "approved");
        const chosen = [...approved.filter((b) => written.has(b.key)), ...approved.filter((b) => !written.has(b.key)).slice(0, 3)];
        if (chosen.length > 0) {
          await tx.insert(savedBusinesses).values(chosen.map((b, i) => ({ userId: id(demoVisitor.key), businessId: businessId(b.key), createdAt: at((i + 1) * 86_400_000) })));
        }
      }

      // --- Images: files first (outside the database), then their rows ----------------------
      const rendered = await rendering;
      const perBusiness = new Map<string, RenderedImage[]>();
      imageJobs.forEach(({ b }, i) => {
        const list = perBusiness.get(b.key) ?? [];
        list.push(rendered[i]);
        perBusiness.set(b.key, list);
      });
      const files = plan.businesses.flatMap((b) => {
        const bid = businessId(b.key);
        const timestamp = businessCreated.get(b.key)!.getTime();
        return (perBusiness.get(b.key) ?? []).map((image, i) => ({ b, bid, timestamp, position: i + 1, image }));
      });
      await mapLimit(files, 8, async (f) => {
        if (f.position === 1) writtenImages.push(f.bid);
        await storage.put("business-images", businessImageKey(f.bid, f.timestamp, f.position), f.image.data, "image/webp");
      });
      for (const f of files) {
        await addBusinessImage(tx, {
          businessId: f.bid, imageUrl: businessImageKey(f.bid, f.timestamp, f.position), position: f.position,
          width: f.image.width, height: f.image.height, createdAt: businessCreated.get(f.b.key)!,
        });
      }
      const documents = await kycRendering;
      await mapLimit(plan.kyc, 8, async (k, i) => {
        writtenKyc.push(id(k.userKey));
        await storage.put("kyc-documents", kycKeys[i], documents[i], "image/webp");
      });

      const approved = plan.businesses.filter((b) => b.status === "approved");
      return {
        users: plan.people.length,
        admins: plan.people.filter((p) => p.role === "admin").length,
        owners: plan.people.filter((p) => p.role === "business").length,
        visitors: plan.people.filter((p) => p.role === "visitor").length,
        businesses: plan.businesses.length,
        approved: approved.length,
        featured: plan.businesses.filter((b) => b.featured).length,
        pending: plan.businesses.filter((b) => b.status === "pending").length,
        rejected: plan.businesses.filter((b) => b.status === "rejected").length,
        states: new Set(approved.map((b) => b.state)).size,
        categories: new Set(approved.map((b) => b.category)).size,
        images: files.length,
        kycSubmissions: plan.kyc.length,
        featuredRequests: plan.featuredRequests.length,
        subscriptions: plan.subscriptions.length,
        payments: paymentCount,
        messages: messageCount,
        feedback: plan.feedback.length,
        reviews: reviewCount,
        analyticsDays: analytics.days,
      };
    });
  } catch (error) {
    await Promise.allSettled([
      ...[...new Set(writtenImages)].map((bid) => storage.deletePrefix("business-images", bid)),
      ...[...new Set(writtenKyc)].map((uid) => storage.deletePrefix("kyc-documents", uid)),
    ]);
    throw error;
  }
}


/** A listing's demo location: two numbers from its seed (mulberry32 through Rng), scattered around the capital. */
function demoLocation(state: Region, seed: number) {
  const rng = new Rng(seed ^ 0x5eed);
  return scatterAround(state, rng.float(), rng.float(), 12);
}
