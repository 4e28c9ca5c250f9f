/**
 * Hostile text (tests/security/xss-corpus.ts) typed into every field people fill in, through the real use
 * cases, then read back where it is shown: the public business page and its JSON-LD, search results, the
 * home page, the owner's dashboard and KYC page, messages, notifications, profile, every admin tab, the
 * e-mails and the development mailbox. Nowhere may it run: no script without the response's nonce, no
 * inline script or JSON-LD it breaks, no event handler, no javascript: URL, no embedded document; and where
 * it is shown it is text.
 */
import { randomUUID } from "node:crypto";
import { count, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessClosures, businesses, businessRevisions, emailOutbox, feedback, kycSubmissions, businessMessages, listingClaims, listingPriceItems, listingSuggestions, profiles, quoteRecipients, quoteRequests, reviews } from "../../db/schema";
import { createAdmin, createPayment, createSubscription } from "../../db/seed/factories";
import { RegisterSchema } from "../../app/features/accounts/account.schemas";
import { parseBusinessFilters } from "../../app/features/directory/parse-business-filters";
import { registerUser } from "../../app/features/accounts/register-user.server";
import { getSessionUser } from "../../app/features/accounts/session.server";
import type { SessionUser } from "../../app/features/accounts/session-user";
import { sendBroadcast } from "../../app/features/admin/send-broadcast.server";
import { suspendUser } from "../../app/features/admin/suspend-user.server";
import { requestFeature } from "../../app/features/featured/request-feature.server";
import { setBusinessFeatured } from "../../app/features/featured/set-business-featured.server";
import { submitFeedback } from "../../app/features/feedback/submit-feedback.server";
import { approveKyc } from "../../app/features/kyc/review-kyc.server";
import { submitKyc } from "../../app/features/kyc/submit-kyc.server";
import { displayPhone } from "../../app/lib/phone";
import { csvField } from "../../app/features/analytics/export-listing-analytics.server";
import { createListing } from "../../app/features/listings/create-listing.server";
import { changeVersion, checkListingForm, LISTING_TEXTS } from "../../app/features/listings/listing.schemas";
import { reviewListingChange } from "../../app/features/listings/review-listing-change.server";
import { savePriceItem } from "../../app/features/listings/save-price-item.server";
import { reviewListing } from "../../app/features/listings/review-listing.server";
import { addBusinessClosure } from "../../app/features/listings/add-business-closure.server";
import { setOpeningHours } from "../../app/features/listings/set-opening-hours.server";
import { addDays, hoursFieldNames, watDate, WEEKDAY_NAMES, WEEKDAYS } from "../../app/lib/opening-hours";
import { blockConversation, unblockConversation } from "../../app/features/messaging/block-conversation.server";
import { sendMessage } from "../../app/features/messaging/send-message.server";
import { sendPaymentReceipt } from "../../app/features/payments/send-payment-receipt.server";
import { sendWeeklySummaries } from "../../app/features/analytics/send-weekly-summaries.server";
import { updateProfile } from "../../app/features/profile/update-profile.server";
import { replyToReview } from "../../app/features/reviews/reply-to-review.server";
import { saveReview } from "../../app/features/reviews/save-review.server";
import { saveBusiness } from "../../app/features/directory/save-business.server";
import { setReviewVisibility } from "../../app/features/reviews/set-review-visibility.server";
import { getDb } from "../../app/lib/db.server";
import { listOutbox } from "../../app/lib/email.server";
import { runDueJobs } from "../../app/lib/jobs.server";
import { JOB_HANDLERS } from "../../server/jobs";
import { executableProblems, jsonLdProblems, nonceOf, parseHtml } from "../support/html-safety";
import { fileFrom, pngImage } from "../support/images";
import { pageApp, routeBuild } from "../support/route-build";
import { BASE_URL, sessionCookie } from "../support/screen-harness";
import { listen, type Listening } from "../support/server";
import { enableTwoFactor } from "../support/two-factor";
import { ALL_PAYLOADS, BIDI_CONTROLS, chunks, HOSTILE_WEBSITES, PAYLOADS } from "./xss-corpus";
import { createReport } from "../../app/features/reports/create-report.server";
import { decideSuggestion } from "../../app/features/suggestions/decide-suggestion.server";
import { suggestListingChange } from "../../app/features/suggestions/suggest-listing-change.server";
import { suggestMissingBusiness } from "../../app/features/suggestions/suggest-missing-business.server";
import { SUGGESTION_LIMITS } from "../../app/features/suggestions/suggestion.schemas";
import { NOTICE_QUEUE } from "../../app/features/notifications/person-notices.server";
import { resolveReports } from "../../app/features/reports/resolve-reports.server";
import { claimByDocument } from "../../app/features/listings/claim-by-document.server";
import { CLAIM_DOCUMENT_TEXTS } from "../../app/features/listings/claim.schemas";
import { reviewClaim } from "../../app/features/listings/review-claim.server";
import { answerQuote } from "../../app/features/quotes/answer-quote.server";
import { createQuoteRequest } from "../../app/features/quotes/create-quote-request.server";

const PASSWORD = "Hostile-Corpus-Passphrase-42";
/** Each hostile account and listing carries one of these (names allow 100 characters: a label and 80). */
const CHUNKS = chunks(80);
/** The KYC ID field allows 40 characters: the payloads that fit, one per owner. */
const SHORT = PAYLOADS.filter((p) => p.text.length <= 40).map((p) => p.text);

type Owner = { i: number; email: string; cookie: string; actor: SessionUser; listingId: string; kycId: string };
type Visitor = { i: number; email: string; cookie: string; actor: SessionUser };

let app: ReturnType<typeof pageApp>;
let adminCookie: string;
let admin: SessionUser;
const owners: Owner[] = [];
const visitors: Visitor[] = [];
/** Owner 0's second listing, waiting for review; its third, rejected with a hostile reason. */
let pendingListingId: string;
let rejectedListingId: string;
/** A KYC submission still waiting for review. */
let pendingKycId: string;
let image: Buffer;
let address = 0;

const db = () => getDb();

// ---------------------------------------------------------------------------------------------
// Writing: each field through the use case that owns it, as the screens call it
// ---------------------------------------------------------------------------------------------

async function register(kind: "visitor" | "business", label: string, i: number): Promise<{ email: string; cookie: string; actor: SessionUser }> {
  const email = `hostile-${kind}-${i}-${randomUUID().slice(0, 8)}@example.com`;
  const input = RegisterSchema.parse({
    accountType: kind,
    firstName: `${label}First${i} ${CHUNKS[i % CHUNKS.length]}`,
    lastName: `${label}Last${i} ${CHUNKS[(i + 1) % CHUNKS.length]}`,
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    country: "Nigeria",
    state: "Lagos",
    category: kind === "business" ? "Eatery" : undefined,
  });
  const request = new Request(`${BASE_URL}/register/${kind}`, { method: "POST", headers: { origin: BASE_URL } });
  await registerUser(input, { request, clientAddress: `10.66.${Math.floor(++address / 200)}.${address % 200}` });
  // The link in the verification e-mail (a job, ADR 34: sent as a worker would), followed as the browser does.
  await runDueJobs(JOB_HANDLERS);
  const [mail] = await db().select({ text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(desc(emailOutbox.createdAt)).limit(1);
  const link = /https?:\/\/\S+/.exec(mail!.text)![0];
  const verified = await app.request(new URL(new URL(link).pathname + new URL(link).search, BASE_URL).toString());
  expect(verified.status, "following the verification link").toBeLessThan(400);
  const cookie = await sessionCookie(email, PASSWORD);
  const actor = (await getSessionUser(new Request(BASE_URL, { headers: { cookie } })))!;
  return { email, cookie, actor };
}

function listingForm(i: number, extra: Partial<Record<string, string>> = {}) {
  return {
    name: `Biz${i} ${CHUNKS[i]}`,
    description: `About${i} ${ALL_PAYLOADS}`,
    address: `Street${i} ${CHUNKS[i]}`,
    plotNumber: `Plot${i} ${SHORT[i % SHORT.length]!.slice(0, 40)}`,
    state: "Lagos",
    country: "Nigeria",
    phoneNumber: "08031234567",
    websiteUrl: "",
    category: "Eatery",
    products: PAYLOADS.map((p) => `Item ${p.text}`).join("\n"),
    lga: "Ikeja",
    landmark: `Landmark${i} ${CHUNKS[i]}`,
    ...extra,
  };
}

async function newListing(owner: { actor: SessionUser }, form: ReturnType<typeof listingForm>): Promise<string> {
  const checked = checkListingForm(form, 1);
  if (!checked.ok) throw new Error(`listing form refused: ${JSON.stringify(checked.fields)}`);
  const created = await createListing(owner.actor, checked.input, [fileFrom(image, "shop.png", "image/png")]);
  return created.businessId;
}

beforeAll(async () => {
  app = pageApp();
  await routeBuild();
  image = await pngImage(320, 240);
  const adminUser = await createAdmin(db(), { twoFactor: false });
  ({ cookie: adminCookie } = await enableTwoFactor(await sessionCookie(adminUser.email)));
  admin = (await getSessionUser(new Request(BASE_URL, { headers: { cookie: adminCookie } })))!;

  for (let i = 0; i < CHUNKS.length; i++) {
    const account = await register("business", "Owner", i);
    // The KYC phone is a phone number (issue 32): hostile text there is refused, never stored.
    await expect(
      submitKyc(account.actor, { fullName: `Kyc${i} ${CHUNKS[i]}`, activePhoneNumber: SHORT[i % SHORT.length]!, idImage: fileFrom(image, "id.png", "image/png") }),
    ).rejects.toMatchObject({ code: "invalid", fields: { activePhoneNumber: "Please enter a valid ID number." } });
    const { submissionId } = await submitKyc(account.actor, {
      fullName: `Kyc${i} ${CHUNKS[i]}`,
      activePhoneNumber: `0803 ${String(100 + i).padStart(3, "0")} 4567`,
      idImage: fileFrom(image, "id.png", "image/png"),
    });
    await approveKyc(admin, submissionId);
    const actor = (await getSessionUser(new Request(BASE_URL, { headers: { cookie: account.cookie } })))!;
    const owner = { ...account, i, actor, kycId: submissionId, listingId: "" };
    // The website: an http(s) address with hostile text in its path (the form allows it; the page links it).
    owner.listingId = await newListing(owner, listingForm(i, { websiteUrl: HOSTILE_WEBSITES[4 + (i % 2)]! }));
    await reviewListing(admin, { decision: "approve", businessId: owner.listingId });
    await setBusinessFeatured(admin, { businessId: owner.listingId, featured: true });
    // Opening hours with a closed day tomorrow whose note is hostile (ADR 21).
    await setOpeningHours(owner.actor, owner.listingId, Array.from({ length: 7 }, () => ({ mode: "24h" as const })));
    await addBusinessClosure(owner.actor, owner.listingId, { date: addDays(watDate(new Date()), 1), note: CHUNKS[i]! });
    // A price list (issue 37): hostile groups and descriptions (approved by the admin, as a change of the listing).
    const products = (await db().select({ products: businesses.products }).from(businesses).where(eq(businesses.id, owner.listingId)))[0]!.products;
    for (const [j, name] of products.slice(0, 3).entries()) {
      const payload = PAYLOADS[(i + j) % PAYLOADS.length]!.text;
      await savePriceItem(owner.actor, owner.listingId, { name, group: `G${j} ${payload}`.slice(0, 40), kind: j === 1 ? "from" : "exact", price: "1500", description: `D${j} ${payload}`.slice(0, 200) });
    }
    const [change] = await db().select({ updatedAt: businessRevisions.updatedAt }).from(businessRevisions).where(eq(businessRevisions.businessId, owner.listingId));
    await reviewListingChange(admin, { decision: "approve", businessId: owner.listingId, version: changeVersion(change!.updatedAt) });
    owners.push(owner);
  }
  // Owner 0 may list three: one waits for review, one is rejected with a hostile reason, the first asks to be featured.
  await createSubscription(db(), { userId: owners[0]!.actor.id, planId: "standard" });
  pendingListingId = await newListing(owners[0]!, listingForm(0, { name: `Pending ${CHUNKS[0]}`, websiteUrl: HOSTILE_WEBSITES[5]! }));
  rejectedListingId = await newListing(owners[0]!, listingForm(0, { name: `Rejected ${CHUNKS[1]}` }));
  await reviewListing(admin, { decision: "reject", businessId: rejectedListingId, reason: `Reason ${CHUNKS.join(" ")}`.slice(0, 1000) });
  await setBusinessFeatured(admin, { businessId: owners[0]!.listingId, featured: false });
  await requestFeature(owners[0]!.actor, owners[0]!.listingId);
  // A KYC submission still waiting, for the admin's KYC tab.
  const applicant = await register("business", "Applicant", 0);
  ({ submissionId: pendingKycId } = await submitKyc(applicant.actor, { fullName: `Applicant ${CHUNKS.join(" ")}`.slice(0, 200), activePhoneNumber: "0803 123 4567", idImage: fileFrom(image, "id.png", "image/png") }));

  for (let i = 0; i < CHUNKS.length; i++) {
    const account = await register("visitor", "Visitor", i);
    await updateProfile(account.actor, { firstName: `Profile${i} ${CHUNKS[i]}`, lastName: `Named${i} ${CHUNKS[(i + 2) % CHUNKS.length]}`, country: "Nigeria", state: "Lagos" });
    const actor = (await getSessionUser(new Request(BASE_URL, { headers: { cookie: account.cookie } })))!;
    const visitor = { ...account, i, actor };
    const owner = owners[i]!;
    await sendMessage(actor, { businessId: owner.listingId, message: `Msg${i} ${ALL_PAYLOADS}`, idempotencyKey: randomUUID() });
    // The owner's notice is a job (ADR 34): sent now, as a server's worker would before the owner opens the chat.
    await runDueJobs(JOB_HANDLERS);
    await sendMessage(owner.actor, { businessId: owner.listingId, visitorId: actor.id, message: `Reply${i} ${CHUNKS[i]}`, idempotencyKey: randomUUID() });
    await submitFeedback(actor, { message: `Feedback${i} ${ALL_PAYLOADS}` });
    // A review (held: the account is new; published as a moderator would) and the owner's reply.
    const review = await saveReview(actor, { businessId: owner.listingId, stars: 4, body: `Review number ${i}: ${CHUNKS[i]}` });
    await db().transaction((tx) => setReviewVisibility(tx, review.reviewId, "published"));
    await replyToReview(owner.actor, { reviewId: review.reviewId, reply: `Owner reply ${i}: ${CHUNKS[(i + 1) % CHUNKS.length]}` });
    visitors.push(visitor);
  }
  await sendBroadcast(admin, { title: `Notice ${CHUNKS[0]}`.slice(0, 120), message: `Broadcast ${ALL_PAYLOADS}`, targetAudience: "all", priority: "high" });
  const suspended = await register("visitor", "Suspended", 0);
  await suspendUser(admin, { userId: suspended.actor.id, reason: `Suspended for ${CHUNKS[2]}` });
  // Reports (issue 16): hostile details on a listing report and a report of a hostile message; one decided.
  await createReport(visitors[0]!.actor, { kind: "listing", id: owners[0]!.listingId, reason: "scam", details: `Report ${CHUNKS[3 % CHUNKS.length]}` });
  const [hostileMessage] = await db().select({ id: businessMessages.id }).from(businessMessages).where(eq(businessMessages.senderId, visitors[1]!.actor.id)).limit(1);
  await createReport(owners[1]!.actor, { kind: "message", id: hostileMessage!.id, reason: "offensive", details: `Msgreport ${CHUNKS[1]}` });
  await createReport(visitors[2 % CHUNKS.length]!.actor, { kind: "listing", id: owners[2 % CHUNKS.length]!.listingId, reason: "fake" });
  await resolveReports(admin, { kind: "listing", id: owners[2 % CHUNKS.length]!.listingId, action: "dismiss" }, { suspendAuthor: suspendUser });
}, 120_000);

// ---------------------------------------------------------------------------------------------
// Reading: pages through the whole app, checked for anything that could run
// ---------------------------------------------------------------------------------------------

type Page = { path: string; status: number; html: string; text: string; nonce?: string };

async function page(path: string, cookie = ""): Promise<Page> {
  const response = await app.request(new URL(path, BASE_URL).toString(), { headers: cookie ? { cookie } : {} });
  const html = await response.text();
  return { path, status: response.status, html, text: parseHtml(html).text, nonce: nonceOf(response) };
}

/** Nothing on the page can run, and the page is one we meant to show (not an error screen). */
function expectInert(p: Page, status = 200) {
  expect(p.status, `${p.path} answered ${p.status}: ${p.text.slice(0, 300)}`).toBe(status);
  expect(p.nonce, `${p.path} has a CSP nonce`).toBeTruthy();
  expect(executableProblems(p.html, { nonce: p.nonce }), p.path).toEqual([]);
}

/** The stored value is on the page as text (escaped in the HTML, so it reads back as typed). */
function expectShown(p: Page, value: string | null | undefined) {
  expect(value, `a stored value for ${p.path}`).toBeTruthy();
  expect(p.text.includes(value!), `${p.path} shows ${JSON.stringify(value).slice(0, 120)}`).toBe(true);
}

const stored = {
  listing: async (id: string) => (await db().select().from(businesses).where(eq(businesses.id, id)))[0]!,
  profile: async (id: string) => (await db().select().from(profiles).where(eq(profiles.id, id)))[0]!,
  kyc: async (id: string) => (await db().select().from(kycSubmissions).where(eq(kycSubmissions.id, id)))[0]!,
  message: async (senderId: string) =>
    (await db().select({ text: businessMessages.message }).from(businessMessages).where(eq(businessMessages.senderId, senderId)))[0]!.text,
};
const personName = (p: { firstName: string | null; lastName: string | null }) => `${p.firstName ?? ""} ${p.lastName ?? ""}`.trim();

describe("the corpus", () => {
  it("reaches every payload's dangerous part into the fields (nothing was cut before it was stored)", async () => {
    const listing = await stored.listing(owners[0]!.listingId);
    for (const p of PAYLOADS) expect(listing.description, p.why).toContain(p.text.replace(BIDI_CONTROLS, ""));
    expect(listing.products).toHaveLength(PAYLOADS.length);
  });
});

describe("names keep no bidirectional controls; free text keeps them (shown as typed, in its own block)", () => {
  it("strips U+202A–U+202E and U+2066–U+2069 from person, business and KYC names and products", async () => {
    const index = CHUNKS.findIndex((c) => BIDI_CONTROLS.test(c));
    expect(index).toBeGreaterThanOrEqual(0);
    const owner = owners[index]!;
    const listing = await stored.listing(owner.listingId);
    const profile = await stored.profile(owner.actor.id);
    const kyc = await stored.kyc(owner.kycId);
    const visitorProfile = await stored.profile(visitors[index]!.actor.id);
    for (const name of [listing.name, listing.landmark, profile.firstName, kyc.fullName, visitorProfile.firstName, ...listing.products]) {
      expect(BIDI_CONTROLS.test(name ?? ""), `stored ${JSON.stringify(name)}`).toBe(false);
    }
    expect(listing.name).toContain("X09gnp.exe");
    expect(listing.description).toContain("\u202EX09gnp.exe\u2066");
  });
});

describe("a new listing's opening hours (ADR 21)", () => {
  it("refuse hostile text in every hours field of the create form, named per day, and keep it as field values", async () => {
    const owner = owners[1]!;
    const names = WEEKDAYS.map((day) => hoursFieldNames(day));
    const hours: Record<string, string> = { listHours: "on" };
    names.flatMap((n) => [n.mode, ...n.opens, ...n.closes]).forEach((name, k) => (hours[name] = PAYLOADS[k % PAYLOADS.length]!.text));
    const [{ before }] = await db().select({ before: count() }).from(businesses).where(eq(businesses.userId, owner.actor.id));
    const response = await app.request(`${BASE_URL}/business/create`, {
      method: "POST",
      headers: { origin: BASE_URL, cookie: owner.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...listingForm(1), ...hours }),
    });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(executableProblems(html, { nonce: nonceOf(response) })).toEqual([]);
    const inputs = parseHtml(html).elements.filter((e) => e.name === "input");
    for (const name of names.flatMap((n) => [...n.opens, ...n.closes])) {
      // Read as at most ten characters, and shown again as the field's value (never as markup).
      expect(inputs.find((e) => e.attrs.name === name)?.attrs.value, name).toBe(hours[name]!.trim().slice(0, 10));
    }
    for (const day of WEEKDAY_NAMES) expect(html).toContain(`${day}: `);
    const [{ after }] = await db().select({ after: count() }).from(businesses).where(eq(businesses.userId, owner.actor.id));
    expect(after).toBe(before);
  });
});

describe("the location fields (ADR 23)", () => {
  it("refuse every hostile text as coordinates, and /businesses?near= ignores it", () => {
    for (const { text } of PAYLOADS) {
      for (const field of ["latitude", "longitude"] as const) {
        const other = field === "latitude" ? "longitude" : "latitude";
        const checked = checkListingForm(listingForm(0, { [field]: text, [other]: field === "latitude" ? "3.3792" : "6.5244" }), 1);
        expect(checked.ok, `${field}: ${text}`).toBe(false);
      }
      expect(parseBusinessFilters(new URLSearchParams({ near: `${text},3.3792` })).near, text).toBeNull();
    }
  });
});

describe("the website field", () => {
  it("refuses every address that is not http(s) with the spec's text", () => {
    for (const website of HOSTILE_WEBSITES.slice(0, 4)) {
      const checked = checkListingForm(listingForm(0, { websiteUrl: website }), 1);
      expect(checked.ok, website).toBe(false);
      if (!checked.ok) expect(checked.fields.websiteUrl).toBe(LISTING_TEXTS.websiteInvalid);
    }
  });
});

describe("public pages", () => {
  it("the business page's price list shows each group and description as text, and its JSON-LD offer catalog round-trips them", async () => {
    for (const owner of owners) {
      const p = await page(`/businesses/${owner.listingId}`);
      expectInert(p);
      const items = await db().select().from(listingPriceItems).where(eq(listingPriceItems.businessId, owner.listingId));
      expect(items.length).toBeGreaterThan(0);
      const scripts = parseHtml(p.html).scripts.filter((s) => s.attrs.type === "application/ld+json");
      expect(jsonLdProblems(scripts[0]!.content)).toEqual([]);
      // An eatery offers Products.
      const [ld] = JSON.parse(scripts[0]!.content) as [{ hasOfferCatalog: { itemListElement: { name: string; itemListElement: { itemOffered: { name: string; description?: string } }[] }[] } }];
      for (const item of items) {
        expectShown(p, item.groupName);
        expectShown(p, item.description);
        const group = ld.hasOfferCatalog.itemListElement.find((g) => g.name === item.groupName);
        expect(group?.itemListElement.map((o) => o.itemOffered)).toContainEqual({ "@type": "Product", name: item.name, description: item.description });
      }
    }
  });

  it("the business page shows every field as text and its JSON-LD is JSON that round-trips", async () => {
    for (const owner of owners) {
      const p = await page(`/businesses/${owner.listingId}`);
      expectInert(p);
      const listing = await stored.listing(owner.listingId);
      expectShown(p, listing.name);
      expectShown(p, listing.description);
      expectShown(p, listing.address);
      expectShown(p, listing.landmark);
      expectShown(p, listing.websiteUrl);
      for (const product of listing.products) expectShown(p, product);
      const scripts = parseHtml(p.html).scripts.filter((s) => s.attrs.type === "application/ld+json");
      expect(scripts).toHaveLength(1);
      expect(jsonLdProblems(scripts[0]!.content)).toEqual([]);
      // [LocalBusiness, BreadcrumbList]: the breadcrumbs' last step is the listing's name.
      const [ld, crumbs] = JSON.parse(scripts[0]!.content) as [
        { name: string; description: string; sameAs?: string; address: { streetAddress: string } },
        { itemListElement: { name: string }[] },
      ];
      expect(crumbs.itemListElement.at(-1)?.name).toBe(listing.name);
      expect(ld.name).toBe(listing.name);
      expect(ld.description).toBe(listing.description);
      expect(ld.address.streetAddress).toContain(listing.address);
      // The link goes through /go/ (issue 18), which sends the visitor where the owner typed, as an http(s) URL;
      // the hostile characters are percent-encoded.
      const link = parseHtml(p.html).elements.find((e) => e.name === "a" && e.attrs.rel?.includes("ugc"));
      expect(link?.attrs.href).toBe(`/go/${owner.listingId}/website`);
      const target = (await app.request(link!.attrs.href!)).headers.get("location");
      expect(target).toMatch(/^https:\/\/example\.com\/W0[56]/);
      expect(target).not.toMatch(/[<>"]/);
      expect(ld.sameAs).toBe(target);
    }
  });

  it("closed days' notes are text on the business page and the owner's edit screen, and stay out of the JSON-LD", async () => {
    for (const owner of owners) {
      const [closure] = await db().select().from(businessClosures).where(eq(businessClosures.businessId, owner.listingId));
      expect(closure?.note).toBeTruthy();
      const p = await page(`/businesses/${owner.listingId}`);
      expectInert(p);
      expectShown(p, closure!.note);
      const scripts = parseHtml(p.html).scripts.filter((s) => s.attrs.type === "application/ld+json");
      expect(jsonLdProblems(scripts[0]!.content)).toEqual([]);
      // A business page's one JSON-LD script is [LocalBusiness, BreadcrumbList] (ADR 24).
      const [ld] = JSON.parse(scripts[0]!.content) as [{ specialOpeningHoursSpecification: Record<string, string>[] }];
      expect(ld.specialOpeningHoursSpecification).toEqual([
        { "@type": "OpeningHoursSpecification", validFrom: closure!.closedOn, validThrough: closure!.closedOn, opens: "00:00", closes: "00:00" },
      ]);
      const edit = await page(`/business/edit/${owner.listingId}`, owner.cookie);
      expectInert(edit);
      expectShown(edit, closure!.note);
    }
  });

  it("reviews and owner replies on the business page are text, and its Review JSON-LD round-trips", async () => {
    for (const owner of owners) {
      const p = await page(`/businesses/${owner.listingId}`);
      expectInert(p);
      const [review] = await db().select().from(reviews).where(eq(reviews.businessId, owner.listingId));
      expectShown(p, review!.body);
      expectShown(p, review!.reply);
      const scripts = parseHtml(p.html).scripts.filter((s) => s.attrs.type === "application/ld+json");
      expect(jsonLdProblems(scripts[0]!.content)).toEqual([]);
      const [ld] = JSON.parse(scripts[0]!.content) as [{ review: { reviewBody: string }[]; aggregateRating: { reviewCount: number } }];
      expect(ld.review[0]!.reviewBody).toBe(review!.body);
      expect(ld.aggregateRating.reviewCount).toBe(1);
    }
  });

  it("search results, the home page and the search box show the text and run none of it", async () => {
    const results = await page("/businesses?q=About0");
    expectInert(results);
    expectShown(results, (await stored.listing(owners[0]!.listingId)).name);
    const home = await page("/");
    expectInert(home);
    const featuredShown = await Promise.all(owners.slice(1).map(async (o) => home.text.includes((await stored.listing(o.listingId)).name)));
    expect(featuredShown).toContain(true);
    // What is typed into the search box comes back in it (and in the page's text), never as markup.
    for (const chunk of CHUNKS) {
      const q = chunk.trim().replace(/\s+/g, " ").slice(0, 100);
      const searched = await page(`/businesses?${new URLSearchParams({ q })}`);
      expectInert(searched);
      expect(parseHtml(searched.html).elements.some((e) => e.name === "input" && e.attrs.value === q), `the search box holds ${q}`).toBe(true);
    }
  });

  it("text in other addresses (login redirect, not-found path, plan and listing ids, chat name) is inert", async () => {
    const hostile = CHUNKS.join(" ");
    const visitor = visitors[0]!;
    const pages = [
      await page(`/login?${new URLSearchParams({ redirectTo: `/${hostile}` })}`),
      await page(`/no-such-page/${encodeURIComponent(hostile)}`),
      await page(`/pricing?${new URLSearchParams({ plan: hostile })}`),
      await page(`/featured-plans?${new URLSearchParams({ plan: hostile, businessId: hostile })}`),
      await page(`/payment?${new URLSearchParams({ type: "featured", plan: "basic", businessId: hostile })}`, owners[1]!.cookie),
      await page(`/messages?${new URLSearchParams({ businessId: randomUUID(), businessName: hostile })}`, visitor.cookie),
      await page(`/admin?${new URLSearchParams({ tab: "users", q: hostile })}`, adminCookie),
    ];
    for (const p of pages) expect(executableProblems(p.html, { nonce: p.nonce }), p.path).toEqual([]);
    expect(pages.map((p) => p.status)).toEqual([200, 404, 200, 200, 400, 404, 200]);
  });
});

describe("signed-in pages", () => {
  it("the owner's dashboard and KYC page show names and the rejection reason as text", async () => {
    for (const owner of owners) {
      const dashboard = await page("/dashboard", owner.cookie);
      expectInert(dashboard);
      expectShown(dashboard, (await stored.listing(owner.listingId)).name);
      const kyc = await page("/kyc-verification", owner.cookie);
      expectInert(kyc);
    }
    const first = await page("/dashboard", owners[0]!.cookie);
    expectShown(first, (await stored.listing(rejectedListingId)).rejectionReason);
    expectShown(first, (await stored.listing(pendingListingId)).name);
  });

  it("the owner's analytics page (issue 18) shows listing names as text; the CSV export quotes them and starts none as a formula", async () => {
    for (const owner of owners) {
      const analytics = await page(`/dashboard/analytics?listing=${owner.listingId}`, owner.cookie);
      expectInert(analytics);
      expectShown(analytics, (await stored.listing(owner.listingId)).name);
    }
    for (const text of [...PAYLOADS.map((p) => p.text), ...CHUNKS, "=1+1", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1"]) {
      const field = csvField(text);
      const cell = field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field;
      expect([text, `'${text}`], JSON.stringify(text)).toContain(cell);
      expect(cell, JSON.stringify(text)).not.toMatch(/^[=+\-@\t\r]/);
      if (/[",\r\n]/.test(text)) expect(field.startsWith('"') && field.endsWith('"'), JSON.stringify(text)).toBe(true);
    }
  });

  it("messages: lists and chats, for the visitor and the owner", async () => {
    for (const [i, visitor] of visitors.entries()) {
      const owner = owners[i]!;
      const listing = await stored.listing(owner.listingId);
      const visitorName = personName(await stored.profile(visitor.actor.id));
      const sent = await stored.message(visitor.actor.id);
      const reply = await stored.message(owner.actor.id);

      const visitorList = await page("/messages", visitor.cookie);
      expectInert(visitorList);
      expectShown(visitorList, listing.name);
      const visitorChat = await page(`/messages?businessId=${owner.listingId}`, visitor.cookie);
      expectInert(visitorChat);
      expectShown(visitorChat, sent);
      expectShown(visitorChat, reply);

      const ownerList = await page("/messages", owner.cookie);
      expectInert(ownerList);
      expectShown(ownerList, visitorName);
      const ownerChat = await page(`/messages?businessId=${owner.listingId}&visitorId=${visitor.actor.id}`, owner.cookie);
      expectInert(ownerChat);
      expectShown(ownerChat, sent);
    }
  });

  it("messages while blocked (issue 16): the Block and Unblock controls name the other side inertly", async () => {
    for (const [i, visitor] of visitors.entries()) {
      const owner = owners[i]!;
      const ref = { businessId: owner.listingId, visitorId: visitor.actor.id };
      await blockConversation(owner.actor, ref);
      try {
        const ownerList = await page("/messages", owner.cookie);
        expectInert(ownerList);
        expectShown(ownerList, personName(await stored.profile(visitor.actor.id)));
        const ownerChat = await page(`/messages?businessId=${owner.listingId}&visitorId=${visitor.actor.id}`, owner.cookie);
        expectInert(ownerChat);
        expectShown(ownerChat, await stored.message(visitor.actor.id));
        const visitorChat = await page(`/messages?businessId=${owner.listingId}`, visitor.cookie);
        expectInert(visitorChat);
        expectShown(visitorChat, (await stored.listing(owner.listingId)).name);
      } finally {
        await unblockConversation(owner.actor, ref);
      }
    }
  });

  it("notifications and profile", async () => {
    for (const [i, visitor] of visitors.entries()) {
      const notifications = await page("/notifications", visitor.cookie);
      expectInert(notifications);
      expectShown(notifications, `Notice ${CHUNKS[0]}`.slice(0, 120).trim());
      const profile = await page("/profile", visitor.cookie);
      expectInert(profile);
      const stored_ = await stored.profile(visitor.actor.id);
      expectShown(profile, stored_.firstName);
      const ownerNotifications = await page("/notifications", owners[i]!.cookie);
      expectInert(ownerNotifications);
      expectShown(ownerNotifications, personName(stored_));
    }
  });
});

describe("saved businesses (issue 20)", () => {
  it("/saved shows the saved listings' names as text and runs none of them", async () => {
    const visitor = visitors[0]!;
    for (const owner of owners) await saveBusiness(visitor.actor, { businessId: owner.listingId });
    const saved = await page("/saved", visitor.cookie);
    expectInert(saved);
    for (const owner of owners) expectShown(saved, (await stored.listing(owner.listingId)).name);
  });
});

describe("the admin panel (an admin with two-factor)", () => {
  it("every tab shows people's text and runs none of it", async () => {
    const tabs = ["users", "businesses", "kyc", "featured-requests", "featured", "subscriptions", "notifications", "feedback", "reports"];
    const seen: Record<string, Page> = {};
    for (const tab of tabs) {
      seen[tab] = await page(`/admin?tab=${tab}${tab === "users" ? "&q=hostile" : ""}`, adminCookie);
      expectInert(seen[tab]!);
    }
    const suspendedList = await page("/admin?tab=users&show=suspended", adminCookie);
    expectInert(suspendedList);
    expectShown(suspendedList, `Suspended for ${CHUNKS[2]}`);
    expectShown(seen.users!, personName(await stored.profile(visitors[0]!.actor.id)));
    const pending = await stored.listing(pendingListingId);
    expectShown(seen.businesses!, pending.name);
    expectShown(seen.businesses!, pending.websiteUrl);
    expectShown(seen.kyc!, (await stored.kyc(pendingKycId)).fullName);
    // The phone as people read it (issue 32); what was stored is the canonical +234 form.
    expect((await stored.kyc(pendingKycId)).idNumber).toBe("+2348031234567");
    expectShown(seen.kyc!, displayPhone((await stored.kyc(pendingKycId)).idNumber));
    expectShown(seen["featured-requests"]!, (await stored.listing(owners[0]!.listingId)).name);
    expectShown(seen.featured!, (await stored.listing(owners[1]!.listingId)).name);
    expectShown(seen.notifications!, `Notice ${CHUNKS[0]}`.slice(0, 120).trim());
    const [firstFeedback] = await db().select({ message: feedback.message }).from(feedback).where(eq(feedback.userId, visitors[0]!.actor.id));
    expect(seen.feedback!.text).toContain(firstFeedback!.message.slice(0, 60));
    expectShown(seen.reports!, `Report ${CHUNKS[3 % CHUNKS.length]}`);
    expectShown(seen.reports!, `Msgreport ${CHUNKS[1]}`);
    expectShown(seen.reports!, (await stored.listing(owners[0]!.listingId)).name);
    // The report page names the listing; the reporter's notification names the listing reported.
    const reportPage = await page(`/report?kind=listing&id=${owners[3 % CHUNKS.length]!.listingId}`, visitors[0]!.cookie);
    expectInert(reportPage);
    expectShown(reportPage, (await stored.listing(owners[3 % CHUNKS.length]!.listingId)).name);
    const told = await page("/notifications", visitors[2 % CHUNKS.length]!.cookie);
    expectInert(told);
    expect(told.text).toContain((await stored.listing(owners[2 % CHUNKS.length]!.listingId)).name);
    // View Activity of a hostile owner.
    const activity = await page(`/admin?tab=users&q=hostile&activity=${owners[0]!.actor.id}`, adminCookie);
    expectInert(activity);
  });
});

describe("suggestions (issue 34)", () => {
  it("a hostile name, address, note and reason are text on /suggest, /suggest/{id}, the admin's tab, the added listing and every notice e-mail", async () => {
    const notes = chunks(SUGGESTION_LIMITS.noteMax - 10);
    const sent: { visitor: Visitor; missingId: string; changeId: string }[] = [];
    for (const [i, visitor] of visitors.entries()) {
      const missing = await suggestMissingBusiness(visitor.actor, {
        name: `Sugg${i} ${CHUNKS[i]}`,
        category: "Bakery",
        state: "Lagos",
        lga: "Ikeja",
        address: `Addr${i} ${CHUNKS[(i + 1) % CHUNKS.length]}`,
        phone: "",
        note: `Note${i} ${notes[i % notes.length]}`,
        notDuplicate: true,
      });
      if (missing.status !== "sent") throw new Error("the suggestion was not sent");
      const change = await suggestListingChange(visitor.actor, {
        businessId: owners[(i + 1) % owners.length]!.listingId,
        kind: "edit",
        fields: ["name", "address"],
        name: `Fix${i} ${CHUNKS[i]}`,
        address: `Street${i} ${CHUNKS[(i + 2) % CHUNKS.length]}`,
        note: `Change${i} ${notes[(i + 1) % notes.length]}`,
      });
      sent.push({ visitor, missingId: missing.suggestionId, changeId: change.suggestionId });
    }
    const stored = async (id: string) => (await db().select().from(listingSuggestions).where(eq(listingSuggestions.id, id)))[0]!;
    // Every payload reached a note (nothing was cut before it was stored), names lost their bidirectional controls.
    const allNotes = (await Promise.all(sent.map(async (s) => (await stored(s.missingId)).note))).join("\n");
    for (const p of PAYLOADS) expect(allNotes, p.why).toContain(p.text);
    for (const s of sent) expect(BIDI_CONTROLS.test(String((await stored(s.missingId)).payload.name))).toBe(false);

    for (const s of sent) {
      const mine = await page("/suggest", s.visitor.cookie);
      expectInert(mine);
      expectShown(mine, String((await stored(s.missingId)).payload.name));
      const form = await page(`/suggest/${owners[(s.visitor.i + 2) % owners.length]!.listingId}`, s.visitor.cookie);
      expectInert(form);
    }
    // Oldest first, 20 a page: every page of the tab.
    const tabs = [await page("/admin?tab=suggestions", adminCookie), await page("/admin?tab=suggestions&page=2", adminCookie)];
    for (const p of tabs) expectInert(p);
    const tab: Page = { ...tabs[0]!, text: tabs.map((p) => p.text).join(" ") };
    for (const s of sent) {
      const missing = await stored(s.missingId);
      const change = await stored(s.changeId);
      expectShown(tab, String(missing.payload.name));
      expectShown(tab, String(missing.payload.address));
      expectShown(tab, missing.note);
      expectShown(tab, String(change.payload.name));
      expectShown(tab, String(change.payload.address));
      expectShown(tab, change.note);
    }

    // Decided: one added, one rejected with a hostile reason, a change sent to the listing's owner.
    const [first, second] = sent;
    const added = await decideSuggestion(admin, { decision: "approve", suggestionId: first!.missingId });
    if (added.status !== "approved") throw new Error("approved");
    const reason = `Reason ${CHUNKS[3 % CHUNKS.length]}`;
    await decideSuggestion(admin, { decision: "reject", suggestionId: second!.missingId, reason });
    await decideSuggestion(admin, { decision: "approve", suggestionId: first!.changeId });
    const listingPage = await page(`/businesses/${added.businessId}`);
    expectInert(listingPage);
    expectShown(listingPage, String((await stored(first!.missingId)).payload.name));
    const told = await page("/suggest", second!.visitor.cookie);
    expectInert(told);
    expectShown(told, (await stored(second!.missingId)).reason);

    await db().execute(sql`update pgboss.job set start_after = now() - interval '1 second' where name = ${NOTICE_QUEUE} and state = 'created'`);
    await runDueJobs(JOB_HANDLERS);
    const mails = await listOutbox(1000);
    const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();
    const owner = owners[1 % owners.length]!;
    const expected = [
      { to: first!.visitor.email, shows: String((await stored(first!.missingId)).payload.name) },
      { to: second!.visitor.email, shows: String((await stored(second!.missingId)).reason) },
      { to: owner.email, shows: String((await stored(first!.changeId)).payload.name) },
    ];
    for (const { to, shows } of expected) {
      // Read as a reader sees it: line separators (X08) are white space there.
      const mail = mails.find((m) => m.to === to && oneLine(parseHtml(m.html).text).includes(oneLine(shows)));
      expect(mail, `a notice e-mail to ${to} showing ${shows.slice(0, 40)}`).toBeTruthy();
      expect(mail!.subject).not.toMatch(/[\r\n\u2028\u2029]/);
      expect(executableProblems(mail!.html)).toEqual([]);
    }
  });
});

describe("claims sent for review (issue 34)", () => {
  it("a hostile note and reason are text on the claim page, the admin's Claims tab and the claimant's notice e-mail", async () => {
    // Each owner asks for a review of the next one's listing (a dispute), with a note carrying a chunk of the corpus.
    const sent: { owner: Owner; claimId: string; listingId: string; note: string }[] = [];
    for (const owner of owners) {
      const listingId = owners[(owner.i + 1) % owners.length]!.listingId;
      const note = `Claim${owner.i} ${CHUNKS[owner.i]}`;
      const { claimId } = await claimByDocument(owner.actor, { businessId: listingId, documentKind: "other", note, document: fileFrom(image, "proof.png", "image/png") });
      sent.push({ owner, claimId, listingId, note });
    }
    const notes = (await db().select({ note: listingClaims.note }).from(listingClaims)).map((c) => c.note).join("\n");
    for (const p of PAYLOADS) expect(notes, p.why).toContain(p.text);

    const pages = [await page("/admin?tab=claims", adminCookie), await page("/admin?tab=claims&page=2", adminCookie)];
    for (const p of pages) expectInert(p);
    const tab: Page = { ...pages[0]!, text: pages.map((p) => p.text).join(" ") };
    for (const claim of sent) {
      expectShown(tab, claim.note);
      expectShown(tab, (await stored.kyc(claim.owner.kycId)).fullName);
      expectShown(tab, (await stored.listing(claim.listingId)).name);
      const mine = await page(`/business/claim/${claim.listingId}`, claim.owner.cookie);
      expectInert(mine);
      expectShown(mine, (await stored.listing(claim.listingId)).name);
    }

    const reason = `Reason ${CHUNKS[1 % CHUNKS.length]}`;
    await reviewClaim(admin, { claimId: sent[0]!.claimId, decision: "reject", reason });
    const told = await page(`/business/claim/${sent[0]!.listingId}`, sent[0]!.owner.cookie);
    expectInert(told);
    expectShown(told, CLAIM_DOCUMENT_TEXTS.lastRejected(reason.trim()));
    await db().execute(sql`update pgboss.job set start_after = now() - interval '1 second' where name = ${NOTICE_QUEUE} and state = 'created'`);
    await runDueJobs(JOB_HANDLERS);
    const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();
    const mail = (await listOutbox(1000)).find((m) => m.to === sent[0]!.owner.email && oneLine(parseHtml(m.html).text).includes(oneLine(reason)));
    expect(mail, "the rejection's notice e-mail").toBeTruthy();
    expect(mail!.subject).not.toMatch(/[\r\n\u2028\u2029]/);
    expect(executableProblems(mail!.html)).toEqual([]);
  });
});

describe("payments and receipts (an owner's Payments page, a receipt and its e-mail, the admin's payments view)", () => {
  it("show the payer's and the listing's names as text and run none of them", async () => {
    for (const owner of owners) {
      const payment = await createPayment(db(), { userId: owner.actor.id, purpose: "featured", planId: "basic", businessId: owner.listingId });
      expect(await sendPaymentReceipt(payment.reference)).toEqual({ sent: true });
      const listingName = (await stored.listing(owner.listingId)).name;
      const payer = personName(await stored.profile(owner.actor.id));
      const list = await page("/dashboard/payments", owner.cookie);
      expectInert(list);
      expectShown(list, listingName);
      // The receipt carries its own print styles (a constant of ours, no user text).
      const receipt = await page(`/dashboard/payments/${payment.reference}`, owner.cookie);
      expect(receipt.status).toBe(200);
      expect(executableProblems(receipt.html, { nonce: receipt.nonce, allowStyleElements: true }), receipt.path).toEqual([]);
      expectShown(receipt, listingName);
      expectShown(receipt, payer);
      const adminView = await page(`/admin?tab=subscriptions&view=payments&q=${payment.reference}`, adminCookie);
      expectInert(adminView);
      expectShown(adminView, listingName);
      const [mail] = (await listOutbox(500)).filter((m) => m.to === owner.email && m.subject.includes(payment.reference));
      expect(mail, `the receipt e-mail to owner ${owner.i}`).toBeTruthy();
      expect(executableProblems(mail!.html)).toEqual([]);
      const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();
      expect(parseHtml(mail!.html).text).toContain(oneLine(listingName));
      expect(parseHtml(mail!.html).text).toContain(oneLine(payer));
    }
  });
});

describe("e-mails", () => {
  let mailbox: Listening | undefined;
  afterAll(async () => mailbox?.close());

  it("the new-message e-mails carry the names and text escaped, on one subject line", async () => {
    const mails = await listOutbox(500);
    for (const [i, owner] of owners.entries()) {
      const mail = mails.find((m) => m.to === owner.email && m.subject.startsWith("New message for"));
      expect(mail, `an e-mail to owner ${i}`).toBeTruthy();
      expect(mail!.subject).not.toMatch(/[\r\n\u2028\u2029]/);
      expect(executableProblems(mail!.html)).toEqual([]);
      const text = parseHtml(mail!.html).text;
      const listing = await stored.listing(owner.listingId);
      // On one line each (white space, line separators included, becomes one space).
      const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();
      expect(text).toContain(oneLine(listing.name));
      expect(text).toContain(oneLine(personName(await stored.profile(visitors[i]!.actor.id))));
      expect(text).toContain((await stored.message(visitors[i]!.actor.id)).slice(0, 200));
    }
  });

  it("the weekly summary e-mail (issue 18) carries each listing's name escaped, the subject on one line", async () => {
    // A week of 2032 nobody else uses: every owner's listing was seen on its Wednesday.
    for (const owner of owners) {
      await db().execute(sql`insert into listing_daily_stats (business_id, day, views, impressions) values (${owner.listingId}, '2032-03-03', 3, 5)`);
    }
    await sendWeeklySummaries(new Date("2032-03-08T07:00:00Z"));
    // Enqueued with their claims (ADR 34): sent by the workers.
    await runDueJobs(JOB_HANDLERS);
    const mails = (await listOutbox(1000)).filter((m) => m.subject.startsWith("Your week on Naija Directory"));
    let checked = 0;
    for (const owner of owners) {
      const mail = mails.find((m) => m.to === owner.email);
      if (!mail) continue; // a suspended owner gets none
      checked++;
      expect(mail.subject).not.toMatch(/[\r\n\u2028\u2029]/);
      expect(executableProblems(mail.html)).toEqual([]);
      const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();
      expect(parseHtml(mail.html).text).toContain(oneLine((await stored.listing(owner.listingId)).name));
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("the development mailbox page shows them as text", async () => {
    mailbox = await listen(app);
    const response = await fetch(`${mailbox.url}/dev/mailbox`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(executableProblems(html, { allowStyleElements: true })).toEqual([]);
    expect(parseHtml(html).text).toContain((await stored.listing(owners[0]!.listingId)).name);
  });
});

describe("the chat's JSON endpoint", () => {
  it("answers hostile text as JSON, never as something a browser would render", async () => {
    const visitor = visitors[1]!;
    const response = await app.request(`${BASE_URL}/api/messages`, {
      method: "POST",
      headers: { origin: BASE_URL, cookie: visitor.cookie, "content-type": "application/json" },
      body: JSON.stringify({ businessId: owners[1]!.listingId, message: `Api ${CHUNKS[1]}`, idempotencyKey: randomUUID() }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    // Stored (and answered) without tags (spec 01 §5); the rest is data for the chat to show as text.
    const body = (await response.json()) as { message: { text: string; businessName: string } };
    expect(body.message.text).toContain("Api");
    expect(body.message.text).not.toMatch(/<\/?[a-z!?][^<>]*>/i);
    expect(body.message.businessName).toBe((await stored.listing(owners[1]!.listingId)).name);
  });
});

describe("refusals quote nothing back as markup", () => {
  it("a sign-up with hostile names that fails keeps the names as field values", async () => {
    const form = new URLSearchParams({ intent: "register", firstName: CHUNKS[0]!, lastName: CHUNKS[1]!, email: "not-an-email", password: "x", confirmPassword: "y" });
    const response = await app.request(`${BASE_URL}/register/visitor`, {
      method: "POST",
      headers: { origin: BASE_URL, "content-type": "application/x-www-form-urlencoded" },
      body: form,
    });
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(executableProblems(html, { nonce: nonceOf(response) })).toEqual([]);
    expect(parseHtml(html).elements.some((e) => e.name === "input" && e.attrs.value === CHUNKS[0]!.trim())).toBe(true);
  });
});


describe("quote requests (issue 37)", () => {
  it("a hostile job, a hostile quote and hostile names are text on /quotes, /quotes/{id} for both sides and the owner's dashboard", async () => {
    const visitor = visitors[0]!;
    const { requestId } = await createQuoteRequest(visitor.actor, { description: `Job ${CHUNKS[4 % CHUNKS.length]} ${CHUNKS[5 % CHUNKS.length]}`, category: "Eatery", state: "Lagos", lga: "Ikeja" });
    const [request] = await db().select().from(quoteRequests).where(eq(quoteRequests.id, requestId));
    const recipients = await db().select().from(quoteRecipients).where(eq(quoteRecipients.requestId, requestId));
    const owner = owners.find((o) => recipients.some((r) => r.businessId === o.listingId))!;
    const recipient = recipients.find((r) => r.businessId === owner.listingId)!;
    await answerQuote(owner.actor, { recipientId: recipient.id, price: "5,000", message: `Quote ${CHUNKS[6 % CHUNKS.length]}` });
    const [answered] = await db().select().from(quoteRecipients).where(eq(quoteRecipients.id, recipient.id));
    const listingName = (await stored.listing(owner.listingId)).name;
    const requester = await stored.profile(visitor.actor.id);

    const list = await page("/quotes", visitor.cookie);
    expectInert(list);
    expectShown(list, request!.description);
    const mine = await page(`/quotes/${requestId}`, visitor.cookie);
    expectInert(mine);
    expectShown(mine, request!.description);
    expectShown(mine, listingName);
    expectShown(mine, answered!.answer);
    const theirs = await page(`/quotes/${requestId}`, owner.cookie);
    expectInert(theirs);
    expectShown(theirs, request!.description);
    expectShown(theirs, `${requester.firstName} ${requester.lastName}`);
    const dashboard = await page("/dashboard", owner.cookie);
    expectInert(dashboard);
    expectShown(dashboard, listingName);
  });
});
