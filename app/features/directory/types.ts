/** The directory's own texts (spec 01 §2 Business detail and §8). Client-safe. */
export const DIRECTORY_TEXTS = {
  businessNotFound: "Business not found or not approved yet.",
} as const;

/** What a business card shows: no owner, contact or moderation fields. Client-safe. */
export type BusinessCardData = {
  id: string;
  name: string;
  category: string | null;
  state: string | null;
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
  /** Metres from the visitor's point, on a /businesses?near= search. */
  distanceMeters?: number;
  /** The same as the card shows it ('2.3 km away'), made on the server (no formatting code shipped to cards). */
  distance?: string;
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
  state: string | null;
  country: string;
  phoneNumber: string | null;
  websiteUrl: string | null;
  products: string[];
  category: string | null;
  /** Where the business is (ADR 23), or null: 'Open in maps' and JSON-LD geo. */
  latitude: number | null;
  longitude: number | null;
  featured: boolean;
  viewCount: number;
  images: BusinessImage[];
};

export type Facet = { name: string; count: number };
export type BusinessFacets = { regions: Facet[]; categories: Facet[] };
