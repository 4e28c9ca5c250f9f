import type { PublicPriceGroup } from "../listings/price-list.schemas";
import type { Closure, TimedStatus, WeeklyHours } from "../../lib/opening-hours";
import type { VerificationBadge, VerificationLevel } from "../verification/verification.schemas";
import type { PublicOffer } from "../offers/offer.schemas";
import { msg } from "../../lib/i18n/i18n";

/** The directory's own texts (spec 01 §2 Business detail and §8), shown with t(). Client-safe. */
export const DIRECTORY_TEXTS = {
  businessNotFound: msg("Business not found or not approved yet."),
  /** An imported listing nobody has claimed (issue 34). */
  unclaimed: msg("Not yet claimed by the owner"),
  unclaimedNote: msg("The business did not add this listing itself: it comes from public map data or a visitor's suggestion. Call or visit to reach it: messages open once its owner claims the listing."),
} as const;

/** The credit OpenStreetMap's licence (ODbL) asks of pages that show its data (ADR 38). */
export const OSM_CREDIT = { text: msg("Listing data © OpenStreetMap contributors"), href: "https://www.openstreetmap.org/copyright" } as const;
/** The credit Overture Maps asks of its places data (its sources and their licences are listed at the address; ADR 38). */
export const OVERTURE_CREDIT = { text: msg("Listing data © Overture Maps Foundation and its sources"), href: "https://docs.overturemaps.org/attribution/" } as const;

/** What a business card shows: no owner, contact or moderation fields. Client-safe. */
export type BusinessCardData = {
  id: string;
  name: string;
  category: string | null;
  state: string | null;
  /** The listing's LGA ('Ikeja'), shown before the state; null when not set. */
  lga?: string | null;
  /** The first products a card shows (2). */
  products: string[];
  /** How many more products there are ('+N more'). */
  moreProducts: number;
  featured: boolean;
  /** '4.3 (12)': the average and count of published reviews; null without reviews (nothing shown). */
  rating: string | null;
  /** The first image at card width, or null for the placeholder. */
  imageSrc: string | null;
  /** The same image at thumbnail and card widths, for srcset. */
  imageSrcSet: string | null;
  /** Open at the time of the search (WAT); null or absent when the listing lists no hours (ADR 21). */
  openNow?: boolean | null;
  /** Imported from OpenStreetMap (issue 34): a page showing the card credits its contributors (ODbL, ADR 38). */
  osm?: boolean;
  overture?: boolean;
  /** Imported and nobody owns it yet (issue 34): labelled, and no 'Contact' (nobody would read it). */
  unclaimed?: boolean;
  /** The highest verification level standing and its date ('Phone verified · Nov 2026'; issue 35), made on the server. */
  verified?: { level: VerificationLevel; label: string } | null;
  /** Metres from the visitor's point, on a /businesses?near= search. */
  distanceMeters?: number;
  /** The same as the card shows it ('2.3 km away'), made on the server (no formatting code shipped to cards). */
  distance?: string;
  /** The title of the listing's newest current offer (issue 37): the card's 'Offer: …' line; null or absent without one. */
  offer?: string | null;
};

export type BusinessImage = {
  /** Detail width (WebP). */
  src: string;
  /** Card width (WebP). */
  thumbSrc: string;
  /** The link-preview JPEG (SHARE_IMAGE). */
  shareSrc: string;
  width: number | null;
  height: number | null;
};

/** A public business as its page shows it. */
export type PublicBusiness = {
  id: string;
  name: string;
  description: string | null;
  address: string | null;
  plotNumber: string | null;
  /** 'Near Ikeja City Mall': shown under the address. */
  landmark: string | null;
  state: string | null;
  /** The local government area, one of the state's (app/lib/nigeria-lgas.ts), or null when not set. */
  lga: string | null;
  country: string;
  phoneNumber: string | null;
  websiteUrl: string | null;
  products: string[];
  /** The products as a price list, grouped, in the owner's order (issue 37, ADR 42); null when none has details. */
  priceList: PublicPriceGroup[] | null;
  category: string | null;
  /** Where the business is (ADR 23), or null: 'Open in maps' and JSON-LD geo. */
  latitude: number | null;
  longitude: number | null;
  featured: boolean;
  viewCount: number;
  images: BusinessImage[];
  /** Opening hours as the page shows them (ADR 21); null when the listing lists none. */
  hours: PublicOpeningHours | null;
  /** Imported and not yet claimed by its owner (issue 34): labelled, and no messages until someone owns it. */
  unclaimed: boolean;
  /** Imported from OpenStreetMap: the page credits its contributors (ODbL, ADR 38). */
  osm: boolean;
  /** Imported from Overture Maps: the page credits Overture and its sources (ADR 38). */
  overture: boolean;
  /** The verification levels standing, lowest first, each dated (issue 35, ADR 39). */
  verifications: VerificationBadge[];
  /** Its current offers, the latest start first (issue 37): the page's 'Special offers'. */
  offers: PublicOffer[];
};

/** A business page's hours at the request's time: the status and the statuses ahead (the page steps through them), today's hours, the week. */
export type PublicOpeningHours = {
  weekly: WeeklyHours;
  /** Closures ahead, each with its date as people read it ('Thu 1 Oct 2026'). */
  closures: (Closure & { label: string })[];
  /** The status now, then at each change ahead (statusTimeline): the page shows each from its `from`. */
  timeline: TimedStatus[];
  today: string;
  week: { day: string; text: string; isToday: boolean }[];
};

export type Facet = { name: string; count: number };
/** lgas: the chosen region's LGAs with counts (empty without a region). */
export type BusinessFacets = { regions: Facet[]; categories: Facet[]; lgas?: Facet[] };
