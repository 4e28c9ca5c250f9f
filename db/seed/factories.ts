/**
 * Row factories shared by the demo seed and the tests. Each takes the database (or a transaction)
 * first, inserts one row (or one account) with sensible defaults, and returns what it inserted.
 * None of them assumes an empty database: e-mails and names are unique by default.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { symmetricEncrypt } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import {
  businessOffers,
  account, businessImages, businesses, businessMessages, featuredRequests, feedback, kycSubmissions, payments,
  profiles, reviews, subscriptions, twoFactor, user,
} from "../schema";
import type { Db, Tx } from "../../app/lib/db.server";
import { getEnv } from "../../app/lib/env.server";
import { hashPassword } from "../../app/lib/password.server";
import {
  featuredMonthsForTier, FEATURED_PLANS, PLANS, type ApprovalStatus, type KycStatus, type PricingTier, type Role,
} from "../../app/lib/reference";
import { DEMO_PASSWORD } from "./data";
import { multirangeLiteral, watDate, type WeeklyHours } from "../../app/lib/opening-hours";
import { addDays, offerInstants } from "../../app/features/offers/offer.schemas";

/** The database or an open transaction: every factory accepts either. */
export type DbOrTx = Db | Tx;

export type UserRow = typeof user.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type BusinessRow = typeof businesses.$inferSelect;
export type BusinessImageRow = typeof businessImages.$inferSelect;
export type KycSubmissionRow = typeof kycSubmissions.$inferSelect;
export type MessageRow = typeof businessMessages.$inferSelect;
export type FeaturedRequestRow = typeof featuredRequests.$inferSelect;
export type FeedbackRow = typeof feedback.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The password factories give accounts when none is passed (the demo password). */
export const DEFAULT_PASSWORD = DEMO_PASSWORD;

let counter = 0;
/** A short suffix unique within the process and very likely across processes. */
export function uniqueSuffix(): string {
  counter += 1;
  return `${counter.toString(36)}${randomUUID().slice(0, 6)}`;
}

/** A fresh e-mail address on example.com, e.g. `user-3k9f2a1b@example.com`. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${uniqueSuffix()}@example.com`;
}

const hashes = new Map<string, Promise<string>>();
/** argon2id hash of a password, computed once per process per password (hashing costs ~50 ms). */
export function passwordHashFor(password: string = DEFAULT_PASSWORD): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
    hash.catch(() => hashes.delete(password));
  }
  return hash;
}

const addMonths = (date: Date, months: number) => {
  const d = new Date(date);
  d.setMonth(d.getMonth() + months);
  return d;
};

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------

export type CreateUserInput = {
  id?: string;
  /** Default: a unique address on example.com. Stored lower-case. */
  email?: string;
  /** Plain password (default DEFAULT_PASSWORD); hashed once per process and cached. */
  password?: string;
  /** A ready argon2id hash: skips hashing entirely. */
  passwordHash?: string;
  /** Stored in profiles.role (default visitor). */
  role?: Role | "user";
  firstName?: string;
  lastName?: string;
  country?: string;
  /** A region or sign-up label ('FCT - Abuja'); default Lagos. */
  state?: string | null;
  category?: string | null;
  kycStatus?: KycStatus;
  /** Default true, so the account can sign in. */
  emailVerified?: boolean;
  /** Suspended (better-auth's banned flag). */
  banned?: boolean;
  banReason?: string | null;
  /** Insert the profiles row too (default true). */
  withProfile?: boolean;
  createdAt?: Date;
  /**
   * Two-factor sign-in (TOTP) on, as if set up at /admin/security. Default: on for role admin (every admin
   * needs it to use the panel), off otherwise. `false` makes an admin without a second factor.
   */
  twoFactor?: boolean;
  /** The authenticator key (base32) when two-factor is on; default a fresh random one. */
  totpSecret?: string;
};

export type CreatedUser = {
  id: string;
  email: string;
  name: string;
  /** The plain password when it is known (not when only a hash was passed). */
  password: string | null;
  role: Role | "user";
  firstName: string;
  lastName: string;
  country: string;
  state: string | null;
  category: string | null;
  kycStatus: KycStatus;
  emailVerified: boolean;
  createdAt: Date;
  /** The authenticator key (base32) when two-factor sign-in is on, else null. */
  totpSecret: string | null;
};

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
/** A fresh 160-bit authenticator key in base32, as authenticator apps take it. */
export function newTotpSecret(): string {
  return [...randomBytes(32)].map((b) => BASE32[b % 32]).join("");
}

/**
 * Turns two-factor sign-in on for a user with a known authenticator key, stored the way better-auth's
 * two-factor plugin stores one it generated (encrypted with AUTH_SECRET; `base32:` marks an imported key).
 */
export async function enableTwoFactorFor(db: DbOrTx, userId: string, totpSecret: string = newTotpSecret()): Promise<string> {
  const key = getEnv().AUTH_SECRET;
  const backupCodes = Array.from({ length: 10 }, () => randomBytes(5).toString("hex").replace(/^(.{5})/, "$1-"));
  await db.insert(twoFactor).values({
    id: randomUUID(),
    userId,
    secret: await symmetricEncrypt({ key, data: `base32:${totpSecret}` }),
    backupCodes: await symmetricEncrypt({ key, data: JSON.stringify(backupCodes) }),
    verified: true,
  });
  await db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, userId));
  return totpSecret;
}

/** Inserts a user, its credential account (e-mail + password) and its profile. */
export async function createUser(db: DbOrTx, input: CreateUserInput = {}): Promise<CreatedUser> {
  const id = input.id ?? randomUUID();
  const email = (input.email ?? uniqueEmail(input.role ?? "user")).trim().toLowerCase();
  const role = input.role ?? "visitor";
  const firstName = input.firstName ?? "Test";
  const lastName = input.lastName ?? "User";
  const country = input.country ?? "Nigeria";
  const state = input.state === undefined ? "Lagos" : input.state;
  const category = input.category ?? null;
  const kycStatus = input.kycStatus ?? "none";
  const emailVerified = input.emailVerified ?? true;
  const createdAt = input.createdAt ?? new Date();
  const password = input.passwordHash ? null : (input.password ?? DEFAULT_PASSWORD);
  const hash = input.passwordHash ?? (await passwordHashFor(password!));
  const name = `${firstName} ${lastName}`.trim();
  const metadata: Record<string, string> = {
    first_name: firstName, last_name: lastName, role: role === "user" ? "visitor" : role, country,
  };
  if (state) metadata.state = state;
  if (category) metadata.category = category;

  await db.insert(user).values({
    id, name, email, emailVerified, createdAt, updatedAt: createdAt, metadata,
    role: role === "admin" ? "admin" : "user",
    banned: input.banned ?? false, banReason: input.banReason ?? null,
  });
  await db.insert(account).values({
    id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: hash, createdAt, updatedAt: createdAt,
  });
  if (input.withProfile !== false) {
    await db.insert(profiles).values({
      id, firstName, lastName, country, state, category, role, kycStatus, createdAt, updatedAt: createdAt,
    });
  }
  const totpSecret = (input.twoFactor ?? role === "admin") ? await enableTwoFactorFor(db, id, input.totpSecret) : null;
  return { id, email, name, password, role, firstName, lastName, country, state, category, kycStatus, emailVerified, createdAt, totpSecret };
}

/** A visitor account (createUser with role visitor). */
export function createVisitor(db: DbOrTx, input: Omit<CreateUserInput, "role"> = {}): Promise<CreatedUser> {
  return createUser(db, { firstName: "Visitor", ...input, role: "visitor" });
}

/** An admin account (profile role admin), with two-factor sign-in on unless `twoFactor: false`. */
export function createAdmin(db: DbOrTx, input: Omit<CreateUserInput, "role"> = {}): Promise<CreatedUser> {
  return createUser(db, { firstName: "Admin", ...input, role: "admin" });
}

/** A business owner; with kycStatus 'approved' (the default) also an approved KYC submission. */
export async function createOwner(
  db: DbOrTx,
  input: Omit<CreateUserInput, "role"> & { reviewedBy?: string | null } = {},
): Promise<CreatedUser> {
  const { reviewedBy, ...rest } = input;
  const kycStatus = rest.kycStatus ?? "approved";
  const owner = await createUser(db, { firstName: "Owner", ...rest, role: "business", kycStatus });
  if (kycStatus === "approved" || kycStatus === "pending" || kycStatus === "rejected") {
    await createKycSubmission(db, {
      userId: owner.id, fullName: owner.name, status: kycStatus, reviewedBy: reviewedBy ?? null,
      submittedAt: owner.createdAt, updateProfile: false,
    });
  }
  return owner;
}

// ---------------------------------------------------------------------------------------------
// Listings
// ---------------------------------------------------------------------------------------------

export type CreateBusinessInput = {
  id?: string;
  /** The owner (null makes an orphaned listing). */
  userId: string | null;
  /** Default: a unique 'Test Business …' name. */
  name?: string;
  description?: string | null;
  address?: string | null;
  plotNumber?: string | null;
  state?: string | null;
  /** Default none. */
  lga?: string | null;
  landmark?: string | null;
  country?: string;
  phoneNumber?: string | null;
  websiteUrl?: string | null;
  products?: string[];
  category?: string | null;
  /** Default approved (approved = true, approvedAt set); pending and rejected set approved = false. */
  status?: ApprovalStatus;
  rejectionReason?: string | null;
  approvedAt?: Date | null;
  rejectedAt?: Date | null;
  featured?: boolean;
  /** Default for featured listings: one month from now. */
  featuredUntil?: Date | null;
  featuredManagedBy?: string | null;
  featuredManagedAt?: Date | null;
  ownerSuspended?: boolean;
  viewCount?: number;
  socialMediaLinks?: Record<string, string>;
  /** Weekly opening hours (ADR 21); default none listed. */
  openingHours?: WeeklyHours | null;
  /** Where the business is (both or neither); none by default. */
  latitude?: number | null;
  longitude?: number | null;
  createdAt?: Date;
  updatedAt?: Date;
};

/** Inserts a listing (by default approved, in Lagos, category Eatery) and returns the row. */
export async function createBusiness(db: DbOrTx, input: CreateBusinessInput): Promise<BusinessRow> {
  const status = input.status ?? "approved";
  const createdAt = input.createdAt ?? new Date();
  const featured = input.featured ?? false;
  const [row] = await db
    .insert(businesses)
    .values({
      ...(input.id ? { id: input.id } : {}),
      userId: input.userId,
      name: input.name ?? `Test Business ${uniqueSuffix()}`,
      description: input.description === undefined ? "A friendly local business." : input.description,
      address: input.address === undefined ? "1 Allen Avenue, Ikeja, Lagos" : input.address,
      plotNumber: input.plotNumber ?? null,
      state: input.state === undefined ? "Lagos" : input.state,
      lga: input.lga ?? null,
      landmark: input.landmark ?? null,
      country: input.country ?? "Nigeria",
      phoneNumber: input.phoneNumber === undefined ? "+2348030000000" : input.phoneNumber,
      websiteUrl: input.websiteUrl ?? null,
      products: input.products ?? [],
      category: input.category === undefined ? "Eatery" : input.category,
      approved: status === "approved",
      approvalStatus: status,
      approvedAt: input.approvedAt !== undefined ? input.approvedAt : status === "approved" ? createdAt : null,
      rejectedAt: input.rejectedAt !== undefined ? input.rejectedAt : status === "rejected" ? createdAt : null,
      rejectionReason: input.rejectionReason ?? (status === "rejected" ? "Not specified" : null),
      featured,
      featuredUntil: input.featuredUntil !== undefined ? input.featuredUntil : featured ? addMonths(new Date(), 1) : null,
      featuredManagedBy: input.featuredManagedBy ?? null,
      featuredManagedAt: input.featuredManagedAt ?? null,
      ownerSuspended: input.ownerSuspended ?? false,
      viewCount: input.viewCount ?? 0,
      socialMediaLinks: input.socialMediaLinks ?? {},
      ...(input.openingHours ? { openingHours: input.openingHours, openMinutes: sql`${multirangeLiteral(input.openingHours)}::int4multirange` } : {}),
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      createdAt,
      updatedAt: input.updatedAt ?? createdAt,
    })
    .returning();
  return row;
}

export type AddBusinessImageInput = {
  businessId: string;
  /** The storage key in bucket business-images; default `${businessId}/${Date.now()}_${position}.webp`. */
  imageUrl?: string;
  /** 1 to 3; default the next free position. */
  position?: number;
  width?: number | null;
  height?: number | null;
  createdAt?: Date;
};

/** Inserts a business_images row (no file: see db/seed/images.ts addGeneratedImages for real files). */
export async function addBusinessImage(db: DbOrTx, input: AddBusinessImageInput): Promise<BusinessImageRow> {
  let position = input.position;
  if (position === undefined) {
    const [{ next }] = await db
      .select({ next: sql<number>`coalesce(max(${businessImages.position}), 0)::int + 1` })
      .from(businessImages)
      .where(eq(businessImages.businessId, input.businessId));
    position = next;
  }
  const [row] = await db
    .insert(businessImages)
    .values({
      businessId: input.businessId,
      imageUrl: input.imageUrl ?? `${input.businessId}/${Date.now()}_${position}.webp`,
      position,
      width: input.width ?? null,
      height: input.height ?? null,
      createdAt: input.createdAt ?? new Date(),
    })
    .returning();
  return row;
}

// ---------------------------------------------------------------------------------------------
// KYC
// ---------------------------------------------------------------------------------------------

export type CreateKycSubmissionInput = {
  userId: string;
  fullName?: string;
  /** 'Active phone number or ID number'; default a +234 number. */
  idNumber?: string;
  /** Private storage key in bucket kyc-documents (null: no document). */
  idImageUrl?: string | null;
  /** Default pending. */
  status?: ApprovalStatus;
  submittedAt?: Date;
  /** Default for approved/rejected: submittedAt + 1 hour. */
  reviewedAt?: Date | null;
  reviewedBy?: string | null;
  rejectionReason?: string | null;
  /** Also set profiles.kyc_status to the submission's status (default true). */
  updateProfile?: boolean;
};

/** Inserts a KYC submission and (by default) mirrors its status on the owner's profile. */
export async function createKycSubmission(db: DbOrTx, input: CreateKycSubmissionInput): Promise<KycSubmissionRow> {
  const status = input.status ?? "pending";
  const submittedAt = input.submittedAt ?? new Date();
  const reviewed = status !== "pending";
  const [row] = await db
    .insert(kycSubmissions)
    .values({
      userId: input.userId,
      fullName: input.fullName ?? "Test Owner",
      idNumber: input.idNumber ?? "+2348031112222",
      idImageUrl: input.idImageUrl ?? null,
      status,
      submittedAt,
      reviewedAt: input.reviewedAt !== undefined ? input.reviewedAt : reviewed ? new Date(submittedAt.getTime() + 3_600_000) : null,
      reviewedBy: input.reviewedBy ?? null,
      rejectionReason: input.rejectionReason ?? (status === "rejected" ? "Not specified" : null),
      createdAt: submittedAt,
    })
    .returning();
  if (input.updateProfile !== false) {
    await db.update(profiles).set({ kycStatus: status, updatedAt: submittedAt }).where(eq(profiles.id, input.userId));
  }
  return row;
}

// ---------------------------------------------------------------------------------------------
// Messages, featured requests, feedback, payments
// ---------------------------------------------------------------------------------------------

export type CreateMessageInput = {
  businessId: string | null;
  senderId: string;
  /** Default: the business owner when a visitor writes, the visitor when the business writes. */
  recipientId?: string | null;
  /** The conversation's visitor; default the sender when senderType is visitor (required otherwise). */
  visitorId?: string;
  message?: string;
  /** Default visitor. */
  senderType?: "visitor" | "business" | "admin";
  readStatus?: boolean;
  idempotencyKey?: string | null;
  createdAt?: Date;
};

/** Inserts one business_messages row of a (business, visitor) conversation. */
export async function createMessage(db: DbOrTx, input: CreateMessageInput): Promise<MessageRow> {
  const senderType = input.senderType ?? "visitor";
  const visitorId = input.visitorId ?? (senderType === "visitor" ? input.senderId : undefined);
  if (!visitorId) throw new Error("createMessage: visitorId is required when the sender is not the visitor");
  let recipientId = input.recipientId;
  if (recipientId === undefined) {
    if (senderType === "business") {
      recipientId = visitorId;
    } else if (input.businessId) {
      const [b] = await db.select({ userId: businesses.userId }).from(businesses).where(eq(businesses.id, input.businessId)).limit(1);
      recipientId = b?.userId ?? null;
    } else {
      recipientId = null;
    }
  }
  const [row] = await db
    .insert(businessMessages)
    .values({
      businessId: input.businessId,
      senderId: input.senderId,
      recipientId,
      visitorId,
      message: input.message ?? "Hello, are you open today?",
      senderType,
      readStatus: input.readStatus ?? false,
      idempotencyKey: input.idempotencyKey ?? null,
      createdAt: input.createdAt ?? new Date(),
    })
    .returning();
  return row;
}

export type CreateFeaturedRequestInput = {
  businessId: string;
  requestedBy?: string | null;
  /** Default basic. */
  pricingTier?: PricingTier;
  /** Default pending. */
  status?: "pending" | "approved" | "rejected";
  /** Default for approved: createdAt; endDate then follows the tier (1, 3 or 6 months). */
  startDate?: Date | null;
  endDate?: Date | null;
  paymentReference?: string | null;
  reviewedBy?: string | null;
  createdAt?: Date;
  updatedAt?: Date;
};

/** Inserts a featured_requests row (does not change the listing: set featured on createBusiness). */
export async function createFeaturedRequest(db: DbOrTx, input: CreateFeaturedRequestInput): Promise<FeaturedRequestRow> {
  const status = input.status ?? "pending";
  const pricingTier = input.pricingTier ?? "basic";
  const createdAt = input.createdAt ?? new Date();
  const startDate = input.startDate !== undefined ? input.startDate : status === "approved" ? createdAt : null;
  const endDate = input.endDate !== undefined ? input.endDate : startDate ? addMonths(startDate, featuredMonthsForTier(pricingTier)) : null;
  const [row] = await db
    .insert(featuredRequests)
    .values({
      businessId: input.businessId,
      requestedBy: input.requestedBy ?? null,
      pricingTier,
      status,
      startDate,
      endDate,
      paymentReference: input.paymentReference ?? null,
      reviewedBy: input.reviewedBy ?? null,
      createdAt,
      updatedAt: input.updatedAt ?? createdAt,
    })
    .returning();
  return row;
}

export type CreateFeedbackInput = {
  userId?: string | null;
  message?: string;
  /** Default new. */
  status?: "new" | "reviewed" | "resolved";
  createdAt?: Date;
  updatedAt?: Date;
};

/** Inserts a feedback row. */
export async function createFeedback(db: DbOrTx, input: CreateFeedbackInput = {}): Promise<FeedbackRow> {
  const createdAt = input.createdAt ?? new Date();
  const [row] = await db
    .insert(feedback)
    .values({
      userId: input.userId ?? null,
      message: input.message ?? "Great app, thank you!",
      status: input.status ?? "new",
      createdAt,
      updatedAt: input.updatedAt ?? createdAt,
    })
    .returning();
  return row;
}

export type CreatePaymentInput = {
  userId: string | null;
  purpose: "subscription" | "featured";
  /** A plan id (free/standard/premium) or a featured tier (basic/premium/enterprise). */
  planId: string;
  businessId?: string | null;
  /** Default: the plan's or tier's price. */
  amountKobo?: number;
  /** Default demo. */
  provider?: string;
  /** Default a unique `demo_…` reference. */
  reference?: string;
  /** Default succeeded (confirmedAt = createdAt + 2 s). */
  status?: "pending" | "succeeded" | "failed";
  failureReason?: string | null;
  createdAt?: Date;
};

/** Inserts a payments row (amounts in kobo). */
export async function createPayment(db: DbOrTx, input: CreatePaymentInput): Promise<PaymentRow> {
  const status = input.status ?? "succeeded";
  const createdAt = input.createdAt ?? new Date();
  const price =
    input.purpose === "featured"
      ? FEATURED_PLANS.find((p) => p.id === input.planId)?.priceKobo
      : PLANS.find((p) => p.id === input.planId)?.priceKobo;
  const [row] = await db
    .insert(payments)
    .values({
      userId: input.userId,
      purpose: input.purpose,
      planId: input.planId,
      businessId: input.businessId ?? null,
      amountKobo: input.amountKobo ?? price ?? 0,
      provider: input.provider ?? "demo",
      reference: input.reference ?? `demo_${uniqueSuffix()}`,
      status,
      failureReason: input.failureReason ?? null,
      createdAt,
      updatedAt: createdAt,
      confirmedAt: status === "succeeded" ? new Date(createdAt.getTime() + 2000) : null,
    })
    .returning();
  return row;
}

export type CreateSubscriptionInput = {
  userId: string;
  /** Default standard. */
  planId?: "free" | "standard" | "premium";
  /** Default active. */
  status?: "active" | "expired" | "cancelled";
  startsAt?: Date;
  /** Default startsAt + the plan's period (null for free). */
  endsAt?: Date | null;
  paymentId?: string | null;
  createdAt?: Date;
};

/** Inserts a subscriptions row. */
export async function createSubscription(db: DbOrTx, input: CreateSubscriptionInput): Promise<SubscriptionRow> {
  const planId = input.planId ?? "standard";
  const startsAt = input.startsAt ?? new Date();
  const period = PLANS.find((p) => p.id === planId)?.periodDays ?? null;
  const [row] = await db
    .insert(subscriptions)
    .values({
      userId: input.userId,
      planId,
      status: input.status ?? "active",
      startsAt,
      endsAt: input.endsAt !== undefined ? input.endsAt : period ? new Date(startsAt.getTime() + period * 86_400_000) : null,
      paymentId: input.paymentId ?? null,
      createdAt: input.createdAt ?? startsAt,
    })
    .returning();
  return row;
}

export type ReviewRow = typeof reviews.$inferSelect;
export type CreateReviewInput = {
  businessId: string;
  authorId: string;
  /** Default 5. */
  stars?: number;
  body?: string;
  /** Default published (counted in the listing's rating). */
  status?: "published" | "held" | "hidden";
  reply?: string | null;
  createdAt?: Date;
};

/**
 * Inserts one review and, when published, moves the listing's rating aggregates and Bayesian score as the
 * reviews feature does (app/features/reviews/internal/ratings.server.ts; m = 3.5, C = 5, ADR 18).
 */
export async function createReview(db: DbOrTx, input: CreateReviewInput): Promise<ReviewRow> {
  const stars = input.stars ?? 5;
  if (![1, 2, 3, 4, 5].includes(stars)) throw new Error(`stars must be 1 to 5, not ${stars}`);
  const status = input.status ?? "published";
  const createdAt = input.createdAt ?? new Date();
  const [row] = await db
    .insert(reviews)
    .values({
      businessId: input.businessId, authorId: input.authorId, stars, status, body: input.body ?? "Good service and fair prices.",
      reply: input.reply ?? null, repliedAt: input.reply ? createdAt : null, replyUpdatedAt: input.reply ? createdAt : null, createdAt, updatedAt: createdAt,
    })
    .returning();
  if (status === "published") {
    await db.execute(sql`update businesses set review_count = review_count + 1, review_star_sum = review_star_sum + ${stars},
      ${sql.raw(`review_stars_${stars}`)} = ${sql.raw(`review_stars_${stars}`)} + 1,
      rating_score = (5 * 3.5 + review_star_sum + ${stars}) / (5 + review_count + 1)::real
      where id = ${input.businessId}`);
  }
  return row!;
}

export type OfferRow = typeof businessOffers.$inferSelect;
export type CreateOfferInput = {
  businessId: string;
  title?: string;
  body?: string;
  code?: string | null;
  imageKey?: string | null;
  /** Default today (WAT). */
  startsOn?: string;
  /** Default 6 days after the start (a week's offer). */
  endsOn?: string;
  /** Default approved (decided now). */
  status?: "pending" | "approved" | "rejected" | "removed";
  reason?: string | null;
  createdAt?: Date;
};

/** Inserts an offer on a listing (issue 37), by default approved and running this week. */
export async function createOffer(db: DbOrTx, input: CreateOfferInput): Promise<OfferRow> {
  const startsOn = input.startsOn ?? watDate(new Date());
  const endsOn = input.endsOn ?? addDays(startsOn, 6);
  const status = input.status ?? "approved";
  const createdAt = input.createdAt ?? new Date();
  const [row] = await db
    .insert(businessOffers)
    .values({
      businessId: input.businessId,
      title: input.title ?? "10% off this week",
      body: input.body ?? "Show this page at the counter for 10% off.",
      code: input.code ?? null,
      imageKey: input.imageKey ?? null,
      startsOn,
      endsOn,
      ...offerInstants(startsOn, endsOn),
      status,
      reason: status === "rejected" || status === "removed" ? (input.reason ?? "Not allowed") : null,
      decidedAt: status === "pending" ? null : createdAt,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  return row!;
}
