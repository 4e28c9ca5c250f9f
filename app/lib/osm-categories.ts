/**
 * Which of our categories an OpenStreetMap feature is, from its tags (issue 34): the written mapping the importer
 * uses. Tag values from OSM's wiki (https://wiki.openstreetmap.org/wiki/Map_features: the keys shop, amenity, craft,
 * office, healthcare, tourism, leisure), read 2026-11-29. A feature with none of these, or with one that is not a
 * business we list (amenity=bench, shop=vacant…), has no category and is skipped, counted. Where a tag is read the
 * Nigerian way it says so ('chemist' is a pharmacy here). Pure and client-safe.
 */
import type { Category } from "./reference";

/** Key → value → category; earlier keys win when a feature has several (a pharmacy tagged amenity and healthcare). */
export const OSM_CATEGORY_TAGS: Readonly<Record<string, Readonly<Record<string, Category>>>> = {
  amenity: {
    restaurant: "Restaurant/Bar", bar: "Restaurant/Bar", pub: "Restaurant/Bar", biergarten: "Restaurant/Bar",
    fast_food: "Eatery", food_court: "Eatery", cafe: "Eatery",
    bank: "Bank", pharmacy: "Pharmacy store", hospital: "Hospital", clinic: "Clinic", doctors: "Clinic", dentist: "Dentist",
    fuel: "Filling station", cinema: "Cinema", school: "School", college: "School", kindergarten: "School",
    driving_school: "Driving school", car_wash: "Car wash", internet_cafe: "Internet cafe",
    events_venue: "Event centre", conference_centre: "Event centre",
  },
  healthcare: { pharmacy: "Pharmacy store", hospital: "Hospital", clinic: "Clinic", doctor: "Clinic", dentist: "Dentist" },
  shop: {
    bakery: "Bakery", pastry: "Bakery", supermarket: "Supermarket", convenience: "Grocery store", grocery: "Grocery store",
    greengrocer: "Grocery store", clothes: "Boutique", boutique: "Boutique", fashion: "Boutique", shoes: "Shoe store",
    beauty: "Beauty salon", cosmetics: "Cosmetics store", books: "Bookshop", electronics: "Electronics store",
    mobile_phone: "Mobile phone store", computer: "Electronics store", hardware: "Hardware store", doityourself: "Hardware store",
    building_materials: "Building materials store", furniture: "Furniture store", car: "Car dealer", car_parts: "Auto parts store",
    tyres: "Tyre shop", car_repair: "Mechanic", dry_cleaning: "Dry cleaner", laundry: "Laundry", tailor: "Tailor",
    gas: "Gas refill station", agrarian: "Agricultural tools store", copyshop: "Printing press", photo: "Photographer",
    travel_agency: "Travel agency", interior_decoration: "Interior decorator",
    // In Nigeria a 'chemist' is a pharmacy (patent medicine store), not a drugstore of toiletries.
    chemist: "Pharmacy store",
  },
  craft: {
    carpenter: "Carpenter", electrician: "Electrician", plumber: "Plumber", painter: "Painter", tailor: "Tailor",
    dressmaker: "Fashion designer", photographer: "Photographer", printer: "Printing press", caterer: "Caterer",
    electronics_repair: "Computer repair", photovoltaic: "Solar installer",
  },
  office: {
    accountant: "Accounting firm", lawyer: "Law firm", estate_agent: "Real estate agent", logistics: "Logistics company",
    courier: "Courier service", travel_agent: "Travel agency", security: "Security company", it: "Web developer",
    event_management: "Event planner",
  },
  tourism: { hotel: "Hotel", guest_house: "Hotel", motel: "Hotel" },
  leisure: { fitness_centre: "Fitness centre" },
};

const KEYS = ["amenity", "healthcare", "shop", "craft", "office", "tourism", "leisure"] as const;

/** Our category for a feature's tags, or null when it is not a business we list. */
export function categoryFromOsmTags(tags: Readonly<Record<string, string | undefined>>): Category | null {
  // A barber is a hairdresser for men (shop=hairdresser + hairdresser=barber); other hairdressers are beauty salons.
  if (tags.shop === "hairdresser") return tags.hairdresser === "barber" || tags.male === "yes" ? "Barber shop" : "Beauty salon";
  // A vulcanizer mends tyres (shop=tyres with service:vehicle:tyres or repair=yes); a tyre shop sells them.
  if (tags.shop === "tyres" && (tags.repair === "yes" || tags["service:vehicle:tyres"] === "yes")) return "Vulcanizer";
  if (tags.shop === "trade" && tags.trade === "building_supplies") return "Building materials store";
  for (const key of KEYS) {
    const value = tags[key];
    // Own keys only: a tag value anyone can type ('constructor', '__proto__') must not reach Object's prototype.
    const values = OSM_CATEGORY_TAGS[key]!;
    if (value && Object.hasOwn(values, value)) return values[value]!;
  }
  return null;
}
