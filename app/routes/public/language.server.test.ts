/**
 * The languages' addresses (issue 36, ADR 40): English at the spec's paths, the others under /pcm, /ha, /yo, /ig;
 * each page says its language, names its alternates, keeps links and redirects in its language; the switch; a
 * signed-in person's remembered language; search engines never redirected.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../../../db/schema";
import { createBusiness, createOwner, createVisitor } from "../../../db/seed/factories";
import { getDb } from "../../lib/db.server";
import { pageApp, routeBuild } from "../../../tests/support/route-build";
import { BASE_URL, sessionCookie } from "../../../tests/support/screen-harness";

let app: ReturnType<typeof pageApp>;
let listingId: string;
beforeAll(async () => {
  app = pageApp();
  await routeBuild();
  const owner = await createOwner(getDb());
  listingId = (await createBusiness(getDb(), { userId: owner.id, name: "Mama Nkechi Kitchen" })).id;
});

const ask = (path: string, init: RequestInit = {}) => app.request(new URL(path, BASE_URL).toString(), { redirect: "manual", ...init });
const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  ask(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: BASE_URL, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
  });
const links = (html: string) => [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]);

describe("a page in another language", () => {
  it("says its language, names every language's address and x-default, and is its own canonical", async () => {
    const response = await ask(`/ha/businesses/${listingId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html lang="ha"/);
    const base = BASE_URL;
    const path = `/businesses/${listingId}`;
    expect(links(html)).toEqual([
      ["en", `${base}${path}`],
      ["pcm", `${base}/pcm${path}`],
      ["ha", `${base}/ha${path}`],
      ["yo", `${base}/yo${path}`],
      ["ig", `${base}/ig${path}`],
      ["x-default", `${base}${path}`],
    ]);
    expect(html).toContain(`<link rel="canonical" href="${base}/ha${path}"/>`);
    expect(html).toContain('<meta property="og:locale" content="ha_NG"/>');
    // The chrome is in Hausa, and its links stay in Hausa.
    expect(html).toContain(">Shiga</a>");
    expect(html).toContain('href="/ha/login"');
    expect(html).toContain('href="/ha/privacy"');
  });

  it("keeps English exactly at the spec's addresses", async () => {
    const html = await (await ask("/businesses")).text();
    expect(html).toMatch(/<html lang="en"/);
    expect(html).toContain(">Login</a>");
    expect(html).toContain('href="/login"');
    expect(html).toContain(`<link rel="canonical" href="${BASE_URL}/businesses"/>`);
  });

  it("sends other spellings to the one address, and knows no other prefix", async () => {
    expect((await ask("/ha/")).headers.get("location")).toBe("/ha");
    expect((await ask("/yo/Businesses/")).headers.get("location")).toBe("/yo/businesses");
    for (const path of ["/HA/businesses", "/hausa", "/fr/businesses", "/ha/nowhere"]) expect((await ask(path)).status, path).toBe(404);
  });

  it("keeps a redirect in the language: a page that needs sign-in sends to the sign-in page in it", async () => {
    const response = await ask("/ig/dashboard");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/ig/login?redirectTo=${encodeURIComponent("/dashboard")}`);
  });

  it("answers a search engine in every language without redirecting it, whatever it accepts", async () => {
    const headers = { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "accept-language": "ha-NG,ha;q=0.9" };
    for (const path of ["/", "/pcm", "/ha", "/yo", "/ig", "/ha/businesses"]) expect((await ask(path, { headers })).status, path).toBe(200);
  });
});

describe("the language switch", () => {
  it("sends a visitor to the same page in the chosen language, remembering nothing", async () => {
    const response = await post("/language", { language: "yo", redirectTo: "/businesses?q=bread" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/yo/businesses?q=bread");
    expect(response.headers.get("set-cookie")).toBeNull();
    // From a page in another language, back to English.
    expect((await post("/language", { language: "en", redirectTo: "/ha/businesses" })).headers.get("location")).toBe("/businesses");
  });

  it("is links for a visitor and a form for a signed-in person", async () => {
    const visitor = await (await ask("/pcm/businesses")).text();
    expect(visitor).toContain('<a href="/ha/businesses" hrefLang="ha" lang="ha"');
    const person = await createVisitor(getDb());
    const signedIn = await (await ask("/pcm/businesses", { headers: { cookie: await sessionCookie(person.email) } })).text();
    expect(signedIn).toMatch(/<form action="\/language" method="post"><input type="hidden" name="redirectTo" value="\/businesses"\/>/);
    expect(signedIn).toMatch(/<button type="submit" value="ig" lang="ig"[^>]*name="language">Igbo<\/button>/);
  });

  it("remembers a signed-in person's language: their pages open in it, without a loop, and English undoes it", async () => {
    const person = await createVisitor(getDb());
    const cookie = await sessionCookie(person.email);
    const switched = await post("/language", { language: "ha", redirectTo: "/businesses" }, cookie);
    expect(switched.headers.get("location")).toBe("/ha/businesses");
    const [row] = await getDb().select({ language: profiles.language }).from(profiles).where(eq(profiles.id, person.id));
    expect(row?.language).toBe("ha");
    // An English address opens in Hausa; the Hausa one is served.
    const english = await ask("/businesses?q=rice", { headers: { cookie } });
    expect(english.status).toBe(302);
    expect(english.headers.get("location")).toBe("/ha/businesses?q=rice");
    expect((await ask("/ha/businesses?q=rice", { headers: { cookie } })).status).toBe(200);
    // Back to English.
    expect((await post("/language", { language: "en", redirectTo: "/ha/businesses" }, cookie)).headers.get("location")).toBe("/businesses");
    expect((await ask("/businesses", { headers: { cookie } })).status).toBe(200);
  });

  it("serves a remembered language's home page data without a redirect (the app asks for /ha.data)", async () => {
    const person = await createVisitor(getDb());
    const cookie = await sessionCookie(person.email);
    await post("/language", { language: "ha", redirectTo: "/" }, cookie);
    for (const path of ["/ha.data", "/ha/businesses.data"]) {
      const answer = await ask(path, { headers: { cookie } });
      expect(answer.status, path).toBe(200);
      expect(await answer.text(), path).not.toContain("SingleFetchRedirect");
    }
  });

  it("never sends anyone to another site, whatever follows the prefix", async () => {
    const person = await createVisitor(getDb());
    const cookie = await sessionCookie(person.email);
    await post("/language", { language: "en", redirectTo: "/" }, cookie);
    for (const path of ["/ha//evil.example", "/ha/%2F%2Fevil.example", "/yo/\\evil.example"]) {
      const location = (await ask(path, { headers: { cookie } })).headers.get("location") ?? "";
      expect(new URL(location, BASE_URL).origin, `${path} → ${location}`).toBe(new URL(BASE_URL).origin);
    }
    const back = await post("/language", { language: "en", redirectTo: "/ha//evil.example" }, cookie);
    expect(back.headers.get("location")).toBe("/");
  });

  it("lets a mail client's one-click unsubscribe reach the page in any language (RFC 8058)", async () => {
    const answer = await ask("/ha/unsubscribe?token=not-a-token", {
      method: "POST",
      body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
      headers: { origin: "https://mail.example", "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" },
    });
    // Refused for its token, not as a cross-site request (403).
    expect(answer.status).not.toBe(403);
  });

  it("refuses a language we do not have, and only switches by POST", async () => {
    expect((await post("/language", { language: "fr", redirectTo: "/" })).status).toBe(400);
    expect((await ask("/language")).headers.get("location")).toBe("/");
  });
});
