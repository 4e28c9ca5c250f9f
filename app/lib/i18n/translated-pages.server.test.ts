/**
 * Every screen in the other languages (issue 36): each page, as a visitor, a signed-in visitor, an owner and an admin
 * see it under /ha, shows no English text or label that the Hausa catalog translates (a constant shown without t()),
 * no text exactly as the English page shows it but names and data (a text that never went through t()), and every
 * link and form on it to one of our pages stays in Hausa. One language is enough: the catalogs test holds every
 * language to the same keys.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { listingPriceItems, quoteRecipients, quoteRequests } from "../../../db/schema";
import { createAdmin, createBusiness, createOffer, createOwner, createVisitor } from "../../../db/seed/factories";
import { catalogOf } from "../../../scripts/i18n-keys.mjs";
import { decodeEntities, parseHtml } from "../../../tests/support/html-safety";
import { pageApp, routeBuild } from "../../../tests/support/route-build";
import { BASE_URL, sessionCookie } from "../../../tests/support/screen-harness";
import { SITE_NAME } from "../../components/site";
import { ADMIN_TABS } from "../../features/admin/admin.schemas";
import { getDb } from "../db.server";
import { LGAS_BY_STATE } from "../nigeria-lgas";
import { COUNTRIES, FEATURED_PLANS, PLANS, REGIONS } from "../reference";
import { LOCALE_NAMES } from "./locales";

let app: ReturnType<typeof pageApp>;
let listingId: string;
let ownListingId: string;
/** A running offer on the other owner's listing; the owner's own listing has one waiting for review (issue 37). */
let offerId: string;
let quoteId: string;
const cookies: Record<"visitor" | "owner" | "admin", string> = { visitor: "", owner: "", admin: "" };

beforeAll(async () => {
  app = pageApp();
  await routeBuild();
  const owner = await createOwner(getDb());
  ownListingId = (await createBusiness(getDb(), { userId: owner.id, name: "Iya Basira Kitchen", category: "Eatery", products: ["Amala"] })).id;
  listingId = (await createBusiness(getDb(), { userId: (await createOwner(getDb())).id, name: "Goodhealth Chemist", category: "Pharmacy store", products: ["Paracetamol", "Vitamin C"] })).id;
  // A price list on both (issue 37): the business page and the owner's screen show it.
  await getDb().insert(listingPriceItems).values([
    { businessId: ownListingId, name: "Amala", groupName: "Swallow", priceKobo: 150_000, priceKind: "exact", description: "With ewedu" },
    { businessId: listingId, name: "Paracetamol", groupName: "Pain relief", priceKobo: 50_000, priceKind: "from" },
  ]);
  offerId = (await createOffer(getDb(), { businessId: listingId, title: "Goodhealth week", body: "Goodhealth: 10% off.", code: "GOOD10" })).id;
  await createOffer(getDb(), { businessId: ownListingId, title: "Iya Basira Friday", body: "Iya Basira special.", status: "pending" });
  const visitor = await createVisitor(getDb());
  cookies.visitor = await sessionCookie(visitor.email);
  // A quote request of the visitor's to the owner's listing, answered (issue 37).
  const [quote] = await getDb().insert(quoteRequests).values({ requesterId: visitor.id, description: "Iya Basira, please cook for 50 guests", category: "Eatery", state: "Lagos" }).returning();
  quoteId = quote!.id;
  await getDb().insert(quoteRecipients).values({ requestId: quoteId, businessId: ownListingId, ownerId: owner.id, status: "answered", priceKobo: 5_000_000, answer: "Iya Basira menu for 50", answeredAt: new Date() });
  cookies.owner = await sessionCookie(owner.email);
  cookies.admin = await sessionCookie((await createAdmin(getDb())).email);
});

/** The English texts the Hausa catalog translates into something else: two words or more, or six letters and more. */
const ENGLISH_ONLY = (() => {
  const texts = new Set<string>();
  for (const [name, entries] of catalogOf("ha")) {
    const key = name.replace(/_(zero|one|two|few|many|other)$/, "");
    if (key.includes("{{")) continue;
    if (entries.every((entry) => entry.value !== key) && (key.includes(" ") || key.length >= 6)) texts.add(key);
  }
  return texts;
})();

/** Each text node (script and style content left out) and each aria-label, title, placeholder and alt. */
function readable(html: string): string[] {
  const body = html.replace(/<script\b[\s\S]*?<\/script>|<style\b[\s\S]*?<\/style>|<template\b[\s\S]*?<\/template>/gi, "");
  const texts = body
    .split(/<[^>]*>/)
    .map((part) => decodeEntities(part).replace(/\s+/g, " ").trim())
    .filter(Boolean);
  for (const element of parseHtml(body).elements) {
    for (const name of ["aria-label", "title", "placeholder", "alt"]) if (element.attrs[name]) texts.push(decodeEntities(element.attrs[name]!).trim());
  }
  return texts;
}

/** Links and form targets to our pages that leave Hausa (endpoints outside React Router have no prefix). */
function leaving(html: string): string[] {
  const targets = parseHtml(html)
    // The language switch's links (hreflang) lead to the other languages on purpose.
    .elements.filter((element) => (element.name === "a" && element.attrs.href && !element.attrs.hreflang) || (element.name === "form" && element.attrs.action))
    .map((element) => decodeEntities(element.attrs.href ?? element.attrs.action ?? ""));
  return targets.filter((target) => target.startsWith("/") && !target.startsWith("//") && !/^\/(ha(\/|$|\?|#)|go\/|media\/|api\/|language$|kyc-documents\/|claim-documents\/|events|dashboard\/analytics\.csv)/.test(target));
}

/** Texts the same in English and Hausa by right: the catalog's own (names, codes), and what has no words. */
const SAME_BY_RIGHT = (() => {
  const texts = new Set<string>();
  for (const [name, entries] of catalogOf("ha")) if (entries.some((entry) => entry.value === name.replace(/_(one|other)$/, ""))) texts.add(name);
  return texts;
})();
const hasWords = (text: string) => /[A-Za-z]{3,}/.test(text) && !/^[\w.+-]+@[\w.-]+$/.test(text);

/** Texts on the Hausa page exactly as on the English one: words that never went through t(). */
async function sameAsEnglish(path: string, hausa: string[], who?: keyof typeof cookies): Promise<string[]> {
  const response = await app.request(new URL(path.replace(/^\/ha(?=\/|$|\?)/, "") || "/", BASE_URL).toString(), { headers: who ? { cookie: cookies[who] } : {}, redirect: "manual" });
  const english = new Set(readable(await response.text()));
  return [...new Set(hausa.filter((text) => english.has(text) && hasWords(text) && !SAME_BY_RIGHT.has(text) && !DATA.some((data) => text.includes(data))))];
}

async function check(path: string, who?: keyof typeof cookies) {
  const response = await app.request(new URL(path, BASE_URL).toString(), { headers: who ? { cookie: cookies[who] } : {}, redirect: "manual" });
  expect([200, 404], `${path} as ${who ?? "a visitor"}: ${response.status} ${response.headers.get("location") ?? ""}`).toContain(response.status);
  const html = await response.text();
  expect(html, path).toMatch(/<html lang="ha"/);
  const english = [...new Set(readable(html).filter((text) => ENGLISH_ONLY.has(text)))];
  expect(english, `${path} as ${who ?? "a visitor"}: English left on a Hausa page`).toEqual([]);
  expect(leaving(html), `${path} as ${who ?? "a visitor"}: links leaving Hausa`).toEqual([]);
  return sameAsEnglish(path, readable(html), who);
}

const SAME: string[] = [];
/** The test's own data (names, a description). */
const DATA = ["Iya Basira", "Goodhealth", "Amala", "Swallow", "With ewedu", "Paracetamol", "Vitamin C", "Pain relief", "A friendly local business.", "Allen Avenue", "Lagos, Nigeria", "Owner", "Visitor", "Admin", "example.com", "/no-such-page", "https://"];
/**
 * What stays as it is in every language: places (states, LGAs, countries), each language's own name, the plans'
 * names and the site's name.
 */
const NAMES = new Set<string>([
  ...Object.values(LGAS_BY_STATE).flat(), ...REGIONS, "FCT - Abuja", ...COUNTRIES.filter((country) => country !== "Other"),
  ...Object.values(LOCALE_NAMES), ...[...PLANS, ...FEATURED_PLANS].map((plan) => plan.name), ...SITE_NAME.split(" "),
]);
/** A page title whose words are the same in Hausa ('Menu | Naija Directory'). */
const sameTitle = (text: string) => text.endsWith(` | ${SITE_NAME}`) && SAME_BY_RIGHT.has(text.slice(0, -` | ${SITE_NAME}`.length));


describe("every screen in Hausa", () => {
  it("the public pages, for a visitor", async () => {
    for (const path of [
      "/ha", "/ha/businesses", "/ha/businesses?q=chemist", "/ha/businesses?category=Eatery&region=Lagos", `/ha/businesses/${listingId}`,
      "/ha/categories", "/ha/categories/eatery", "/ha/states/lagos", "/ha/login", "/ha/register", "/ha/register/visitor",
      "/ha/register/business", "/ha/help", "/ha/privacy", "/ha/pricing", "/ha/featured-plans", "/ha/verification", "/ha/saved",
      "/ha/offline", "/ha/no-such-page",
    ]) SAME.push(...(await check(path)));
  });

  it("a signed-in visitor's screens", async () => {
    for (const path of ["/ha", `/ha/businesses/${listingId}`, "/ha/profile", "/ha/menu", "/ha/messages", "/ha/notifications", "/ha/feedback", "/ha/suggest", `/ha/suggest/${listingId}`, `/ha/report?kind=listing&id=${listingId}`, "/ha/saved", `/ha/report?kind=offer&id=${offerId}`,
      "/ha/dashboard", "/ha/quotes/new?category=Plumber&state=Lagos", "/ha/quotes", `/ha/quotes/${quoteId}`]) {
      SAME.push(...(await check(path, "visitor")));
    }
  });

  it("an owner's screens", async () => {
    for (const path of [
      "/ha/dashboard", "/ha/business/create", `/ha/business/edit/${ownListingId}`, `/ha/business/prices/${ownListingId}`, "/ha/kyc-verification", "/ha/dashboard/verification",
      "/ha/dashboard/payments", "/ha/dashboard/analytics", "/ha/pricing", "/ha/featured-plans", "/ha/messages",
      `/ha/business/offers/${ownListingId}`,
      `/ha/quotes/${quoteId}`,
    ]) SAME.push(...(await check(path, "owner")));
  });

  it("the admin panel, every tab", async () => {
    for (const { id } of ADMIN_TABS) SAME.push(...(await check(`/ha/admin?tab=${id}`, "admin")));
    SAME.push(...(await check("/ha/admin/security", "admin")));
    SAME.push(...(await check("/ha/admin/offers", "admin")));
  });

  it("shows no text exactly as the English page does, but names and data (after the pages above)", () => {
    expect(SAME.length, "the pages above were compared with English").toBeGreaterThan(100);
    expect([...new Set(SAME)].filter((text) => !NAMES.has(text) && !sameTitle(text)), "texts left in English on Hausa pages").toEqual([]);
  });
});
