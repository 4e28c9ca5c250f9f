import { describe, expect, it } from "vitest";
import { addBusinessImage, createBusiness, createOwner } from "../../../db/seed/factories";
import { recordBusinessView } from "~/features/directory/record-business-view.server";
import { flushListingEvents, recordMessageActivity } from "~/features/analytics/record-listing-events.server";
import { actorFor } from "../../../tests/support/actors";
import { getDb } from "~/lib/db.server";
import { cardsFor } from "~/features/directory/internal/public-business.server";
import { getEnv, setEnv } from "~/lib/env.server";
import { countedVisit } from "~/features/analytics/counting-visit.server";
import { loader } from "./business-detail";

const PHONE = "Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
type LoaderArgs = Parameters<typeof loader>[0];
let nextAddress = 0;
/** A page load by a visitor: each from its own address (a different visitor) unless one is given. */
const load = (id: string, headers: Record<string, string> = { "User-Agent": PHONE }, path = `/businesses/${id}`, clientAddress = `203.0.113.${++nextAddress % 250}`) =>
  loader({ request: new Request(`http://localhost${path}`, { headers }), params: { id }, context: { clientAddress } } as unknown as LoaderArgs);
const visit = (address: string) => countedVisit(new Request("http://localhost/", { headers: { "User-Agent": PHONE } }), address, null)!;
type Found = Extract<Awaited<ReturnType<typeof load>>, { business: { id: string } }>;
type NotFound = { data: { business: null }; init: { status: number } };

async function publicBusiness(overrides: Partial<Parameters<typeof createBusiness>[1]> = {}) {
  const owner = await createOwner(getDb());
  return createBusiness(getDb(), { userId: owner.id, viewCount: 7, ...overrides });
}

describe("business page", () => {
  it("counts one view per visitor in 30 minutes, and shows the new count", async () => {
    const business = await publicBusiness();
    const first = (await load(business.id, undefined, undefined, "198.51.100.30")) as Found;
    expect(first.business.viewCount).toBe(8);
    // The same visitor again, at either address of the page: the same count.
    const again = (await load(business.id, undefined, `/business/${business.id}`, "198.51.100.30")) as Found;
    expect(again.business.viewCount).toBe(8);
    const second = (await load(business.id, undefined, `/business/${business.id}`, "198.51.100.31")) as Found;
    expect(second.business.viewCount).toBe(9);
  });

  it("does not count crawlers, link previews or prefetches, but still shows the count", async () => {
    const business = await publicBusiness();
    const visitors: Record<string, string>[] = [
      { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      { "User-Agent": "WhatsApp/2.23.20.0 A" },
      { "User-Agent": PHONE, "Sec-Purpose": "prefetch" },
    ];
    for (const headers of visitors) {
      expect(((await load(business.id, headers)) as Found).business.viewCount).toBe(7);
    }
  });

  it("counts concurrent views exactly (one atomic update each)", async () => {
    const business = await publicBusiness({ viewCount: 0 });
    await Promise.all(Array.from({ length: 10 }, (_, i) => recordBusinessView(business.id, null, visit(`198.51.100.${40 + i}`))));
    expect(((await load(business.id, {})) as Found).business.viewCount).toBe(10);
  });

  it("says 'Usually replies within N hours' once the owner answered most of at least 5 conversations, and never counts the owner's own view", async () => {
    const business = await publicBusiness({ viewCount: 3 });
    expect(((await load(business.id)) as Found).replyTime).toBeNull();
    const firstAt = new Date(Date.now() - 5 * 3600_000);
    for (let i = 0; i < 5; i++) {
      recordMessageActivity({ businessId: business.id, at: firstAt, fromBusiness: false, firstMessageAt: null, businessAnsweredBefore: false });
      if (i < 3) recordMessageActivity({ businessId: business.id, at: new Date(firstAt.getTime() + 40 * 60_000), fromBusiness: true, firstMessageAt: firstAt, businessAnsweredBefore: false });
    }
    await flushListingEvents();
    const page = (await load(business.id)) as Found;
    expect(page.replyTime).toBe("Usually replies within an hour");
    expect(page.business.viewCount).toBe(5);
    const owner = await actorFor({ id: business.userId!, email: "" });
    expect(await recordBusinessView(business.id, owner, visit("198.51.100.60"))).toBeNull();
  });

  it("answers 404 'Business not found or not approved yet.' for missing, malformed and unapproved ids, counting nothing", async () => {
    const pending = await publicBusiness({ status: "pending", viewCount: 0 });
    const suspended = await publicBusiness({ ownerSuspended: true, viewCount: 0 });
    for (const id of [pending.id, suspended.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid", "1' or '1'='1"]) {
      const result = (await load(id)) as unknown as NotFound;
      expect(result.init.status).toBe(404);
      expect(result.data.business).toBeNull();
      expect(JSON.stringify(result.data)).toContain("Business not found or not approved yet.");
    }
    expect(await recordBusinessView(pending.id, null, visit("198.51.100.61"))).toBeNull();
  });

  it("is described for search engines and link previews: canonical /businesses/{id}, JPEG preview, LocalBusiness JSON-LD", async () => {
    const business = await publicBusiness({
      name: "Iya Basira <Kitchen>",
      description: "Amala and ewedu. </script><script>alert(1)</script>",
      address: "12 Bode Thomas Street",
      plotNumber: "Shop 4",
      phoneNumber: "+2348031234567",
      state: "Lagos",
      category: "Eatery",
    });
    await addBusinessImage(getDb(), { businessId: business.id, imageUrl: `${business.id}/1_1.webp`, width: 1200, height: 800 });
    const page = (await load(business.id, {}, `/business/${business.id}`)) as Found;
    const base = getEnv().PUBLIC_URL;
    const canonical = `${base}/businesses/${business.id}`;
    expect(page.canonical).toBe(canonical);
    const meta = page.meta as Record<string, string>[];
    const find = (key: string) => meta.find((m) => m.property === key || m.name === key || m.rel === key);
    expect(find("canonical")?.href).toBe(canonical);
    expect(find("og:title")?.content).toBe("Iya Basira <Kitchen> – Eatery in Lagos");
    expect(find("og:image")?.content).toMatch(new RegExp(`^${base}/media/business-images/${business.id}/1_1\\.webp\\?w=1200&format=jpg&v=\\d+$`));
    expect(find("og:image:type")?.content).toBe("image/jpeg");
    expect([find("og:image:width")?.content, find("og:image:height")?.content]).toEqual(["1200", "630"]);
    expect(find("twitter:card")?.content).toBe("summary_large_image");
    expect(find("description")?.content).toContain("Amala and ewedu.");

    // [LocalBusiness, BreadcrumbList] (the breadcrumbs: app/routes/public/landing.server.test.tsx).
    const [ld, crumbs] = JSON.parse(page.jsonLd);
    expect(crumbs["@type"]).toBe("BreadcrumbList");
    expect(ld).toMatchObject({
      "@type": "LocalBusiness",
      name: "Iya Basira <Kitchen>",
      url: canonical,
      telephone: "+2348031234567",
      address: { "@type": "PostalAddress", streetAddress: "Shop 4, 12 Bode Thomas Street", addressRegion: "Lagos", addressCountry: "Nigeria" },
    });
    expect(ld.image[0]).toMatch(/^http.*\/media\/business-images\//);
    // Safe inside <script>: no raw '<' survives.
    expect(page.jsonLd).not.toContain("<");
  });

  it("links a call and WhatsApp through the counted /go/ links, and sends anonymous contact through sign-in", async () => {
    const business = await publicBusiness({ name: "Mama Put", phoneNumber: "0803 123 4567" });
    const page = (await load(business.id)) as Found;
    // /go/{id}/call answers 302 to tel:+2348031234567 and /go/{id}/whatsapp to https://wa.me/2348031234567 (go.server.test.ts).
    expect(page.links.tel).toBe(`/go/${business.id}/call`);
    expect(page.links.whatsapp).toBe(`/go/${business.id}/whatsapp`);
    expect(page.links.website).toBeNull();
    expect(page.links.maps).toBeNull();
    expect(page.links.contact).toBe(`/messages?businessId=${business.id}&businessName=Mama+Put`);
    expect(page.links.contactAfterLogin).toBe(`/login?redirectTo=${encodeURIComponent(`/messages?businessId=${business.id}&businessName=Mama+Put`)}`);
  });

  it("with MEDIA_CDN_URL, points the page's images, cards, JSON-LD and link preview at the CDN (which pulls from /media)", async () => {
    const business = await publicBusiness({ name: "Suya Spot", category: "Eatery", state: "Lagos" });
    await addBusinessImage(getDb(), { businessId: business.id, imageUrl: `${business.id}/1_1.webp`, width: 1200, height: 800 });
    const previous = getEnv();
    setEnv({ ...previous, MEDIA_CDN_URL: "https://cdn.naija.example" });
    try {
      const page = (await load(business.id, {})) as Found;
      const cdn = `https://cdn.naija.example/media/business-images/${business.id}/1_1.webp`;
      expect(page.business.images[0]!.src.startsWith(`${cdn}?w=1200&v=`)).toBe(true);
      expect(page.business.images[0]!.thumbSrc.startsWith(`${cdn}?w=640&v=`)).toBe(true);
      const og = (page.meta as Record<string, string>[]).find((m) => m.property === "og:image")?.content;
      expect(og).toMatch(new RegExp(`^${cdn.replace(/[.?]/g, "\\$&")}\\?w=1200&format=jpg&v=\\d+$`));
      expect(JSON.parse(page.jsonLd)[0].image[0].startsWith(cdn)).toBe(true);
      const [card] = await cardsFor([business.id]);
      expect(card!.imageSrc?.startsWith(`${cdn}?w=640`)).toBe(true);
      expect(card!.imageSrcSet).toContain(`${cdn}?w=320`);
    } finally {
      setEnv(previous);
    }
    // Without it, the same page points at this site.
    const page = (await load(business.id, {})) as Found;
    expect(page.business.images[0]!.src.startsWith(`/media/business-images/${business.id}/`)).toBe(true);
  });
});
