import { describe, expect, it } from "vitest";
import { businessJsonLd } from "./business-json-ld";
import type { PublicBusiness } from "./types";

const business = (overrides: Partial<PublicBusiness> = {}): PublicBusiness => ({
  id: "00000000-0000-4000-8000-000000000001",
  name: "Mama Put Salon",
  description: "Hair and nails.",
  address: "4 Allen Avenue",
  plotNumber: null,
  landmark: null,
  state: "Lagos",
  lga: null,
  country: "Nigeria",
  phoneNumber: "+2348030000000",
  websiteUrl: null,
  products: ["Low cut", "Braids", "Hair colouring"],
  priceList: null,
  offers: [],
  category: "Beauty salon",
  latitude: null,
  longitude: null,
  featured: false,
  viewCount: 0,
  images: [],
  hours: null,
  unclaimed: false,
  osm: false,
  overture: false,
  verifications: [],
  ...overrides,
});

const ld = (b: PublicBusiness) => JSON.parse(businessJsonLd(b, "https://example.ng/businesses/x", [])) as Record<string, unknown>;

describe("the business page's JSON-LD price list (issue 37)", () => {
  it("has no offer catalog without a price list", () => {
    expect(ld(business())).not.toHaveProperty("hasOfferCatalog");
  });

  it("is an OfferCatalog of Offers in NGN: a group as an OfferCatalog of its own, 'from' as a PriceSpecification's minPrice", () => {
    const priceList: PublicBusiness["priceList"] = [
      {
        name: "Haircuts",
        items: [
          { name: "Low cut", description: "With hot towel", priceKobo: 500_000, priceKind: "exact", image: null },
          { name: "Braids", description: null, priceKobo: 1_250_050, priceKind: "from", image: null },
        ],
      },
      { name: null, items: [{ name: "Hair colouring", description: null, priceKobo: null, priceKind: null, image: null }] },
    ];
    expect(ld(business({ priceList })).hasOfferCatalog).toEqual({
      "@type": "OfferCatalog",
      name: "Mama Put Salon",
      itemListElement: [
        {
          "@type": "OfferCatalog",
          name: "Haircuts",
          itemListElement: [
            { "@type": "Offer", itemOffered: { "@type": "Service", name: "Low cut", description: "With hot towel" }, price: "5000", priceCurrency: "NGN" },
            {
              "@type": "Offer",
              itemOffered: { "@type": "Service", name: "Braids" },
              priceCurrency: "NGN",
              priceSpecification: { "@type": "PriceSpecification", minPrice: "12500.50", priceCurrency: "NGN" },
            },
          ],
        },
        { "@type": "Offer", itemOffered: { "@type": "Service", name: "Hair colouring" } },
      ],
    });
  });

  it("offers Products for a shop's items, and keeps hostile item text inside the script", () => {
    const hostile = "</script><script>alert(1)</script>\u2028";
    const json = businessJsonLd(
      business({ category: "Supermarket", priceList: [{ name: hostile, items: [{ name: hostile, description: hostile, priceKobo: 100, priceKind: "exact", image: null }] }] }),
      "https://example.ng/businesses/x",
      [],
    );
    expect(json).not.toContain("</script>");
    expect(json).not.toContain("\u2028");
    const catalog = (JSON.parse(json) as { hasOfferCatalog: { itemListElement: { name: string; itemListElement: { itemOffered: { "@type": string; name: string } }[] }[] } })
      .hasOfferCatalog;
    expect(catalog.itemListElement[0]!.name).toBe(hostile);
    expect(catalog.itemListElement[0]!.itemListElement[0]!.itemOffered).toMatchObject({ "@type": "Product", name: hostile });
  });
});
