/**
 * The authorization matrix: for every route of app/routes.ts (each loader, and each action with each of its
 * intents) and every endpoint of the Hono app, what each kind of caller is answered. Read by
 * authorization-matrix.server.test.ts, which fails when a route, method or intent has no row here.
 *
 * An expectation is an HTTP status, or `→/path` for a redirect (any 3xx) whose Location is exactly that.
 * A row with an `effect` names what the request changes: every caller refused (a 4xx, or sent to sign-in,
 * to their own home or back to the dashboard) must leave it as it was, every caller allowed must change it.
 */
import { randomInt, randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { businessClosures, businesses, businessOffers, phoneCodes, quoteRecipients, quoteRequests, businessImages, businessMessages, businessRevisions, conversationBlocks, emailPreferences, featuredRequests, feedback, kycSubmissions, listingClaims, listingPriceItems, listingSuggestions, listingVerifications, notificationBroadcasts, notifications, payments, profiles, reports, reviews, savedBusinesses, user } from "../../db/schema";
import {
  createBusiness, createFeaturedRequest, createFeedback, createKycSubmission, createMessage, createOffer, createOwner, createPayment, createReview, createUser, createVisitor,
  type BusinessRow, type CreatedUser, type KycSubmissionRow,
} from "../../db/seed/factories";
import { sendBroadcast } from "../../app/features/admin/send-broadcast.server";
import { unsubscribeToken } from "../../app/features/analytics/unsubscribe-token.server";
import { issueEmailChangeToken } from "../../app/features/accounts/change-email.server";
import type { SessionUser } from "../../app/features/accounts/session-user";
import { signKycDocumentLink } from "../../app/features/kyc/kyc-document-link.server";
import { signClaimDocumentLink } from "../../app/features/listings/claim-document-link.server";
import { documentPhoto, importedListing as importedListingFor } from "../support/listing-claims";
import { getStorage } from "../../app/lib/storage.server";
import { pngImage } from "../support/images";
import { registerPaymentProvider } from "../../app/features/payments/payment-provider.server";
import { failedEmail, jobState } from "../support/failed-deliveries";
import { getDb } from "../../app/lib/db.server";
import { hoursFormValues, watDate } from "../../app/lib/opening-hours";

export const ACTORS = ["anonymous", "visitor", "owner", "otherOwner", "suspended", "admin", "adminNo2fa"] as const;
export type ActorName = (typeof ACTORS)[number];

/**
 * Who they are: anonymous (no cookie); a visitor; the business owner who owns the listing in the path; another
 * business owner; a suspended business owner whose session still exists (it must count as no session); an
 * admin with two-factor sign-in on; an admin without it.
 */
export const ACTOR_LABELS: Record<ActorName, string> = {
  anonymous: "anonymous",
  visitor: "visitor",
  owner: "business owner (owns the listing)",
  otherOwner: "other business owner",
  suspended: "suspended user",
  admin: "admin with two-factor",
  adminNo2fa: "admin without two-factor",
};

/** The key of a row that posts an intent the action does not know. */
export const UNKNOWN_INTENT = "(unknown)";

export type Expected = number | `→${string}`;
export type Expectations = Record<ActorName, Expected>;

/** What the test builds once per file and hands to every row. */
export type World = {
  users: Record<Exclude<ActorName, "anonymous">, CreatedUser>;
  /** The admin with two-factor, as a use case sees them (to make rows through the real use cases). */
  adminActor: SessionUser;
  /** The owner's approved listing, with one image (stored on disk). */
  listing: BusinessRow;
  imageId: string;
  imageKey: string;
  /** The owner's listing still waiting for review. */
  pendingListing: BusinessRow;
  /** A submission of the owner's with a stored ID document. */
  kycWithDocument: KycSubmissionRow;
  /** A new session cookie for an actor (for requests that end the session); '' for anonymous. */
  freshCookie(actor: ActorName): Promise<string>;
};

export type Ask = {
  method: "GET" | "POST";
  path: string;
  form?: Record<string, string | string[]>;
  /** Files sent with `form` as multipart/form-data (an upload form). */
  files?: Record<string, File>;
  json?: unknown;
  /** Replaces the actor's cookie. */
  cookie?: string;
};

export type Row = {
  /** 'GET /dashboard', 'POST /admin intent=role'; Hono rows: 'GET /healthz' (the pattern as registered). */
  key: string;
  /** Several rows may cover one key: what this one tries. */
  case?: string;
  expect: Expectations;
  /** True when the no-two-factor admin's expectation is the rule 'admins must have two-factor sign-in'. */
  twoFactorRule?: boolean;
  /** Per actor, before the request: a target of its own (fresh rows for changing requests). */
  prepare?: (world: World, actor: ActorName) => Promise<unknown>;
  ask: (world: World, target: never, actor: ActorName) => Ask | Promise<Ask>;
  effect?: (target: never) => Promise<unknown>;
  /** Streams (/events) are cancelled after the status is read. */
  stream?: boolean;
  /** One actor at a time (the request changes rows other actors' targets are among). */
  serial?: boolean;
};

function row<T>(r: Omit<Row, "prepare" | "ask" | "effect"> & {
  prepare?: (world: World, actor: ActorName) => Promise<T>;
  ask: (world: World, target: T, actor: ActorName) => Ask | Promise<Ask>;
  effect?: (target: T) => Promise<unknown>;
}): Row {
  return r as Row;
}

// ---------------------------------------------------------------------------------------------
// Who is answered what, in the few shapes the guards give
// ---------------------------------------------------------------------------------------------

export const loginFor = (pathWithSearch: string): Expected => `→/login?redirectTo=${encodeURIComponent(pathWithSearch)}`;

const same = (expected: Expected): Expectations =>
  Object.fromEntries(ACTORS.map((a) => [a, expected])) as Expectations;

/** Any signed-in user (suspended users are signed out): GUARDED_ROUTES' visitor/business/admin routes. */
const signedIn = (path: string, ok: Expected, over: Partial<Expectations> = {}): Expectations => ({
  ...same(ok),
  anonymous: loginFor(path),
  suspended: loginFor(path),
  ...over,
});

/** Business routes: visitors go home, admins to the admin panel (spec 01 §2). */
const businessOnly = (path: string, ok: Expected, over: Partial<Expectations> = {}): Expectations => ({
  anonymous: loginFor(path),
  suspended: loginFor(path),
  visitor: "→/",
  owner: ok,
  otherOwner: ok,
  admin: "→/admin",
  adminNo2fa: "→/admin",
  ...over,
});

/** The admin panel: the guard admits admins and business owners; owners read 'Access Denied' (403). */
const adminPanel = (path: string, ok: Expected, no2fa: Expected, over: Partial<Expectations> = {}): Expectations => ({
  anonymous: loginFor(path),
  suspended: loginFor(path),
  visitor: "→/",
  owner: 403,
  otherOwner: 403,
  admin: ok,
  adminNo2fa: no2fa,
  ...over,
});

/**
 * Pages for signed-out people (/login, /register/…): a signed-in caller is sent to their own home, by the
 * page's loader, which React Router runs after the action too (so a POST ends there as well).
 */
const signedOutPage = (ok: Expected, over: Partial<Expectations> = {}): Expectations => ({
  anonymous: ok,
  suspended: ok,
  visitor: "→/",
  owner: "→/dashboard",
  otherOwner: "→/dashboard",
  admin: "→/admin",
  adminNo2fa: "→/admin",
  ...over,
});

/** An account's e-mail address (the e-mail change rows' effect). */
const accountEmail = async (target: { id: string }) => (await db().select({ email: user.email }).from(user).where(eq(user.id, target.id)))[0]?.email;

/** A Nigerian mobile number no row has used (each number may have 3 codes per 15 minutes). */
/** An imported listing nobody has claimed, with a mobile number of its own (issue 34). */
async function importedListing() {
  const [listing] = await db()
    .insert(businesses)
    .values({ name: `Imported ${randomInt(0, 1e9)}`, category: "Pharmacy store", state: "Lagos", phoneNumber: `+234809${String(randomInt(0, 10_000_000)).padStart(7, "0")}`, approved: true, approvalStatus: "approved", source: "osm", sourceId: `node/${randomInt(0, 2 ** 47)}` })
    .returning();
  return listing!;
}
/**
 * A quote request of the world's visitor sent to the owner's listing (issue 37), written directly (the use case counts
 * the visitor's requests an hour); `answered` with the owner's price.
 */
async function quoteToOwner(w: World, answered = false) {
  const [request] = await db().insert(quoteRequests).values({ requesterId: w.users.visitor.id, description: "Matrix: a leaking kitchen pipe", category: "Eatery", state: "Lagos" }).returning();
  const [recipient] = await db()
    .insert(quoteRecipients)
    .values({ requestId: request!.id, businessId: w.listing.id, ownerId: w.users.owner.id, ...(answered ? { status: "answered", priceKobo: 1_500_000, answer: "Matrix quote", answeredAt: new Date() } : {}) })
    .returning();
  return { request: request!, recipient: recipient! };
}
const quoteState = async (q: { request: { id: string }; recipient: { id: string } }) => {
  const [request] = await db().select({ status: quoteRequests.status }).from(quoteRequests).where(eq(quoteRequests.id, q.request.id));
  const [recipient] = await db().select({ status: quoteRecipients.status, price: quoteRecipients.priceKobo }).from(quoteRecipients).where(eq(quoteRecipients.id, q.recipient.id));
  return { request, recipient };
};
/** What the chosen owner, the requester and the others are answered by a POST to a request (everyone else: not found). */
const quotePost = (allowed: "owner" | "visitor", done: string): Expectations => ({
  ...signedIn("/quotes/ID", 404),
  [allowed]: `→/quotes/ID?done=${done}`,
});

/** A listing of the world's owner with a number of its own (codes to it are counted per number). */
const ownListingWithPhone = (w: World) => createBusiness(db(), { userId: w.users.owner.id, phoneNumber: `+234809${String(randomInt(0, 10_000_000)).padStart(7, "0")}` });
const verificationsOf = async (listing: { id: string }) => (await db().select({ n: count() }).from(listingVerifications).where(eq(listingVerifications.businessId, listing.id)))[0];
const codesTo = async (phone: string) => (await db().select({ n: count() }).from(phoneCodes).where(eq(phoneCodes.phone, phone)))[0];
const ownerOf = async (listing: { id: string }) => (await db().select({ userId: businesses.userId }).from(businesses).where(eq(businesses.id, listing.id)))[0];

/**
 * A claim waiting for review (issue 34) of a fresh unclaimed listing by a fresh verified owner, written directly (the
 * use case would count against someone's claims of the day); with its document stored when `stored`.
 */
async function waitingClaim(stored = false) {
  const claimant = await createOwner(db());
  const listing = await importedListingFor({ phone: null });
  const documentKey = `${claimant.id}/claims/${randomUUID()}.webp`;
  if (stored) await getStorage().put("kyc-documents", documentKey, await pngImage(), "image/webp");
  const [claim] = await db().insert(listingClaims).values({ businessId: listing.id, userId: claimant.id, kind: "document", documentKind: "lease", documentKey, note: "Matrix claim" }).returning();
  return { ...claim!, listing };
}
const claimState = async (c: { id: string }) => (await db().select({ status: listingClaims.status }).from(listingClaims).where(eq(listingClaims.id, c.id)))[0]?.status;
const claimsOfListing = async (b: { id: string }) => (await db().select({ n: count() }).from(listingClaims).where(eq(listingClaims.businessId, b.id)))[0]!.n;
/** An owner's listing and an imported place the importer linked to it (hidden). */
async function coveredPlace() {
  const listing = await createBusiness(db(), { userId: (await createOwner(db())).id });
  const place = await importedListingFor();
  await db().update(businesses).set({ coveredBy: listing.id, approved: false }).where(eq(businesses.id, place.id));
  return place;
}
const coveredBy = async (b: { id: string }) => (await db().select({ coveredBy: businesses.coveredBy }).from(businesses).where(eq(businesses.id, b.id)))[0]?.coveredBy;

const freshMobile = () => `0809${String(randomInt(0, 10_000_000)).padStart(7, "0")}`;

/** Whether an expectation is a refusal (the request must change nothing). */
export function isRefusal(expected: Expected): boolean {
  if (typeof expected === "number") return expected >= 400;
  const to = expected.slice(1);
  return to.startsWith("/login?") || ["/", "/admin", "/admin/security", "/dashboard", "/dashboard?notice=not-found"].includes(to);
}

// ---------------------------------------------------------------------------------------------
// Fresh targets and what they record
// ---------------------------------------------------------------------------------------------

const db = () => getDb();
/** Who saved a listing (the /saved rows' effect). */
const savedRowsOf = (businessId: string) => db().select({ userId: savedBusinesses.userId }).from(savedBusinesses).where(eq(savedBusinesses.businessId, businessId));
const listingOfOwner = (world: World, status: "approved" | "pending" = "approved") =>
  createBusiness(db(), { userId: world.users.owner.id, status });
/** A succeeded featured payment of the owner's that is owed back (its request was rejected). */
const paymentOwedBack = async (world: World) => {
  const listing = await listingOfOwner(world);
  const payment = await createPayment(db(), { userId: world.users.owner.id, purpose: "featured", planId: "basic", businessId: listing.id });
  await db().update(payments).set({ refundStatus: "due", refundReason: "Matrix", refundRequestedAt: new Date() }).where(eq(payments.id, payment.id));
  return payment;
};
const refundState = async (p: { id: string }) =>
  (await db().select({ refundStatus: payments.refundStatus }).from(payments).where(eq(payments.id, p.id)))[0];
const priceItemsOfListing = async (listing: { id: string }) =>
  await db().select({ name: listingPriceItems.name, priceKobo: listingPriceItems.priceKobo }).from(listingPriceItems).where(eq(listingPriceItems.businessId, listing.id));
const listingExists = async (b: { id: string }) => (await db().select({ id: businesses.id }).from(businesses).where(eq(businesses.id, b.id))).length;
const listingState = async (b: { id: string }) =>
  (await db().select({ status: businesses.approvalStatus, featured: businesses.featured, name: businesses.name }).from(businesses).where(eq(businesses.id, b.id)))[0];
const requestsFor = async (b: { id: string }) =>
  (await db().select({ n: count() }).from(featuredRequests).where(eq(featuredRequests.businessId, b.id)))[0]!.n;
const pendingKyc = async () => {
  const applicant = await createUser(db(), { role: "business", kycStatus: "none" });
  return createKycSubmission(db(), { userId: applicant.id, status: "pending" });
};
const kycState = async (k: { id: string }) =>
  (await db().select({ status: kycSubmissions.status }).from(kycSubmissions).where(eq(kycSubmissions.id, k.id)))[0] ?? null;
const userState = async (u: { id: string }) =>
  (await db().select({ banned: user.banned, role: profiles.role }).from(user).leftJoin(profiles, eq(profiles.id, user.id)).where(eq(user.id, u.id)))[0];
const weeklyPreference = async (u: { id: string }) =>
  (await db().select({ on: emailPreferences.weeklySummary }).from(emailPreferences).where(eq(emailPreferences.userId, u.id)))[0] ?? null;
const feedbackState = async (f: { id: string }) => (await db().select({ status: feedback.status }).from(feedback).where(eq(feedback.id, f.id)))[0] ?? null;
/** A fresh approved listing of a fresh owner with one open report by a fresh visitor (the Reports tab's rows). */
const reportedListing = async () => {
  const author = await createUser(db(), { role: "business" });
  const listing = await createBusiness(db(), { userId: author.id });
  const reporter = await createVisitor(db());
  await db().insert(reports).values({ reporterId: reporter.id, itemKind: "listing", itemId: listing.id, reason: "scam" });
  return listing;
};
/** A visitor's suggestion of a missing business, waiting for an admin (the Suggestions tab's rows, issue 34). */
const pendingSuggestion = async () => {
  const visitor = await createVisitor(db());
  const [row] = await db()
    .insert(listingSuggestions)
    .values({ userId: visitor.id, kind: "missing", payload: { name: `Matrix Bakery ${randomUUID()}`, category: "Bakery", state: "Zamfara", lga: "Gusau", address: null, phone: null } })
    .returning({ id: listingSuggestions.id });
  return row!;
};
const suggestionState = async (s: { id: string }) =>
  (await db().select({ status: listingSuggestions.status }).from(listingSuggestions).where(eq(listingSuggestions.id, s.id)))[0]?.status;
/** How many suggestions name this missing business, or are about this listing. */
const suggestionsNaming = async (name: string) =>
  (await db().select({ n: count() }).from(listingSuggestions).where(sql`${listingSuggestions.payload}->>'name' = ${name}`))[0]!.n;
const suggestionsAbout = async (b: { id: string }) => (await db().select({ n: count() }).from(listingSuggestions).where(eq(listingSuggestions.businessId, b.id)))[0]!.n;
const openReports = async (b: { id: string }) =>
  (await db().select({ n: count() }).from(reports).where(and(eq(reports.itemId, b.id), eq(reports.status, "open"))))[0]!.n;
/** A review held for moderation (written by an account younger than a day), and its status as the effect. */
const heldReview = async () => {
  const owner = await createUser(db(), { role: "business" });
  const listing = await createBusiness(db(), { userId: owner.id });
  const author = await createVisitor(db());
  return createReview(db(), { businessId: listing.id, authorId: author.id, stars: 4, status: "held" });
};
const reviewStatus = async (r: { id: string }) => (await db().select({ status: reviews.status }).from(reviews).where(eq(reviews.id, r.id)))[0]?.status;

/**
 * The owner's payment left open at a gateway's checkout page (a provider that answers 'pending'): the same
 * one for every actor of a serial row until the owner closes it.
 */
const ownersOpenPayment = async (world: World, planId: "standard" | "premium") => {
  registerPaymentProvider({ name: "matrix-gateway", initiate: async () => ({}), confirm: async () => ({ status: "pending" }) });
  const [open] = await db()
    .select({ reference: payments.reference })
    .from(payments)
    .where(and(eq(payments.userId, world.users.owner.id), eq(payments.planId, planId), eq(payments.status, "pending")));
  return open ?? createPayment(db(), { userId: world.users.owner.id, purpose: "subscription", planId, status: "pending", provider: "matrix-gateway", reference: `matrix-gateway-${randomUUID()}` });
};
const paymentState = async (p: { reference: string }) =>
  (await db().select({ status: payments.status }).from(payments).where(eq(payments.reference, p.reference)))[0]?.status;

/** An approved listing of the owner's (with the shared image) and a change to it waiting for review. */
/** A fresh listing of the owner's that the visitor wrote to (issue 16's block rows). */
const conversationOfVisitor = async (world: World) => {
  const listing = await listingOfOwner(world);
  await createMessage(db(), { businessId: listing.id, senderId: world.users.visitor.id });
  return listing;
};
const blocksOn = async (listing: BusinessRow) =>
  (await db().select({ by: conversationBlocks.blockedBy }).from(conversationBlocks).where(eq(conversationBlocks.businessId, listing.id))).map((r) => r.by);

const listingWithChange = async (world: World) => {
  const listing = await listingOfOwner(world);
  const [image] = await db().insert(businessImages).values({ businessId: listing.id, imageUrl: world.imageKey, position: 1 }).returning();
  const [change] = await db()
    .insert(businessRevisions)
    .values({
      businessId: listing.id,
      submittedBy: world.users.owner.id,
      name: "Changed by the matrix",
      images: [{ id: image!.id, key: world.imageKey, width: null, height: null, at: new Date().toISOString() }],
    })
    .returning({ updatedAt: businessRevisions.updatedAt });
  return { listing, version: String(change!.updatedAt.getTime()) };
};
/** The listing's public name and whether a change waits for review. */
/** How many closed days a listing has (ADR 21). */
const closuresOf = async (b: { id: string }) => (await db().select({ n: count() }).from(businessClosures).where(eq(businessClosures.businessId, b.id)))[0]!.n;
const changeState = async (b: { id: string }) => ({
  name: (await listingState(b))?.name,
  waiting: (await db().select({ n: count() }).from(businessRevisions).where(eq(businessRevisions.businessId, b.id)))[0]!.n,
});

/** The owner's succeeded payment whose receipt the matrix asks for (made once, whoever asks first). */
const MATRIX_RECEIPT = "demo_matrix_receipt";
const ownersReceipt = (world: World) =>
  db()
    .insert(payments)
    .values({ userId: world.users.owner.id, purpose: "subscription", planId: "standard", amountKobo: 299_900, provider: "demo", reference: MATRIX_RECEIPT, status: "succeeded", confirmedAt: new Date() })
    .onConflictDoNothing();
/** A payment left pending by a business owner of its own (one in flight per account and plan). */
const strangersPendingPayment = async () => {
  const payer = await createUser(db(), { role: "business" });
  const [payment] = await db()
    .insert(payments)
    .values({ userId: payer.id, purpose: "subscription", planId: "standard", amountKobo: 299_900, provider: "demo", reference: `demo_matrix_${randomUUID()}`, status: "pending" })
    .returning({ reference: payments.reference });
  return payment!;
};
const recheckedStatus = async (p: { reference: string }) =>
  (await db().select({ status: payments.status }).from(payments).where(eq(payments.reference, p.reference)))[0]?.status;

/** A phone level standing on a fresh listing (issue 35), written directly; and whether it has ended. */
const standingPhoneLevel = async () => {
  const owner = await createOwner(db());
  const listing = await createBusiness(db(), { userId: owner.id });
  const [level] = await db()
    .insert(listingVerifications)
    .values({ level: "phone", method: "sms-code", userId: owner.id, businessId: listing.id, phone: listing.phoneNumber, expiresAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: listingVerifications.id });
  return level!;
};
const verificationEnded = async (v: { id: string }) => (await db().select({ endedAt: listingVerifications.endedAt }).from(listingVerifications).where(eq(listingVerifications.id, v.id)))[0]?.endedAt !== null;
/** A listing's offers, and one offer's status (issue 37). */
const offersOf = async (listing: { id: string }) => (await db().select({ n: count() }).from(businessOffers).where(eq(businessOffers.businessId, listing.id)))[0]!.n;
const offerStatus = async (offer: { id: string }) => (await db().select({ status: businessOffers.status }).from(businessOffers).where(eq(businessOffers.id, offer.id)))[0]?.status;
const ADMIN = "/admin";
// An admin without two-factor is sent to set it up, from every admin screen and action (security finding 9).
const adminAction = (intent: string, ok: Expected = 200) => ({
  key: `POST /admin intent=${intent}`,
  expect: adminPanel(ADMIN, ok, "→/admin/security"),
  twoFactorRule: true,
});
const adminForm = (intent: string, targetId: string, extra: Record<string, string> = {}): Ask => ({
  method: "POST",
  path: ADMIN,
  form: { intent, targetId, ...extra },
});

const VALID_LISTING_FORM = {
  name: "Edited by the matrix",
  description: "A listing edited through the authorization matrix.",
  address: "2 Allen Avenue, Ikeja",
  plotNumber: "",
  state: "Lagos",
  country: "Nigeria",
  phoneNumber: "08031234567",
  websiteUrl: "",
  category: "Eatery",
  products: "Rice\nBeans",
};

// ---------------------------------------------------------------------------------------------
// Pages and their actions (app/routes.ts)
// ---------------------------------------------------------------------------------------------

const get = (path: string) => (): Ask => ({ method: "GET", path });
const post = (path: string, form: Record<string, string | string[]> = {}) => (): Ask => ({ method: "POST", path, form });
/** A route without an action refuses every POST (React Router: 405). */
/** A listing id no actor owns (the analytics rows: another's listing reads as not found). */
const NOT_THEIR_LISTING = "5f0c8a52-8d1e-4c6b-9a4e-0d2f4b1c7e93";
const noAction = (key: string, path: string) => row({ key: `POST ${key}`, expect: same(405), ask: post(path) });

/**
 * The reviews' intents on a business page (app/features/reviews): anyone signed in reviews (not the owner),
 * only the author deletes, only the owner replies, anyone signed in but the author marks helpful. A success
 * goes back to the page's reviews ('ID' is the listing in the path).
 */
function reviewRows(base: "/businesses" | "/business"): Row[] {
  const back: Expected = `→${base}/ID#reviews`;
  const signedOut = { anonymous: 401, suspended: 401 } as const;
  const reviewBy = async (world: World, authorId: string) => {
    const listing = await listingOfOwner(world);
    return { listing, review: await createReview(db(), { businessId: listing.id, authorId, stars: 4 }) };
  };
  const reviewState = async (t: { listing: { id: string } }) =>
    db().select({ id: reviews.id, reply: reviews.reply, helpful: reviews.helpfulCount }).from(reviews).where(eq(reviews.businessId, t.listing.id));
  return [
    row({
      key: `POST ${base}/:id intent=save-review`,
      expect: { ...signedOut, visitor: back, owner: 403, otherOwner: back, admin: back, adminNo2fa: back },
      prepare: (w) => listingOfOwner(w),
      ask: (_w, listing) => ({ method: "POST", path: `${base}/${listing.id}`, form: { intent: "save-review", stars: "4", body: "Good food and friendly staff." } }),
      effect: (listing) => reviewState({ listing }),
    }),
    row({
      key: `POST ${base}/:id intent=delete-review`,
      expect: { ...signedOut, visitor: back, owner: 404, otherOwner: 404, admin: 404, adminNo2fa: 404 },
      prepare: (w) => reviewBy(w, w.users.visitor.id),
      ask: (_w, t) => ({ method: "POST", path: `${base}/${t.listing.id}`, form: { intent: "delete-review", reviewId: t.review.id } }),
      effect: reviewState,
    }),
    row({
      key: `POST ${base}/:id intent=reply`,
      expect: { ...signedOut, visitor: 403, owner: back, otherOwner: 403, admin: 403, adminNo2fa: 403 },
      prepare: (w) => reviewBy(w, w.users.visitor.id),
      ask: (_w, t) => ({ method: "POST", path: `${base}/${t.listing.id}`, form: { intent: "reply", reviewId: t.review.id, reply: "Thank you!" } }),
      effect: reviewState,
    }),
    row({
      key: `POST ${base}/:id intent=helpful`,
      expect: { ...signedOut, visitor: back, owner: back, otherOwner: back, admin: back, adminNo2fa: back },
      prepare: async (w) => reviewBy(w, (await createVisitor(db())).id),
      ask: (_w, t) => ({ method: "POST", path: `${base}/${t.listing.id}`, form: { intent: "helpful", reviewId: t.review.id } }),
      effect: reviewState,
    }),
    row({ key: `POST ${base}/:id intent=${UNKNOWN_INTENT}`, expect: same(400), ask: (w) => ({ method: "POST", path: `${base}/${w.listing.id}`, form: { intent: "nonsense" } }) }),
  ];
}

export const PAGE_ROWS: Row[] = [
  // Public pages
  row({ key: "GET /", expect: same(200), ask: get("/") }),
  noAction("/", "/"),
  row({ key: "GET /businesses", expect: same(200), ask: get("/businesses?q=test") }),
  noAction("/businesses", "/businesses"),
  row({ key: "GET /businesses/:id", case: "an approved listing", expect: same(200), ask: (w) => ({ method: "GET", path: `/businesses/${w.listing.id}` }) }),
  row({
    key: "GET /businesses/:id",
    case: "a listing waiting for review: nobody, not even its owner, sees it publicly",
    expect: same(404),
    ask: (w) => ({ method: "GET", path: `/businesses/${w.pendingListing.id}` }),
  }),
  ...reviewRows("/businesses"),
  row({ key: "GET /business/:id", expect: same(200), ask: (w) => ({ method: "GET", path: `/business/${w.listing.id}` }) }),
  row({ key: "GET /business/:id", case: "a listing waiting for review", expect: same(404), ask: (w) => ({ method: "GET", path: `/business/${w.pendingListing.id}` }) }),
  ...reviewRows("/business"),
  // Counted contact links (issue 18): everyone is sent to the public listing's own address; the owner's tap is not counted.
  row({ key: "GET /go/:id/:channel", case: "a public listing's phone", expect: same("→tel:+2348030000000"), ask: (w) => ({ method: "GET", path: `/go/${w.listing.id}/call` }) }),
  row({ key: "GET /go/:id/:channel", case: "a listing waiting for review", expect: same(404), ask: (w) => ({ method: "GET", path: `/go/${w.pendingListing.id}/whatsapp` }) }),
  row({ key: "GET /go/:id/:channel", case: "a channel that does not exist", expect: same(404), ask: (w) => ({ method: "GET", path: `/go/${w.listing.id}/fax` }) }),
  noAction("/go/:id/:channel", "/go/00000000-0000-4000-8000-000000000000/call"),
  // The 'Data saver' switch (issue 20, ADR 32): a preference cookie for anyone, back to the page it came from
  row({ key: "GET /data-saver", case: "switching only by POST", expect: same("→/"), ask: get("/data-saver") }),
  row({ key: "POST /data-saver", expect: same("→/businesses?q=bread"), ask: post("/data-saver", { dataSaver: "on", redirectTo: "/businesses?q=bread" }) }),
  row({ key: "POST /data-saver", case: "another site as the way back", expect: same("→/"), ask: post("/data-saver", { dataSaver: "off", redirectTo: "//evil.example/" }) }),
  row({ key: "POST /data-saver", case: "neither on nor off", expect: same(400), ask: post("/data-saver", { dataSaver: "maybe", redirectTo: "/" }) }),
  // The language switch (issue 36): anyone may switch; a signed-in person's choice is kept on their profile (English
  // here, so the rows after these read the spec's pages; the other languages: app/routes/public/language.server.test.ts).
  row({ key: "GET /language", case: "switching only by POST", expect: same("→/"), ask: get("/language") }),
  row({ key: "POST /language", expect: same("→/businesses?q=bread"), ask: post("/language", { language: "en", redirectTo: "/businesses?q=bread" }) }),
  row({ key: "POST /language", case: "another site as the way back", expect: same("→/"), ask: post("/language", { language: "en", redirectTo: "//evil.example/" }) }),
  row({ key: "POST /language", case: "a language we do not have", expect: same(400), ask: post("/language", { language: "fr", redirectTo: "/" }) }),
  // Landing pages (issue 17): public, read-only; an empty combination is not found for anyone, another spelling redirects.
  row({ key: "GET /categories", expect: same(200), ask: get("/categories") }),
  noAction("/categories", "/categories"),
  row({ key: "GET /categories/:category", case: "a category with a public listing", expect: same(200), ask: get("/categories/eatery") }),
  row({ key: "GET /categories/:category", case: "a category without public listings", expect: same(404), ask: get("/categories/water-factory") }),
  noAction("/categories/:category", "/categories/eatery"),
  row({ key: "GET /states/:state", case: "a state with a public listing", expect: same(200), ask: get("/states/lagos") }),
  row({ key: "GET /states/:state", case: "another letter case", expect: same("→/states/lagos"), ask: get("/states/Lagos") }),
  row({ key: "GET /states/:state", case: "a state without public listings", expect: same(404), ask: get("/states/zamfara") }),
  noAction("/states/:state", "/states/lagos"),
  row({ key: "GET /states/:state/:place", case: "a state and category with a public listing", expect: same(200), ask: get("/states/lagos/eatery") }),
  row({ key: "GET /states/:state/:place", case: "an empty state and category", expect: same(404), ask: get("/states/lagos/water-factory") }),
  row({ key: "GET /states/:state/:place", case: "no such category or LGA", expect: same(404), ask: get("/states/lagos/nowhere") }),
  noAction("/states/:state/:place", "/states/lagos/eatery"),

  // Accounts
  row({
    key: "GET /login",
    expect: signedOutPage(200),
    ask: get("/login"),
  }),
  row({
    key: "POST /login intent=sign-in",
    case: "a wrong password",
    expect: signedOutPage(401),
    ask: (_w, _t, actor) => ({ method: "POST", path: "/login", form: { intent: "sign-in", email: `nobody-${actor}-${randomUUID()}@example.com`, password: "wrong-password-1" } }),
  }),
  row({
    key: "POST /login intent=two-factor",
    case: "a code without the password step",
    // The suspended user's leftover session makes better-auth check the code against that account (which has
    // no two-factor): 'wrong code', no session issued, and the page's loader then ends the leftover session.
    expect: signedOutPage(401, { suspended: 400 }),
    ask: post("/login", { intent: "two-factor", code: "123456" }),
  }),
  row({
    key: "POST /login intent=reset",
    case: "a made-up token",
    expect: signedOutPage(400),
    ask: post("/login", { intent: "reset", token: "made-up-token", password: "A-long-new-passphrase-42", confirmPassword: "A-long-new-passphrase-42" }),
  }),
  row({ key: "POST /login intent=resend", expect: signedOutPage(200), ask: (_w, _t, a) => ({ method: "POST", path: "/login", form: { intent: "resend", email: `nobody-${a}@example.com` } }) }),
  row({ key: "POST /login intent=forgot", expect: signedOutPage(200), ask: (_w, _t, a) => ({ method: "POST", path: "/login", form: { intent: "forgot", email: `nobody-${a}@example.com` } }) }),
  row({ key: "POST /login intent=phone-code", case: "a code for a number", expect: signedOutPage(200), ask: () => ({ method: "POST", path: "/login", form: { intent: "phone-code", phone: freshMobile() } }) }),
  row({ key: "POST /login intent=phone-call", case: "a code by voice call", expect: signedOutPage(200), ask: () => ({ method: "POST", path: "/login", form: { intent: "phone-call", phone: freshMobile() } }) }),
  row({
    key: "POST /login intent=phone-sign-in",
    case: "a code never sent",
    expect: signedOutPage(400),
    ask: () => ({ method: "POST", path: "/login", form: { intent: "phone-sign-in", phone: freshMobile(), code: "123456" } }),
  }),
  row({
    key: `POST /login intent=${UNKNOWN_INTENT}`,
    case: "read as a sign-in, with nothing filled in",
    expect: signedOutPage(400),
    ask: post("/login", { intent: "no-such-intent" }),
  }),
  row({ key: "GET /logout", case: "signing out only by POST", expect: same("→/"), ask: get("/logout") }),
  row({
    key: "POST /logout",
    case: "with a session of its own",
    expect: same("→/?signedOut=true"),
    ask: async (w, _t, actor) => ({ method: "POST", path: "/logout", cookie: await w.freshCookie(actor) }),
  }),
  row({ key: "GET /register", expect: same(200), ask: get("/register") }),
  noAction("/register", "/register"),
  row({
    key: "GET /register/:type",
    expect: signedOutPage(200),
    ask: get("/register/business"),
  }),
  row({ key: "GET /register/:type", case: "no such account type", expect: same(404), ask: get("/register/admin") }),
  row({ key: "POST /register/:type intent=next", case: "an empty form", expect: signedOutPage(400), ask: post("/register/visitor", { intent: "next" }) }),
  row({ key: "POST /register/:type intent=register", case: "an empty form", expect: signedOutPage(400), ask: post("/register/visitor", { intent: "register" }) }),
  row({ key: "POST /register/:type intent=phone-code", case: "an empty form", expect: signedOutPage(400), ask: post("/register/visitor", { intent: "phone-code" }) }),
  row({ key: "POST /register/:type intent=phone-call", case: "an empty form", expect: signedOutPage(400), ask: post("/register/visitor", { intent: "phone-call" }) }),
  row({
    key: "POST /register/:type intent=phone-register",
    case: "a code never sent",
    expect: signedOutPage(400),
    ask: () => ({
      method: "POST",
      path: "/register/visitor",
      form: { intent: "phone-register", firstName: "Ada", lastName: "Obi", phone: freshMobile(), country: "Nigeria", state: "Lagos", code: "123456" },
    }),
  }),
  row({
    key: "POST /register/:type intent=resend",
    expect: signedOutPage(200),
    ask: (_w, _t, a) => ({ method: "POST", path: "/register/visitor", form: { intent: "resend", email: `nobody-${a}@example.com` } }),
  }),
  row({
    key: `POST /register/:type intent=${UNKNOWN_INTENT}`,
    case: "read as the sign-up, with nothing filled in",
    expect: signedOutPage(400),
    ask: post("/register/visitor", { intent: "no-such-intent" }),
  }),
  row({ key: "POST /register/:type intent=register", case: "account type admin", expect: same(404), ask: post("/register/admin", { intent: "register" }) }),

  // Owners
  // A visitor's /dashboard is their Panel (saved businesses and conversations, issue 32); the owner's dashboard otherwise.
  row({ key: "GET /dashboard", expect: businessOnly("/dashboard", 200, { visitor: 200 }), ask: get("/dashboard") }),
  row({
    key: "POST /dashboard intent=delete",
    expect: businessOnly("/dashboard", 200, { otherOwner: 404 }),
    prepare: (w) => listingOfOwner(w),
    ask: (_w, b) => ({ method: "POST", path: "/dashboard", form: { intent: "delete", businessId: b.id } }),
    effect: listingExists,
  }),
  row({ key: `POST /dashboard intent=${UNKNOWN_INTENT}`, expect: businessOnly("/dashboard", 400), ask: post("/dashboard", { intent: "no-such-intent" }) }),
  row({
    key: "POST /dashboard intent=feature",
    expect: businessOnly("/dashboard", 200, { otherOwner: 404 }),
    prepare: (w) => listingOfOwner(w),
    ask: (_w, b) => ({ method: "POST", path: "/dashboard", form: { intent: "feature", businessId: b.id } }),
    effect: requestsFor,
  }),
  // The owner's payments and receipts (issue 15): a receipt opens for its payer and admins with two-factor only.
  row({ key: "GET /dashboard/payments", expect: businessOnly("/dashboard/payments", 200), ask: get("/dashboard/payments") }),
  noAction("/dashboard/payments", "/dashboard/payments"),
  row({
    key: "GET /dashboard/payments/:reference",
    case: "the owner's succeeded payment",
    expect: {
      ...signedIn(`/dashboard/payments/${MATRIX_RECEIPT}`, 404),
      owner: 200,
      admin: 200,
    },
    twoFactorRule: true,
    prepare: (w) => ownersReceipt(w),
    ask: get(`/dashboard/payments/${MATRIX_RECEIPT}`),
  }),
  noAction("/dashboard/payments/:reference", `/dashboard/payments/${MATRIX_RECEIPT}`),
  // The owner's analytics (issue 18): their own listings only; the plan's tier is checked by the use case (the
  // matrix's owners are on Free: 7 days, no CSV).
  row({ key: "GET /dashboard/analytics", expect: businessOnly("/dashboard/analytics", 200), ask: get("/dashboard/analytics") }),
  row({
    key: "GET /dashboard/analytics",
    case: "30 days on the Free plan: refused, the page shows 7 days",
    expect: businessOnly("/dashboard/analytics?days=30", 403),
    ask: get("/dashboard/analytics?days=30"),
  }),
  row({
    key: "GET /dashboard/analytics",
    case: "a listing that is not the caller's",
    expect: businessOnly(`/dashboard/analytics?listing=${NOT_THEIR_LISTING}`, 404),
    ask: get(`/dashboard/analytics?listing=${NOT_THEIR_LISTING}`),
  }),
  noAction("/dashboard/analytics", "/dashboard/analytics"),
  row({ key: "GET /dashboard/analytics.csv", case: "Free plan: no CSV", expect: businessOnly("/dashboard/analytics.csv", 403), ask: get("/dashboard/analytics.csv") }),
  row({
    key: "GET /dashboard/analytics.csv",
    case: "a listing that is not the caller's",
    expect: businessOnly(`/dashboard/analytics.csv?listing=${NOT_THEIR_LISTING}`, 404),
    ask: get(`/dashboard/analytics.csv?listing=${NOT_THEIR_LISTING}`),
  }),
  noAction("/dashboard/analytics.csv", "/dashboard/analytics.csv"),
  // Verification levels (issue 35): an owner verifies their own listings; another owner's listing is not found. The
  // matrix's server has no identity provider, so the identity and CAC checks answer 503 'not available' (nothing looked up).
  row({ key: "GET /dashboard/verification", expect: businessOnly("/dashboard/verification", 200), ask: get("/dashboard/verification") }),
  row({
    key: "POST /dashboard/verification intent=send-code",
    expect: businessOnly("/dashboard/verification", "→/dashboard/verification?sent=LISTING#listing-LISTING", { otherOwner: 404 }),
    prepare: (w) => ownListingWithPhone(w),
    ask: (_w, listing) => ({ method: "POST", path: "/dashboard/verification", form: { intent: "send-code", businessId: listing.id } }),
    effect: (listing) => codesTo(listing.phoneNumber!),
  }),
  row({
    key: "POST /dashboard/verification intent=confirm-phone",
    case: "a code never sent: the listing stays unverified",
    expect: businessOnly("/dashboard/verification", 400, { otherOwner: 404 }),
    prepare: (w) => ownListingWithPhone(w),
    ask: (_w, listing) => ({ method: "POST", path: "/dashboard/verification", form: { intent: "confirm-phone", businessId: listing.id, code: "123456" } }),
    effect: verificationsOf,
  }),
  row({
    key: "POST /dashboard/verification intent=identity",
    case: "no identity provider on this server",
    expect: businessOnly("/dashboard/verification", 503),
    ask: post("/dashboard/verification", { intent: "identity", vnin: "AB123456789012CD" }),
  }),
  row({
    key: "POST /dashboard/verification intent=company",
    case: "no identity provider on this server",
    expect: businessOnly("/dashboard/verification", 503, { otherOwner: 404 }),
    prepare: (w) => ownListingWithPhone(w),
    ask: (_w, listing) => ({ method: "POST", path: "/dashboard/verification", form: { intent: "company", businessId: listing.id, rcNumber: "RC 1234567" } }),
    effect: verificationsOf,
  }),
  row({ key: `POST /dashboard/verification intent=${UNKNOWN_INTENT}`, expect: businessOnly("/dashboard/verification", 400), ask: post("/dashboard/verification", { intent: "no-such-intent" }) }),
  row({ key: "GET /verification", expect: same(200), ask: get("/verification") }),
  noAction("/verification", "/verification"),
  row({ key: "GET /kyc-verification", expect: businessOnly("/kyc-verification", 200), ask: get("/kyc-verification") }),
  row({
    key: "POST /kyc-verification",
    // The action answers an expired session with 'Session Error' (401); on a document POST the page's
    // loader, run after it, sends the caller to sign in.
    case: "an empty form",
    expect: businessOnly("/kyc-verification", 400),
    ask: post("/kyc-verification"),
  }),
  row({ key: "GET /business/create", expect: businessOnly("/business/create", 200), ask: get("/business/create") }),
  row({ key: `POST /business/create intent=${UNKNOWN_INTENT}`, case: "an empty form", expect: businessOnly("/business/create", 400), ask: post("/business/create") }),
  // 'Copy to Mon–Fri' without JavaScript (issue 32): the form back with the day copied; nothing is created.
  row({
    key: "POST /business/create intent=copy-hours",
    expect: businessOnly("/business/create", 200),
    ask: post("/business/create", { copyDay: "sat", ...hoursFormValues(null), listHours: "on" }),
  }),
  // Claiming an imported listing (issue 34): any signed-in account may open the page (a visitor reads that it needs a
  // business account); only a business account gets a code or the listing, and each try is its own imported listing.
  row({
    key: "GET /business/claim/:id",
    expect: signedIn("/business/claim/ID", 200),
    prepare: () => importedListing(),
    ask: (_w, listing) => ({ method: "GET", path: `/business/claim/${listing.id}` }),
  }),
  row({
    key: "POST /business/claim/:id intent=send-code",
    expect: signedIn("/business/claim/ID", 403, { owner: "→/business/claim/ID?code=sent", otherOwner: "→/business/claim/ID?code=sent" }),
    prepare: () => importedListing(),
    ask: (_w, listing) => ({ method: "POST", path: `/business/claim/${listing.id}`, form: { intent: "send-code" } }),
    effect: (listing) => codesTo(listing.phoneNumber!),
  }),
  row({
    key: "POST /business/claim/:id intent=claim",
    case: "a code never sent: the listing stays unclaimed",
    expect: signedIn("/business/claim/ID", 403, { owner: 400, otherOwner: 400 }),
    prepare: () => importedListing(),
    ask: (_w, listing) => ({ method: "POST", path: `/business/claim/${listing.id}`, form: { intent: "claim", code: "123456" } }),
    effect: (listing) => ownerOf(listing),
  }),
  // Claims an admin reviews (issue 34): a business account whose identity is verified sends a document. The world's owner
  // had an identity check rejected last (the world's KYC document), so only the other owner may; admins and visitors
  // are told it needs a business account.
  row({
    key: "POST /business/claim/:id intent=claim-by-document",
    case: "a document for an unclaimed listing without a phone",
    expect: signedIn("/business/claim/ID", 403, { otherOwner: "→/business/claim/ID?sent=1" }),
    prepare: () => importedListingFor({ phone: null }),
    ask: async (_w, listing) => ({
      method: "POST",
      path: `/business/claim/${listing.id}`,
      form: { intent: "claim-by-document", documentKind: "utility-bill", note: "The bill is in my name." },
      files: { document: await documentPhoto() },
    }),
    effect: claimsOfListing,
  }),
  row({
    key: "POST /business/claim/:id intent=withdraw-claim",
    case: "the other owner's claim waiting for review: only they withdraw it",
    expect: signedIn("/business/claim/ID", 404, { otherOwner: "→/business/claim/ID?withdrawn=1" }),
    prepare: async (w) => {
      const listing = await importedListingFor({ phone: null });
      const [claim] = await db().insert(listingClaims).values({ businessId: listing.id, userId: w.users.otherOwner.id, kind: "document", documentKind: "lease", note: "Matrix" }).returning();
      return { ...claim!, listing };
    },
    ask: (_w, c) => ({ method: "POST", path: `/business/claim/${c.listing.id}`, form: { intent: "withdraw-claim", claimId: c.id } }),
    effect: claimState,
  }),
  row({
    key: `POST /business/claim/:id intent=${UNKNOWN_INTENT}`,
    expect: signedIn("/business/claim/ID", 400),
    prepare: () => importedListing(),
    ask: (_w, listing) => ({ method: "POST", path: `/business/claim/${listing.id}`, form: { intent: "no-such-intent" } }),
  }),
  // Offers (issue 37): the listing's owner posts, changes and withdraws its offers; another owner reads 'not found'.
  row({
    key: "GET /business/offers/:id",
    expect: businessOnly("/business/offers/ID", 200, { otherOwner: 404 }),
    ask: (w) => ({ method: "GET", path: `/business/offers/${w.listing.id}` }),
  }),
  row({
    key: "POST /business/offers/:id intent=save",
    expect: businessOnly("/business/offers/ID", "→/business/offers/ID?sent=1", { otherOwner: 404 }),
    prepare: (w) => listingOfOwner(w),
    ask: (_w, listing) => ({
      method: "POST",
      path: `/business/offers/${listing.id}`,
      form: { intent: "save", title: "Matrix offer", text: "10% off this week", code: "MATRIX", startsOn: watDate(new Date()), endsOn: watDate(new Date()) },
    }),
    effect: (listing) => offersOf(listing),
  }),
  row({
    key: "POST /business/offers/:id intent=withdraw",
    expect: businessOnly("/business/offers/ID", "→/business/offers/ID?withdrawn=1", { otherOwner: 404 }),
    prepare: async (w) => {
      const listing = await listingOfOwner(w);
      return { listing, offer: await createOffer(db(), { businessId: listing.id }) };
    },
    ask: (_w, t) => ({ method: "POST", path: `/business/offers/${t.listing.id}`, form: { intent: "withdraw", offerId: t.offer.id } }),
    effect: (t) => offersOf(t.listing),
  }),
  row({
    key: `POST /business/offers/:id intent=${UNKNOWN_INTENT}`,
    expect: businessOnly("/business/offers/ID", 400),
    ask: (w) => ({ method: "POST", path: `/business/offers/${w.listing.id}`, form: { intent: "no-such-intent" } }),
  }),
  row({
    key: "GET /business/edit/:id",
    expect: businessOnly("/business/edit/ID", 200, { otherOwner: "→/dashboard?notice=not-found" }),
    ask: (w) => ({ method: "GET", path: `/business/edit/${w.listing.id}` }),
  }),
  row({
    // Without an intent the action saves the listing form (the closed days' forms and the copy name theirs).
    key: `POST /business/edit/:id intent=${UNKNOWN_INTENT}`,
    case: "an approved listing: the change waits for review (security finding 5)",
    expect: businessOnly("/business/edit/ID", "→/dashboard?notice=sent-for-review", { otherOwner: "→/dashboard?notice=not-found" }),
    prepare: async (w) => {
      const listing = await listingOfOwner(w);
      const [image] = await db().insert(businessImages).values({ businessId: listing.id, imageUrl: w.imageKey, position: 1 }).returning();
      return { listing, imageId: image!.id };
    },
    ask: (_w, t) => ({ method: "POST", path: `/business/edit/${t.listing.id}`, form: { ...VALID_LISTING_FORM, keepImage: t.imageId } }),
    effect: (t) => changeState(t.listing),
  }),
  // Opening hours (issue 17, ADR 21; one save with the details, issue 32): the listing's owner only, applied at once.
  row({
    key: `POST /business/edit/:id intent=${UNKNOWN_INTENT}`,
    case: "the one save: the details and the weekly hours together",
    expect: businessOnly("/business/edit/ID", "→/dashboard?notice=sent-for-review", { otherOwner: "→/dashboard?notice=not-found" }),
    prepare: async (w) => {
      const listing = await listingOfOwner(w);
      const [image] = await db().insert(businessImages).values({ businessId: listing.id, imageUrl: w.imageKey, position: 1 }).returning();
      return { listing, imageId: image!.id };
    },
    ask: (_w, t) => ({
      method: "POST",
      path: `/business/edit/${t.listing.id}`,
      form: { ...VALID_LISTING_FORM, keepImage: t.imageId, ...hoursFormValues(null), listHours: "on" },
    }),
    effect: async (t) => (await db().select({ hours: businesses.openingHours }).from(businesses).where(eq(businesses.id, t.listing.id)))[0]?.hours ?? null,
  }),
  // 'Copy to Mon–Fri' without JavaScript: the form back with the day copied, nothing saved; another's listing is not shown.
  row({
    key: "POST /business/edit/:id intent=copy-hours",
    expect: businessOnly("/business/edit/ID", 200, { otherOwner: "→/dashboard?notice=not-found" }),
    prepare: (w) => listingOfOwner(w),
    ask: (_w, listing) => ({ method: "POST", path: `/business/edit/${listing.id}`, form: { ...VALID_LISTING_FORM, copyDay: "sat", ...hoursFormValues(null), listHours: "on" } }),
  }),
  row({
    key: "POST /business/edit/:id intent=add-closure",
    expect: businessOnly("/business/edit/ID", "→/business/edit/ID?hours=closure-added#closed-days", { otherOwner: "→/dashboard?notice=not-found" }),
    prepare: (w) => listingOfOwner(w),
    ask: (_w, listing) => ({ method: "POST", path: `/business/edit/${listing.id}`, form: { intent: "add-closure", date: watDate(new Date()), note: "Matrix" } }),
    effect: (listing) => closuresOf(listing),
  }),
  row({
    key: "POST /business/edit/:id intent=remove-closure",
    expect: businessOnly("/business/edit/ID", "→/business/edit/ID?hours=closure-removed#closed-days", { otherOwner: "→/dashboard?notice=not-found" }),
    prepare: async (w) => {
      const listing = await listingOfOwner(w);
      await db().insert(businessClosures).values({ businessId: listing.id, closedOn: watDate(new Date()), note: "Matrix" });
      return listing;
    },
    ask: (_w, listing) => ({ method: "POST", path: `/business/edit/${listing.id}`, form: { intent: "remove-closure", date: watDate(new Date()) } }),
    effect: (listing) => closuresOf(listing),
  }),

  // The price list (issue 37, ADR 42): the listing's owner only; another owner's listing is not shown.
  row({
    key: "GET /business/prices/:id",
    expect: businessOnly("/business/prices/ID", 200, { otherOwner: "→/dashboard?notice=not-found" }),
    ask: (w) => ({ method: "GET", path: `/business/prices/${w.listing.id}` }),
  }),
  ...(["save", UNKNOWN_INTENT] as const).map((intent) =>
    row({
      key: `POST /business/prices/:id intent=${intent}`,
      case: intent === "save" ? "one item's price, applied at once" : "no intent: saves the item as the screen's forms do",
      expect: businessOnly("/business/prices/ID", "→/business/prices/ID?notice=saved#price-list", { otherOwner: "→/dashboard?notice=not-found" }),
      prepare: (w) => createBusiness(db(), { userId: w.users.owner.id, products: ["Matrix item"] }),
      ask: (_w, listing) => ({
        method: "POST",
        path: `/business/prices/${listing.id}`,
        form: { ...(intent === "save" ? { intent } : {}), item: "Matrix item", group: "", kind: "exact", price: "5000", description: "" },
      }),
      effect: (listing) => priceItemsOfListing(listing),
    }),
  ),
  // Adding or removing an item changes the listing's products (an approved listing's change waits for review: ADR 4, 42).
  row({
    key: "POST /business/prices/:id intent=add",
    expect: businessOnly("/business/prices/ID", "→/business/prices/ID?notice=added-review#price-list", { otherOwner: "→/dashboard?notice=not-found" }),
    prepare: async (w) => {
      const listing = await createBusiness(db(), { userId: w.users.owner.id, products: ["First"] });
      await db().insert(businessImages).values({ businessId: listing.id, imageUrl: w.imageKey, position: 1 });
      return listing;
    },
    ask: (_w, listing) => ({ method: "POST", path: `/business/prices/${listing.id}`, form: { intent: "add", newItem: "Matrix new item" } }),
    effect: async (listing) => (await db().select({ products: businessRevisions.products }).from(businessRevisions).where(eq(businessRevisions.businessId, listing.id)))[0]?.products ?? null,
  }),
  row({
    key: "POST /business/prices/:id intent=remove",
    expect: businessOnly("/business/prices/ID", "→/business/prices/ID?notice=removed#price-list", { otherOwner: "→/dashboard?notice=not-found" }),
    prepare: (w) => listingOfOwner(w, "pending").then((l) => db().update(businesses).set({ products: ["First", "Second"] }).where(eq(businesses.id, l.id)).returning()).then(([l]) => l!),
    ask: (_w, listing) => ({ method: "POST", path: `/business/prices/${listing.id}`, form: { intent: "remove", item: "Second" } }),
    effect: async (listing) => (await db().select({ products: businesses.products }).from(businesses).where(eq(businesses.id, listing.id)))[0]?.products,
  }),
  row({
    key: "POST /business/prices/:id intent=move",
    expect: businessOnly("/business/prices/ID", "→/business/prices/ID?notice=moved#price-list", { otherOwner: "→/dashboard?notice=not-found" }),
    prepare: (w) => createBusiness(db(), { userId: w.users.owner.id, products: ["First", "Second"] }),
    ask: (_w, listing) => ({ method: "POST", path: `/business/prices/${listing.id}`, form: { intent: "move", item: "Second", direction: "up" } }),
    effect: async (listing) => (await db().select({ products: businesses.products }).from(businesses).where(eq(businesses.id, listing.id)))[0]?.products,
  }),

  // Profile, menu, help, feedback
  row({ key: "GET /profile", expect: same(200), ask: get("/profile") }),
  row({ key: "GET /profile/export", expect: signedIn("/profile/export", 200), ask: get("/profile/export") }),
  noAction("/profile/export", "/profile/export"),
  row({ key: "GET /privacy", expect: same(200), ask: get("/privacy") }),
  noAction("/privacy", "/privacy"),
  row({
    key: `POST /profile intent=${UNKNOWN_INTENT}`,
    case: "no intent: the details form",
    expect: signedIn("/profile", 200),
    ask: post("/profile", { firstName: "Ada", lastName: "Obi", country: "Nigeria", state: "Lagos" }),
  }),
  // The weekly summary setting (issue 18): business owners only, each their own.
  row({
    key: "POST /profile intent=weekly-summary",
    expect: { ...signedIn("/profile", 200), visitor: 403, admin: 403, adminNo2fa: 403 },
    prepare: async (w, actor) => {
      const target = actor === "anonymous" ? await createUser(db(), { role: "business" }) : w.users[actor];
      await db().delete(emailPreferences).where(eq(emailPreferences.userId, target.id));
      return target;
    },
    ask: post("/profile", { intent: "weekly-summary" }),
    effect: (target) => weeklyPreference(target),
  }),
  // The account's own number, e-mail address, notices and deletion (issue 33): anyone signed in, for their own account
  // only (the session says whose); changing the number or the address first asks for the password or a code.
  row({ key: "POST /profile intent=identity-code", case: "a code to the account's own number (it has none)", expect: signedIn("/profile", 400), ask: post("/profile", { intent: "identity-code", card: "phone" }) }),
  row({ key: "POST /profile intent=phone-code", case: "without confirming it is them: nothing sent", expect: signedIn("/profile", 400), ask: post("/profile", { intent: "phone-code", phone: "0803 555 0141" }) }),
  row({ key: "POST /profile intent=phone-verify", case: "a code never sent", expect: signedIn("/profile", 400), ask: post("/profile", { intent: "phone-verify", phone: "0803 555 0141", code: "123456" }) }),
  row({ key: "POST /profile intent=email-change", case: "without confirming it is them: nothing sent", expect: signedIn("/profile", 400), ask: post("/profile", { intent: "email-change", email: "new-address@example.com" }) }),
  row({ key: "POST /profile intent=notices", case: "texts without a verified number", expect: signedIn("/profile", 400), ask: post("/profile", { intent: "notices", channels: "sms" }) }),
  row({ key: "POST /profile intent=delete-code", case: "an account with a password (no code)", expect: signedIn("/profile", 400), ask: post("/profile", { intent: "delete-code" }) }),
  row({ key: "POST /profile intent=delete-account", case: "without the password and the word", expect: signedIn("/profile", 400), ask: post("/profile", { intent: "delete-account" }) }),
  // One-click unsubscribe (issue 18): public; the token alone says whose summaries stop, whoever sends it.
  row({
    key: "GET /confirm-email",
    expect: same(200),
    prepare: () => createUser(db(), { role: "visitor" }),
    ask: async (_w, target) => ({ method: "GET", path: `/confirm-email?token=${await issueEmailChangeToken(db(), target.id, `new-${target.id}@example.com`)}` }),
  }),
  row({ key: "GET /confirm-email", case: "a token that is not ours", expect: same(400), ask: get("/confirm-email?token=Zm9yZ2Vk.bm90LWEtbWFj") }),
  row({
    key: "POST /confirm-email",
    case: "the link's own token (it is all it takes)",
    expect: same(200),
    prepare: () => createUser(db(), { role: "visitor" }),
    ask: async (_w, target) => {
      const token = await issueEmailChangeToken(db(), target.id, `new-${target.id}@example.com`);
      return { method: "POST", path: `/confirm-email?token=${token}`, form: { token } };
    },
    effect: (target) => accountEmail(target),
  }),
  row({
    key: "POST /confirm-email",
    case: "a tampered token",
    expect: same(400),
    prepare: () => createUser(db(), { role: "visitor" }),
    ask: async (_w, target) => {
      const token = `${await issueEmailChangeToken(db(), target.id, `new-${target.id}@example.com`)}A`;
      return { method: "POST", path: `/confirm-email?token=${token}`, form: { token } };
    },
    effect: (target) => accountEmail(target),
  }),
  row({ key: "GET /unsubscribe", expect: same(200), ask: (w) => ({ method: "GET", path: `/unsubscribe?token=${unsubscribeToken(w.users.owner.id)}` }) }),
  row({ key: "GET /unsubscribe", case: "a token that is not ours", expect: same(400), ask: get("/unsubscribe?token=Zm9yZ2Vk.bm90LWEtbWFj") }),
  row({
    key: "POST /unsubscribe",
    expect: same(200),
    prepare: () => createUser(db(), { role: "business" }),
    ask: (_w, target) => ({ method: "POST", path: `/unsubscribe?token=${unsubscribeToken(target.id)}`, form: { "List-Unsubscribe": "One-Click" } }),
    effect: (target) => weeklyPreference(target),
  }),
  row({
    key: "POST /unsubscribe",
    case: "a tampered token",
    expect: same(400),
    prepare: () => createUser(db(), { role: "business" }),
    ask: (_w, target) => ({ method: "POST", path: `/unsubscribe?token=${unsubscribeToken(target.id)}A`, form: { "List-Unsubscribe": "One-Click" } }),
    effect: (target) => weeklyPreference(target),
  }),
  // Saved businesses and the offline page (issue 20, ADR 30): /saved for everyone (anonymous visitors' list is on
  // their device); saving to an account needs one (suspended users count as signed out). 'back' says where to return.
  row({ key: "GET /saved", expect: same(200), ask: get("/saved") }),
  row({
    key: "POST /saved intent=save",
    expect: { ...same("→/saved"), anonymous: 401, suspended: 401 },
    prepare: (w) => listingOfOwner(w),
    ask: (_w, listing) => ({ method: "POST", path: "/saved", form: { intent: "save", businessId: listing.id, back: "/saved" } }),
    effect: (listing) => savedRowsOf(listing.id),
  }),
  row({
    key: "POST /saved intent=unsave",
    expect: { ...same("→/saved"), anonymous: 401, suspended: 401 },
    prepare: async (w, actor) => {
      const listing = await listingOfOwner(w);
      const userId = actor === "anonymous" ? w.users.visitor.id : w.users[actor].id;
      await db().insert(savedBusinesses).values({ userId, businessId: listing.id });
      return listing;
    },
    ask: (_w, listing) => ({ method: "POST", path: "/saved", form: { intent: "unsave", businessId: listing.id, back: "/saved" } }),
    effect: (listing) => savedRowsOf(listing.id),
  }),
  row({
    key: "POST /saved intent=join",
    expect: { ...same("→/saved"), anonymous: 401, suspended: 401 },
    prepare: (w) => listingOfOwner(w),
    ask: (_w, listing) => ({ method: "POST", path: "/saved", form: { intent: "join", businessId: [listing.id] } }),
    effect: (listing) => savedRowsOf(listing.id),
  }),
  row({ key: `POST /saved intent=${UNKNOWN_INTENT}`, expect: same(400), ask: post("/saved", { intent: "nonsense" }) }),
  row({ key: "GET /offline", expect: same(200), ask: get("/offline") }),
  noAction("/offline", "/offline"),
  row({ key: "GET /menu", expect: same(200), ask: get("/menu") }),
  noAction("/menu", "/menu"),
  row({ key: "GET /help", expect: same(200), ask: get("/help") }),
  noAction("/help", "/help"),
  row({ key: "GET /feedback", expect: same(200), ask: get("/feedback") }),
  row({
    key: "POST /feedback",
    expect: { ...same(200), anonymous: 401, suspended: 401 },
    prepare: async () => `matrix feedback ${randomUUID()}`,
    ask: (_w, message) => ({ method: "POST", path: "/feedback", form: { message } }),
    effect: async (message) => (await db().select({ n: count() }).from(feedback).where(eq(feedback.message, message)))[0]!.n,
  }),

  // Reports (issue 16): signed-in users; an owner may not report their own listing, only participants a message
  row({
    key: "GET /report",
    expect: { ...signedIn("/report?kind=listing&id=Q", 200), owner: 403 },
    ask: (w) => ({ method: "GET", path: `/report?kind=listing&id=${w.listing.id}` }),
  }),
  row({
    key: "GET /report",
    case: "a message the visitor wrote to the owner's listing: only the owner may report it",
    expect: { anonymous: loginFor("/report?kind=message&id=Q"), suspended: loginFor("/report?kind=message&id=Q"), visitor: 403, owner: 200, otherOwner: 404, admin: 404, adminNo2fa: 404 },
    prepare: (w) => createMessage(db(), { businessId: w.listing.id, senderId: w.users.visitor.id, message: "Matrix" }),
    ask: (_w, m) => ({ method: "GET", path: `/report?kind=message&id=${m.id}` }),
  }),
  row({
    key: "POST /report",
    expect: { ...signedIn("/report?kind=listing&id=Q", 200), owner: 403 },
    prepare: (w) => listingOfOwner(w),
    ask: (_w, b) => ({ method: "POST", path: `/report?kind=listing&id=${b.id}`, form: { reason: "scam" } }),
    effect: async (b) => (await db().select({ n: count() }).from(reports).where(eq(reports.itemId, b.id)))[0]!.n,
  }),

  // Request a quote (issue 37): any signed-in account asks; only the requester, the chosen businesses' owners and
  // admins with two-factor read a request; only its owner answers or declines, only the requester accepts or cancels.
  row({ key: "GET /quotes", expect: signedIn("/quotes", 200), ask: get("/quotes") }),
  noAction("/quotes", "/quotes"),
  row({ key: "GET /quotes/new", expect: signedIn("/quotes/new?category=Vulcanizer&state=Zamfara", 200), ask: get("/quotes/new?category=Vulcanizer&state=Zamfara") }),
  row({
    key: "POST /quotes/new",
    case: "a job for a category and state where a fresh listing of another owner waits",
    expect: signedIn("/quotes/new", "→/quotes?sent=1"),
    prepare: async () => {
      await db().update(businesses).set({ approved: false, approvalStatus: "pending" }).where(and(eq(businesses.category, "Water factory"), eq(businesses.state, "Zamfara")));
      await createBusiness(db(), { userId: (await createOwner(db())).id, category: "Water factory", state: "Zamfara" });
      return `Matrix quote request ${randomUUID()}`;
    },
    ask: (_w, description) => ({ method: "POST", path: "/quotes/new", form: { description, category: "Water factory", state: "Zamfara", lga: "", timing: "flexible" } }),
    effect: async (description) => (await db().select({ n: count() }).from(quoteRequests).where(eq(quoteRequests.description, description)))[0]!.n,
    serial: true,
  }),
  row({
    key: "GET /quotes/:id",
    case: "the visitor's request sent to the owner's listing",
    expect: { ...signedIn("/quotes/ID", 200), otherOwner: 404, adminNo2fa: 404 },
    twoFactorRule: true,
    prepare: (w) => quoteToOwner(w),
    ask: (_w, q) => ({ method: "GET", path: `/quotes/${q.request.id}` }),
  }),
  row({
    key: "POST /quotes/:id intent=answer",
    expect: quotePost("owner", "answered"),
    prepare: (w) => quoteToOwner(w),
    ask: (_w, q) => ({ method: "POST", path: `/quotes/${q.request.id}`, form: { intent: "answer", recipientId: q.recipient.id, price: "12000", message: "Matrix answer" } }),
    effect: quoteState,
  }),
  row({
    key: "POST /quotes/:id intent=decline",
    expect: quotePost("owner", "declined"),
    prepare: (w) => quoteToOwner(w),
    ask: (_w, q) => ({ method: "POST", path: `/quotes/${q.request.id}`, form: { intent: "decline", recipientId: q.recipient.id } }),
    effect: quoteState,
  }),
  row({
    key: "POST /quotes/:id intent=accept",
    expect: quotePost("visitor", "accepted"),
    prepare: (w) => quoteToOwner(w, true),
    ask: (_w, q) => ({ method: "POST", path: `/quotes/${q.request.id}`, form: { intent: "accept", recipientId: q.recipient.id, priceKobo: String(q.recipient.priceKobo) } }),
    effect: quoteState,
  }),
  row({
    key: "POST /quotes/:id intent=cancel",
    expect: quotePost("visitor", "cancelled"),
    prepare: (w) => quoteToOwner(w),
    ask: (_w, q) => ({ method: "POST", path: `/quotes/${q.request.id}`, form: { intent: "cancel" } }),
    effect: quoteState,
  }),
  row({
    key: `POST /quotes/:id intent=${UNKNOWN_INTENT}`,
    expect: signedIn("/quotes/ID", 400),
    prepare: (w) => quoteToOwner(w),
    ask: (_w, q) => ({ method: "POST", path: `/quotes/${q.request.id}`, form: { intent: "no-such-intent" } }),
  }),

  // Plans and payments
  // Suggestions (issue 34): any signed-in account suggests a missing business or a change to a public listing; the
  // owner of a listing edits it instead (403). A sent suggestion lands on the person's list.
  row({ key: "GET /suggest", expect: signedIn("/suggest", 200), ask: get("/suggest") }),
  row({
    key: "POST /suggest",
    case: "a missing business no listing resembles",
    expect: signedIn("/suggest", "→/suggest?sent=1"),
    prepare: async () => `Matrix Suggestion ${randomUUID()}`,
    ask: (_w, name) => ({ method: "POST", path: "/suggest", form: { name, category: "Tailor", state: "Zamfara", lga: "Gusau", address: "", phone: "", note: "Matrix" } }),
    effect: suggestionsNaming,
  }),
  row({
    key: "GET /suggest/:id",
    case: "the owner's approved listing",
    expect: { ...signedIn("/suggest/ID", 200), owner: 403 },
    ask: (w) => ({ method: "GET", path: `/suggest/${w.listing.id}` }),
  }),
  row({ key: "GET /suggest/:id", case: "a listing waiting for review", expect: signedIn("/suggest/ID", 404), ask: (w) => ({ method: "GET", path: `/suggest/${w.pendingListing.id}` }) }),
  row({
    key: "POST /suggest/:id",
    case: "'It has closed' on a fresh listing of the owner's",
    expect: { ...signedIn("/suggest/ID", "→/suggest?sent=1"), owner: 403 },
    prepare: (w) => listingOfOwner(w),
    ask: (_w, b) => ({ method: "POST", path: `/suggest/${b.id}`, form: { kind: "closed", note: "Matrix" } }),
    effect: suggestionsAbout,
  }),
  row({ key: "GET /pricing", expect: same(200), ask: get("/pricing") }),
  noAction("/pricing", "/pricing"),
  row({ key: "GET /featured-plans", expect: same(200), ask: get("/featured-plans") }),
  row({
    key: "POST /featured-plans",
    case: "featured placement for the owner's listing",
    expect: {
      ...signedIn("/featured-plans", 403),
      owner: "→/dashboard?payment=featured&plan=basic&reference=REF",
      otherOwner: 404,
    },
    prepare: (w) => listingOfOwner(w),
    ask: (_w, b) => ({ method: "POST", path: "/featured-plans", form: { plan: "basic", businessId: b.id } }),
    effect: async (b) => (await db().select({ n: count() }).from(payments).where(eq(payments.businessId, b.id)))[0]!.n,
  }),
  row({
    key: "GET /payment",
    case: "a subscription checkout: business accounts only",
    expect: { ...signedIn("/payment?type=subscription&plan=standard", 403), owner: 200, otherOwner: 200 },
    ask: get("/payment?type=subscription&plan=standard"),
  }),
  row({
    key: "POST /payment intent=pay",
    case: "paying for a subscription (the pay button sends no intent)",
    expect: { ...signedIn("/payment", 403), owner: "→/dashboard?payment=subscription&plan=standard&reference=REF", otherOwner: "→/dashboard?payment=subscription&plan=standard&reference=REF" },
    ask: post("/payment", { type: "subscription", plan: "standard" }),
  }),
  row({
    key: "POST /payment intent=cancel",
    case: "the owner's abandoned checkout: only its payer may cancel it",
    expect: { ...signedIn("/payment", 404), owner: "→/payment?type=subscription&plan=premium&cancelled=1" },
    serial: true,
    prepare: (w) => ownersOpenPayment(w, "premium"),
    ask: (_w, p) => ({ method: "POST", path: "/payment", form: { intent: "cancel", reference: p.reference } }),
    effect: paymentState,
  }),
  row({
    key: "POST /payment intent=retry",
    case: "the owner's abandoned checkout: only its payer may start it again",
    expect: { ...signedIn("/payment", 404), owner: "→/dashboard?payment=subscription&plan=standard&reference=REF" },
    serial: true,
    prepare: (w) => ownersOpenPayment(w, "standard"),
    ask: (_w, p) => ({ method: "POST", path: "/payment", form: { intent: "retry", reference: p.reference } }),
    effect: paymentState,
  }),
  row({ key: `POST /payment intent=${UNKNOWN_INTENT}`, expect: signedIn("/payment", 400), ask: post("/payment", { intent: "no-such-intent" }) }),

  // Admin panel
  row({ key: "GET /admin", expect: adminPanel(ADMIN, 200, "→/admin/security"), twoFactorRule: true, ask: get(ADMIN) }),
  // (one row per tab: see ADMIN_TAB_ROWS)
  row({
    ...adminAction("role"),
    prepare: () => createVisitor(db()),
    ask: (_w, u) => adminForm("role", u.id, { role: "business" }),
    effect: userState,
  }),
  row({
    ...adminAction("suspend"),
    prepare: () => createVisitor(db()),
    ask: (_w, u) => adminForm("suspend", u.id, { reason: "Matrix" }),
    effect: userState,
  }),
  row({
    ...adminAction("unsuspend"),
    prepare: () => createUser(db(), { banned: true, banReason: "Matrix" }),
    ask: (_w, u) => adminForm("unsuspend", u.id),
    effect: userState,
  }),
  row({
    ...adminAction("approve-business"),
    prepare: (w) => listingOfOwner(w, "pending"),
    ask: (_w, b) => adminForm("approve-business", b.id),
    effect: listingState,
  }),
  row({
    ...adminAction("reject-business"),
    prepare: (w) => listingOfOwner(w, "pending"),
    ask: (_w, b) => adminForm("reject-business", b.id, { reason: "Matrix" }),
    effect: listingState,
  }),
  row({
    ...adminAction("unpublish-business"),
    prepare: (w) => listingOfOwner(w),
    ask: (_w, b) => adminForm("unpublish-business", b.id, { reason: "Matrix" }),
    effect: listingState,
  }),
  row({
    ...adminAction("approve-change"),
    prepare: listingWithChange,
    ask: (_w, t) => adminForm("approve-change", t.listing.id, { version: t.version }),
    effect: (t) => changeState(t.listing),
  }),
  row({
    ...adminAction("reject-change"),
    prepare: listingWithChange,
    ask: (_w, t) => adminForm("reject-change", t.listing.id, { reason: "Matrix", version: t.version }),
    effect: (t) => changeState(t.listing),
  }),
  row({ ...adminAction("approve-kyc"), prepare: pendingKyc, ask: (_w, k) => adminForm("approve-kyc", k.id), effect: kycState }),
  row({ ...adminAction("reject-kyc"), prepare: pendingKyc, ask: (_w, k) => adminForm("reject-kyc", k.id, { reason: "Matrix" }), effect: kycState }),
  row({ ...adminAction("delete-kyc"), prepare: pendingKyc, ask: (_w, k) => adminForm("delete-kyc", k.id), effect: kycState }),
  row({
    ...adminAction("review-request"),
    prepare: async (w) => createFeaturedRequest(db(), { businessId: (await listingOfOwner(w)).id, requestedBy: w.users.owner.id }),
    ask: (_w, r) => adminForm("review-request", r.id, { status: "approved" }),
    effect: async (r) => (await db().select({ status: featuredRequests.status }).from(featuredRequests).where(eq(featuredRequests.id, r.id)))[0],
  }),
  row({
    ...adminAction("review-subscription"),
    prepare: async (w) => createFeaturedRequest(db(), { businessId: (await listingOfOwner(w)).id, requestedBy: w.users.owner.id }),
    ask: (_w, r) => adminForm("review-subscription", r.id, { status: "rejected" }),
    effect: async (r) => (await db().select({ status: featuredRequests.status }).from(featuredRequests).where(eq(featuredRequests.id, r.id)))[0],
  }),
  row({
    ...adminAction("refund-payment"),
    prepare: (w) => paymentOwedBack(w),
    ask: (_w, p) => adminForm("refund-payment", p.id, { reference: p.reference }),
    effect: refundState,
  }),
  row({
    ...adminAction("mark-refunded"),
    prepare: (w) => paymentOwedBack(w),
    ask: (_w, p) => adminForm("mark-refunded", p.id, { reference: p.reference }),
    effect: refundState,
  }),
  row({
    ...adminAction("toggle-featured"),
    prepare: (w) => listingOfOwner(w),
    ask: (_w, b) => adminForm("toggle-featured", b.id, { featured: "true" }),
    effect: listingState,
  }),
  row({
    ...adminAction("cleanup"),
    // Cleaning up removes every orphaned listing, the other actors' targets too.
    serial: true,
    prepare: () => createBusiness(db(), { userId: null }),
    ask: () => adminForm("cleanup", ""),
    effect: listingExists,
  }),
  row({
    ...adminAction("notify"),
    prepare: async () => `Matrix ${randomUUID()}`,
    ask: (_w, title) => ({ method: "POST", path: ADMIN, form: { intent: "notify", title, message: "Hello", targetAudience: "businesses", priority: "low" } }),
    effect: async (title) => (await db().select({ n: count() }).from(notificationBroadcasts).where(eq(notificationBroadcasts.title, title)))[0]!.n,
  }),
  row({
    ...adminAction("feedback-status"),
    prepare: () => createFeedback(db()),
    ask: (_w, f) => adminForm("feedback-status", f.id, { status: "resolved" }),
    effect: feedbackState,
  }),
  row({ ...adminAction("report-dismiss"), prepare: reportedListing, ask: (_w, b) => adminForm("report-dismiss", b.id, { kind: "listing" }), effect: openReports }),
  row({ ...adminAction("report-remove"), prepare: reportedListing, ask: (_w, b) => adminForm("report-remove", b.id, { kind: "listing", reason: "Matrix" }), effect: openReports }),
  row({ ...adminAction("report-suspend"), prepare: reportedListing, ask: (_w, b) => adminForm("report-suspend", b.id, { kind: "listing", reason: "Matrix" }), effect: openReports }),
  row({ ...adminAction("suggestion-approve"), prepare: pendingSuggestion, ask: (_w, s) => adminForm("suggestion-approve", s.id), effect: suggestionState }),
  row({ ...adminAction("suggestion-reject"), prepare: pendingSuggestion, ask: (_w, s) => adminForm("suggestion-reject", s.id, { reason: "Matrix" }), effect: suggestionState }),
  row({ ...adminAction("verification-revoke"), prepare: standingPhoneLevel, ask: (_w, v) => adminForm("verification-revoke", v.id, { reason: "Matrix" }), effect: verificationEnded }),
  row({ ...adminAction("held-review-publish"), prepare: heldReview, ask: (_w, r) => adminForm("held-review-publish", r.id), effect: reviewStatus }),
  row({ ...adminAction("held-review-hide"), prepare: heldReview, ask: (_w, r) => adminForm("held-review-hide", r.id), effect: reviewStatus }),
  row({ ...adminAction("delete-feedback"), prepare: () => createFeedback(db()), ask: (_w, f) => adminForm("delete-feedback", f.id), effect: feedbackState }),
  row({
    ...adminAction("recheck-payment"),
    case: "a pending payment the (demo) provider reports succeeded",
    prepare: () => strangersPendingPayment(),
    ask: (_w, p) => adminForm("recheck-payment", p.reference),
    effect: recheckedStatus,
  }),
  row({
    ...adminAction("retry-delivery"),
    case: "an e-mail that failed for good",
    // Making it fail runs the due jobs (another actor's failed one among them): one actor at a time.
    serial: true,
    prepare: () => failedEmail(),
    ask: (_w, d) => adminForm("retry-delivery", d.id, { queue: "email" }),
    effect: (d) => jobState(d.id),
  }),
  // The Claims tab (issue 34): each actor's own claim waiting, or imported place linked to an owner's listing.
  row({ ...adminAction("approve-claim"), prepare: () => waitingClaim(), ask: (_w, c) => adminForm("approve-claim", c.id), effect: claimState }),
  row({ ...adminAction("reject-claim"), prepare: () => waitingClaim(), ask: (_w, c) => adminForm("reject-claim", c.id, { reason: "Matrix" }), effect: claimState }),
  row({ ...adminAction("unlink-covered-place"), prepare: coveredPlace, ask: (_w, p) => adminForm("unlink-covered-place", p.id), effect: coveredBy }),
  row({
    key: "GET /admin?tab=subscriptions",
    case: "the payments view, filtered",
    expect: adminPanel("/admin?tab=subscriptions&view=payments&status=pending", 200, "→/admin/security"),
    twoFactorRule: true,
    ask: get("/admin?tab=subscriptions&view=payments&status=pending"),
  }),
  row({ key: `POST /admin intent=${UNKNOWN_INTENT}`, expect: adminPanel(ADMIN, 400, "→/admin/security"), twoFactorRule: true, ask: post(ADMIN, { intent: "no-such-intent" }) }),

  row({ key: "GET /admin/security", expect: adminPanel("/admin/security", 200, 200), ask: get("/admin/security") }),
  row({
    key: "POST /admin/security intent=start",
    case: "a wrong password",
    expect: adminPanel("/admin/security", 400, 400),
    ask: post("/admin/security", { intent: "start", password: "wrong-password-1" }),
  }),
  row({
    key: "POST /admin/security intent=confirm",
    case: "a wrong code (the admin without two-factor has no set-up to confirm)",
    expect: adminPanel("/admin/security", 400, 409),
    ask: post("/admin/security", { intent: "confirm", code: "000000" }),
  }),
  row({
    key: `POST /admin/security intent=${UNKNOWN_INTENT}`,
    // Nothing is done for anyone (the two-factor use cases refuse non-admins themselves).
    expect: adminPanel("/admin/security", 400, 400, { owner: 400, otherOwner: 400 }),
    ask: post("/admin/security", { intent: "no-such-intent" }),
  }),
  row({
    key: "POST /admin/security intent=disable",
    case: "a wrong password",
    // Turning two-factor off needs full admin access: an admin without it has nothing to turn off.
    expect: adminPanel("/admin/security", 400, 403),
    ask: post("/admin/security", { intent: "disable", password: "wrong-password-1" }),
  }),

  // Offers' review (issue 37): admins with two-factor sign-in only; an owner reads 'Access Denied'.
  row({ key: "GET /admin/offers", expect: adminPanel("/admin/offers", 200, "→/admin/security"), twoFactorRule: true, ask: get("/admin/offers") }),
  row({
    key: "POST /admin/offers intent=approve",
    expect: adminPanel("/admin/offers", "→/admin/offers?done=approved", "→/admin/security"),
    twoFactorRule: true,
    prepare: async (w) => createOffer(db(), { businessId: (await listingOfOwner(w)).id, status: "pending" }),
    ask: (_w, offer) => ({ method: "POST", path: "/admin/offers", form: { intent: "approve", offerId: offer.id } }),
    effect: (offer) => offerStatus(offer),
  }),
  row({
    key: "POST /admin/offers intent=reject",
    expect: adminPanel("/admin/offers", "→/admin/offers?done=rejected", "→/admin/security"),
    twoFactorRule: true,
    prepare: async (w) => createOffer(db(), { businessId: (await listingOfOwner(w)).id, status: "pending" }),
    ask: (_w, offer) => ({ method: "POST", path: "/admin/offers", form: { intent: "reject", offerId: offer.id, reason: "Matrix" } }),
    effect: (offer) => offerStatus(offer),
  }),
  row({
    key: "POST /admin/offers intent=take-down",
    expect: adminPanel("/admin/offers", "→/admin/offers?done=removed", "→/admin/security"),
    twoFactorRule: true,
    prepare: async (w) => createOffer(db(), { businessId: (await listingOfOwner(w)).id }),
    ask: (_w, offer) => ({ method: "POST", path: "/admin/offers", form: { intent: "take-down", offerId: offer.id, reason: "Matrix" } }),
    effect: (offer) => offerStatus(offer),
  }),
  row({
    key: `POST /admin/offers intent=${UNKNOWN_INTENT}`,
    expect: adminPanel("/admin/offers", 400, "→/admin/security"),
    twoFactorRule: true,
    ask: post("/admin/offers", { intent: "no-such-intent" }),
  }),

  // Messages and notifications
  row({ key: "GET /messages", expect: signedIn("/messages", 200), ask: get("/messages") }),
  row({
    key: "GET /messages",
    case: "the visitor's conversation with the owner's listing: the visitor, the owner and admins only",
    expect: { ...signedIn("/messages?businessId=B&visitorId=V", 200), otherOwner: 404, adminNo2fa: 404 },
    twoFactorRule: true,
    ask: (w) => ({ method: "GET", path: `/messages?businessId=${w.listing.id}&visitorId=${w.users.visitor.id}` }),
  }),
  row({
    key: "POST /messages intent=send",
    case: "a message to the owner's listing (its owner has no conversation of their own to write in)",
    expect: { ...signedIn("/messages?businessId=B", "→/messages?businessId=B&sent=1"), owner: 404 },
    prepare: async () => ({ key: randomUUID(), text: `Matrix message ${randomUUID()}` }),
    ask: (w, t) => ({
      method: "POST",
      path: `/messages?businessId=${w.listing.id}`,
      form: { businessId: w.listing.id, message: t.text, idempotencyKey: t.key },
    }),
    effect: async (t) => (await db().select({ n: count() }).from(businessMessages).where(eq(businessMessages.message, t.text)))[0]!.n,
  }),
  // Blocking (issue 16): only the conversation's two sides; a fresh listing per actor, so no other row is blocked.
  row({
    key: "POST /messages intent=block",
    case: "the visitor's conversation with a listing of the owner's",
    expect: { ...signedIn("/messages", "→/messages?done=blocked"), otherOwner: 404, admin: 404, adminNo2fa: 404 },
    prepare: conversationOfVisitor,
    ask: (w, b, a) => ({ method: "POST", path: "/messages", form: { intent: "block", businessId: b.id, ...(a === "visitor" ? {} : { visitorId: w.users.visitor.id }) } }),
    effect: blocksOn,
  }),
  row({
    key: "POST /messages intent=unblock",
    case: "the same conversation, blocked by the visitor (when the visitor asks) or by the owner",
    expect: { ...signedIn("/messages", "→/messages?done=unblocked"), otherOwner: 404, admin: 404, adminNo2fa: 404 },
    prepare: async (w, a) => {
      const b = await conversationOfVisitor(w);
      const side = a === "visitor" ? "visitor" : "business";
      await db().insert(conversationBlocks).values({ businessId: b.id, visitorId: w.users.visitor.id, blockedBy: side, blockerId: w.users[side === "visitor" ? "visitor" : "owner"].id });
      return b;
    },
    ask: (w, b, a) => ({ method: "POST", path: "/messages", form: { intent: "unblock", businessId: b.id, ...(a === "visitor" ? {} : { visitorId: w.users.visitor.id }) } }),
    effect: blocksOn,
  }),
  row({ key: `POST /messages intent=${UNKNOWN_INTENT}`, expect: signedIn("/messages", 400), ask: post("/messages", { intent: "no-such-intent" }) }),
  row({ key: "GET /notifications", expect: signedIn("/notifications", 200), ask: get("/notifications") }),
  row({
    key: "POST /notifications",
    case: "Mark Read on the visitor's admin notification",
    expect: { ...signedIn("/notifications", 404), visitor: 200 },
    prepare: async (w) => {
      const { broadcastId } = await sendBroadcast(w.adminActor, { title: `Matrix ${randomUUID()}`, message: "Hello", targetAudience: "visitors", priority: "low" });
      const [mine] = await db()
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, w.users.visitor.id), eq(notifications.broadcastId, broadcastId)));
      return mine!;
    },
    ask: (_w, n) => ({ method: "POST", path: "/notifications", form: { id: n.id } }),
    effect: async (n) => (await db().select({ readAt: notifications.readAt }).from(notifications).where(eq(notifications.id, n.id)))[0],
  }),
  row({
    key: "POST /notifications",
    case: "Mark Read on a visitor's message to the owner's listing",
    expect: { ...signedIn("/notifications", 404), owner: 200 },
    prepare: (w) => createMessage(db(), { businessId: w.listing.id, senderId: w.users.visitor.id }),
    ask: (_w, m) => ({ method: "POST", path: "/notifications", form: { kind: "message", id: m.id } }),
    effect: async (m) => (await db().select({ read: businessMessages.readStatus }).from(businessMessages).where(eq(businessMessages.id, m.id)))[0],
  }),

  // Not found
  row({ key: "GET /404", expect: same(404), ask: get("/404") }),
  noAction("/404", "/404"),
  row({ key: "GET /*", expect: same(404), ask: get("/no-such-page") }),
  noAction("/*", "/no-such-page"),
];

/** Every tab of the admin panel, read the same way. */
export function adminTabRows(tabs: readonly string[]): Row[] {
  return tabs.map((tab) =>
    row({ key: `GET /admin?tab=${tab}`, expect: adminPanel(`/admin?tab=${tab}`, 200, "→/admin/security"), twoFactorRule: true, ask: get(`/admin?tab=${tab}`) }),
  );
}

// ---------------------------------------------------------------------------------------------
// The Hono app's own endpoints (server/*.ts)
// ---------------------------------------------------------------------------------------------

export const HONO_ROWS: Row[] = [
  row({ key: "GET /healthz", expect: same(200), ask: get("/healthz") }),
  row({ key: "GET /readyz", expect: same(200), ask: get("/readyz") }),
  row({ key: "GET /metrics", case: "no METRICS_TOKEN: not on the main port, for anyone (server/metrics.server.test.ts: the token)", expect: same(404), ask: get("/metrics") }),
  row({ key: "GET /api/auth/verify-email", case: "no token", expect: same(400), ask: get("/api/auth/verify-email") }),
  row({ key: "GET /api/auth/reset-password/:token", case: "a made-up token", expect: same(400), ask: get("/api/auth/reset-password/made-up") }),
  row({ key: "ALL /api/auth/*", case: "better-auth's own sign-up is not served", expect: same(404), ask: post("/api/auth/sign-up/email", {}) }),
  row({ key: "ALL /api/auth/*", case: "nor its admin endpoints", expect: same(404), ask: get("/api/auth/admin/list-users") }),
  row({ key: "GET /dev/mailbox.json", case: "not from loopback", expect: same(404), ask: get("/dev/mailbox.json") }),
  row({ key: "GET /dev/mailbox", case: "not from loopback", expect: same(404), ask: get("/dev/mailbox") }),
  row({ key: "GET /media/business-images/*", case: "a public listing's image", expect: same(200), ask: (w) => ({ method: "GET", path: `/media/business-images/${w.imageKey}?w=320` }) }),
  row({ key: "GET /media/business-images/*", case: "no such image", expect: same(404), ask: get("/media/business-images/none/none.webp?w=320") }),
  row({
    key: "GET /kyc-documents/:id",
    case: "the owner's ID document, by a link signed for each caller (none for anonymous)",
    expect: { ...same(404), owner: 200, admin: 200 },
    twoFactorRule: true,
    ask: (w, _t, actor) => {
      const id = w.kycWithDocument.id;
      if (actor === "anonymous") return { method: "GET", path: `/kyc-documents/${id}` };
      return { method: "GET", path: signKycDocumentLink(w.users[actor].id, id) };
    },
  }),
  row({
    key: "GET /claim-documents/:id",
    case: "a claim's document (issue 34), by a link signed for each caller (none for anonymous): admins with two-factor only",
    expect: { ...same(404), admin: 200 },
    twoFactorRule: true,
    prepare: () => waitingClaim(true),
    ask: (w, c, actor) => {
      if (actor === "anonymous") return { method: "GET", path: `/claim-documents/${c.id}` };
      return { method: "GET", path: signClaimDocumentLink(w.users[actor].id, c.id) };
    },
  }),
  row({ key: "GET /events", expect: { ...same(200), anonymous: 401, suspended: 401 }, stream: true, ask: get("/events") }),
  row({
    key: "POST /api/messages",
    expect: { ...same(201), anonymous: 401, suspended: 401, owner: 404 },
    prepare: async () => ({ key: randomUUID(), text: `Matrix API message ${randomUUID()}` }),
    ask: (w, t) => ({ method: "POST", path: "/api/messages", json: { businessId: w.listing.id, message: t.text, idempotencyKey: t.key } }),
    effect: async (t) => (await db().select({ n: count() }).from(businessMessages).where(eq(businessMessages.message, t.text)))[0]!.n,
  }),
  row({
    key: "POST /api/messages/read",
    case: "the caller's own conversation with the owner's listing",
    expect: { ...same(200), anonymous: 401, suspended: 401 },
    ask: (w) => ({ method: "POST", path: "/api/messages/read", json: { businessId: w.listing.id } }),
  }),
  row({
    key: "POST /api/messages/read",
    case: "the visitor's conversation, read by someone else",
    expect: { ...same(404), anonymous: 401, suspended: 401, visitor: 200, owner: 200 },
    ask: (w) => ({ method: "POST", path: "/api/messages/read", json: { businessId: w.listing.id, visitorId: w.users.visitor.id } }),
  }),
  row({
    key: "POST /api/payments/paystack/webhook",
    case: "not signed with Paystack's key: refused, whoever's session comes with it (Paystack is not configured here)",
    expect: same(401),
    ask: () => ({ method: "POST", path: "/api/payments/paystack/webhook", json: { event: "charge.success", data: { reference: "paystack-0", status: "success" } } }),
  }),
  row({
    key: "GET /api/whatsapp/webhook",
    case: "Meta's handshake without our verify token: refused, whoever asks (WhatsApp is not configured here)",
    expect: same(403),
    ask: get("/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess-guess-guess-guess&hub.challenge=42"),
  }),
  row({
    key: "POST /api/whatsapp/webhook",
    case: "not signed with the app secret: refused, whoever's session comes with it",
    expect: same(401),
    ask: () => ({ method: "POST", path: "/api/whatsapp/webhook", json: { object: "whatsapp_business_account", entry: [] } }),
  }),
  row({ key: "GET /robots.txt", expect: same(200), ask: get("/robots.txt") }),
  row({ key: "GET /sitemap.xml", expect: same(200), ask: get("/sitemap.xml") }),
  row({ key: "GET /sitemaps/pages.xml", expect: same(200), ask: get("/sitemaps/pages.xml") }),
  // Installable and offline (ADR 30): the same for everyone. The service worker comes from the build (none here: 404).
  row({ key: "GET /manifest.webmanifest", expect: same(200), ask: get("/manifest.webmanifest") }),
  row({ key: "GET /sw.js", case: "without a build (the tests' app)", expect: same(404), ask: get("/sw.js") }),
  row({ key: "GET /sitemaps/:file{businesses-[0-9]+-of-[0-9]+\\.xml}", case: "past the last file", expect: same(404), ask: get("/sitemaps/businesses-2-of-1.xml") }),
];

/**
 * Hono entries that are not endpoints of their own: middleware (request ids, headers, compression, origin
 * check, body limits, the mailbox's loopback gate) and the hand-over to React Router, whose routes are the
 * rows above.
 */
export const HONO_NOT_ENDPOINTS = ["ALL /*", "ALL /dev/mailbox*", "ALL /api/messages/*", "ALL /api/payments/paystack/*", "ALL /api/whatsapp/*", "POST /kyc-verification"];

/**
 * Files whose intents an action dispatches besides the route module itself (the admin panel's forms post
 * to /admin; runAdminAction reads the intent).
 */
export const INTENT_SOURCES: Record<string, string[]> = {
  "routes/admin/admin.tsx": ["features/admin/admin-actions.server.ts", "features/admin/components"],
};
